// Map art: how a variant's board is drawn, kept beside the variant as human-editable JSON
// (`variants/<id>/<id>.map.json`, format in docs/map-art.md). Loaded, checked against the variant
// (every space drawn, anchors inside their own shape) and cached here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIANTS_DIR } from '../../core/map/load.js';
import type { Variant } from '../../core/map/variant.js';
import { pathPolygons, pointInShape, type Point, type Polygon } from './geometry.js';

export const ART_FORMAT = 'chancery-map-art 1';

export interface ProvinceArt {
  shape: string;
  label: Point;
  unit: Point;
  coasts?: Record<string, Point>;
  centre?: Point;
}

export interface Decoration {
  shape: string;
  fill?: string;
  stroke?: string;
  width?: number;
  dash?: string;
}

export interface MapArt {
  format: string;
  variant: string;
  source: string;
  width: number;
  height: number;
  provinces: Record<string, ProvinceArt>;
  /** Drawn above the provinces' fills, below labels and units: coastlines, borders, rivers. */
  decorations?: Decoration[];
  /**
   * Where the picture and the variant's borders differ, known and explained (`why`): bordering
   * provinces that do not touch on the picture (a crossing over water drawn as a line) and touching
   * ones that do not border (a corner, an impassable space). The tests hold the art to exactly these.
   */
  adjacencyNotes?: { missing: string[]; extra: string[]; why: string };
  /** Draw each province's outline (art whose decorations draw no borders, e.g. generated art). */
  outlineProvinces?: boolean;
  /** How close (art units) two outlines must run to count as touching; default 4 (drawn art has gaps). */
  adjacencyTouch?: number;
}

export interface LoadedArt extends MapArt {
  file: string;
  /** Each province's shape as rings, read once. */
  rings: Map<string, Polygon[]>;
}

export function artFile(variantId: string): string {
  return join(VARIANTS_DIR, variantId, `${variantId}.map.json`);
}

export function hasMapArt(variantId: string): boolean {
  return existsSync(artFile(variantId));
}

const cache = new Map<string, LoadedArt>();

/** The art of a variant (by id) or from a file, checked against the variant; errors name file and space. */
export function loadMapArt(variant: Variant, file: string = artFile(variant.id)): LoadedArt {
  const cached = cache.get(file);
  if (cached) return cached;
  if (!existsSync(file)) throw new Error(`${file}: no map art for variant ${variant.id}`);
  const art = JSON.parse(readFileSync(file, 'utf8')) as MapArt;
  const loaded = checkMapArt(variant, art, file);
  cache.set(file, loaded);
  return loaded;
}

/** Validates art against its variant; throws one error listing every problem. */
export function checkMapArt(variant: Variant, art: MapArt, file: string): LoadedArt {
  const problems: string[] = [];
  if (art.format !== ART_FORMAT) problems.push(`format must be "${ART_FORMAT}"`);
  if (!(art.width > 0) || !(art.height > 0)) problems.push('width and height must be positive');
  const rings = new Map<string, Polygon[]>();
  const isPoint = (p: unknown): p is Point => Array.isArray(p) && p.length === 2 && p.every((n) => Number.isFinite(n));
  for (const province of variant.map.provinces) {
    const entry = art.provinces?.[province.id];
    if (!entry) {
      problems.push(`${province.id}: not drawn`);
      continue;
    }
    let shape: Polygon[];
    try {
      shape = pathPolygons(entry.shape);
    } catch (error) {
      problems.push(`${province.id}: shape: ${(error as Error).message}`);
      continue;
    }
    if (!shape.length) problems.push(`${province.id}: empty shape`);
    rings.set(province.id, shape);
    const anchors: [string, unknown][] = [
      ['label', entry.label],
      ['unit', entry.unit],
    ];
    if (province.centre) anchors.push(['centre', entry.centre]);
    for (const coast of province.coasts) anchors.push([`coast ${coast}`, entry.coasts?.[coast]]);
    for (const [what, point] of anchors) {
      if (!isPoint(point)) problems.push(`${province.id}: ${what} missing or not [x, y]`);
      else if (!pointInShape(point, shape))
        problems.push(`${province.id}: ${what} [${point.join(', ')}] is outside its shape`);
    }
  }
  for (const id of Object.keys(art.provinces ?? {})) {
    if (!variant.map.byId.has(id)) problems.push(`${id}: drawn, but no space of ${variant.id} has this id`);
  }
  if (problems.length) throw new Error(`${file}: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  return { ...art, file, rings };
}
