// Test helpers: positions written in the position text format, orders in the players' dialect,
// adjudicated for real. An order line the parser refuses fails the test.
import { adjudicate, initialPosition } from '../../src/core/adjudicate/index.js';
import type { PhaseResult } from '../../src/core/adjudicate/result.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Variant } from '../../src/core/map/variant.js';
import { parseOrders } from '../../src/core/orders/parse.js';
import { parsePositionText } from '../../src/core/position/index.js';
import type { DpBid, MovementOrder, Order, Position } from '../../src/core/types.js';

export const standard: Variant = loadVariant('standard');

export function start(variant: Variant = standard): Position {
  return initialPosition(variant);
}

export function position(text: string, variant: Variant = standard): Position {
  return parsePositionText(`variant ${variant.id}\n${text}`, { file: 'test', variant }).position;
}

export function play(before: Position, orders: string, variant: Variant = standard): PhaseResult {
  const verdicts = parseOrders(orders, { variant, position: before });
  const errors = verdicts.filter((v) => v.status === 'error');
  if (errors.length) throw new Error(`orders refused: ${JSON.stringify(errors)}`);
  const given = verdicts.flatMap((v): Order[] => (v.status === 'order' ? [v.order] : []));
  const bids = verdicts.flatMap((v): DpBid[] =>
    v.status === 'dp' ? [{ power: v.power, amount: v.amount, order: v.order as MovementOrder }] : [],
  );
  return adjudicate(variant, before, given, { seed: 'test', bids });
}
