// Convoys: DATC 5.B.3 (CONVOY: a convoying fleet succeeds when not dislodged) and 5.B.4 (PATH: an
// army goes by sea when a chain of succeeding convoys joins its two ends), with DATC v3.0's choices:
// - 4.A.1: a multi-route convoy is disrupted only when every route is (any chain of the fleets
//   still afloat will do);
// - 4.A.3: an army takes a convoy to an adjacent province only when ordered "via convoy" or when a
//   fleet of its own power convoys it, never falling back to the land route;
// - 6.D.32 / 6.D.8: a move that needs a convoy is illegal (the army holds) when no fleet stands on
//   any sea route; with fleets there but no convoy ordered it is a failed move.
import { addTo, Board, CONVOY, HOLD, MOVE, NO_CONVOY, NOBODY } from './board.js';

/** Which fleets validly convoy which army, and which army moves go by sea (before the attackers are listed). */
export function bindConvoys(b: Board): void {
  const { units, kind, target, dest, unitAt, count } = b;
  for (let i = 0; i < count; i++) {
    if (kind[i] !== CONVOY) continue;
    const a = unitAt[target[i]];
    if (a >= 0 && kind[a] === MOVE && units[a].type === 'A' && dest[a] === dest[i]) {
      addTo(b.convoyers, a, i);
      b.convoyValid[i] = 1;
    }
  }
  let fleetSeas: number[] | null = null;
  for (let i = 0; i < count; i++) {
    if (kind[i] !== MOVE || units[i].type !== 'A') continue;
    const land = b.scope.reach.canMoveIn(units[i], units[i].loc, b.destLoc(i), b.prov[i], dest[i], 'move');
    const fleets = b.convoyers[i] ?? NOBODY;
    let own = false;
    for (const f of fleets) if (units[f].power === units[i].power) own = true;
    const via = (b.legal.orders[i] as { viaConvoy?: boolean }).viaConvoy === true;
    b.byConvoy[i] = !land || via || own ? 1 : 0;
    if (land) continue;
    fleetSeas ??= seasWithFleets(b);
    if (seaChain(b, b.prov[i], dest[i], fleetSeas)) continue;
    kind[i] = HOLD;
    b.byConvoy[i] = 0;
    b.legal.reason[i] = NO_CONVOY;
    for (const f of fleets) b.convoyValid[f] = 0;
    b.convoyers[i] = undefined;
  }
}

function seasWithFleets(b: Board): number[] {
  const seas: number[] = [];
  for (let i = 0; i < b.count; i++) if (b.units[i].type === 'F' && b.g.isSea[b.prov[i]]) seas.push(b.prov[i]);
  return seas;
}

/** PATH (5.B.4): is there a chain of undislodged convoying fleets carrying army `a`? */
export function pathOk(b: Board, a: number): boolean {
  if (b.paradoxFailed[a]) return false;
  const fleets = b.convoyers[a];
  if (!fleets) return false;
  const afloat: number[] = [];
  for (const f of fleets) if (b.resolve(f)) afloat.push(b.prov[f]);
  return seaChain(b, b.prov[a], b.dest[a], afloat);
}

/** A move by sea whose every route is disrupted (or never existed): it has no effect at all. */
export function convoyFails(b: Board, a: number): boolean {
  return b.byConvoy[a] === 1 && !pathOk(b, a);
}

/** CONVOY (5.B.3): the convoying fleet succeeds when it is not dislodged. */
export function decideConvoy(b: Board, i: number): boolean {
  return b.dislodgedBy(i) < 0;
}

/** The fleets of a convoy that were dislodged (the trace's "disrupted at"). */
export function sunkConvoyers(b: Board, a: number): number[] {
  return (b.convoyers[a] ?? NOBODY).filter((f) => !b.resolve(f));
}

/** Is there a chain of seas among `seas` from province `from` to province `to`? */
function seaChain(b: Board, from: number, to: number, seas: number[]): boolean {
  if (!seas.length) return false;
  const { fleetProvAdj } = b.g;
  const n = b.n;
  const seen = new Uint8Array(seas.length);
  const queue: number[] = [];
  for (let k = 0; k < seas.length; k++)
    if (fleetProvAdj[from * n + seas[k]]) {
      seen[k] = 1;
      queue.push(k);
    }
  while (queue.length) {
    const k = queue.pop()!;
    if (fleetProvAdj[seas[k] * n + to]) return true;
    for (let m = 0; m < seas.length; m++)
      if (!seen[m] && fleetProvAdj[seas[k] * n + seas[m]]) {
        seen[m] = 1;
        queue.push(m);
      }
  }
  return false;
}
