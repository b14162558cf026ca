// Moves: DATC 5.B.1 (MOVE). A move succeeds when its attack beats the hold strength of its
// destination, or in a head-to-head battle the defend strength of the unit coming the other way,
// and every other move into the same province's prevent strength. Head-to-head battles are between
// two moves into each other's province where neither goes by sea: with DATC v3.0's 4.A.7 a convoyed
// unit swaps with the other, and a unit dislodged without a head-to-head battle still bounces a move
// into the province its attacker left. A neutral unit's "stationary" move never leaves (DP rules).
import { Board, MOVE, STATIONARY } from './board.js';
import { attackStrength, defendStrength, holdStrength, preventStrength } from './strength.js';

/** Pairs the moves that meet head to head (after the convoys are bound: a move by sea meets nobody). */
export function bindHeadToHead(b: Board): void {
  const { kind, byConvoy, unitAt, dest, prov, opponent } = b;
  for (let i = 0; i < b.count; i++) {
    if (kind[i] !== MOVE || byConvoy[i]) continue;
    const u = unitAt[dest[i]];
    if (u >= 0 && kind[u] === MOVE && !byConvoy[u] && dest[u] === prov[i]) opponent[i] = u;
  }
}

/** MOVE (5.B.1). */
export function decideMove(b: Board, i: number): boolean {
  if (b.mode[i] === STATIONARY) return false;
  const attack = attackStrength(b, i);
  if (attack === 0) return false;
  const o = b.opponent[i];
  if (o >= 0) {
    if (attack <= defendStrength(b, o)) return false;
  } else if (attack <= holdStrength(b, b.dest[i])) return false;
  const rivals = b.attackers[b.dest[i]]!;
  for (const j of rivals) if (j !== i && attack <= preventStrength(b, j)) return false;
  return true;
}
