// Plane geometry for map art: shapes are SVG path data restricted to M/L/Z (absolute or relative,
// H/V allowed), which keeps reading them exact and small. Used by the renderer, the art tools and
// the tests that check art against the variant's borders.

export type Point = [number, number];
/** A shape as its closed rings (outer outlines and islands; holes are not used by map art). */
export type Polygon = Point[];

const COMMAND = /([MmLlHhVvZz])|(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)/g;

/** Reads path data of M/L/H/V/Z commands into rings; throws on any other command. */
export function pathPolygons(d: string): Polygon[] {
  const rings: Polygon[] = [];
  let ring: Polygon | null = null;
  let command = '';
  let x = 0;
  let y = 0;
  let start: Point = [0, 0];
  const numbers: number[] = [];
  const flush = () => {
    if (!command) return;
    const relative = command === command.toLowerCase();
    const upper = command.toUpperCase();
    if (upper === 'Z') {
      if (ring && ring.length) rings.push(ring);
      ring = null;
      [x, y] = start;
      return;
    }
    const arity = upper === 'H' || upper === 'V' ? 1 : 2;
    if (numbers.length % arity !== 0) throw new Error(`path: odd number of coordinates after ${command}`);
    for (let i = 0; i < numbers.length; i += arity) {
      if (upper === 'H') x = relative ? x + numbers[i] : numbers[i];
      else if (upper === 'V') y = relative ? y + numbers[i] : numbers[i];
      else {
        x = relative ? x + numbers[i] : numbers[i];
        y = relative ? y + numbers[i + 1] : numbers[i + 1];
      }
      const moveTo = upper === 'M' && i === 0;
      if (moveTo) {
        if (ring && ring.length) rings.push(ring);
        ring = [];
        start = [x, y];
      }
      (ring ??= []).push([x, y]);
    }
  };
  for (const match of d.matchAll(COMMAND)) {
    if (match[1]) {
      flush();
      command = match[1];
      numbers.length = 0;
      if (command === 'Z' || command === 'z') flush();
    } else {
      if (!command) throw new Error('path: coordinates before the first command');
      numbers.push(Number(match[2]));
    }
  }
  flush();
  if (ring && (ring as Polygon).length) rings.push(ring);
  const stray = d.replace(COMMAND, '').replace(/[\s,]+/g, '');
  if (stray) throw new Error(`path: unsupported command or text "${stray.slice(0, 20)}" (only M, L, H, V, Z)`);
  return rings;
}

/** Even-odd point-in-polygon over all rings. */
export function pointInShape(p: Point, rings: Polygon[]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Distance from a point to the segment a–b. */
export function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  const t = length ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length)) : 0;
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Distance from a point to the outline of a shape. */
export function distanceToOutline(p: Point, rings: Polygon[]): number {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      best = Math.min(best, segmentDistance(p, ring[j], ring[i]));
    }
  }
  return best;
}

/** Smallest distance between two shapes' outlines (0 when they touch or overlap at a vertex). */
export function shapeDistance(a: Polygon[], b: Polygon[]): number {
  let best = Infinity;
  for (const ring of a) for (const p of ring) best = Math.min(best, distanceToOutline(p, b));
  for (const ring of b) for (const p of ring) best = Math.min(best, distanceToOutline(p, a));
  return best;
}

/** Bounding box [minX, minY, maxX, maxY] of a shape. */
export function bounds(rings: Polygon[]): [number, number, number, number] {
  let box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [x, y] of ring) {
      box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
    }
  }
  return box;
}

/** Area-weighted centroid of the largest ring (where a label naturally sits). */
export function centroid(rings: Polygon[]): Point {
  let largest: Polygon = rings[0] ?? [];
  let largestArea = 0;
  for (const ring of rings) {
    const area = Math.abs(signedArea(ring));
    if (area > largestArea) [largest, largestArea] = [ring, area];
  }
  const area = signedArea(largest);
  if (!area) return largest[0] ?? [0, 0];
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = largest.length - 1; i < largest.length; j = i++) {
    const cross = largest[j][0] * largest[i][1] - largest[i][0] * largest[j][1];
    cx += (largest[j][0] + largest[i][0]) * cross;
    cy += (largest[j][1] + largest[i][1]) * cross;
  }
  return [cx / (6 * area), cy / (6 * area)];
}

export function signedArea(ring: Polygon): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  }
  return sum / 2;
}
