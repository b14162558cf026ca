// The game layer's view of the orders and DP bids stored for a phase. Orders are kept per power as
// the parsed Order objects plus their normalised text; a new set replaces the old one whole.
import type { DpBid, MovementOrder, Order } from '../core/types.js';
import type { Db } from '../store/database.js';
import { allDpAllocations, dpAllocationsOf } from '../store/dp-allocations.js';
import { getOrders, listNormalisedOrders, listOrders } from '../store/orders.js';

export interface StoredOrders {
  orders: Order[];
  /** Normalised text of each order, in the same order, for STATUS and confirmations. */
  shown: string[];
}

function asStored(normalised: unknown): StoredOrders {
  const value = normalised as Partial<StoredOrders> | null;
  return { orders: value?.orders ?? [], shown: value?.shown ?? [] };
}

export function ordersOf(db: Db, gameId: number, phase: string, power: string): StoredOrders | null {
  const set = getOrders(db, gameId, phase, power);
  return set ? asStored(set.normalised) : null;
}

/** Each power's orders for the phase, read in one query (a deadline asks this of every power at once). */
export function ordersByPower(db: Db, gameId: number, phase: string): Map<string, StoredOrders> {
  return new Map(listNormalisedOrders(db, gameId, phase).map((set) => [set.power, asStored(set.normalised)]));
}

export function powersWithOrders(db: Db, gameId: number, phase: string): Set<string> {
  return new Set(listOrders(db, gameId, phase).map((s) => s.power));
}

export function allBids(db: Db, gameId: number, phase: string): DpBid[] {
  return allDpAllocations(db, gameId, phase).map((a) => ({
    power: a.power,
    amount: a.amount,
    order: a.order as MovementOrder,
  }));
}

export function bidsOf(db: Db, gameId: number, phase: string, power: string): DpBid[] {
  return dpAllocationsOf(db, gameId, phase, power).map((a) => ({
    power: a.power,
    amount: a.amount,
    order: a.order as MovementOrder,
  }));
}
