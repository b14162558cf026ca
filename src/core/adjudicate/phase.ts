// The phase machine: adjudicates one phase and chooses the next, skipping empty phases
// (no retreats to make, no adjustments due). Pure: the same inputs always give the same result.
import { createHash } from 'node:crypto';
import { geometry } from '../map/geometry.js';
import { ruleSetting, type Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import type { RuleContext, Ruleset } from '../rules/ruleset.js';
import { isRetired } from '../rules/variant/powers-in-play.js';
import type {
  AdjustmentOrder,
  DislodgedUnit,
  DpBid,
  MovementOrder,
  Order,
  PowerId,
  Position,
  ProvinceId,
  RetreatPhaseOrder,
  Unit,
} from '../types.js';
import { provinceOf } from '../types.js';
import { adjudicateAdjustments, adjustmentCounts } from './adjustment.js';
import { scopeOf } from '../legality/index.js';
import { adjudicateMovement } from './movement.js';
import type { PhaseResult } from './result.js';
import { adjudicateRetreats } from './retreat.js';

export interface AdjudicateOptions {
  /** Seed for any random choice; recorded in the result. Default: derived from the position. */
  seed?: string;
  /** Rules to use instead of the variant's own (tests). */
  rules?: Required<Ruleset>;
  /** Diplomacy-Points bids (movement phases of DP variants). */
  bids?: DpBid[];
  /**
   * The game's year cap, in years from the start (the GM's `RULE YEAR_CAP n`); null: none. Undefined:
   * the variant's own `rule year-cap` (S&L's recommended ten years), if any. At the end of the cap's
   * last year, without a winner, the game is drawn among the powers still in it.
   */
  yearCap?: number | null;
  /** Supply centres that win, when the game sets its own (the GM's `RULE VICTORY n`); default: the variant's. */
  victoryCentres?: number;
  /** Record why each movement order succeeded or failed (result.explanations); off by default, at no cost. */
  explain?: boolean;
}

/**
 * The movement orders among those given. Nearly always they all are: the list given is then read as
 * it is (nothing downstream writes to it), which spares a copy on every phase.
 */
function movementOrders(orders: Order[]): MovementOrder[] {
  let k = 0;
  while (k < orders.length && isMovementOrder(orders[k])) k++;
  if (k === orders.length) return orders as MovementOrder[];
  const out = orders.slice(0, k) as MovementOrder[];
  for (const o of orders.slice(k)) if (isMovementOrder(o)) out.push(o);
  return out;
}

function isMovementOrder(o: Order): o is MovementOrder {
  // The kind read once: orders of every kind pass here, and each read of a field costs as much as a lookup.
  const kind = o.kind;
  return kind === 'hold' || kind === 'move' || kind === 'support' || kind === 'convoy';
}

export function initialPosition(variant: Variant): Position {
  const owners: Record<ProvinceId, PowerId> = {};
  const units: Unit[] = [];
  for (const p of variant.powers) {
    for (const c of [...p.home, ...p.owns]) owners[c] = p.id;
    for (const u of p.units) units.push({ power: p.id, type: u.type, loc: u.loc });
  }
  return {
    variant: variant.id,
    phase: { year: variant.startYear, season: 'spring', type: 'movement' },
    units,
    dislodged: [],
    owners,
    state: {},
  };
}

export function adjudicate(
  variant: Variant,
  position: Position,
  orders: Order[],
  options: AdjudicateOptions = {},
): PhaseResult {
  const rules = options.rules ?? rulesFor(variant);
  const ctx: RuleContext = { variant, geometry: geometry(variant), position, bids: options.bids ?? [] };
  const seed = options.seed ?? defaultSeed(position);

  if (position.phase.type === 'movement') {
    const all = rules.supplyOrders(ctx, movementOrders(orders));
    const m = adjudicateMovement(scopeOf(ctx, rules), all, undefined, options.explain);
    // A dislodged unit with nowhere to go is destroyed at once; no retreat phase waits on it.
    const retreating: DislodgedUnit[] = [];
    const destroyed = m.destroyed;
    for (const d of m.dislodged)
      if (d.retreats.length) retreating.push(d);
      else destroyed.push({ power: d.power, type: d.type, loc: d.loc });
    const after: Position = {
      ...position,
      phase: retreating.length ? { ...position.phase, type: 'retreat' } : position.phase,
      units: m.units,
      dislodged: retreating,
      state: cloneState(position.state),
    };
    const used: Order[] = new Array(m.outcomes.length);
    for (let i = 0; i < used.length; i++) used[i] = m.outcomes[i].order;
    // Built whole, in one literal: a result spread from a base and then extended cost microseconds.
    const result: PhaseResult = {
      phase: position.phase,
      outcomes: m.outcomes,
      dislodged: m.dislodged,
      destroyed,
      captured: [],
      adjustments: [],
      winners: [],
      gameOver: false,
      seed,
      orders: used,
      next: after,
      dp: ctx.dpReport,
    };
    if (m.explanations) result.explanations = m.explanations;
    if (retreating.length) return result;
    return endOfSeason(ctx, rules, result, after, options);
  }

  const base: Omit<PhaseResult, 'outcomes' | 'next' | 'orders'> = {
    phase: position.phase,
    dislodged: [],
    destroyed: [],
    captured: [],
    adjustments: [],
    winners: [],
    gameOver: false,
    seed,
  };

  if (position.phase.type === 'retreat') {
    const given = orders.filter((o): o is RetreatPhaseOrder => o.kind === 'retreat' || o.kind === 'disband');
    const r = adjudicateRetreats(scopeOf(ctx, rules), given);
    const after: Position = { ...position, units: r.units, dislodged: [], state: cloneState(position.state) };
    const result: PhaseResult = { ...base, outcomes: r.outcomes, destroyed: r.destroyed, orders: r.used, next: after };
    return endOfSeason(ctx, rules, result, after, options);
  }

  const given = orders.filter(
    (o): o is AdjustmentOrder => o.kind === 'build' || o.kind === 'remove' || o.kind === 'waive',
  );
  const a = adjudicateAdjustments(scopeOf(ctx, rules), given);
  const after: Position = {
    ...position,
    units: a.units,
    dislodged: [],
    state: cloneState(position.state),
    phase: { year: position.phase.year + 1, season: 'spring', type: 'movement' },
  };
  rules.afterAdjustment(ctx, after, a.builds);
  // Units the rule modules put on the board this winter (neutral units rebuilt in their homes).
  const standing = new Set(a.units.map((u) => `${u.power} ${u.type} ${u.loc}`));
  const rebuilt = after.units.filter((u) => !standing.has(`${u.power} ${u.type} ${u.loc}`));
  return {
    ...base,
    outcomes: a.outcomes,
    destroyed: a.removed,
    orders: a.used,
    next: after,
    ...(rebuilt.length ? { rebuilt } : {}),
  };
}

/**
 * The year cap in force, in years: the game's (`RULE YEAR_CAP n`, null for NONE), else the variant's
 * `rule year-cap <years>` (S&L's recommended ten), else none. LIST shows it; the phase machine applies it.
 */
export function yearCapInForce(variant: Variant, gameCap?: number | null): number | null {
  if (gameCap !== undefined) return gameCap;
  const years = Number(ruleSetting(variant, 'year-cap')?.args[0]);
  return Number.isInteger(years) && years > 0 ? years : null;
}

/**
 * After a season's movement (and retreats): Spring goes to Fall; Fall changes ownership and may go
 * to Winter.
 */
function endOfSeason(
  ctx: RuleContext,
  rules: Required<Ruleset>,
  result: PhaseResult,
  after: Position,
  options: AdjudicateOptions,
): PhaseResult {
  const { year, season } = ctx.position.phase;
  if (season === 'spring') {
    after.phase = { year, season: 'fall', type: 'movement' };
    return result;
  }
  const owners = { ...after.owners };
  for (const u of after.units) {
    const c = provinceOf(u.loc);
    if (!ctx.geometry.isCentre[ctx.geometry.index.get(c)!]) continue;
    if (owners[c] !== u.power) {
      result.captured.push({ centre: c, from: owners[c] ?? null, to: u.power });
      owners[c] = u.power;
    }
  }
  after.owners = owners;
  const fallCtx: RuleContext = { ...ctx, position: after };
  rules.afterFall(fallCtx, after);

  const victory = rules.victory(fallCtx, after, leaders(after, options.victoryCentres ?? ctx.variant.victoryCentres));
  result.winners = victory.winners;
  result.gameOver = victory.gameOver;
  const cap = yearCapInForce(ctx.variant, options.yearCap);
  if (!result.gameOver && cap !== null && year >= ctx.variant.startYear + cap - 1) {
    result.gameOver = true;
    result.drawn = survivors(fallCtx, after);
    result.capLastYear = ctx.variant.startYear + cap - 1;
  }

  after.phase = { year, season: 'winter', type: 'adjustment' };
  const winterCtx: RuleContext = { ...ctx, position: after };
  result.adjustments = adjustmentCounts(winterCtx, rules, after);
  // Drawn at the cap: the counts stand, but no winter follows, so nobody builds or removes. (A
  // victory keeps the classic results' last line of adjustments.)
  if (result.drawn) result.adjustments = result.adjustments.map((c) => ({ ...c, delta: 0 }));
  if (result.gameOver || result.adjustments.some((c) => c.delta !== 0)) return result;
  // Nothing to adjust: the winter phase is skipped, but rule modules still get their winter.
  const skipped = adjudicate(ctx.variant, after, [], {
    seed: result.seed,
    rules,
    yearCap: options.yearCap,
    victoryCentres: options.victoryCentres,
  });
  result.next = skipped.next;
  if (skipped.rebuilt) result.rebuilt = skipped.rebuilt;
  return result;
}

/** Great Powers still in the game (a centre or a unit, not in permanent civil disorder): a draw's members. */
function survivors(ctx: RuleContext, position: Position): PowerId[] {
  return ctx.variant.powers
    .filter((p) => p.kind === 'great' && !isRetired(position, p.id))
    .filter((p) => Object.values(position.owners).includes(p.id) || position.units.some((u) => u.power === p.id))
    .map((p) => p.id);
}

/** Powers at or above the victory threshold with strictly more centres than anyone else. */
function leaders(position: Position, threshold: number): PowerId[] {
  // Counted in one pass and the top two kept: this runs after every Fall of every game.
  const count = new Map<PowerId, number>();
  for (const c in position.owners) {
    const p = position.owners[c];
    count.set(p, (count.get(p) ?? 0) + 1);
  }
  let best: PowerId | null = null;
  let most = 0;
  let second = 0;
  for (const [p, n] of count) {
    if (n > most) {
      second = most;
      most = n;
      best = p;
    } else if (n > second) second = n;
  }
  return best !== null && most >= threshold && second < most ? [best] : [];
}

function defaultSeed(position: Position): string {
  return createHash('sha256')
    .update(JSON.stringify([position.variant, position.phase, position.units]))
    .digest('hex')
    .slice(0, 16);
}

/** The rule modules' state for the next phase: a deep copy (most variants keep none at all). */
function cloneState(state: Position['state']): Position['state'] {
  // structuredClone costs microseconds even for an empty object, on every phase of every game.
  for (const _ in state) return structuredClone(state);
  return {};
}
