// Strengths: DATC 5.B.5 (HOLD), 5.B.6 (PREVENT), 5.B.7 (DEFEND) and 5.B.8 (ATTACK), each as the
// DATC writes it. A unit never helps dislodge a unit of its own power: an attack on a unit of the
// same power that stays has no strength, and a foreign support does not count against its own
// power's unit (6.E.2, 6.E.3, 6.D.12). A convoyed move whose every route is disrupted has neither
// attack nor prevent strength (6.F.6-6.F.8).
import { Board, MOVE } from './board.js';
import { convoyFails } from './convoy.js';
import { supportCount } from './support.js';

/** ATTACK (5.B.8) of move i. */
export function attackStrength(b: Board, i: number): number {
  if (convoyFails(b, i)) return 0;
  const u = b.unitAt[b.dest[i]];
  const stays = u >= 0 && (b.kind[u] !== MOVE || b.opponent[i] === u || !b.resolve(u));
  if (!stays) return 1 + supportCount(b, i, null);
  if (b.units[u].power === b.units[i].power) return 0;
  return 1 + supportCount(b, i, b.units[u].power);
}

/** HOLD (5.B.5) of province p: 0 when empty or its unit moves away, 1 if that move fails, else 1 + supports. */
export function holdStrength(b: Board, p: number): number {
  const u = b.unitAt[p];
  if (u < 0) return 0;
  if (b.kind[u] === MOVE) return b.resolve(u) ? 0 : 1;
  return 1 + supportCount(b, u, null);
}

/** PREVENT (5.B.6) of move j: none when it lost a head-to-head battle (a beaten unit contests nothing). */
export function preventStrength(b: Board, j: number): number {
  if (convoyFails(b, j)) return 0;
  const o = b.opponent[j];
  if (o >= 0 && b.resolve(o)) return 0;
  return 1 + supportCount(b, j, null);
}

/** DEFEND (5.B.7) of move o in a head-to-head battle. */
export function defendStrength(b: Board, o: number): number {
  return 1 + supportCount(b, o, null);
}
