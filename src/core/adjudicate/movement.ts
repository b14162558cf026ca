// Movement-phase adjudication: Kruijswijk's guess-and-check resolver ("The Math of Adjudication")
// over dense arrays, in parts a reader can hold against the DATC one at a time (resolver/):
//   board.ts     the orders as arrays; illegal orders hold (4.E.1), support coasts (4.B.4)
//   convoy.ts    CONVOY and PATH (5.B.3-4): multi-route convoys (4.A.1), convoys to adjacent
//                provinces (4.A.3), moves needing a convoy nobody ordered (6.D.8, 6.D.32)
//   support.ts   SUPPORT (5.B.2): cutting, and an attack from the supported-into province (4.A.4)
//   strength.ts  HOLD, PREVENT, DEFEND, ATTACK (5.B.5-8): no help in dislodging one's own unit
//   move.ts      MOVE (5.B.1): head-to-head battles, bounces (4.A.7)
//   backup.ts    circular movement and paradoxes (5.B.9): Szykman (4.A.2)
//   guess.ts     the guess algorithm (5.F) that settles the decisions above
//   outcome.ts   outcomes, units after movement, retreat options (4.A.5, 6.H.9)
//   facts.ts     the trace on request (--explain, EXPLAIN), read from the settled decisions
import type { Loc, MovementOrder } from '../types.js';
import type { LegalityScope } from '../legality/index.js';
import { MOVE, NO_SORTIES, SORTIE, type SortieVerdicts } from './resolver/board.js';
import { explanations } from './resolver/facts.js';
import { Resolver } from './resolver/guess.js';
import { settledOutcome, type Settled } from './resolver/outcome.js';
import type { Explanation } from './trace.js';

export type { SortieVerdicts } from './resolver/board.js';

export interface MovementOutcome extends Settled {
  /** Why each outcome is what it is, in the same order; only when asked (`explain`). */
  explanations?: Explanation[];
}

export function adjudicateMovement(
  scope: LegalityScope,
  orders: MovementOrder[],
  sorties: SortieVerdicts = NO_SORTIES,
  explain = false,
): MovementOutcome {
  const board = new Resolver(scope, sorties, orders);
  try {
    board.resolveAll();
    const next = board.sortie ? sortieVerdicts(board) : null;
    if (next) return adjudicateMovement(scope, orders, next, explain);
    const done: MovementOutcome = settledOutcome(board);
    // Read after resolution, from the settled decisions: asking costs nothing when nobody asks.
    if (explain) done.explanations = explanations(board);
    return done;
  } finally {
    board.release();
  }
}

/**
 * Sorties: a neutral's move may never succeed. Supports that would carry it are void first (A&E v6
 * example 8), then the move itself (example 7); the phase is adjudicated again after each change.
 * Null when no sortie would succeed.
 */
function sortieVerdicts(b: Resolver): SortieVerdicts | null {
  let winning: number[] | null = null;
  for (let i = 0; i < b.count; i++)
    if (b.kind[i] === MOVE && b.mode[i] === SORTIE && b.res[i] === 1) (winning ??= []).push(i);
  if (!winning) return null;
  const voidSupports = new Set<Loc>(b.sorties.voidSupports);
  const invalidMoves = new Set<Loc>(b.sorties.invalidMoves);
  const carried = winning.flatMap((i) => (b.supports[i] ?? []).filter((s) => b.res[s] === 1));
  if (carried.length) for (const s of carried) voidSupports.add(b.units[s].loc);
  else for (const i of winning) invalidMoves.add(b.units[i].loc);
  return { voidSupports, invalidMoves };
}
