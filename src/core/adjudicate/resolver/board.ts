// The board the resolver works on: one movement phase's units and their orders as dense arrays
// indexed by unit (typed arrays, no per-unit objects), the decisions' results, and the lists that
// tie orders together (who supports, convoys or attacks whom). Encoding the orders applies two
// DATC choices: an illegal or missing order is a hold (4.E.1), and a support naming a coast must
// match the supported move's coast (4.B.4). The decisions themselves live beside this module:
// convoy.ts (paths, 5.B.3-4), support.ts (5.B.2), strength.ts (5.B.5-8), move.ts (5.B.1, head to
// head), backup.ts (5.B.9) and guess.ts (the guess algorithm, 5.F), which alone implements resolve.
import type { LegalityScope } from '../../legality/index.js';
import type { Geometry } from '../../map/geometry.js';
import type { MoveMode, RuleContext, Ruleset } from '../../rules/ruleset.js';
import type { Loc, MovementOrder, Unit } from '../../types.js';
import { provinceOf } from '../../types.js';
import { legalise, type LegalOrders } from '../legality.js';

export const HOLD = 0;
export const MOVE = 1;
export const SUPPORT = 2;
export const CONVOY = 3;

/** The legality's reason when an army's move needs a convoy and no fleet stands on any sea route. */
export const NO_CONVOY = 'no convoy route was ordered';

/** The list of a unit nobody supports, convoys or attacks: shared, never written. */
export const NOBODY: readonly number[] = Object.freeze([]);

/** Orders forced void (supports) or invalid (moves) by the sortie rule, keyed by unit location. */
export interface SortieVerdicts {
  voidSupports: ReadonlySet<Loc>;
  invalidMoves: ReadonlySet<Loc>;
}

export const NO_SORTIES: SortieVerdicts = { voidSupports: new Set(), invalidMoves: new Set() };

export abstract class Board {
  readonly g: Geometry;
  readonly n: number;
  readonly ctx: RuleContext;
  readonly rules: Required<Ruleset>;
  readonly units: Unit[];
  readonly count: number;
  /** Province of each unit, and the unit standing in each province (-1: none). */
  readonly prov: Int32Array;
  readonly unitAt: Int32Array;
  readonly legal: LegalOrders;
  readonly kind: Uint8Array;
  /** Move: destination province; support/convoy: the province the supported/convoyed unit goes to (-1: hold). */
  readonly dest: Int32Array;
  /** Support/convoy: the province of the supported/convoyed unit. */
  readonly target: Int32Array;
  /** A support naming a coast (4.B.4); null for most. */
  readonly supportCoast: (Loc | null)[];
  readonly destLoc: (Loc | null)[];
  readonly mode: MoveMode[];
  /** Per army: the fleets validly convoying it (convoy.ts); per unit: the valid supports it gets (support.ts). */
  readonly convoyers: (number[] | undefined)[];
  readonly supports: (number[] | undefined)[];
  readonly convoyValid: Uint8Array;
  readonly supportValid: Uint8Array;
  /** The army's move goes by sea (4.A.3). */
  readonly byConvoy: Uint8Array;
  /** Moves into each province: only provinces someone moves into get a list. */
  readonly attackers: (number[] | undefined)[];
  /** The unit a move meets head to head (move.ts), -1 for none. */
  readonly opponent: Int32Array;
  /** Decisions: MOVE -> moves; SUPPORT -> support given; CONVOY -> fleet not dislodged. */
  readonly res: Uint8Array;
  /** Resolution state per decision (guess.ts): unresolved, being guessed, resolved. */
  readonly state: Uint8Array;
  /** Szykman: convoyed armies whose paradox was broken fail without effect (backup.ts). */
  readonly paradoxFailed: Uint8Array;
  /** Moves a circular-movement ring carried; made only when a ring is met, which is rare. */
  ringMoved: Uint8Array | null = null;

  constructor(
    readonly scope: LegalityScope,
    readonly sorties: SortieVerdicts,
    orders: MovementOrder[],
  ) {
    const { ctx, rules } = scope;
    const g = ctx.geometry;
    this.g = g;
    this.n = g.n;
    this.ctx = ctx;
    this.rules = rules;
    const units = (this.units = ctx.position.units);
    const count = (this.count = units.length);
    // One buffer for the unit-indexed Int32 arrays: typed arrays cost more to make than to fill.
    const ints = new Int32Array(4 * count + g.n);
    this.prov = ints.subarray(0, count);
    this.dest = ints.subarray(count, 2 * count).fill(-1);
    this.target = ints.subarray(2 * count, 3 * count).fill(-1);
    this.opponent = ints.subarray(3 * count, 4 * count).fill(-1);
    this.unitAt = ints.subarray(4 * count).fill(-1);
    const bytes = new Uint8Array(7 * count);
    this.kind = bytes.subarray(0, count);
    this.convoyValid = bytes.subarray(count, 2 * count);
    this.supportValid = bytes.subarray(2 * count, 3 * count);
    this.byConvoy = bytes.subarray(3 * count, 4 * count);
    this.res = bytes.subarray(4 * count, 5 * count);
    this.paradoxFailed = bytes.subarray(5 * count, 6 * count);
    this.state = bytes.subarray(6 * count, 7 * count);
    for (let i = 0; i < count; i++) {
      const p = g.index.get(provinceOf(units[i].loc))!;
      this.prov[i] = p;
      this.unitAt[p] = i;
    }
    // One legal order per unit; anything illegal or missing becomes a hold (DATC 4.E.1).
    this.legal = legalise(scope, orders, this.unitAt, sorties.invalidMoves);
    this.supportCoast = new Array(count).fill(null);
    this.destLoc = new Array(count).fill(null);
    this.mode = new Array(count).fill('normal');
    this.convoyers = new Array(count);
    this.supports = new Array(count);
    this.attackers = new Array(g.n);
    for (let i = 0; i < count; i++) this.encode(i, this.legal.orders[i]);
  }

  private encode(i: number, o: MovementOrder): void {
    const index = this.g.index;
    if (o.kind === 'move') {
      this.kind[i] = MOVE;
      this.dest[i] = index.get(provinceOf(o.to))!;
      this.destLoc[i] = o.to;
      this.mode[i] = this.rules.moveMode(this.ctx, this.units[i]);
    } else if (o.kind === 'support') {
      this.kind[i] = SUPPORT;
      this.target[i] = index.get(o.target)!;
      if (o.to !== undefined) {
        this.dest[i] = index.get(provinceOf(o.to))!;
        if (o.to.includes('/')) this.supportCoast[i] = o.to;
      }
    } else if (o.kind === 'convoy') {
      this.kind[i] = CONVOY;
      this.target[i] = index.get(o.from)!;
      this.dest[i] = index.get(o.to)!;
    }
  }

  /** Settles decision i (guess.ts) and tells whether the move moves / the support is given / the fleet stays. */
  abstract resolve(i: number): boolean;

  attackersOf(p: number): readonly number[] {
    return this.attackers[p] ?? NOBODY;
  }

  /** The move that dislodges unit u, or -1. */
  dislodgedBy(u: number): number {
    const into = this.attackers[this.prov[u]];
    if (into) for (const j of into) if (this.resolve(j)) return j;
    return -1;
  }

  /** The moves made after the orders are bound (convoy.ts may turn one into a hold first). */
  listAttackers(): void {
    for (let i = 0; i < this.count; i++) if (this.kind[i] === MOVE) (this.attackers[this.dest[i]] ??= []).push(i);
  }

  /** A unit as the trace and the results name it (no extra fields). */
  unitOf(i: number): Unit {
    const { power, type, loc } = this.units[i];
    return { power, type, loc };
  }
}
