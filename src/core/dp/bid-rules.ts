// What makes a single DP line unacceptable whatever else the power bid: the unit, the kind of
// order the variant lets neutrals take. Used at submission (checkBids) and again at adjudication,
// where a bid failing these checks is void. An order the legality refuses (the Religion Rule, a
// blocked strait, a space out of reach) is no such problem: the bid counts, and if it wins the unit
// holds with its order published "(*invalid*)" (A&E v6.01 §II, example 5).
import type { Variant } from '../map/variant.js';
import type { DpReason } from '../reasons.js';
import { unitFact } from '../reasons.js';
import type { DpBid, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';
import type { DpConfig } from './config.js';
import { isGreat, isNeutral } from './neutrals.js';

const MOVEMENT_KINDS = new Set(['hold', 'move', 'support', 'convoy']);

/** The neutral unit a bid is for, or why there is none. */
export function bidUnit(variant: Variant, startUnits: Map<ProvinceId, Unit>, bid: DpBid): Unit | DpReason {
  const order = bid.order;
  const province = provinceOf(order.loc);
  const unit = startUnits.get(province);
  if (!unit) return { code: 'dp-no-unit', province };
  if (unit.type !== order.type) return { code: 'dp-wrong-type', province, type: order.type };
  if (!isNeutral(variant, unit.power)) return { code: 'dp-not-neutral', unit: unitFact(unit) };
  return unit;
}

/** The first rule this bid breaks on its own, or undefined. */
export function bidProblem(
  variant: Variant,
  config: DpConfig,
  startUnits: Map<ProvinceId, Unit>,
  bid: DpBid,
): DpReason | undefined {
  if (!isGreat(variant, bid.power)) return { code: 'dp-not-great', power: bid.power };
  if (!Number.isSafeInteger(bid.amount) || bid.amount <= 0) return { code: 'dp-amount', amount: bid.amount };
  if (!MOVEMENT_KINDS.has(bid.order.kind)) return { code: 'dp-order-kind' };
  const unit = bidUnit(variant, startUnits, bid);
  if ('code' in unit) return unit;
  const kind = bid.order.kind;
  if (config.neutralOrders === 'hold-support' && (kind === 'move' || kind === 'convoy'))
    return { code: 'dp-neutral-order', kind };
  return undefined;
}
