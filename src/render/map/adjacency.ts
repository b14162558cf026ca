// Compares what the art shows with the variant's borders: two provinces whose outlines run along
// each other (within `touch` art units) look adjacent on the picture; meeting at a single corner does
// not count. Used by the tests and the art tools.
import type { Variant } from '../../core/map/variant.js';
import { bounds, distanceToOutline, type Polygon } from './geometry.js';

export interface AdjacencyReport {
  /** Bordering in the variant, apart on the picture. */
  missing: string[];
  /** Touching on the picture, not bordering in the variant. */
  extra: string[];
}

export function variantNeighbours(variant: Variant): Set<string> {
  const pairs = new Set<string>();
  const pair = (a: string, b: string) => pairs.add(a < b ? `${a}-${b}` : `${b}-${a}`);
  variant.map.armyAdj.forEach((list, i) =>
    list.forEach((j) => pair(variant.map.provinces[i].id, variant.map.provinces[j].id)),
  );
  for (const [from, list] of variant.map.fleetAdj) for (const to of list) pair(from.split('/')[0], to.split('/')[0]);
  return pairs;
}

export function compareAdjacency(variant: Variant, rings: Map<string, Polygon[]>, touch = 4): AdjacencyReport {
  const expected = variantNeighbours(variant);
  // Impassable spaces border nothing, but are drawn among their neighbours.
  const ids = [...rings.keys()].filter((id) => variant.map.byId.get(id)?.terrain !== 'impassable').sort();
  const box = new Map(ids.map((id) => [id, bounds(rings.get(id)!)]));
  const missing: string[] = [];
  const extra: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const [a, b] = [ids[i], ids[j]];
      const key = `${a}-${b}`;
      const [ba, bb] = [box.get(a)!, box.get(b)!];
      const apart = ba[0] - touch > bb[2] || bb[0] - touch > ba[2] || ba[1] - touch > bb[3] || bb[1] - touch > ba[3];
      const touching = !apart && sharesOutline(rings.get(a)!, rings.get(b)!, touch);
      if (expected.has(key) && !touching) missing.push(key);
      if (!expected.has(key) && touching) extra.push(key);
    }
  }
  return { missing, extra };
}

/**
 * Two shapes touch when they run along each other, not when they only meet at a corner: at least
 * two outline points of one lie within `touch` of the other's outline (either way round).
 */
export function sharesOutline(a: Polygon[], b: Polygon[], touch: number): boolean {
  const close = (from: Polygon[], to: Polygon[]) => {
    let count = 0;
    for (const ring of from) {
      for (const p of ring) {
        if (distanceToOutline(p, to) <= touch && ++count >= 2) return true;
      }
    }
    return false;
  };
  return close(a, b) || close(b, a);
}
