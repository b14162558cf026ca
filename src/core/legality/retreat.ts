// The one definition of a legal retreat-phase order: a dislodged unit retreats to one of the
// places recorded when it was dislodged (computed by the same adjacency as every move), or disbands.
import type { Loc, RetreatPhaseOrder } from '../types.js';
import { provinceOf } from '../types.js';
import { unitFact } from '../reasons.js';
import { closedStrait, orderedUnit } from './movement.js';
import type { LegalityScope } from './scope.js';
import type { Judged } from './verdict.js';
import { refused } from './verdict.js';

export function judgeRetreatOrder(scope: LegalityScope, order: RetreatPhaseOrder): Judged<RetreatPhaseOrder> {
  const found = orderedUnit(scope, order, 'dislodged');
  if ('reason' in found) return refused(found.reason);
  const unit = scope.dislodgedIn(provinceOf(found.unit.loc))!;
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
  if (!ruleCheck.ok) return refused(ruleCheck.reason ?? { code: 'variant-rule' });
  const options = (): RetreatPhaseOrder[] => [...unit.retreats.map(retreat), disband()];
  const dest = provinceOf(order.to);
  const candidates = unit.retreats.filter((l) => provinceOf(l) === dest);
  let to: Loc | undefined;
  // An army's coast is irrelevant and ignored (DATC 4.B.6); a fleet's may be left out when one is open.
  if (unit.type === 'A' || !order.to.includes('/')) {
    if (candidates.length > 1)
      return refused(
        { code: 'retreat-coast-ambiguous', unit: unitFact(unit), choices: candidates },
        candidates.map(retreat),
      );
    to = candidates[0];
  } else to = candidates.find((l) => l === order.to);
  if (to === undefined) {
    // A&E v6.01 §II: no retreat across a strait another power's fleet guards; say so, not just "invalid".
    const strait = closedStrait(scope, unit, order.to, false);
    if (strait) return refused(strait, options());
    const coast = order.to.includes('/') && unit.type === 'F' ? order.to.slice(order.to.indexOf('/') + 1) : null;
    return refused({ code: 'invalid-retreat', unit: unitFact(unit), province: dest, coast }, options());
  }
  return { order: retreat(to) };
}
