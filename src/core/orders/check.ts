// Checks a read order against the board for the current phase, and offers corrected orders.
import type { Actor, Board, Checked } from './board.js';
import { checkAdjustmentOrder } from './check-adjustment.js';
import { checkMovementOrder } from './check-movement.js';
import { checkRetreatOrder } from './check-retreat.js';
import { formatOrder } from './format.js';
import type { Draft } from './grammar.js';

function checkOnce(board: Board, draft: Draft, actor: Actor): Checked {
  switch (board.position.phase.type) {
    case 'movement':
      return checkMovementOrder(board, draft, actor);
    case 'retreat':
      return checkRetreatOrder(board, draft, actor);
    case 'adjustment':
      return checkAdjustmentOrder(board, draft, actor);
  }
}

/** The order, or why not; when a correction (unit type, coast) makes it valid, that is the alternative offered. */
export function checkDraft(board: Board, draft: Draft, actor: Actor): Checked {
  const first = checkOnce(board, draft, actor);
  if ('order' in first || !first.fix) return first;
  let fix: Draft | undefined = first.fix;
  // A wrong type in both the unit and the supported unit takes two corrections.
  for (let round = 0; round < 2 && fix; round++) {
    const again = checkOnce(board, fix, actor);
    if ('order' in again) return { error: first.error, alternatives: [formatOrder(again.order, board.variant)] };
    fix = again.fix;
  }
  return { error: first.error, alternatives: first.alternatives };
}
