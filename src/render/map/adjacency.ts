// Compares what the art shows with the variant's borders: two provinces whose shapes come within
// `touch` art units of each other look adjacent on the picture. Used by the tests and the art tools.
import type { Variant } from '../../core/map/variant.js';
import { bounds, shapeDistance, type Polygon } from './geometry.js';

export interface AdjacencyReport {
  /** Bordering in the variant, apart on the picture. */
  missing: string[];
  /** Touching on the picture, not bordering in the variant. */
  extra: string[];
}

export function variantNeighbours(variant: Variant): Set<string> {
  const pairs = new Set<string>();
  const pair = (a: string, b: string) => pairs.add(a < b ? `${a}-${b}` : `${b}-${a}`);
  variant.map.armyAdj.forEach((list, i) => list.forEach((j) => pair(variant.map.provinces[i].id, variant.map.provinces[j].id)));
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
      const touching = !apart && shapeDistance(rings.get(a)!, rings.get(b)!) <= touch;
      if (expected.has(key) && !touching) missing.push(key);
      if (!expected.has(key) && touching) extra.push(key);
    }
  }
  return { missing, extra };
}
