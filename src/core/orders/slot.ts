// Which orders of a mail (or a GM's order file) count: when one gives two orders for one unit, the
// later one counts. One rule, and one reader of the parser's verdicts, for the mail judge, orders in
// advance, the press rule AFTER_ORDERS and the offline CLI.
import type { Order } from '../types.js';
import { provinceOf } from '../types.js';
import type { LineVerdict } from './parse.js';

/**
 * The slot an order fills: its unit's province, or its build site. Null for a WAIVE: each one
 * stands for one build of its own and never replaces another.
 */
export function orderSlot(order: Order): string | null {
  if (order.kind === 'waive') return null;
  return `${order.kind === 'build' ? 'build' : 'unit'}:${provinceOf(order.loc)}`;
}

export type OrderVerdict = Extract<LineVerdict, { status: 'order' }>;

export interface OrderSetReading {
  /** The orders that count, in the order of their lines: each power's last order per slot, every WAIVE. */
  kept: OrderVerdict[];
  /** Each order a later line for the same slot replaced, with that later line. */
  replaced: { earlier: OrderVerdict; later: OrderVerdict }[];
}

/** Reads the parser's verdicts into the order set each power gave (errors, DP lines and headings aside). */
export function readOrderSet(verdicts: readonly LineVerdict[]): OrderSetReading {
  const kept = new Map<string, OrderVerdict>();
  const replaced: OrderSetReading['replaced'] = [];
  let waives = 0;
  for (const v of verdicts) {
    if (v.status !== 'order') continue;
    const slot = orderSlot(v.order);
    const key = slot === null ? `waive:${waives++}` : `${v.power}:${slot}`;
    const earlier = kept.get(key);
    if (earlier) replaced.push({ earlier, later: v });
    kept.set(key, v);
  }
  return { kept: [...kept.values()].sort((a, b) => a.line - b.line), replaced };
}
