// What a power may order in the phase at hand: every legal order of each of its units (retreats in
// a retreat phase), or its builds, removals and waivers in a winter as many as its count allows, and,
// in a Diplomacy-Points game, the orders a DP line may give a neutral unit. The orders come from the
// one legality (legality/options.ts); the count from the adjudicator's adjustmentCounts; the DP
// lines' own rules from src/core/dp. Nothing is decided here that one of them does not decide.
import { adjustmentCounts } from '../adjudicate/adjustment.js';
import { bidOrderProblem, isNeutral } from '../dp/index.js';
import { legalityScope, type LegalityScope } from '../legality/index.js';
import { unitOrders, winterOrders } from '../legality/options.js';
import type { Variant } from '../map/variant.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import type { MovementOrder, Order, PhaseType, Position, PowerId, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';

export { orderKey, unitOrders, winterOrders } from '../legality/options.js';

export interface UnitOptions {
  unit: Unit;
  /** 'dp': a neutral unit, ordered only by a DP line ("1 DP: <order>"); the orders are in its owner's name. */
  by: 'order' | 'dp';
  orders: Order[];
}

export interface WinterOptions {
  power: PowerId;
  /** Builds (positive) or removals (negative) due; 0: none. */
  delta: number;
  orders: Order[];
}

export interface PhaseOptions {
  phase: PhaseType;
  units: UnitOptions[];
  winter: WinterOptions[];
}

export interface OptionsRequest {
  /** The asking power; undefined: every power, as a GM's order file would order them. */
  power?: PowerId;
  /** Only the units in these provinces (standing, or dislodged in a retreat phase). */
  provinces?: ProvinceId[];
}

/** The legal orders of the phase the position is at, for the power (or every power) asked about. */
export function phaseOptions(variant: Variant, position: Position, ask: OptionsRequest = {}): PhaseOptions {
  const scope = legalityScope(variant, position);
  const type = position.phase.type;
  if (type === 'adjustment') return { phase: type, units: [], winter: winterOptions(scope, ask) };
  const pool = type === 'retreat' ? position.dislodged : position.units;
  const units: UnitOptions[] = [];
  for (const unit of pool) {
    if (ask.provinces && !ask.provinces.includes(provinceOf(unit.loc))) continue;
    const mine = ask.power === undefined || unit.power === ask.power;
    const bid = !mine && type === 'movement' && dpBidder(variant, position, ask.power, unit);
    if (!mine && !bid) continue;
    const orders = unitOrders(scope, unit.loc);
    if (!bid) units.push({ unit, by: 'order', orders });
    else {
      const allowed = orders.filter((o) => !bidOrderProblem(variant, position, ask.power!, o as MovementOrder));
      units.push({ unit, by: 'dp', orders: allowed });
    }
  }
  return { phase: type, units, winter: [] };
}

/** May the asking power give this unit an order by a DP line: a neutral unit in a DP game? */
function dpBidder(variant: Variant, position: Position, power: PowerId | undefined, unit: Unit): boolean {
  if (power === undefined || !variant.rules.some((r) => r.id === 'dp')) return false;
  return isNeutral(variantInPlay(variant, position), unit.power);
}

/** Builds and a waiver while builds are due, removals while removals are; nothing for a power that is even. */
function winterOptions(scope: LegalityScope, ask: OptionsRequest): WinterOptions[] {
  const counts = adjustmentCounts(scope.ctx, scope.rules, scope.ctx.position);
  const out: WinterOptions[] = [];
  for (const c of counts) {
    if (ask.power !== undefined && c.power !== ask.power) continue;
    const wanted = (o: Order) =>
      c.delta > 0
        ? o.kind === 'build' || o.kind === 'waive'
        : c.delta < 0 && o.kind === 'remove' && (!ask.provinces || ask.provinces.includes(provinceOf(o.loc)));
    out.push({ power: c.power, delta: c.delta, orders: c.delta ? winterOrders(scope, c.power).filter(wanted) : [] });
  }
  return out;
}
