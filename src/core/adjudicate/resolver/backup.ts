// The backup rules: DATC 5.B.9 (circular movement and paradoxes), for a cycle of decisions the
// guess algorithm (guess.ts) found with two consistent resolutions or none.
// - A cycle with a convoying fleet's fate in it is a convoy paradox: DATC v3.0's choice 4.A.2 is
//   the Szykman rule: every army convoyed through the paradox fails and has no effect at all (it
//   neither cuts, bounces nor dislodges) (6.F.14-6.F.24).
// - Any other cycle is circular movement: every move of the ring succeeds (6.C.1-6.C.3).
import { Board, CONVOY, MOVE } from './board.js';

/** Settles what the rule settles; false when it could not break the cycle (no move or convoy in it). */
export function applyBackupRule(b: Board, cycle: readonly number[]): boolean {
  const convoyParadox = cycle.some((k) => b.kind[k] === CONVOY);
  return convoyParadox ? szykman(b, cycle) : circularMovement(b, cycle);
}

/** Szykman (4.A.2): the armies the cycle's convoys carry fail, without effect on anything. */
function szykman(b: Board, cycle: readonly number[]): boolean {
  let changed = false;
  for (const k of cycle) {
    if (b.kind[k] !== CONVOY || !b.convoyValid[k]) continue;
    const a = b.unitAt[b.target[k]];
    if (a < 0 || b.kind[a] !== MOVE || !b.byConvoy[a] || b.paradoxFailed[a]) continue;
    b.paradoxFailed[a] = 1;
    settle(b, a, 0);
    changed = true;
  }
  return changed;
}

/** Circular movement (5.B.9): every move in the ring succeeds. */
function circularMovement(b: Board, cycle: readonly number[]): boolean {
  let changed = false;
  for (const k of cycle)
    if (b.kind[k] === MOVE) {
      settle(b, k, 1);
      (b.ringMoved ??= new Uint8Array(b.count))[k] = 1;
      changed = true;
    }
  return changed;
}

function settle(b: Board, k: number, value: number): void {
  b.res[k] = value;
  b.state[k] = RESOLVED;
}

/** The decisions' states (guess.ts). */
export const UNRESOLVED = 0;
export const GUESSING = 1;
export const RESOLVED = 2;
