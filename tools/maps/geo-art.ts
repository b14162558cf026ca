// Map art from real geography, for variants no drawing exists for (1648, Succession & Legacy):
//   npx tsx tools/maps/geo-art.ts 1648
// Each space's real location (variants/<id>/<id>.geo) is projected (d3-geo, conic conformal fitted
// to the spaces); the coastline comes from Natural Earth (npm world-atlas, public domain). Every land
// pixel goes to the nearest land province, every sea pixel to the nearest sea (a Voronoi split by
// terrain); the regions are traced into shapes (tools/maps/regions.ts). A sea inside the coastline
// (a lake such as Ladoga) is cut out around its location. Where the picture's neighbours differ from
// the variant's borders, the art lists the differences (adjacencyNotes), and the tests hold it to them.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { geoConicConformal, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology, GeometryObject } from 'topojson-specification';
import { loadVariant, VARIANTS_DIR } from '../../src/core/map/load.js';
import { compareAdjacency } from '../../src/render/map/adjacency.js';
import { ART_FORMAT, artFile, checkMapArt, type MapArt, type ProvinceArt } from '../../src/render/map/art.js';
import {
  bounds,
  centroid,
  pathPolygons,
  pointInShape,
  signedArea,
  type Point,
  type Polygon,
} from '../../src/render/map/geometry.js';
import { pathData } from './ps-to-art.js';
import { fitRegions } from './fit-regions.js';
import { simplify, traceRegion } from './regions.js';

const WIDTH = 1300;
/** Shapes share their outlines exactly; non-neighbours stay 2 x GAP apart: a small tolerance tells them apart. */
const TOUCH = 3;
const HEIGHT = 1100;

export function readGeo(variantId: string): Map<string, [number, number]> {
  const places = new Map<string, [number, number]>();
  const text = readFileSync(join(VARIANTS_DIR, variantId, `${variantId}.geo`), 'utf8');
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) return;
    const [id, lat, lon] = line.split(/\s+/);
    if (!id || Number.isNaN(Number(lat)) || Number.isNaN(Number(lon)))
      throw new Error(`${variantId}.geo:${i + 1}: write "<space> <lat> <lon>"`);
    places.set(id, [Number(lon), Number(lat)]);
  });
  return places;
}

const round = (n: number) => Math.round(n * 10) / 10;

function landMask(path: string): Uint8Array {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  const pixels = new Resvg(svg, { shapeRendering: 0 }).render().pixels;
  const land = new Uint8Array(WIDTH * HEIGHT);
  for (let i = 0; i < land.length; i++) land[i] = pixels[i * 4] < 128 ? 1 : 0;
  return land;
}

/** `p` rounded to the art's precision if that lies inside the shape, else the nearest grid point inside. */
function settle(p: Point, rings: Polygon[]): Point {
  const rounded = p.map(round) as Point;
  return pointInShape(rounded, rings) ? rounded : (inside(rounded, rings).map(round) as Point);
}

/** `p` if it lies inside the shape, else the point of the shape nearest to it (on a 1-unit grid). */
function inside(p: Point, rings: Polygon[]): Point {
  if (pointInShape(p, rings)) return p;
  const [x0, y0, x1, y1] = bounds(rings);
  let best: Point | null = null;
  let bestDistance = Infinity;
  for (let y = Math.floor(y0) + 0.5; y < y1; y += 1) {
    for (let x = Math.floor(x0) + 0.5; x < x1; x += 1) {
      const distance = (x - p[0]) ** 2 + (y - p[1]) ** 2;
      if (distance < bestDistance && pointInShape([x, y], rings)) [best, bestDistance] = [[x, y], distance];
    }
  }
  return best ?? centroid(rings);
}

export function generate(variantId: string): MapArt {
  const variant = loadVariant(variantId);
  const places = readGeo(variantId);
  const provinces = variant.map.provinces;
  const missing = provinces.filter((p) => !places.has(p.id)).map((p) => p.id);
  if (missing.length) throw new Error(`${variantId}.geo lacks ${missing.join(', ')}`);
  // Fitted to the heart of the map; far spaces (Siberia, the Indian Ocean) sit at the picture's edge.
  const heart = provinces.map((p) => places.get(p.id)!).filter(([lon, lat]) => lon >= -20 && lon <= 48 && lat >= 28);
  const anchors = { type: 'MultiPoint' as const, coordinates: heart };
  const projection = geoConicConformal()
    .parallels([38, 62])
    .rotate([-20, 0])
    .fitExtent(
      [
        [30, 30],
        [WIDTH - 30, HEIGHT - 30],
      ],
      anchors,
    );
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')) as Topology;
  const land = feature(topology, topology.objects.land as GeometryObject);
  const coastline = geoPath(projection)(land) ?? '';
  const isLand = landMask(coastline);
  const at = (id: string): Point => {
    const [x, y] = projection(places.get(id)!) as Point;
    return [Math.max(24, Math.min(WIDTH - 24, x)), Math.max(24, Math.min(HEIGHT - 24, y))];
  };

  const fitted = fitRegions({
    variant,
    width: WIDTH,
    height: HEIGHT,
    land: isLand,
    at: new Map(provinces.map((p) => [p.id, at(p.id)])),
  });
  const owner = fitted.owner;
  console.log(
    `  ${variantId}: ${fitted.initial} borders not shown at first, ` +
      `${fitted.missing.length} after ${fitted.rounds} rounds`,
  );
  const indexOf = new Map(provinces.map((p, i) => [p.id, i + 1]));

  const art: Record<string, ProvinceArt> = {};
  for (const province of provinces) {
    const rings = traceRegion(owner, WIDTH, HEIGHT, indexOf.get(province.id)!, 0.8);
    if (!rings.length) throw new Error(`${province.id}: no area on the picture`);
    const unit = inside(at(province.id), rings);
    const below: Point = [unit[0], unit[1] + 14];
    const entry: ProvinceArt = {
      shape: pathData(rings),
      unit: settle(unit, rings),
      label: settle(pointInShape(below, rings) ? below : inside([unit[0], unit[1] - 14], rings), rings),
    };
    if (province.centre) {
      const right: Point = [unit[0] + 13, unit[1] - 6];
      entry.centre = settle(pointInShape(right, rings) ? right : inside([unit[0] - 13, unit[1] - 6], rings), rings);
    }
    if (province.coasts.length) {
      entry.coasts = {};
      for (const coast of province.coasts) {
        const place = places.get(`${province.id}/${coast}`);
        if (!place) throw new Error(`${variantId}.geo lacks ${province.id}/${coast}`);
        entry.coasts[coast] = settle(inside(projection(place) as Point, rings), rings);
      }
    }
    art[province.id] = entry;
  }
  // The coastline as drawn: clipped to the picture, simplified, without specks of islands.
  projection.clipExtent([
    [-2, -2],
    [WIDTH + 2, HEIGHT + 2],
  ]);
  const rounded = pathData(
    pathPolygons(geoPath(projection)(land) ?? '')
      .map((ring) => simplify(ring, 0.7))
      .filter((ring) => ring.length >= 3 && Math.abs(signedArea(ring)) >= 4),
  );
  const result: MapArt = {
    format: ART_FORMAT,
    variant: variantId,
    source:
      `Generated by tools/maps/geo-art.ts from ${variantId}.geo (real locations) and Natural Earth's coastline ` +
      '(world-atlas land-50m, public domain)',
    width: WIDTH,
    height: HEIGHT,
    provinces: art,
    decorations: [
      // Land no province took (the strips between provinces without a border) shows as plain land.
      { shape: rounded, fill: '#e8dcb5', stroke: 'none' },
    ],
    outlineProvinces: true,
    adjacencyTouch: TOUCH,
  };
  const loaded = checkMapArt(variant, result, artFile(variantId));
  const differences = compareAdjacency(variant, loaded.rings, TOUCH);
  result.adjacencyNotes = {
    ...differences,
    why:
      'Provinces grow from their real locations over real land and sea and never touch a province they do not ' +
      'border; a border the growth could not bring together (a crossing over water, a space hemmed in by others) ' +
      'is listed as missing.',
  };
  return result;
}

if (process.argv[1]?.endsWith('geo-art.ts')) {
  for (const id of process.argv.slice(2)) {
    const art = generate(id);
    writeFileSync(artFile(id), `${JSON.stringify(art)}\n`);
    const notes = art.adjacencyNotes!;
    console.log(
      `${artFile(id)}: ${Object.keys(art.provinces).length} provinces, ` +
        `${notes.missing.length} borders not shown, ${notes.extra.length} extra`,
    );
    console.log(`  not shown: ${notes.missing.join(' ')}`);
    console.log(`  extra: ${notes.extra.join(' ')}`);
  }
}
