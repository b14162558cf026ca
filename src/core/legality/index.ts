// The single legality of the game core: what a unit may do in the phase at hand. The order parser
// (src/core/orders), the mail judge, `chancery adjudicate` and the adjudicator all ask it.
import type { Order, PhaseType, Unit } from '../types.js';
import { judgeBuild, judgeRemove } from './adjustment.js';
import { judgeMovementOrder } from './movement.js';
import { judgeRetreatOrder } from './retreat.js';
import type { LegalityScope } from './scope.js';
import type { Judged } from './verdict.js';
import { refused } from './verdict.js';

export { buildSites, judgeBuild, judgeRemove } from './adjustment.js';
export { isNeutralPower } from './describe.js';
export { judgeMovementOrder } from './movement.js';
export { Reach } from './reach.js';
export { judgeRetreatOrder } from './retreat.js';
export { legalityScope, scopeOf, type LegalityScope } from './scope.js';
export { refused, type Judged, type Refused } from './verdict.js';

const PHASE_OF: Record<Order['kind'], PhaseType[]> = {
  hold: ['movement'],
  move: ['movement'],
  support: ['movement'],
  convoy: ['movement'],
  retreat: ['retreat'],
  disband: ['retreat'],
  build: ['adjustment'],
  remove: ['adjustment'],
  waive: ['adjustment'],
};

/** The first phase of PHASE_OF[kind], without a keyed look-up: nearly every order is of it. */
function phaseOf(kind: Order['kind']): PhaseType {
  switch (kind) {
    case 'hold':
    case 'move':
    case 'support':
    case 'convoy':
      return 'movement';
    case 'retreat':
    case 'disband':
      return 'retreat';
    default:
      return 'adjustment';
  }
}

/**
 * Any order, in the phase of the scope's position. `standing`, `at`: the unit in a movement order's
 * province and that province's index, when the caller has found them already (the order parser,
 * reading which unit is meant).
 */
export function judgeOrder(scope: LegalityScope, order: Order, standing?: Unit, at?: number): Judged {
  const now = scope.ctx.position.phase.type;
  // The kind read once: orders of nine shapes pass here, and each read of a field is a megamorphic one.
  const kind = order.kind;
  if (phaseOf(kind) !== now && !PHASE_OF[kind].includes(now))
    return refused({ code: 'wrong-phase', kind, phase: now, allowed: PHASE_OF[kind] });
  switch (order.kind) {
    case 'hold':
    case 'move':
    case 'support':
    case 'convoy':
      return judgeMovementOrder(scope, order, standing, at);
    case 'retreat':
    case 'disband':
      return judgeRetreatOrder(scope, order);
    case 'build':
      return judgeBuild(scope, order);
    case 'remove':
      return judgeRemove(scope, order);
    case 'waive':
      return { order };
  }
}
