// Boards stored by the build (src/render/map/board-store.ts): a process that finds its picture's board
// stored draws from it instead of drawing the board, and gets the PNG bytes it would have drawn; a
// board stored for another map, or a file cut short, is not used. Each case runs on fresh modules, so
// that no board is kept in memory from an earlier picture.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { adjudicate, initialPosition } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { boardSvg } from '../../src/render/map/index.js';
import { decodePng } from './png-decode.js';

const variant = loadVariant('standard');
const start = initialPosition(variant);
const startSvg = boardSvg(variant, { phaseLabel: 'Spring 1901 Movement', position: start });
// A later phase: other owners' colours filled in on the same board, orders drawn over it.
const played = (() => {
  const text = 'Austria: A Vie-Gal\nRussia: F Sev-Bla, A War-Gal\nTurkey: F Ank-Bla, A Con-Bul\nGermany: A Mun-Bur';
  const read = readPhaseOrders(variant, start, text, 'board store');
  const result = adjudicate(variant, start, read.orders, { seed: 'board store' });
  const fall = adjudicate(variant, result.next, [], { seed: 'board store fall' });
  return boardSvg(variant, { gameName: 'stored', phaseLabel: 'Winter 1901', position: fall.next, result: fall });
})();

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Fresh picture modules, reading boards from `dir` (null: none). */
async function drawing(dir: string | null) {
  vi.resetModules();
  const store = await import('../../src/render/map/board-store.js');
  store.useBoardStore(dir);
  return { ...(await import('../../src/render/map/png.js')), ...store };
}

async function storedFrom(svg: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'chancery-boards-'));
  dirs.push(dir);
  (await drawing(null)).storeBoardOf(svg, dir);
  return dir;
}

const boardFileIn = (dir: string) =>
  join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.board'))!,
  );

describe('a board stored by the build', () => {
  it("draws a later phase's picture, in the judge and in `chancery map`, as the board drawn there would", async () => {
    const dir = await storedFrom(startSvg);
    const drawnHere = (await drawing(null)).svgToPng(played).png;
    const fromStore = await drawing(dir);
    expect(Buffer.compare(fromStore.svgToPng(played).png, drawnHere)).toBe(0);
    // `chancery map` (one picture alone) draws on the stored board too: the judge's very picture.
    const single = (await drawing(dir)).svgToPng(played, { single: true }).png;
    expect(Buffer.compare(single, drawnHere)).toBe(0);
    // Without a stored board it is drawn whole, which differs where smoothed edges meet: the sameness
    // above comes from the store.
    const whole = (await drawing(null)).svgToPng(played, { single: true }).png;
    expect(Buffer.compare(whole, drawnHere)).not.toBe(0);
  }, 60_000);

  it('is what the picture is drawn on: a pixel changed in the stored board shows in the picture', async () => {
    const dir = await storedFrom(startSvg);
    const before = decodePng((await drawing(dir)).svgToPng(startSvg, { single: true }).png);
    await tamperStoredRows(dir);
    const after = decodePng((await drawing(dir)).svgToPng(startSvg, { single: true }).png);
    const at = 4 * (TAMPERED.y * before.width + TAMPERED.x);
    const pixel = (pixels: Uint8Array) => [...pixels.subarray(at, at + 4)];
    expect(pixel(before.pixels)).not.toEqual([1, 2, 3, 255]);
    expect(pixel(after.pixels)).toEqual([1, 2, 3, 255]);
    after.pixels.set(before.pixels.subarray(at, at + 4), at);
    expect(Buffer.compare(after.pixels, before.pixels)).toBe(0);
    const judge = decodePng((await drawing(dir)).svgToPng(played).png);
    expect(pixel(judge.pixels)).toEqual([1, 2, 3, 255]);
  }, 60_000);

  it('is not used for another map, nor when its file is cut short or is not a board', async () => {
    const dir = await storedFrom(startSvg);
    await tamperStoredRows(dir);
    // Another map (one name changed), its file name given to this board: read and refused for its key,
    // the picture drawn as without a store.
    const renamed = played.replace('>MOS<', '>MSC<');
    expect(renamed).not.toBe(played);
    const other = await storedFrom(renamed);
    writeFileSync(boardFileIn(other), readFileSync(boardFileIn(dir)));
    const drawnHere = (await drawing(null)).svgToPng(renamed).png;
    expect(Buffer.compare((await drawing(other)).svgToPng(renamed).png, drawnHere)).toBe(0);
    const file = boardFileIn(dir);
    const whole = readFileSync(file);
    const expected = (await drawing(null)).svgToPng(played).png;
    for (const broken of [whole.subarray(0, whole.length >> 1), Buffer.from('not a board'), Buffer.alloc(0)]) {
      writeFileSync(file, broken);
      expect(Buffer.compare((await drawing(dir)).svgToPng(played).png, expected)).toBe(0);
    }
  }, 60_000);
});

/** A pixel of the map's west edge, under no title, legend, unit or order. */
const TAMPERED = { x: 3, y: 300 };

/** The stored board's pixel TAMPERED made (1, 2, 3), through the store's own reading and writing. */
async function tamperStoredRows(dir: string): Promise<void> {
  const { readBoardFile, storeBoard } = await drawing(null);
  const stored = readBoardFile(boardFileIn(dir))!;
  const { rows, width } = stored.board;
  rows.set([1, 2, 3], TAMPERED.y * (1 + 3 * width) + 1 + 3 * TAMPERED.x); // each row led by its filter byte
  storeBoard(dir, stored.key, stored.board);
}
