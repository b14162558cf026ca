// Converts a DPjudge map drawing (PostScript, MIT) into our map art once:
//   npx tsx tools/maps/ps-to-art.ts standard   (reads ../shared/reference/dpjudge-maps/standard.ps)
//   npx tsx tools/maps/ps-to-art.ts ambition5  (reads ambition.ps)
// The drawing's coast and border lines give each province's shape (tools/maps/regions.ts), its
// coordinates give the unit, name, coast and centre anchors. Province ids are matched to the variant
// file by the drawing's full names. Output: variants/<id>/<id>.map.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadVariant } from '../../src/core/map/load.js';
import { normaliseName } from '../../src/core/map/names.js';
import type { Variant } from '../../src/core/map/variant.js';
import {
  ART_FORMAT,
  artFile,
  checkMapArt,
  type Decoration,
  type MapArt,
  type ProvinceArt,
} from '../../src/render/map/art.js';
import { centroid, pointInShape, type Point, type Polygon } from '../../src/render/map/geometry.js';
import { compareAdjacency } from '../../src/render/map/adjacency.js';
import { readPsMap, type PsMap } from './ps-reader.js';
import { absorbInk, floodRegions, rasterise, simplify, traceRegion } from './regions.js';

const DRAWINGS: Record<string, string> = { standard: 'standard.ps', ambition5: 'ambition.ps' };
const REFERENCE = join(import.meta.dirname, '..', '..', '..', 'shared', 'reference', 'dpjudge-maps');
/** Art units per unit of the drawing. */
const SCALE = 2;

const round = (n: number) => Math.round(n * 10) / 10;
export const pathData = (rings: Polygon[]) =>
  rings.map((ring) => `M${ring.map(([x, y]) => `${round(x)} ${round(y)}`).join('L')}Z`).join('');

/** Our space id for each abbreviation of the drawing (BUL, BUL/EC …), by full name or abbreviation. */
function matchIds(variant: Variant, ps: PsMap): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [abbr, { name }] of ps.info) {
    const [province, coast] = abbr.toLowerCase().split('/');
    const byName = variant.map.names.get(normaliseName(coast ? name.replace(/\s*\(.*\)\s*$/, '') : name));
    const base = byName?.split('/')[0] ?? (variant.map.byId.has(province) ? province : undefined);
    if (base) ids.set(abbr, coast ? `${base}/${coast}` : base);
  }
  return ids;
}

/** Moves `p` towards `target` until it lies inside the shape (anchors must be inside their own shape). */
function inside(p: Point, rings: Polygon[], target: Point): Point {
  if (pointInShape(p, rings)) return p;
  for (let t = 0.1; t <= 1; t += 0.1) {
    const q: Point = [p[0] + (target[0] - p[0]) * t, p[1] + (target[1] - p[1]) * t];
    if (pointInShape(q, rings)) return q;
  }
  return target;
}

export function convert(variantId: string): { art: MapArt; report: string[] } {
  const variant = loadVariant(variantId);
  const ps = readPsMap(readFileSync(join(REFERENCE, DRAWINGS[variantId]), 'utf8'));
  const [fx, fy, fw, fh] = ps.frame;
  const width = Math.round(fw * SCALE);
  const height = Math.round(fh * SCALE);
  const toArt = ([x, y]: Point): Point => [(x - fx) * SCALE, (fy + fh - y) * SCALE];
  const ids = matchIds(variant, ps);
  const report: string[] = [];

  const lines = ps.paths.map((path) => path.points.map(toArt));
  const raster = rasterise(width, height, lines);
  const provinces = variant.map.provinces;
  const abbrOf = new Map([...ids].filter(([abbr]) => !abbr.includes('/')).map(([abbr, id]) => [id, abbr]));
  const seeds: Point[] = provinces.map((p) => {
    const abbr = abbrOf.get(p.id);
    const at = abbr ? (ps.units.get(abbr) ?? ps.info.get(abbr)?.at) : undefined;
    if (!at) report.push(`${p.id}: the drawing has no coordinate for it`);
    return at ? toArt(at) : [-100, -100];
  });
  const owner = floodRegions(raster, seeds);
  absorbInk(raster, owner, 2);

  const art: Record<string, ProvinceArt> = {};
  provinces.forEach((province, index) => {
    let rings: Polygon[] = traceRegion(owner, width, height, index + 1, 0.9);
    if (!rings.length) {
      report.push(`${province.id}: no area found around its coordinate; drawn as a small disc`);
      const [x, y] = seeds[index][0] >= 0 ? seeds[index] : [20, 20];
      rings = [
        Array.from(
          { length: 12 },
          (_, k) => [x + 9 * Math.cos((k * Math.PI) / 6), y + 9 * Math.sin((k * Math.PI) / 6)] as Point,
        ),
      ];
    }
    const abbr = abbrOf.get(province.id);
    const middle = centroid(rings);
    const unit = inside(seeds[index], rings, middle);
    const below: Point = [unit[0], unit[1] + 15];
    const label = pointInShape(below, rings)
      ? below
      : pointInShape([unit[0], unit[1] - 15], rings)
        ? ([unit[0], unit[1] - 15] as Point)
        : inside(middle, rings, unit);
    const entry: ProvinceArt = {
      shape: pathData(rings),
      label: label.map(round) as Point,
      unit: unit.map(round) as Point,
    };
    if (province.centre) {
      const at = abbr ? ps.centres.get(abbr) : undefined;
      entry.centre = inside(at ? toArt(at) : [unit[0] + 10, unit[1] - 10], rings, unit).map(round) as Point;
    }
    if (province.coasts.length) {
      entry.coasts = {};
      for (const coast of province.coasts) {
        const drawn = [...ids].find(([, id]) => id === `${province.id}/${coast}`)?.[0];
        const at = drawn ? ps.info.get(drawn)?.at : undefined;
        if (!at) report.push(`${province.id}/${coast}: no coordinate in the drawing; put at the unit`);
        entry.coasts[coast] = inside(at ? toArt(at) : unit, rings, unit).map(round) as Point;
      }
    }
    art[province.id] = entry;
  });

  // Land the drawing fills but no province covers (islands such as Ireland, Sicily) under everything;
  // then the drawing's own lines over the provinces: coasts solid, internal borders dashed.
  const decorations: Decoration[] = [];
  const land = ps.paths.filter((p) => p.filled && /Land|Continent(Black|Olive)|Brown/.test(p.layer));
  if (land.length) {
    const d = land
      .map(
        (p) =>
          `M${simplify(p.points.map(toArt), 0.6)
            .map(([x, y]) => `${round(x)} ${round(y)}`)
            .join('L')}Z`,
      )
      .join('');
    decorations.push({ shape: d, fill: '#e8dcb5', stroke: 'none' });
  }
  for (const dashed of [false, true]) {
    const chosen = ps.paths.filter((p) => p.dashed === dashed);
    if (!chosen.length) continue;
    const d = chosen
      .map(
        (p) =>
          `M${simplify(p.points.map(toArt), 0.6)
            .map(([x, y]) => `${round(x)} ${round(y)}`)
            .join('L')}`,
      )
      .join('');
    decorations.push({
      shape: d,
      fill: 'none',
      stroke: '#2b2b2b',
      width: dashed ? 1 : 1.4,
      ...(dashed ? { dash: '5 3' } : {}),
    });
  }
  const result: MapArt = {
    format: ART_FORMAT,
    variant: variantId,
    source: `Converted from DPjudge's ${DRAWINGS[variantId]} (MIT; DPeye/dpmap) by tools/maps/ps-to-art.ts`,
    width,
    height,
    provinces: art,
    decorations,
  };
  const loaded = checkMapArt(variant, result, artFile(variantId));
  const differences = compareAdjacency(variant, loaded.rings);
  result.adjacencyNotes = {
    ...differences,
    why:
      "DPjudge's drawing shows some borders as crossings over water or straits (no shared outline) and lets some " +
      'provinces meet at a corner; impassable spaces touch their neighbours without a border.',
  };
  return { art: result, report };
}

if (process.argv[1]?.endsWith('ps-to-art.ts')) {
  for (const id of process.argv.slice(2)) {
    if (!DRAWINGS[id]) throw new Error(`no DPjudge drawing for ${id} (known: ${Object.keys(DRAWINGS).join(', ')})`);
    const { art, report } = convert(id);
    checkMapArt(loadVariant(id), art, artFile(id));
    writeFileSync(artFile(id), `${JSON.stringify(art)}\n`);
    console.log(`${artFile(id)}: ${Object.keys(art.provinces).length} provinces, ${art.width}x${art.height}`);
    for (const line of report) console.log(`  ${line}`);
  }
}
