// Province shapes from line art: the coast and border lines are drawn onto a bitmap, each province's
// region is flood-filled from its seed point, and each region's outline is traced back into a
// polygon. Pixels a region reaches that are nearer another seed of the same region go to that seed,
// so a missing border line in the drawing splits the area between the provinces it should divide.
import { Resvg } from '@resvg/resvg-js';
import { segmentDistance, type Point } from '../../src/render/map/geometry.js';

export interface Raster {
  width: number;
  height: number;
  /** 1 where a line was drawn. */
  ink: Uint8Array;
}

/** Draws the polylines (already in pixel coordinates) 1.6 px wide onto a white bitmap. */
export function rasterise(width: number, height: number, lines: Point[][], frameWidth = 2): Raster {
  const paths = lines
    .map((points) => `M${points.map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`).join('L')}`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#fff"/>` +
    `<rect width="${width}" height="${height}" fill="none" stroke="#000" stroke-width="${frameWidth * 2}"/>` +
    `<path d="${paths}" fill="none" stroke="#000" stroke-width="1.6" stroke-linejoin="round"/></svg>`;
  const pixels = new Resvg(svg, { shapeRendering: 1 }).render().pixels;
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = pixels[i * 4] < 160 ? 1 : 0;
  return { width, height, ink };
}

/** Region label per pixel (0: ink or unreached), one label per seed (1-based, in seed order). */
export function floodRegions(raster: Raster, seeds: Point[]): Int32Array {
  const { width, height, ink } = raster;
  const owner = new Int32Array(width * height);
  const component = new Int32Array(width * height).fill(-1);
  const members: number[][] = [];
  const seedPixel = seeds.map(([x, y]) => nearestFree(raster, Math.round(x), Math.round(y)));
  // Connected areas of blank pixels that hold at least one seed.
  seedPixel.forEach((start) => {
    if (start < 0 || component[start] >= 0) return;
    const id = members.length;
    const list: number[] = [];
    const stack = [start];
    component[start] = id;
    while (stack.length) {
      const p = stack.pop()!;
      list.push(p);
      const x = p % width;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of neighbours) {
        if (q < 0 || q >= owner.length || ink[q] || component[q] >= 0) continue;
        component[q] = id;
        stack.push(q);
      }
    }
    members.push(list);
  });
  // Each pixel of an area goes to the nearest seed inside the area.
  const seedsOf = members.map(() => [] as number[]);
  seedPixel.forEach((p, i) => p >= 0 && seedsOf[component[p]].push(i));
  members.forEach((list, id) => {
    const candidates = seedsOf[id];
    for (const p of list) {
      if (candidates.length === 1) {
        owner[p] = candidates[0] + 1;
        continue;
      }
      const x = p % width;
      const y = (p / width) | 0;
      let best = candidates[0];
      let bestDistance = Infinity;
      for (const s of candidates) {
        const distance = (seeds[s][0] - x) ** 2 + (seeds[s][1] - y) ** 2;
        if (distance < bestDistance) [best, bestDistance] = [s, distance];
      }
      owner[p] = best + 1;
    }
  });
  return owner;
}

function nearestFree(raster: Raster, x: number, y: number): number {
  for (let r = 0; r < 12; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        const px = x + dx;
        const py = y + dy;
        if (px < 0 || py < 0 || px >= raster.width || py >= raster.height) continue;
        if (!raster.ink[py * raster.width + px]) return py * raster.width + px;
      }
    }
  }
  return -1;
}

/**
 * Grows every region over the ink between regions (each ink pixel joins a neighbouring region), so
 * that neighbouring shapes share their outline instead of leaving the line's width between them.
 */
export function absorbInk(raster: Raster, owner: Int32Array, rounds = 3): void {
  const { width } = raster;
  for (let round = 0; round < rounds; round++) {
    const next = owner.slice();
    for (let p = 0; p < owner.length; p++) {
      if (owner[p]) continue;
      const x = p % width;
      const around = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of around) {
        if (q >= 0 && q < owner.length && owner[q]) {
          next[p] = owner[q];
          break;
        }
      }
    }
    owner.set(next);
  }
}

/** The outline rings of region `label`, traced along pixel edges, then simplified. */
export function traceRegion(
  owner: Int32Array,
  width: number,
  height: number,
  label: number,
  tolerance = 0.8,
): Point[][] {
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && owner[y * width + x] === label;
  // Directed unit edges with the region on the left; keyed by start vertex.
  const edges = new Map<number, number[]>();
  const key = (x: number, y: number) => y * (width + 1) + x;
  const add = (x1: number, y1: number, x2: number, y2: number) => {
    const k = key(x1, y1);
    const list = edges.get(k);
    if (list) list.push(key(x2, y2));
    else edges.set(k, [key(x2, y2)]);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!inside(x, y)) continue;
      if (!inside(x, y - 1)) add(x + 1, y, x, y);
      if (!inside(x, y + 1)) add(x, y + 1, x + 1, y + 1);
      if (!inside(x - 1, y)) add(x, y, x, y + 1);
      if (!inside(x + 1, y)) add(x + 1, y + 1, x + 1, y);
    }
  }
  const rings: Point[][] = [];
  const point = (k: number): Point => [k % (width + 1), Math.floor(k / (width + 1))];
  for (const [start, list] of edges) {
    while (list.length) {
      const ring: Point[] = [point(start)];
      let at = list.pop()!;
      let guard = 0;
      while (at !== start && guard++ < 10_000_000) {
        ring.push(point(at));
        const next = edges.get(at);
        if (!next || !next.length) break;
        at = next.pop()!;
      }
      if (ring.length >= 4) rings.push(simplify(ring, tolerance));
    }
  }
  return rings.filter((ring) => ring.length >= 3);
}

/** Douglas–Peucker on a closed ring. */
export function simplify(ring: Point[], tolerance: number): Point[] {
  if (ring.length < 5) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  const far = ring.reduce(
    (best, p, i) =>
      (p[0] - ring[0][0]) ** 2 + (p[1] - ring[0][1]) ** 2 > best[1]
        ? [i, (p[0] - ring[0][0]) ** 2 + (p[1] - ring[0][1]) ** 2]
        : best,
    [0, 0],
  )[0];
  keep[far] = 1;
  const stack: [number, number][] = [
    [0, far],
    [far, ring.length - 1],
  ];
  keep[ring.length - 1] = 1;
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let index = -1;
    let max = tolerance;
    for (let i = a + 1; i < b; i++) {
      const d = segmentDistance(ring[i], ring[a], ring[b]);
      if (d > max) [index, max] = [i, d];
    }
    if (index >= 0) {
      keep[index] = 1;
      stack.push([a, index], [index, b]);
    }
  }
  return ring.filter((_, i) => keep[i]);
}
