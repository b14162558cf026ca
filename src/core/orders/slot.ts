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
  const plain = eachSlotOnce(verdicts);
  if (plain !== null) return { kept: plain, replaced: [] };
  // The slot an order fills: its unit's province, or its build site (one Map each, so no slot string
  // is made per order). A WAIVE fills none: each one stands for one build of its own.
  const units = new Map<ProvinceId, Slot>();
  const builds = new Map<ProvinceId, Slot>();
  const orders: OrderVerdict[] = [];
  const replaced: OrderSetReading['replaced'] = [];
  let slots = 0;
  for (const verdict of verdicts) {
    if (verdict.status !== 'order') continue;
    orders.push(verdict);
    const order = verdict.order;
    if (order.kind === 'waive') continue;
    const byProvince = order.kind === 'build' ? builds : units;
    const province = provinceOf(order.loc);
    const first = byProvince.get(province);
    let slot = first;
    while (slot !== undefined && slot.power !== verdict.power) slot = slot.other;
    if (slot === undefined)
      byProvince.set(province, { power: verdict.power, first: slots++, current: verdict, other: first });
    else {
      replaced.push({ earlier: slot.current, later: verdict });
      slot.current = verdict;
    }
  }
  if (!replaced.length && inStrictLineOrder(orders)) return { kept: orders, replaced };
  return { kept: inLineOrder(orders, replaced, units, builds), replaced };
}

/**
 * The province of each slot met so far, with the number of the reading that last met it: asking whether
 * a province repeats takes one look-up in a table that lasts, instead of building slots and maps afresh.
 */
const metIn = new Map<ProvinceId, { reading: number }>();
let readings = 0;

/**
 * The common case, cheaply: every order in its own line, in line order, and no province ordered twice
 * (by any power, as a unit's or a build's): then every order counts as it stands, and these are they.
 * Null otherwise (the slots decide).
 */
function eachSlotOnce(verdicts: readonly LineVerdict[]): OrderVerdict[] | null {
  const reading = ++readings;
  const orders: OrderVerdict[] = [];
  let line = 0;
  for (const verdict of verdicts) {
    if (verdict.status !== 'order') continue;
    if (verdict.line <= line) return null;
    line = verdict.line;
    orders.push(verdict);
    const order = verdict.order;
    if (order.kind === 'waive') continue;
    const province = provinceOf(order.loc);
    const met = metIn.get(province);
    if (met === undefined) metIn.set(province, { reading });
    else if (met.reading === reading) return null;
    else met.reading = reading;
  }
  return orders;
}

/** A power's slot: when it was first given an order (counting slots), and the order that counts there now. */
interface Slot {
  power: PowerId;
  first: number;
  current: OrderVerdict;
  /** Another power's slot in the same place. */
  other: Slot | undefined;
}

/** One order a line, read in line order: the common case, where every order counts as it stands. */
function inStrictLineOrder(orders: OrderVerdict[]): boolean {
  for (let i = 1; i < orders.length; i++) if (orders[i - 1].line >= orders[i].line) return false;
  return true;
}

/**
 * The counted orders by line; within a line, by power (in the order each was first met), then by
 * slot (likewise), WAIVEs last.
 */
function inLineOrder(
  orders: OrderVerdict[],
  replaced: OrderSetReading['replaced'],
  ...slotMaps: Map<ProvinceId, Slot>[]
): OrderVerdict[] {
  const gone = new Set(replaced.map((r) => r.earlier));
  const slotOf = new Map<OrderVerdict, Slot>();
  const all: Slot[] = [];
  for (const slots of slotMaps)
    for (const head of slots.values())
      for (let slot: Slot | undefined = head; slot !== undefined; slot = slot.other) {
        slotOf.set(slot.current, slot);
        all.push(slot);
      }
  all.sort((a, b) => a.first - b.first);
  const powerRank = new Map<PowerId, number>();
  for (const slot of all) if (!powerRank.has(slot.power)) powerRank.set(slot.power, powerRank.size);
  const rank = (v: OrderVerdict): [number, number] => {
    const slot = slotOf.get(v);
    return slot ? [powerRank.get(slot.power)!, slot.first] : [Infinity, 0];
  };
  return orders
    .filter((v) => !gone.has(v))
    .sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return a.line - b.line || ra[0] - rb[0] || ra[1] - rb[1];
    });
}
