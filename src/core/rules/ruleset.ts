// The hooks through which variant rule modules change the standard game. Each module implements
// only what it needs; `composeRules` chains them. The adjudicator calls nothing variant-specific
// except through this interface.
import type { Geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import type { RuleReason } from '../reasons.js';
import type { DpBid, Loc, MovementOrder, Order, PowerId, Position, ProvinceId, Unit } from '../types.js';

export type MoveMode = 'normal' | 'sortie' | 'stationary';
export type CrossPurpose = 'move' | 'support' | 'retreat' | 'convoy';

export interface RuleContext {
  variant: Variant;
  geometry: Geometry;
  /** The position at the start of the phase being adjudicated. */
  position: Position;
  /** Diplomacy-Points bids for this movement phase (empty in other phases and in standard games). */
  bids: DpBid[];
  /** Filled by the DP module during a movement phase: what the bids decided, for results and the GM's chart. */
  dpReport?: unknown;
}

/** A crossing a rule closes: the sea whose fleet closes it, and that fleet. */
export interface ClosedCrossing {
  sea: ProvinceId;
  guard: Unit;
}

export interface OrderCheck {
  ok: boolean;
  /** Why not, as a code the legality passes on (src/core/reasons.ts). */
  reason?: RuleReason;
}

export interface Ruleset {
  /** May this unit cross from -> to (or support/retreat across)? `byMap` is the map's answer. */
  cross?(ctx: RuleContext, unit: Unit, from: Loc, to: Loc, byMap: boolean, purpose: CrossPurpose): boolean;
  /**
   * Why a border the map has is closed to this unit now, when a rule closes it (A&E's straits): the facts
   * for the legality to word, so the player reads the strait's name instead of "cannot reach".
   */
  closedCrossing?(ctx: RuleContext, unit: Unit, from: Loc, to: Loc): ClosedCrossing | null;
  /** How a unit's move order behaves: normally, as a sortie (never ends elsewhere) or stationary (always bounces). */
  moveMode?(ctx: RuleContext, unit: Unit): MoveMode;
  /** False when a dislodged unit is destroyed instead of retreating (neutral units). */
  mayRetreat?(ctx: RuleContext, unit: Unit): boolean;
  /** Whether this power's orders for its units can be written by players (false for neutrals). */
  checkOrder?(ctx: RuleContext, order: Order): OrderCheck;
  /** Orders for units nobody may order directly (DP-decided neutral orders), before adjudication. */
  supplyOrders?(ctx: RuleContext, orders: MovementOrder[]): MovementOrder[];
  /** Centres where a power may build now (default: its vacant, owned home centres); `built`: used this winter. */
  buildSites?(ctx: RuleContext, power: PowerId, sites: ProvinceId[], built: ProvinceId[]): ProvinceId[];
  /** Centres counted as home for a power (extra home centres, conditional homes). */
  homeCentres?(ctx: RuleContext, power: PowerId, homes: ProvinceId[]): ProvinceId[];
  /** Adjust the position after an adjustment phase (record extra homes, rebuild neutral units...). */
  afterAdjustment?(ctx: RuleContext, next: Position, builds: { power: PowerId; loc: Loc }[]): void;
  /** Adjust ownership/state after the year's last Fall phase (e.g. emperor changes). */
  afterFall?(ctx: RuleContext, next: Position): void;
  /** Winners and whether the game is over, given the position after Fall. */
  victory?(ctx: RuleContext, next: Position, winners: PowerId[]): { winners: PowerId[]; gameOver: boolean };
  /** Powers whose centres count for adjustments (neutral powers never build or remove by count). */
  adjusts?(ctx: RuleContext, power: PowerId): boolean;
  /** What is wrong with this module's entry in a position's state (a GM's position file), if anything. */
  stateProblems?(ctx: RuleContext, state: Record<string, unknown>): string[];
  /** Lines printed with the supply-centre ownership after each Fall (e.g. who is Emperor). */
  announcements?(ctx: RuleContext, position: Position): string[];
}

/** The `cross` of a ruleset whose modules leave adjacency to the map: callers may skip asking it. */
export const mapDecides: Required<Ruleset>['cross'] = (_ctx, _unit, _from, _to, byMap) => byMap;

// Shared: every order of every phase is checked, and most are allowed.
const ORDER_ALLOWED: OrderCheck = Object.freeze({ ok: true });

export function composeRules(modules: Ruleset[]): Required<Ruleset> {
  const chain = <K extends keyof Ruleset>(key: K) =>
    modules.map((m) => m[key]).filter((f) => f !== undefined) as NonNullable<Ruleset[K]>[];
  const cross = chain('cross');
  const closedCrossing = chain('closedCrossing');
  const moveMode = chain('moveMode');
  const mayRetreat = chain('mayRetreat');
  const checkOrder = chain('checkOrder');
  const supplyOrders = chain('supplyOrders');
  const buildSites = chain('buildSites');
  const homeCentres = chain('homeCentres');
  const afterAdjustment = chain('afterAdjustment');
  const afterFall = chain('afterFall');
  const victory = chain('victory');
  const adjusts = chain('adjusts');
  const stateProblems = chain('stateProblems');
  const announcements = chain('announcements');
  return {
    stateProblems: (ctx, state) => stateProblems.flatMap((f) => f(ctx, state)),
    announcements: (ctx, position) => announcements.flatMap((f) => f(ctx, position)),
    cross: cross.length
      ? (ctx, unit, from, to, byMap, purpose) => cross.reduce((ok, f) => f(ctx, unit, from, to, ok, purpose), byMap)
      : mapDecides,
    closedCrossing: (ctx, unit, from, to) => {
      for (const f of closedCrossing) {
        const closed = f(ctx, unit, from, to);
        if (closed) return closed;
      }
      return null;
    },
    moveMode: (ctx, unit) => {
      for (const f of moveMode) {
        const m = f(ctx, unit);
        if (m !== 'normal') return m;
      }
      return 'normal';
    },
    mayRetreat: (ctx, unit) => mayRetreat.every((f) => f(ctx, unit)),
    checkOrder: (ctx, order) => {
      for (const f of checkOrder) {
        const r = f(ctx, order);
        if (!r.ok) return r;
      }
      return ORDER_ALLOWED;
    },
    supplyOrders: (ctx, orders) => supplyOrders.reduce((o, f) => f(ctx, o), orders),
    buildSites: (ctx, power, sites, built) => buildSites.reduce((s, f) => f(ctx, power, s, built), sites),
    homeCentres: (ctx, power, homes) => homeCentres.reduce((h, f) => f(ctx, power, h), homes),
    afterAdjustment: (ctx, next, builds) => afterAdjustment.forEach((f) => f(ctx, next, builds)),
    afterFall: (ctx, next) => afterFall.forEach((f) => f(ctx, next)),
    victory: (ctx, next, winners) => {
      // Winners pass through every module; the game ends if any module ends it or someone won.
      let current = winners;
      let over = false;
      for (const f of victory) {
        const r = f(ctx, next, current);
        current = r.winners;
        over ||= r.gameOver;
      }
      return { winners: current, gameOver: over || current.length > 0 };
    },
    adjusts: (ctx, power) => adjusts.every((f) => f(ctx, power)),
    // composeRules returns a complete Ruleset; `hasCross` lets the hot path skip the hook when unused.
  } as Required<Ruleset>;
}
