// Splits real land and sea among a variant's provinces so that the picture's neighbours are exactly
// the variant's borders. Regions grow from seeds at the provinces' real locations, ring by ring, land
// provinces over land and seas over water; a pixel is taken only if no province it may not border
// holds a pixel within GAP of it, so two provinces without a border never touch (a strip of plain land
// or sea stays between them). Bordering provinces that end up apart get a further seed, placed where
// they come closest, and the growth is run again while that brings fewer borders missing.
import type { Variant } from '../../src/core/map/variant.js';
import type { Point } from '../../src/render/map/geometry.js';

export interface FitInput {
  variant: Variant;
  width: number;
  height: number;
  /** 1 for land pixels. */
  land: Uint8Array;
  /** Each province's real location on the picture, by id. */
  at: Map<string, Point>;
  rounds?: number;
}

export interface FitResult {
  /** Province index + 1 per pixel; 0 for plain land or sea that no province took. */
  owner: Int32Array;
  /** Borders of the variant the picture does not show. */
  missing: string[];
  rounds: number;
  /** Borders missing after the first growth. */
  initial: number;
}

/** Half the width of the strip kept between provinces that do not border. */
export const GAP = 5;

export function fitRegions(input: FitInput): FitResult {
  const { variant, width, height, land, at } = input;
  const provinces = variant.map.provinces;
  const n = provinces.length;
  const isSea = provinces.map((p) => p.terrain === 'sea');
  const allowed = new Uint8Array(n * n);
  const index = new Map(provinces.map((p, i) => [p.id, i]));
  const border = (a: number, b: number) => {
    allowed[a * n + b] = 1;
    allowed[b * n + a] = 1;
  };
  for (let i = 0; i < n; i++) border(i, i);
  variant.map.armyAdj.forEach((list, i) => list.forEach((j) => border(i, j)));
  for (const [from, list] of variant.map.fleetAdj) {
    for (const to of list) border(index.get(from.split('/')[0])!, index.get(to.split('/')[0])!);
  }
  const pairs: [number, number][] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (allowed[a * n + b]) pairs.push([a, b]);

  const fits = (p: number, province: number) => !!land[p] === !isSea[province];
  const nearestFitting = ([x, y]: Point, province: number): number => {
    const cx = Math.max(0, Math.min(width - 1, Math.round(x)));
    const cy = Math.max(0, Math.min(height - 1, Math.round(y)));
    for (let r = 0; r < 300; r++) {
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
          const px = cx + dx;
          const py = cy + dy;
          if (px >= 0 && py >= 0 && px < width && py < height && fits(py * width + px, province))
            return py * width + px;
        }
      }
    }
    return cy * width + cx;
  };
  const seeds: { province: number; pixel: number }[] = provinces.map((p, i) => ({
    province: i,
    pixel: nearestFitting(at.get(p.id)!, i),
  }));

  const owner = new Int32Array(width * height);
  /** May `province` take pixel p: free, its terrain, and no non-neighbour within GAP. */
  const mayTake = (p: number, province: number): boolean => {
    if (owner[p] || !fits(p, province)) return false;
    const x = p % width;
    const y = (p - x) / width;
    for (let dy = -GAP; dy <= GAP; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -GAP; dx <= GAP; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        const other = owner[yy * width + xx];
        if (other && !allowed[province * n + other - 1]) return false;
      }
    }
    return true;
  };
  const grow = () => {
    owner.fill(0);
    let frontier: number[] = [];
    for (const seed of seeds) {
      if (owner[seed.pixel]) continue;
      owner[seed.pixel] = seed.province + 1;
      frontier.push(seed.pixel);
    }
    while (frontier.length) {
      const next: number[] = [];
      for (const p of frontier) {
        const province = owner[p] - 1;
        const x = p % width;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            if (!dx && !dy) continue;
            const xx = x + dx;
            const q = p + dy * width + dx;
            if (xx < 0 || xx >= width || q < 0 || q >= owner.length) continue;
            if (!mayTake(q, province)) continue;
            owner[q] = province + 1;
            next.push(q);
          }
        }
      }
      frontier = next;
    }
  };
  /** Bordering pairs whose regions do not meet (pixels of each within two of the other's). */
  const missingPairs = (): [number, number][] => {
    const meets = new Uint8Array(n * n);
    for (let p = 0; p < owner.length; p++) {
      const a = owner[p];
      if (!a) continue;
      const x = p % width;
      for (const q of [x + 1 < width ? p + 1 : -1, x + 2 < width ? p + 2 : -1, p + width, p + 2 * width]) {
        if (q < 0 || q >= owner.length) continue;
        const b = owner[q];
        if (b && b !== a) {
          meets[(a - 1) * n + b - 1] = 1;
          meets[(b - 1) * n + a - 1] = 1;
        }
      }
    }
    return pairs.filter(([a, b]) => !meets[a * n + b]);
  };
  /** Up to 400 pixels of each province's region, spread over it. */
  const samples = () => {
    const list = provinces.map(() => [] as number[]);
    const count = provinces.map(() => 0);
    for (let p = 0; p < owner.length; p++) if (owner[p]) count[owner[p] - 1]++;
    const step = count.map((c) => Math.max(1, Math.floor(c / 400)));
    const seen = provinces.map(() => 0);
    for (let p = 0; p < owner.length; p++) {
      const o = owner[p] - 1;
      if (o >= 0 && seen[o]++ % step[o] === 0) list[o].push(p);
    }
    return list;
  };

  grow();
  let missing = missingPairs();
  const initial = missing.length;
  const rounds = input.rounds ?? 30;
  let round = 0;
  for (; round < rounds && missing.length; round++) {
    const spread = samples();
    const proposals = missing.map(([a, b]) => {
      // A sea reaches to a coast; otherwise the smaller region reaches to the larger.
      const [mover, target] = isSea[b] && !isSea[a] ? [b, a] : spread[a].length <= spread[b].length ? [a, b] : [b, a];
      let best = [seeds.find((s) => s.province === mover)!.pixel, seeds.find((s) => s.province === target)!.pixel];
      let bestDistance = Infinity;
      for (const f of spread[mover]) {
        for (const t of spread[target]) {
          const d = ((f % width) - (t % width)) ** 2 + (Math.floor(f / width) - Math.floor(t / width)) ** 2;
          if (d < bestDistance) [best, bestDistance] = [[f, t], d];
        }
      }
      const [f, t] = best;
      const point: Point = [
        (f % width) + ((t % width) - (f % width)) * 0.8,
        Math.floor(f / width) + (Math.floor(t / width) - Math.floor(f / width)) * 0.8,
      ];
      return { province: mover, pixel: nearestFitting(point, mover) };
    });
    const start = (round * 7) % proposals.length;
    let batch = [...proposals.slice(start), ...proposals.slice(0, start)];
    let improved = false;
    while (batch.length) {
      const before = seeds.length;
      seeds.push(...batch);
      grow();
      const after = missingPairs();
      if (after.length < missing.length) {
        missing = after;
        improved = true;
        break;
      }
      seeds.length = before;
      batch = batch.length === 1 ? [] : batch.slice(0, Math.ceil(batch.length / 2));
    }
    if (!improved) break;
  }
  grow();
  missing = missingPairs();
  const name = ([a, b]: [number, number]) => [provinces[a].id, provinces[b].id].sort().join('-');
  return { owner, missing: missing.map(name).sort(), rounds: round, initial };
}
