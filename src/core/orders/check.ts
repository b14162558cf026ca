// Checks a written order against the board through the core's single legality, and offers the
// orders the player may have meant: the legality's own alternatives (coasts, retreat places), or
// the same order with the unit types and coasts the board shows, when that one is legal.
import { judgeOrder } from '../legality/index.js';
import type { Order } from '../types.js';
import { provinceOf } from '../types.js';
import type { Actor, Board, Checked } from './check-context.js';
import { formatOrder } from './format.js';
import type { Draft } from './grammar.js';
import { writtenOrder } from './written.js';

export function checkDraft(board: Board, draft: Draft, actor: Actor): Checked {
  const written = writtenOrder(board, draft, actor);
  if (!('order' in written)) return written;
  const verdict = judgeOrder(board.scope, written.order, written.standing, written.at);
  // The legality's verdict is the checked order itself: no second object per order.
  if ('order' in verdict) return verdict;
  const corrected = asOnBoard(board, written.order);
  if (corrected) {
    const again = judgeOrder(board.scope, corrected);
    if ('order' in again) return { error: verdict.reason, alternatives: [formatOrder(again.order, board.variant)] };
  }
  const alternatives = verdict.alternatives?.map((o) => formatOrder(o, board.variant));
  return alternatives?.length ? { error: verdict.reason, alternatives } : { error: verdict.reason };
}

/** The order with the unit types the board shows, when the player wrote others; else null. */
function asOnBoard(board: Board, order: Order): Order | null {
  if (order.kind === 'waive' || order.kind === 'build') return null;
  const pool = order.kind === 'retreat' || order.kind === 'disband' ? board.position.dislodged : board.position.units;
  const unitIn = (p: string) => pool.find((u) => provinceOf(u.loc) === p);
  const unit = unitIn(provinceOf(order.loc));
  if (!unit) return null;
  let changed = unit.type !== order.type;
  const fixed = { ...order, type: unit.type } as Order;
  if (fixed.kind === 'support' && fixed.targetType) {
    const target = board.position.units.find((u) => provinceOf(u.loc) === fixed.target);
    if (target && target.type !== fixed.targetType) {
      fixed.targetType = target.type;
      changed = true;
    }
  }
  return changed ? fixed : null;
}
