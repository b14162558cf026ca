// Map art: how a variant's board is drawn, kept beside the variant as human-editable JSON
// (`variants/<id>/<id>.map.json`, format in docs/map-art.md). Loaded, checked against the variant
// (every space drawn; anchors inside their own shape by checkMapArt) and cached here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIANTS_DIR } from '../../core/map/load.js';
import type { Province, Variant } from '../../core/map/variant.js';
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
}

/** Art checked to the last point (checkMapArt): with each province's shape as rings, read once. */
export interface CheckedArt extends LoadedArt {
  rings: Map<string, Polygon[]>;
}

export function artFile(variantId: string): string {
  return join(VARIANTS_DIR, variantId, `${variantId}.map.json`);
}

/**
 * Whether a variant has its art, looked at once per variant: the art is part of the installed judge
 * (variants/), and every mail that may carry a picture asks (a deadline burst, thousands of times).
 */
export function hasMapArt(variantId: string): boolean {
  let has = artFound.get(variantId);
  if (has === undefined) artFound.set(variantId, (has = existsSync(artFile(variantId))));
  return has;
}

const artFound = new Map<string, boolean>();

const cache = new Map<string, LoadedArt>();

/**
 * The art of a variant (by id) or from a file, its structure checked against the variant (every space
 * drawn, every anchor a point); errors name file and space. The geometry (each anchor inside its own
 * shape) is checkMapArt's, which the map tools run on what they write and test/render/map-pictures
 * runs on every variant's art: reading every outline at load cost each process's first picture 30 ms.
 */
export function loadMapArt(variant: Variant, file: string = artFile(variant.id)): LoadedArt {
  const cached = cache.get(file);
  if (cached) return cached;
  if (!existsSync(file)) throw new Error(`${file}: no map art for variant ${variant.id}`);
  const art = JSON.parse(readFileSync(file, 'utf8')) as MapArt;
  throwProblems(file, structureProblems(variant, art));
  const loaded = { ...art, file };
  cache.set(file, loaded);
  return loaded;
}

/** Validates art against its variant, shapes and anchors included; throws one error listing every problem. */
export function checkMapArt(variant: Variant, art: MapArt, file: string): CheckedArt {
  const problems = structureProblems(variant, art);
  const rings = new Map<string, Polygon[]>();
  for (const province of variant.map.provinces) {
    const entry = art.provinces?.[province.id];
    if (!entry) continue;
    let shape: Polygon[];
    try {
      shape = pathPolygons(entry.shape);
    } catch (error) {
      problems.push(`${province.id}: shape: ${(error as Error).message}`);
      continue;
    }
    if (!shape.length) problems.push(`${province.id}: empty shape`);
    rings.set(province.id, shape);
    for (const [what, point] of anchors(province, entry))
      if (isPoint(point) && !pointInShape(point, shape))
        problems.push(`${province.id}: ${what} [${point.join(', ')}] is outside its shape`);
  }
  throwProblems(file, problems);
  return { ...art, file, rings };
}

const isPoint = (p: unknown): p is Point => Array.isArray(p) && p.length === 2 && p.every((n) => Number.isFinite(n));

function anchors(province: Province, entry: ProvinceArt): [string, unknown][] {
  const list: [string, unknown][] = [
    ['label', entry.label],
    ['unit', entry.unit],
  ];
  if (province.centre) list.push(['centre', entry.centre]);
  for (const coast of province.coasts) list.push([`coast ${coast}`, entry.coasts?.[coast]]);
  return list;
}

/** Format, size, every space drawn with its anchors as points, nothing drawn that the variant lacks. */
function structureProblems(variant: Variant, art: MapArt): string[] {
  const problems: string[] = [];
  if (art.format !== ART_FORMAT) problems.push(`format must be "${ART_FORMAT}"`);
  if (!(art.width > 0) || !(art.height > 0)) problems.push('width and height must be positive');
  for (const province of variant.map.provinces) {
    const entry = art.provinces?.[province.id];
    if (!entry) {
      problems.push(`${province.id}: not drawn`);
      continue;
    }
    if (typeof entry.shape !== 'string' || !entry.shape) problems.push(`${province.id}: empty shape`);
    for (const [what, point] of anchors(province, entry))
      if (!isPoint(point)) problems.push(`${province.id}: ${what} missing or not [x, y]`);
  }
  for (const id of Object.keys(art.provinces ?? {})) {
    if (!variant.map.byId.has(id)) problems.push(`${id}: drawn, but no space of ${variant.id} has this id`);
  }
  return problems;
}

function throwProblems(file: string, problems: string[]): void {
  if (problems.length) throw new Error(`${file}: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
}
