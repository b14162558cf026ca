// A&E v6.01's map art, derived from v5's (variants/ambition5/ambition5.map.json, itself converted
// from DPjudge's drawing) with the v6 changes drawn in, as data in this file:
//   npx tsx tools/maps/ambition6-from-ambition5.ts
// - renamed spaces keep their shapes (Andalusia, Southern Netherlands, Gulf of Bothnia …);
// - Poland redrawn: Greater Poland takes Posen's shape, Lesser Poland Galicia's, and Lithuania is cut
//   in two along SPLIT_LITHUANIA, its south becoming Podolia (Kiev keeps v5's shape);
// - Smyrna takes the Anatolian space (v5's Ankara) and gets a north and a south coast;
// - Crete, an island v5 leaves out, is the drawing's island between the Aegean and the Eastern Med.
import { writeFileSync } from 'node:fs';
import { loadVariant } from '../../src/core/map/load.js';
import { compareAdjacency } from '../../src/render/map/adjacency.js';
import {
  ART_FORMAT,
  artFile,
  checkMapArt,
  loadMapArt,
  type MapArt,
  type ProvinceArt,
} from '../../src/render/map/art.js';
import {
  centroid,
  pathPolygons,
  pointInShape,
  signedArea,
  type Point,
  type Polygon,
} from '../../src/render/map/geometry.js';
import { pathData } from './ps-to-art.js';

/** v6 space ← the v5 space whose shape it keeps. */
const KEPT: Record<string, string> = {
  and: 'adl',
  sne: 'ane',
  gob: 'bot',
  gol: 'lyo',
  hst: 'hls',
  mek: 'mec',
  nas: 'tws',
  gpo: 'pos',
  lpo: 'gal',
  smy: 'ank',
  kev: 'kiv',
};

/** The line that cuts v5's Lithuania: south of it is Podolia (between Lesser Poland, Wallachia and Kiev). */
const SPLIT_LITHUANIA: [Point, Point] = [
  [760, 705],
  [1100, 705],
];

const round = (n: number) => Math.round(n * 10) / 10;

/** The part of each ring on one side of the directed line a→b (Sutherland–Hodgman, one half-plane). */
function clip(rings: Polygon[], a: Point, b: Point, keepLeft: boolean): Polygon[] {
  const side = (p: Point) => {
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    return keepLeft ? cross <= 0 : cross >= 0;
  };
  const cut = (p: Point, q: Point): Point => {
    const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
    const [ex, ey] = [b[0] - a[0], b[1] - a[1]];
    const t = ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / (dx * ey - dy * ex);
    return [p[0] + t * dx, p[1] + t * dy];
  };
  const out: Polygon[] = [];
  for (const ring of rings) {
    const kept: Point[] = [];
    ring.forEach((p, i) => {
      const q = ring[(i + 1) % ring.length];
      if (side(p)) kept.push(p);
      if (side(p) !== side(q)) kept.push(cut(p, q));
    });
    if (kept.length >= 3 && Math.abs(signedArea(kept)) > 20) out.push(kept);
  }
  return out;
}

/** A point inside the shape near its middle, and one pulled from it towards `towards` while inside. */
function anchorInside(rings: Polygon[], from: Point, towards?: Point, share = 0.75): Point {
  let best = pointInShape(from, rings) ? from : centroid(rings);
  if (!pointInShape(best, rings)) best = rings[0][0];
  if (!towards) return best;
  let last = best;
  for (let t = 0.05; t <= 1; t += 0.05) {
    const p: Point = [best[0] + (towards[0] - best[0]) * t, best[1] + (towards[1] - best[1]) * t];
    if (!pointInShape(p, rings)) break;
    last = p;
  }
  return [best[0] + (last[0] - best[0]) * share, best[1] + (last[1] - best[1]) * share];
}

function entryFor(
  rings: Polygon[],
  centre: boolean,
  coasts: string[] = [],
  toward: Record<string, Point> = {},
): ProvinceArt {
  const middle = anchorInside(rings, centroid(rings));
  const entry: ProvinceArt = {
    shape: pathData(rings),
    unit: middle.map(round) as Point,
    label: anchorInside(rings, middle, [middle[0], middle[1] + 40], 0.5).map(round) as Point,
  };
  if (centre) entry.centre = anchorInside(rings, middle, [middle[0] + 30, middle[1] - 20], 0.5).map(round) as Point;
  if (coasts.length)
    entry.coasts = Object.fromEntries(
      coasts.map((c) => [c, anchorInside(rings, middle, toward[c]).map(round) as Point]),
    );
  return entry;
}

export function deriveAmbition6(): MapArt {
  const v5 = loadVariant('ambition5');
  const v6 = loadVariant('ambition6');
  const source = checkMapArt(v5, loadMapArt(v5), artFile('ambition5'));
  const provinces: Record<string, ProvinceArt> = {};
  for (const province of v6.map.provinces) {
    const from = KEPT[province.id] ?? (source.provinces[province.id] ? province.id : undefined);
    if (!from) continue;
    const entry = structuredClone(source.provinces[from]);
    if (!province.centre) delete entry.centre;
    if (province.coasts.length && !province.coasts.every((c) => entry.coasts?.[c])) {
      const rings = source.rings.get(from)!;
      const toward: Record<string, Point> = {
        nc: source.provinces.bla.unit,
        sc: source.provinces.eas.unit,
        ec: [entry.unit[0] + 100, entry.unit[1]],
        wc: [entry.unit[0] - 100, entry.unit[1]],
      };
      entry.coasts = Object.fromEntries(
        province.coasts.map((c) => [c, anchorInside(rings, entry.unit, toward[c]).map(round) as Point]),
      );
    }
    provinces[province.id] = entry;
  }
  // Lithuania cut in two: Podolia to the south of the line.
  const lithuania = source.rings.get('lit')!;
  const [a, b] = SPLIT_LITHUANIA;
  provinces.lit = entryFor(clip(lithuania, a, b, true), v6.map.byId.get('lit')!.centre);
  provinces.pod = entryFor(clip(lithuania, a, b, false), v6.map.byId.get('pod')!.centre);
  // Crete: the drawing's island nearest the line from the Aegean to the Eastern Mediterranean that no
  // province covers.
  const land = (source.decorations ?? [])
    .filter((d) => d.fill && d.fill !== 'none')
    .flatMap((d) => pathPolygons(d.shape));
  const covered = (p: Point) => [...source.rings.values()].some((rings) => pointInShape(p, rings));
  const [aeg, eas] = [source.provinces.aeg.unit, source.provinces.eas.unit];
  const middle: Point = [(aeg[0] + eas[0]) / 2, (aeg[1] + eas[1]) / 2];
  const island = land
    .filter((ring) => Math.abs(signedArea(ring)) > 60 && !covered(centroid([ring])))
    .sort((a, b) => Math.hypot(...sub(centroid([a]), middle)) - Math.hypot(...sub(centroid([b]), middle)))[0];
  provinces.cre = entryFor([island], v6.map.byId.get('cre')!.centre);
  const art: MapArt = {
    format: ART_FORMAT,
    variant: 'ambition6',
    source: "Derived from the A&E v5 art (DPjudge's ambition.ps, MIT) by tools/maps/ambition6-from-ambition5.ts",
    width: source.width,
    height: source.height,
    provinces,
    decorations: source.decorations,
  };
  const loaded = checkMapArt(v6, art, artFile('ambition6'));
  const differences = compareAdjacency(v6, loaded.rings);
  art.adjacencyNotes = {
    ...differences,
    why:
      "As for A&E v5 (crossings and corners of DPjudge's drawing); the v6 changes are drawn by cutting and " +
      'renaming v5 ' +
      'spaces, so a v6 border that follows no v5 line (within Poland and Kiev) may show as a corner.',
  };
  return art;
}

function sub(a: Point, b: Point): [number, number] {
  return [a[0] - b[0], a[1] - b[1]];
}

if (process.argv[1]?.endsWith('ambition6-from-ambition5.ts')) {
  const art = deriveAmbition6();
  writeFileSync(artFile('ambition6'), `${JSON.stringify(art)}\n`);
  console.log(`${artFile('ambition6')}: ${Object.keys(art.provinces).length} provinces`);
  console.log(
    `  differences from the variant's borders: missing ${art.adjacencyNotes!.missing.join(' ')}; ` +
      `extra ${art.adjacencyNotes!.extra.join(' ')}`,
  );
}
