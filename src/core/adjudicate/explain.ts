// Why a processed movement phase came out as it did: the phase adjudicated again, from the board it
// was played on and the orders its outcomes carried (neutral units' orders as the bids decided them,
// so no bid is read again; a unit left unordered stays unordered), with the trace on. Pure and
// deterministic like adjudicate, so the outcomes are the ones published.
import { scopeOf } from '../legality/index.js';
import { geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import type { MovementOrder, Order, Position, Unit } from '../types.js';
import type { OrderOutcome } from './result.js';
import { provinceOf } from '../types.js';
import type { Explanation, Fact } from './trace.js';
import { adjudicateMovement, type MovementOutcome } from './movement.js';

const MOVEMENT = new Set<Order['kind']>(['hold', 'move', 'support', 'convoy']);

export function explainMovement(variant: Variant, position: Position, outcomes: OrderOutcome[]): MovementOutcome {
  const ctx = { variant, geometry: geometry(variant), position, bids: [] };
  const given = outcomes.filter((o) => o.reason?.code !== 'no-order').map((o) => o.order);
  const orders = given.filter((o): o is MovementOrder => MOVEMENT.has(o.kind));
  return adjudicateMovement(scopeOf(ctx, rulesFor(variant)), orders, undefined, true);
}

/**
 * The facts of a retreat or adjustment phase, read from its published outcomes alone: retreats that
 * met in one province, orders the legality refused (with its reason), winter orders beyond the count.
 */
export function explainOutcomes(outcomes: OrderOutcome[]): Explanation[] {
  return outcomes.map((o, i) => {
    const unit = o.order.kind === 'waive' || o.order.kind === 'build' ? null : unitOf(o.order);
    return { unit, facts: [outcomeFact(outcomes, i)] };
  });
}

function unitOf(o: Unit): Unit {
  return { power: o.power, type: o.type, loc: o.loc };
}

function outcomeFact(outcomes: OrderOutcome[], i: number): Fact {
  const o = outcomes[i];
  if (o.reason?.code === 'no-order' || o.notes.includes('no order')) return { code: 'no-order' };
  if (o.order.kind === 'retreat' && o.notes.includes('bounce')) {
    const to = provinceOf(o.order.to);
    const rivals = outcomes.filter(
      (r, k) => k !== i && r.order.kind === 'retreat' && provinceOf(r.order.to) === to && !r.success,
    );
    return { code: 'retreat-bounced', with: rivals.map((r) => unitOf(r.order as Unit)) };
  }
  if (o.order.kind === 'retreat')
    return o.success ? { code: 'retreated' } : { code: 'illegal', reason: o.reason ?? { code: 'variant-rule' } };
  if (o.order.kind === 'disband') return { code: 'disbanded' };
  if (o.success) return { code: 'carried-out' };
  return o.notes.includes('invalid') && o.reason ? { code: 'not-counted', reason: o.reason } : { code: 'no-order' };
}
