// Issue 12: every variant with map art draws its whole map, and the start position appears on the
// picture: each unit at its place in its owner's colour, each owned centre in its owner's colour.
// The pixels are read back from the PNG the mails carry.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initialPosition } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Variant } from '../../src/core/map/variant.js';
import { provinceOf, type Position } from '../../src/core/types.js';
import { compareAdjacency } from '../../src/render/map/adjacency.js';
import { artFile, checkMapArt, hasMapArt, loadMapArt, type LoadedArt, type MapArt } from '../../src/render/map/art.js';
import { drawBoardSvg, TITLE_HEIGHT } from '../../src/render/map/board-picture.js';
import { MAX_PNG_BYTES, svgToPng } from '../../src/render/map/png.js';
import { decodePng } from './png-decode.js';

/** The variants whose art is in the repository; each must pass every check below. */
const DRAWN = ['standard', 'ambition5', 'ambition6', '1648', 'succession'];

const hex = (colour: string): [number, number, number] =>
  [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) <= 30);

function picture(variant: Variant, art: LoadedArt, position: Position) {
  const svg = drawBoardSvg(variant, art, { gameName: 'test', phaseLabel: 'start', position });
  const png = svgToPng(svg).png;
  const decoded = decodePng(png);
  const zoom = decoded.width / art.width;
  const pixel = (x: number, y: number) => decoded.at(x * zoom, (y + TITLE_HEIGHT) * zoom);
  return { png, pixel };
}

describe.each(DRAWN)('the map of %s', (id) => {
  const variant = loadVariant(id);

  it('has art that draws every space, with each anchor inside its own shape', () => {
    expect(hasMapArt(id)).toBe(true);
    const art = checkMapArt(variant, loadMapArt(variant), artFile(id)); // throws, naming every problem, otherwise
    expect(Object.keys(art.provinces).sort()).toEqual(variant.map.provinces.map((p) => p.id).sort());
    expect(art.rings.size).toBe(variant.map.provinces.length);
  });

  it("touches exactly where the variant's borders say, apart from the differences the art documents", () => {
    const art = checkMapArt(variant, loadMapArt(variant), artFile(id));
    const { missing, extra } = compareAdjacency(variant, art.rings, art.adjacencyTouch);
    expect({ missing, extra }).toEqual({
      missing: art.adjacencyNotes?.missing ?? [],
      extra: art.adjacencyNotes?.extra ?? [],
    });
    // Documented differences stay few: the picture must be a faithful map.
    expect(missing.length + extra.length).toBeLessThanOrEqual(15);
  });

  it('shows every unit of the start in its owner colour, and every owned centre', () => {
    const art = loadMapArt(variant);
    const position = initialPosition(variant);
    const { png, pixel } = picture(variant, art, position);
    expect(png.length).toBeLessThanOrEqual(MAX_PNG_BYTES);
    const wrong: string[] = [];
    const occupied = new Set(position.units.map((u) => provinceOf(u.loc)));
    for (const unit of position.units) {
      const power = variant.powerById.get(unit.power)!;
      const scale = power.kind === 'great' ? 1 : 0.8;
      const province = art.provinces[provinceOf(unit.loc)];
      const [x, y] = unit.loc.includes('/') ? province.coasts![unit.loc.split('/')[1]] : province.unit;
      const at = unit.type === 'A' ? pixel(x - 5 * scale, y - 5 * scale) : pixel(x - 4 * scale, y + 4 * scale);
      if (!near(at, hex(power.colour ?? '#777777')))
        wrong.push(`${unit.type} ${unit.loc}: ${at} is not ${power.colour}`);
    }
    for (const [centre, owner] of Object.entries(position.owners)) {
      const entry = art.provinces[centre];
      if (!entry.centre) continue;
      const [x, y] = entry.centre;
      if (occupied.has(centre) && Math.hypot(x - entry.unit[0], y - entry.unit[1]) < 18) continue; // under the unit
      const colour = variant.powerById.get(owner)!.colour ?? '#777777';
      // Its ring, sampled on four sides (a name may be written across one of them).
      const around = [pixel(x + 4, y), pixel(x - 4, y), pixel(x, y + 4), pixel(x, y - 4)];
      if (!around.some((at) => near(at, hex(colour))))
        wrong.push(`centre ${centre}: ${around.join(' / ')} is not ${colour}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('art that does not fit its variant', () => {
  const variant = loadVariant('standard');
  const good = JSON.parse(readFileSync(artFile('standard'), 'utf8')) as MapArt;
  const writeArt = (art: MapArt) => {
    const file = join(mkdtempSync(join(tmpdir(), 'chancery-art-')), 'broken.map.json');
    writeFileSync(file, JSON.stringify(art));
    return file;
  };

  it('is refused when loaded if a space is not drawn or an anchor is not a point', () => {
    const { par: _par, ...provinces } = good.provinces;
    const art = { ...good, provinces: { ...provinces, bur: { ...good.provinces.bur, unit: [1] as never } } };
    const file = writeArt(art);
    expect(() => loadMapArt(variant, file)).toThrow(/par: not drawn/);
    expect(() => loadMapArt(variant, file)).toThrow(/bur: unit missing or not \[x, y\]/);
  });

  it('is refused by checkMapArt (run on every variant above) if an anchor lies outside its own shape', () => {
    const art: MapArt = { ...good, provinces: { ...good.provinces, par: { ...good.provinces.par, unit: [0, 0] } } };
    const file = writeArt(art);
    expect(loadMapArt(variant, file).provinces.par.unit).toEqual([0, 0]);
    expect(() => checkMapArt(variant, art, file)).toThrow(/par: unit \[0, 0\] is outside its shape/);
  });
});
