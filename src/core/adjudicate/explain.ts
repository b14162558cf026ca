// Why a processed movement phase came out as it did: the phase adjudicated again, from the board it
// was played on and the orders its outcomes carried (neutral units' orders as the bids decided them,
// so no bid is read again; a unit left unordered stays unordered), with the trace on. Pure and
// deterministic like adjudicate, so the outcomes are the ones published.
import { scopeOf } from '../legality/index.js';
import { geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import type { MovementOrder, Order, OrderOutcome, Position } from '../types.js';
import { adjudicateMovement, type MovementOutcome } from './movement.js';

const MOVEMENT = new Set<Order['kind']>(['hold', 'move', 'support', 'convoy']);

export function explainMovement(variant: Variant, position: Position, outcomes: OrderOutcome[]): MovementOutcome {
  const ctx = { variant, geometry: geometry(variant), position, bids: [] };
  const given = outcomes.filter((o) => o.reason !== 'no order').map((o) => o.order);
  const orders = given.filter((o): o is MovementOrder => MOVEMENT.has(o.kind));
  return adjudicateMovement(scopeOf(ctx, rulesFor(variant)), orders, undefined, true);
}
