// The board the resolver works on: one movement phase's units and their orders as dense arrays
// indexed by unit (typed arrays, no per-unit objects), the decisions' results, and the lists that
// tie orders together (who supports, convoys or attacks whom). Encoding the orders applies one DATC
// choice: an illegal or missing order is a hold (4.E.1). The decisions themselves live beside this module:
// convoy.ts (paths, 5.B.3-4), support.ts (5.B.2), strength.ts (5.B.5-8), move.ts (5.B.1, head to
// head), backup.ts (5.B.9) and guess.ts (the guess algorithm, 5.F), which alone implements resolve.
import type { LegalityScope } from '../../legality/index.js';
import type { Geometry } from '../../map/geometry.js';
import type { Reason } from '../../reasons.js';
import type { MoveMode, RuleContext, Ruleset } from '../../rules/ruleset.js';
import type { Loc, MovementOrder, Unit } from '../../types.js';
import { legalise, MOVE, type LegalOrders } from '../legality.js';

export { CONVOY, HOLD, MOVE, SUPPORT } from '../legality.js';

/** The legality's reason when an army's move needs a convoy and no fleet stands on any sea route. */
export const NO_CONVOY: Reason = { code: 'no-convoy-route' };

/** The list of a unit nobody supports, convoys or attacks: shared, never written. */
export const NOBODY: readonly number[] = Object.freeze([]);

/** Orders forced void (supports) or invalid (moves) by the sortie rule, keyed by unit location. */
export interface SortieVerdicts {
  voidSupports: ReadonlySet<Loc>;
  invalidMoves: ReadonlySet<Loc>;
}

export const NO_SORTIES: SortieVerdicts = { voidSupports: new Set(), invalidMoves: new Set() };

/** A neutral unit's move mode (DP rules), by code: most units move normally. */
export const NORMAL = 0;
export const SORTIE = 1;
export const STATIONARY = 2;
const MODE_CODE: Record<MoveMode, number> = { normal: NORMAL, sortie: SORTIE, stationary: STATIONARY };

export abstract class Board {
  readonly g: Geometry;
  readonly n: number;
  readonly ctx: RuleContext;
  readonly rules: Required<Ruleset>;
  readonly units: Unit[];
  readonly count: number;
  /** The typed arrays below, taken from the pool and given back when the phase is done. */
  private readonly buffers: Buffers;
  /** Province of each unit, and the unit standing in each province (-1: none). */
  readonly prov: Int32Array;
  readonly unitAt: Int32Array;
  readonly legal: LegalOrders;
  readonly kind: Uint8Array;
  /** Move: destination province; support/convoy: the province the supported/convoyed unit goes to (-1: hold). */
  readonly dest: Int32Array;
  /** Support/convoy: the province of the supported/convoyed unit. */
  readonly target: Int32Array;
  /** NORMAL, SORTIE or STATIONARY (the rule modules' moveMode), for moves. */
  readonly mode: Uint8Array;
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
  /** Some move is a sortie (DP neutrals): only then is the phase asked whether one succeeded. */
  sortie = false;
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
    const buffers = (this.buffers = takeBuffers(count, g.n));
    ({ prov: this.prov, unitAt: this.unitAt, dest: this.dest, target: this.target, opponent: this.opponent } = buffers);
    ({ kind: this.kind, mode: this.mode, res: this.res, state: this.state } = buffers);
    ({ convoyValid: this.convoyValid, supportValid: this.supportValid, byConvoy: this.byConvoy } = buffers);
    this.paradoxFailed = buffers.paradoxFailed;
    const provinces = scope.unitProvinces;
    for (let i = 0; i < count; i++) {
      const p = provinces[i];
      this.prov[i] = p;
      this.unitAt[p] = i;
    }
    // One legal order per unit; anything illegal or missing becomes a hold (DATC 4.E.1).
    this.legal = legalise(scope, orders, this.unitAt, sorties.invalidMoves, this);
    ({ convoyers: this.convoyers, supports: this.supports, attackers: this.attackers } = buffers);
    // Each move's mode; the orders' kinds and provinces the legality wrote already (legalise).
    for (let i = 0; i < count; i++)
      if (this.kind[i] === MOVE) {
        const mode = (this.mode[i] = MODE_CODE[this.rules.moveMode(this.ctx, this.units[i])]);
        if (mode === SORTIE) this.sortie = true;
      }
  }

  /** Where move i goes, coast included. */
  destLoc(i: number): Loc {
    return (this.legal.orders[i] as { to: Loc }).to;
  }

  /** The coast a support names (4.B.4), or null when it names none. */
  supportCoast(i: number): Loc | null {
    const to = (this.legal.orders[i] as { to?: Loc }).to;
    return to !== undefined && to.includes('/') ? to : null;
  }

  /** Scratch arrays for the resolver (guess.ts) and the outcome (outcome.ts), from the same pool. */
  get scratch(): Scratch {
    return this.buffers;
  }

  /** Gives the typed arrays back to the pool: the board must not be read afterwards. */
  release(): void {
    giveBack(this.buffers);
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
    for (let i = 0; i < this.count; i++) if (this.kind[i] === MOVE) addTo(this.attackers, this.dest[i], i);
  }

  /** A unit as the trace and the results name it (no extra fields). */
  unitOf(i: number): Unit {
    const { power, type, loc } = this.units[i];
    return { power, type, loc };
  }
}

/**
 * Adds i to list k. A list starts as a literal of one: an empty array's first push reserves room for
 * seventeen, and a full board makes dozens of these lists on every phase.
 */
export function addTo(lists: (number[] | undefined)[], k: number, i: number): void {
  const list = lists[k];
  if (list) list.push(i);
  else lists[k] = [i];
}

/** Scratch space the guess algorithm and the outcome use beside the board's own arrays. */
export interface Scratch {
  depth: Int32Array;
  lowOf: Int32Array;
  isTentative: Uint8Array;
  /** Per unit: the move that dislodged it (-1: none). */
  dislodger: Int32Array;
  /** Per province: no retreat there (occupied after movement, or contested). */
  blocked: Uint8Array;
}

interface Buffers extends Scratch {
  key: number;
  /** The board's lists by unit and by province: empty (undefined) whenever the set is in the pool. */
  convoyers: (number[] | undefined)[];
  supports: (number[] | undefined)[];
  attackers: (number[] | undefined)[];
  ints: Int32Array;
  bytes: Uint8Array;
  prov: Int32Array;
  unitAt: Int32Array;
  dest: Int32Array;
  target: Int32Array;
  opponent: Int32Array;
  kind: Uint8Array;
  mode: Uint8Array;
  res: Uint8Array;
  state: Uint8Array;
  convoyValid: Uint8Array;
  supportValid: Uint8Array;
  byConvoy: Uint8Array;
  paradoxFailed: Uint8Array;
}

// Making typed arrays costs more than the resolution itself (each is an ArrayBuffer outside the
// heap), so a phase takes its arrays from a pool of spare sets, one list per board size, and gives
// them back when done (the board's list arrays with them). A set is taken, never shared: a phase
// adjudicated while another is (a rule module's hook) simply finds none spare and makes its own.
const pool = new Map<number, Buffers[]>();
const SPARE_SETS = 2;

function takeBuffers(count: number, n: number): Buffers {
  const key = n * 65536 + count;
  const b = pool.get(key)?.pop() ?? makeBuffers(key, count, n);
  b.ints.fill(-1);
  b.bytes.fill(0);
  return b;
}

function giveBack(b: Buffers): void {
  let spare = pool.get(b.key);
  if (!spare) pool.set(b.key, (spare = []));
  if (spare.length < SPARE_SETS) {
    // The lists themselves may live on in a result (the trace); only the slots holding them are cleared.
    clearSlots(b.convoyers);
    clearSlots(b.supports);
    clearSlots(b.attackers);
    spare.push(b);
  }
}

function clearSlots(lists: (number[] | undefined)[]): void {
  for (let k = 0; k < lists.length; k++) lists[k] = undefined;
}

function makeBuffers(key: number, count: number, n: number): Buffers {
  const ints = new Int32Array(7 * count + n);
  const bytes = new Uint8Array(9 * count + n);
  const int = (k: number) => ints.subarray(k * count, (k + 1) * count);
  const byte = (k: number) => bytes.subarray(k * count, (k + 1) * count);
  return {
    key,
    convoyers: new Array(count).fill(undefined),
    supports: new Array(count).fill(undefined),
    attackers: new Array(n).fill(undefined),
    ints,
    bytes,
    prov: int(0),
    dest: int(1),
    target: int(2),
    opponent: int(3),
    depth: int(4),
    lowOf: int(5),
    dislodger: int(6),
    unitAt: ints.subarray(7 * count),
    kind: byte(0),
    mode: byte(1),
    res: byte(2),
    state: byte(3),
    convoyValid: byte(4),
    supportValid: byte(5),
    byConvoy: byte(6),
    paradoxFailed: byte(7),
    isTentative: byte(8),
    blocked: bytes.subarray(9 * count),
  };
}
