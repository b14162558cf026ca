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
  const slotted = new Map<PowerId, { rank: number; slots: Map<string, Kept> }>();
  const kept: Kept[] = [];
  const replaced: OrderSetReading['replaced'] = [];
  for (const v of verdicts) {
    if (v.status !== 'order') continue;
    const slot = orderSlot(v.order);
    if (slot === null) {
      kept.push({ verdict: v, power: WAIVES, slot: 0 });
      continue;
    }
    let own = slotted.get(v.power);
    if (!own) slotted.set(v.power, (own = { rank: slotted.size, slots: new Map() }));
    const earlier = own.slots.get(slot);
    // The later order counts, on its own line, ranked where its slot was first given.
    const entry: Kept = { verdict: v, power: own.rank, slot: earlier ? earlier.slot : own.slots.size };
    if (earlier) {
      replaced.push({ earlier: earlier.verdict, later: v });
      earlier.verdict = REPLACED;
    }
    kept.push(entry);
    own.slots.set(slot, entry);
  }
  return { kept: inLineOrder(kept), replaced };
}

/** A counted order, with its rank among the orders of its line: its power's, then its slot's first mention. */
interface Kept {
  verdict: OrderVerdict;
  power: number;
  slot: number;
}

/** WAIVEs come after the other orders of their line. */
const WAIVES = Number.MAX_SAFE_INTEGER;
/** Stands for a verdict a later order for its slot replaced. */
const REPLACED = {} as OrderVerdict;

/**
 * The counted orders by line; within a line, by power (in the order each was first met), then by
 * slot (likewise), WAIVEs last. Nearly always in that order already: then the sort only looks.
 */
function inLineOrder(kept: Kept[]): OrderVerdict[] {
  const counted = kept.filter((k) => k.verdict !== REPLACED);
  let sorted = true;
  for (let i = 1; i < counted.length && sorted; i++) sorted = byLineAndRank(counted[i - 1], counted[i]) <= 0;
  if (!sorted) counted.sort(byLineAndRank);
  return counted.map((k) => k.verdict);
}

function byLineAndRank(a: Kept, b: Kept): number {
  return a.verdict.line - b.verdict.line || a.power - b.power || a.slot - b.slot;
}
