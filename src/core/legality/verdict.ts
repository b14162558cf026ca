// A legality verdict: the order as it will be carried out, or why it will not be (a typed reason,
// src/core/reasons.ts: never words), with the orders the player may have meant.
import type { Reason } from '../reasons.js';
import type { Order } from '../types.js';

export type Refused = { reason: Reason; alternatives?: Order[] };
export type Judged<O extends Order = Order> = { order: O } | Refused;

export function refused(reason: Reason, alternatives?: Order[]): Refused {
  return alternatives?.length ? { reason, alternatives } : { reason };
}
