// The one definition of a legal retreat-phase order: a dislodged unit retreats to one of the
// places recorded when it was dislodged (computed by the same adjacency as every move), or disbands.
import type { Loc, RetreatPhaseOrder } from '../types.js';
import { provinceOf } from '../types.js';
import { placeName } from '../map/display-names.js';
import { coastWord, describeUnit } from './describe.js';
import { orderedUnit } from './movement.js';
import type { LegalityScope } from './scope.js';
import type { Judged } from './verdict.js';
import { refused } from './verdict.js';

export function judgeRetreatOrder(scope: LegalityScope, order: RetreatPhaseOrder): Judged<RetreatPhaseOrder> {
  const found = orderedUnit(scope, order, 'dislodged');
  if ('reason' in found) return refused(found.reason);
  const unit = scope.dislodgedIn(provinceOf(found.unit.loc))!;
  const { variant } = scope.ctx;
  const disband = (): RetreatPhaseOrder => ({ kind: 'disband', power: unit.power, type: unit.type, loc: unit.loc });
  const retreat = (to: Loc): RetreatPhaseOrder => ({
    kind: 'retreat',
    power: unit.power,
    type: unit.type,
    loc: unit.loc,
    to,
  });
  if (order.kind === 'disband') return { order: disband() };
  const ruleCheck = scope.rules.checkOrder(scope.ctx, order);
  if (!ruleCheck.ok) return refused(ruleCheck.reason ?? 'not allowed by the variant rules');
  const options = (): RetreatPhaseOrder[] => [...unit.retreats.map(retreat), disband()];
  const dest = provinceOf(order.to);
  const candidates = unit.retreats.filter((l) => provinceOf(l) === dest);
  let to: Loc | undefined;
  // An army's coast is irrelevant and ignored (DATC 4.B.6); a fleet's may be left out when one is open.
  if (unit.type === 'A' || !order.to.includes('/')) {
    if (candidates.length > 1) {
      const names = candidates.map((l) => placeName(variant, l)).join(' or ');
      return refused(
        `ambiguous coast: ${describeUnit(variant, unit)} could retreat to ${names}; say which`,
        candidates.map(retreat),
      );
    }
    to = candidates[0];
  } else to = candidates.find((l) => l === order.to);
  if (to === undefined) {
    const coast = order.to.includes('/') && unit.type === 'F' ? order.to.slice(order.to.indexOf('/') + 1) : null;
    const what = coast ? `${placeName(variant, dest)} (${coastWord(coast)})` : placeName(variant, dest);
    return refused(`invalid retreat destination: ${describeUnit(variant, unit)} cannot retreat to ${what}`, options());
  }
  return { order: retreat(to) };
}
