// Which orders of a mail (or a GM's order file) count: when one gives two orders for one unit, the
// later one counts. One rule, and one reader of the parser's verdicts, for the mail judge, orders in
// advance, the press rule AFTER_ORDERS and the offline CLI.
import type { Order, PowerId } from '../types.js';
import { provinceOf } from '../types.js';
import type { LineVerdict } from './parse.js';

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

export type OrderVerdict = Extract<LineVerdict, { status: 'order' }>;

export interface OrderSetReading {
  /** The orders that count, in the order of their lines: each power's last order per slot, every WAIVE. */
  kept: OrderVerdict[];
  /** Each order a later line for the same slot replaced, with that later line. */
  replaced: { earlier: OrderVerdict; later: OrderVerdict }[];
}

/** Reads the parser's verdicts into the order set each power gave (errors, DP lines and headings aside). */
export function readOrderSet(verdicts: readonly LineVerdict[]): OrderSetReading {
  // Per power, per slot (the slot strings are made once, above): no key string is built per order.
  const slotted = new Map<PowerId, Map<string, OrderVerdict>>();
  const waives: OrderVerdict[] = [];
  const replaced: OrderSetReading['replaced'] = [];
  for (const v of verdicts) {
    if (v.status !== 'order') continue;
    const slot = orderSlot(v.order);
    if (slot === null) {
      waives.push(v);
      continue;
    }
    let own = slotted.get(v.power);
    if (!own) slotted.set(v.power, (own = new Map()));
    const earlier = own.get(slot);
    if (earlier) replaced.push({ earlier, later: v });
    own.set(slot, v);
  }
  const kept = [...slotted.values()].flatMap((own) => [...own.values()]).concat(waives);
  return { kept: kept.sort((a, b) => a.line - b.line), replaced };
}
