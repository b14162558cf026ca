// Whether a given fleet can take part in some convoy from one coast to another: there must be a
// route of distinct seas from the army's coast to the destination that passes the fleet's sea.
// That is two routes from the fleet's sea, one to each end, sharing no sea: a flow of 2.
import type { Variant } from '../map/variant.js';
import type { ProvinceId } from '../types.js';
import { provinceOf } from '../types.js';

interface SeaGraph {
  seas: ProvinceId[];
  seaIndex: Map<ProvinceId, number>;
  /** Sea index -> neighbouring sea indices. */
  seaNeighbours: number[][];
  /** Sea index -> coastal provinces it borders. */
  coastsOf: Set<ProvinceId>[];
}

const cache = new WeakMap<Variant, SeaGraph>();

function seaGraph(variant: Variant): SeaGraph {
  let g = cache.get(variant);
  if (g) return g;
  const seas = variant.map.provinces.filter((p) => p.terrain === 'sea').map((p) => p.id);
  const seaIndex = new Map(seas.map((s, i) => [s, i]));
  const seaNeighbours: number[][] = seas.map(() => []);
  const coastsOf: Set<ProvinceId>[] = seas.map(() => new Set());
  for (const [from, tos] of variant.map.fleetAdj) {
    const a = seaIndex.get(provinceOf(from));
    if (a === undefined) continue;
    for (const to of tos) {
      const p = provinceOf(to);
      const b = seaIndex.get(p);
      if (b !== undefined) {
        if (!seaNeighbours[a].includes(b)) seaNeighbours[a].push(b);
      } else if (variant.map.byId.get(p)?.terrain === 'coast') coastsOf[a].add(p);
    }
  }
  g = { seas, seaIndex, seaNeighbours, coastsOf };
  cache.set(variant, g);
  return g;
}

/** Can the fleet in sea `through` be one link of a convoy from coast `from` to coast `to`? */
export function convoyRoutePasses(variant: Variant, from: ProvinceId, to: ProvinceId, through: ProvinceId): boolean {
  const g = seaGraph(variant);
  const v = g.seaIndex.get(through);
  if (v === undefined || from === to) return false;
  const n = g.seas.length;
  // Node ids: sea i entry = 2i, exit = 2i+1; `from` end = 2n, `to` end = 2n+1, sink = 2n+2.
  const sink = 2 * n + 2;
  const cap = new Map<number, number>();
  const out: number[][] = Array.from({ length: sink + 1 }, () => []);
  const key = (a: number, b: number) => a * (sink + 1) + b;
  const edge = (a: number, b: number) => {
    if (!cap.has(key(a, b))) {
      out[a].push(b);
      out[b].push(a);
      cap.set(key(b, a), cap.get(key(b, a)) ?? 0);
    }
    cap.set(key(a, b), 1);
  };
  for (let i = 0; i < n; i++) {
    edge(2 * i, 2 * i + 1);
    for (const j of g.seaNeighbours[i]) edge(2 * i + 1, 2 * j);
    if (g.coastsOf[i].has(from)) edge(2 * i + 1, 2 * n);
    if (g.coastsOf[i].has(to)) edge(2 * i + 1, 2 * n + 1);
  }
  edge(2 * n, sink);
  edge(2 * n + 1, sink);
  const source = 2 * v + 1;
  let flow = 0;
  while (flow < 2) {
    const prev = new Int32Array(sink + 1).fill(-1);
    prev[source] = source;
    const queue = [source];
    for (let q = 0; q < queue.length && prev[sink] < 0; q++) {
      const a = queue[q];
      for (const b of out[a]) {
        if (prev[b] < 0 && (cap.get(key(a, b)) ?? 0) > 0) {
          prev[b] = a;
          queue.push(b);
        }
      }
    }
    if (prev[sink] < 0) break;
    for (let b = sink; b !== source; b = prev[b]) {
      const a = prev[b];
      cap.set(key(a, b), cap.get(key(a, b))! - 1);
      cap.set(key(b, a), (cap.get(key(b, a)) ?? 0) + 1);
    }
    flow++;
  }
  return flow === 2;
}
