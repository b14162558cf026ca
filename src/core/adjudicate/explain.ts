// Why a processed movement phase came out as it did: the phase adjudicated again, from the board it
// was played on and the orders the adjudicator used (result.orders: neutral units' orders as the
// bids decided them, so no bid is read again), with the trace on. Pure and deterministic like
// adjudicate, so the outcomes are the ones published.
import { scopeOf } from '../legality/index.js';
import { geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import type { MovementOrder, Order, Position } from '../types.js';
import { adjudicateMovement, type MovementOutcome } from './movement.js';

const MOVEMENT = new Set<Order['kind']>(['hold', 'move', 'support', 'convoy']);

export function explainMovement(variant: Variant, position: Position, used: Order[]): MovementOutcome {
  const ctx = { variant, geometry: geometry(variant), position, bids: [] };
  const orders = used.filter((o): o is MovementOrder => MOVEMENT.has(o.kind));
  return adjudicateMovement(scopeOf(ctx, rulesFor(variant)), orders, undefined, true);
}
