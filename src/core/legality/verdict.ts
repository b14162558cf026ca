// A legality verdict: the order as it will be carried out, or why it will not be, with the orders
// the player may have meant.
import type { Order } from '../types.js';

export type Judged<O extends Order = Order> = { order: O } | { reason: string; alternatives?: Order[] };

export function refused(reason: string, alternatives?: Order[]): { reason: string; alternatives?: Order[] } {
  return alternatives?.length ? { reason, alternatives } : { reason };
}
