// Which orders of a mail (or a GM's order file) count: when one gives two orders for one unit, the
// later one counts. One rule, and one reader of the parser's verdicts, for the mail judge, orders in
// advance, the press rule AFTER_ORDERS and the offline CLI.
import type { PowerId, ProvinceId } from '../types.js';
import { provinceOf } from '../types.js';
import type { LineVerdict } from './parse.js';

export type OrderVerdict = Extract<LineVerdict, { status: 'order' }>;

export interface OrderSetReading {
  /** The orders that count, in the order of their lines: each power's last order per slot, every WAIVE. */
  kept: OrderVerdict[];
  /** Each order a later line for the same slot replaced, with that later line. */
  replaced: { earlier: OrderVerdict; later: OrderVerdict }[];
}

/** Reads the parser's verdicts into the order set each power gave (errors, DP lines and headings aside). */
export function readOrderSet(verdicts: readonly LineVerdict[]): OrderSetReading {
  // The slot an order fills: its unit's province, or its build site (one Map each, so no slot string
  // is made per order). A WAIVE fills none: each one stands for one build of its own.
  const units = new Map<ProvinceId, Slot>();
  const builds = new Map<ProvinceId, Slot>();
  const slots: Slot[] = [];
  const read: Read[] = [];
  const replaced: OrderSetReading['replaced'] = [];
  for (const verdict of verdicts) {
    if (verdict.status !== 'order') continue;
    const order = verdict.order;
    if (order.kind === 'waive') {
      read.push({ verdict, slot: null, counts: true });
      continue;
    }
    const byProvince = order.kind === 'build' ? builds : units;
    const province = provinceOf(order.loc);
    const first = byProvince.get(province);
    let slot = first;
    while (slot !== undefined && slot.power !== verdict.power) slot = slot.other;
    const item: Read = { verdict, slot: null, counts: true };
    if (slot === undefined) {
      slot = { power: verdict.power, first: slots.length, current: item, other: first };
      slots.push(slot);
      byProvince.set(province, slot);
    } else {
      replaced.push({ earlier: slot.current.verdict, later: verdict });
      slot.current.counts = false;
      slot.current = item;
    }
    item.slot = slot;
    read.push(item);
  }
  return { kept: inLineOrder(read, slots), replaced };
}

/** A power's slot: when it was first given an order, and the order that counts there now. */
interface Slot {
  power: PowerId;
  first: number;
  current: Read;
  /** Another power's slot in the same place. */
  other: Slot | undefined;
}

/** An order as read: its slot (none for a WAIVE), and whether a later one replaced it. */
interface Read {
  verdict: OrderVerdict;
  slot: Slot | null;
  counts: boolean;
}

/**
 * The counted orders by line; within a line, by power (in the order each was first met), then by
 * slot (likewise), WAIVEs last. Nearly always one order a line, read in line order: nothing to sort.
 */
function inLineOrder(read: Read[], slots: Slot[]): OrderVerdict[] {
  const counted = read.filter((r) => r.counts);
  let ordered = true;
  for (let i = 1; i < counted.length && ordered; i++) ordered = counted[i - 1].verdict.line < counted[i].verdict.line;
  if (!ordered) {
    const powerRank = new Map<PowerId, number>();
    for (const slot of slots) if (!powerRank.has(slot.power)) powerRank.set(slot.power, powerRank.size);
    const rank = (r: Read) => (r.slot ? [powerRank.get(r.slot.power)!, r.slot.first] : [Infinity, 0]);
    counted.sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return a.verdict.line - b.verdict.line || ra[0] - rb[0] || ra[1] - rb[1];
    });
  }
  return counted.map((r) => r.verdict);
}
