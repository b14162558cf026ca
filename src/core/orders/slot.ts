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
  const build = order.kind === 'build';
  const province = provinceOf(order.loc);
  // One string per slot, made once: every order of every mail asks, and a slot is then a map key.
  const slots = build ? BUILD_SLOTS : UNIT_SLOTS;
  let slot = slots.get(province);
  if (slot === undefined) {
    slot = `${build ? 'build' : 'unit'}:${province}`;
    if (slots.size >= MAX_SLOTS) slots.clear();
    slots.set(province, slot);
  }
  return slot;
}

const UNIT_SLOTS = new Map<string, string>();
const BUILD_SLOTS = new Map<string, string>();
/** Provinces of every variant fit many times over; the bound is against a flood of unknown names. */
const MAX_SLOTS = 10_000;
