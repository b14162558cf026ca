// What makes a single DP line unacceptable whatever else the power bid: the unit, the kind of
// order the variant lets neutrals take. Used at submission (checkBids) and again at adjudication,
// where a bid failing these checks is void. An order the legality refuses (the Religion Rule, a
// blocked strait, a space out of reach) is no such problem: the bid counts, and if it wins the unit
// holds with its order published "(*invalid*)" (A&E v6.01 §II, example 5).
import { placeName, powerName } from '../map/display-names.js';
import type { Variant } from '../map/variant.js';
import type { DpBid, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';
import type { DpConfig } from './config.js';
import { isGreat, isNeutral } from './neutrals.js';

const MOVEMENT_KINDS = new Set(['hold', 'move', 'support', 'convoy']);

/** The neutral unit a bid is for, or why there is none. */
export function bidUnit(variant: Variant, startUnits: Map<ProvinceId, Unit>, bid: DpBid): Unit | string {
  const order = bid.order;
  const unit = startUnits.get(provinceOf(order.loc));
  const typeWord = order.type === 'A' ? 'army' : 'fleet';
  if (!unit) return `unknown unit: there is no unit in ${placeName(variant, provinceOf(order.loc))}`;
  if (unit.type !== order.type)
    return `unknown unit: there is no ${typeWord} in ${placeName(variant, provinceOf(order.loc))}`;
  if (!isNeutral(variant, unit.power)) {
    const owner = powerName(variant, unit.power);
    return `not a neutral unit: the ${typeWord} in ${placeName(variant, provinceOf(unit.loc))} belongs to ${owner}`;
  }
  return unit;
}

/** The first rule this bid breaks on its own, or undefined. */
export function bidProblem(
  variant: Variant,
  config: DpConfig,
  startUnits: Map<ProvinceId, Unit>,
  bid: DpBid,
): string | undefined {
  if (!isGreat(variant, bid.power)) return `only a Great Power may allocate DP (${bid.power} is not one)`;
  if (!Number.isSafeInteger(bid.amount) || bid.amount <= 0)
    return `the DP amount must be a positive whole number, not ${bid.amount}`;
  if (!MOVEMENT_KINDS.has(bid.order.kind)) return 'a DP line orders a hold, move, support or convoy';
  const unit = bidUnit(variant, startUnits, bid);
  if (typeof unit === 'string') return unit;
  const kind = bid.order.kind;
  if (config.neutralOrders === 'hold-support' && (kind === 'move' || kind === 'convoy'))
    return `a neutral unit may only hold or support in ${variant.title}; it cannot ${kind}`;
  return undefined;
}
