// A legality verdict: the order as it will be carried out, or why it will not be (a typed reason,
// src/core/reasons.ts: never words), with the orders the player may have meant.
import type { Reason } from '../reasons.js';
import type { MovementOrder, Order } from '../types.js';

export type Refused = { reason: Reason; alternatives?: Order[] };
export type Judged<O extends Order = Order> = { order: O } | Refused;

/**
 * A legal movement-phase order with the provinces it acts on, as geometry indices (-1: none): the
 * legality has looked them up already, so the adjudicator's arrays take them without asking the names again.
 */
export interface LegalMovement {
  order: MovementOrder;
  /** Move: its destination; support of a move, convoy: where the supported or convoyed unit goes. */
  to: number;
  /** Support, convoy: the province of the supported or convoyed unit. */
  target: number;
}
export type JudgedMovement = LegalMovement | Refused;

export function refused(reason: Reason, alternatives?: Order[]): Refused {
  return alternatives?.length ? { reason, alternatives } : { reason };
}
