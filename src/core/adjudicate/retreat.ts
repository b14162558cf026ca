// Retreat phase: each dislodged unit retreats to one of its recorded options or is disbanded;
// two or more retreating to the same province are all destroyed.
import { judgeRetreatOrder, type LegalityScope } from '../legality/index.js';
import type { DislodgedUnit, Note, Order, RetreatPhaseOrder, Unit } from '../types.js';
import type { OrderOutcome } from './result.js';
import type { Reason } from '../reasons.js';
import { provinceOf } from '../types.js';

export interface RetreatOutcome {
  outcomes: OrderOutcome[];
  units: Unit[];
  destroyed: Unit[];
  used: Order[];
}

export function adjudicateRetreats(scope: LegalityScope, orders: RetreatPhaseOrder[]): RetreatOutcome {
  const { units, dislodged } = scope.ctx.position;
  const chosen = new Map<DislodgedUnit, RetreatPhaseOrder>();
  for (const o of orders) {
    const d = dislodged.find((u) => provinceOf(u.loc) === provinceOf(o.loc) && u.power === o.power);
    if (d) chosen.set(d, o);
  }
  const verdicts = new Map<DislodgedUnit, ReturnType<typeof judgeRetreatOrder>>();
  for (const [d, o] of chosen) verdicts.set(d, judgeRetreatOrder(scope, o));
  const destinationOf = (d: DislodgedUnit): string | null => {
    const v = verdicts.get(d);
    return v && 'order' in v && v.order.kind === 'retreat' ? v.order.to : null;
  };
  const reasonOf = (d: DislodgedUnit): Reason | undefined => {
    const v = verdicts.get(d);
    return v && 'reason' in v ? v.reason : undefined;
  };
  const wanted = new Map<string, number>();
  for (const d of dislodged) {
    const to = destinationOf(d);
    if (to) wanted.set(provinceOf(to), (wanted.get(provinceOf(to)) ?? 0) + 1);
  }
  const outcomes: OrderOutcome[] = [];
  const after = [...units];
  const destroyed: Unit[] = [];
  const used: Order[] = [];
  for (const d of dislodged) {
    const unit: Unit = { power: d.power, type: d.type, loc: d.loc };
    const o = chosen.get(d);
    const to = destinationOf(d);
    const notes: Note[] = [];
    if (to && wanted.get(provinceOf(to)) === 1) {
      after.push({ ...unit, loc: to });
      outcomes.push({ order: { kind: 'retreat', ...unit, to }, success: true, notes });
      used.push({ kind: 'retreat', ...unit, to });
      continue;
    }
    destroyed.push(unit);
    if (o?.kind === 'retreat') {
      notes.push(to ? 'bounce' : 'invalid', 'destroyed');
      outcomes.push({ order: o, success: false, notes, reason: to ? undefined : reasonOf(d) });
    } else {
      outcomes.push({ order: { kind: 'disband', ...unit }, success: true, notes: o ? [] : ['no order'] });
    }
    used.push({ kind: 'disband', ...unit });
  }
  return { outcomes, units: after, destroyed, used };
}
