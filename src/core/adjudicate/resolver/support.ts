// Supports: DATC 5.B.2 (SUPPORT: a support is given unless it is cut). Which supports are valid at
// all: a support must name the unit's actual order (a hold support for a unit that does not move, a
// move support for that very move) and, when it names a coast, the move's coast (4.B.4); a support
// the sortie rule voids (A&E v6 example 8) counts for nothing. Cutting, with DATC v3.0's choices:
// - an attack by a unit of the supporter's own power never cuts (6.D.20);
// - an attack from the province the support goes into cuts only by dislodging the supporter (6.D.15,
//   6.D.17), also when that attack comes by convoy (4.A.4);
// - a convoyed attack whose every route is disrupted cuts nothing (6.F.6).
import { addTo, Board, MOVE, NOBODY, SUPPORT } from './board.js';
import { convoyFails } from './convoy.js';

/** Lists the valid supports of each unit (a support that does not match the order it names is void). */
export function bindSupports(b: Board): void {
  const { kind, target, dest, unitAt, units } = b;
  const voids = b.sorties.voidSupports;
  for (let i = 0; i < b.count; i++) {
    if (kind[i] !== SUPPORT) continue;
    const s = unitAt[target[i]];
    if (s < 0 || s === i) continue;
    const coast = b.supportCoast(i);
    const matches =
      dest[i] < 0
        ? kind[s] !== MOVE
        : kind[s] === MOVE &&
          dest[s] === dest[i] &&
          (coast === null || units[s].type === 'A' || coast === b.destLoc(s));
    if (matches && !(voids.size && voids.has(units[i].loc))) {
      addTo(b.supports, s, i);
      b.supportValid[i] = 1;
    }
  }
}

/** SUPPORT (5.B.2): a valid support is given unless some attack cuts it. */
export function decideSupport(b: Board, i: number): boolean {
  return b.supportValid[i] === 1 && cutBy(b, i) < 0;
}

/**
 * The attack that cuts support i, or -1: the first, in the order of the attacks on the supporter,
 * that cuts (by dislodging, when it comes from where the support goes).
 */
export function cutBy(b: Board, i: number): number {
  const into = b.attackers[b.prov[i]];
  if (!into) return -1;
  for (const j of into) {
    if (b.units[j].power === b.units[i].power) continue;
    if (b.prov[j] === b.dest[i]) {
      // An attack from where the support goes cuts only by dislodging (also when convoyed: 4.A.4).
      if (b.resolve(j)) return j;
      continue;
    }
    if (convoyFails(b, j)) continue;
    return j;
  }
  return -1;
}

/** The supports of unit i that are given, leaving out those of power `excluded` (null: count all). */
export function supportCount(b: Board, i: number, excluded: string | null): number {
  const list = b.supports[i];
  if (!list) return 0;
  let c = 0;
  for (const s of list) if (b.units[s].power !== excluded && b.resolve(s)) c++;
  return c;
}

/** The valid supports of unit i, whether given or cut. */
export function supportsOf(b: Board, i: number): readonly number[] {
  return b.supports[i] ?? NOBODY;
}
