// Which earlier order a later one replaces when a player (or a GM's order file) gives two orders for
// one unit: the later one counts. One rule for the mail judge, orders in advance and the offline CLI.
import type { Order } from '../types.js';
import { provinceOf } from '../types.js';

/**
 * The slot an order fills: its unit's province, or its build site. Null for a WAIVE: each one
 * stands for one build of its own and never replaces another.
 */
export function orderSlot(order: Order): string | null {
  if (order.kind === 'waive') return null;
  return `${order.kind === 'build' ? 'build' : 'unit'}:${provinceOf(order.loc)}`;
}
