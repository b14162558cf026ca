// Issue 12.2: `chancery map` draws the start, a position, or the last phase of order files played
// through the same path as `chancery adjudicate`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svgToPng } from '../../src/render/map/png.js';
import { decodePng } from '../render/png-decode.js';
import { runsBundle } from '../setup/build-global.js';
import { runCli, spawnChancery } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'chancery-map-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chancery map', () => {
  it('draws the start of a variant as PNG', async () => {
    const out = join(dir, 'start.png');
    const run = await runCli('map', '--variant', 'standard', '--out', out);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Standard Diplomacy, Spring 1901 Movement');
    expect(decodePng(readFileSync(out)).width).toBeGreaterThan(800);
  });

  it('draws the last phase of order files with its orders, as SVG', async () => {
    const out = join(dir, 'f1901.svg');
    const run = await runCli(
      'map',
      '--variant',
      'standard',
      '--orders',
      'examples/standard/spring-1901.txt',
      '--orders',
      'examples/standard/fall-1901.txt',
      '--svg',
      '--out',
      out,
      '--game',
      'example',
    );
    expect(run.code).toBe(0);
    expect(run.out).toContain('Fall 1901 Movement with its orders and results');
    const svg = readFileSync(out, 'utf8');
    // The title band: the game at the left, the phase in the middle (src/render/map/board-picture.ts).
    expect(svg).toContain('>Game example</text>');
    expect(svg).toContain('>Fall 1901 Movement</text>');
    expect(svg).toMatch(/marker-end="url\(#head\)"/);
  });
});

describe.runIf(runsBundle())('the built `chancery map`', () => {
  it("draws a later phase on the board the build stored: the results mail's very picture, byte for byte", async () => {
    const orders = ['spring-1649', 'fall-1649'].flatMap((file) => ['--orders', `examples/1648/${file}.txt`]);
    const args = ['map', '--variant', '1648', ...orders, '--game', 'stored'];
    const png = join(dir, 'stored.png');
    const svg = join(dir, 'stored.svg');
    for (const out of [
      ['--out', png],
      ['--out', svg, '--svg'],
    ]) {
      const run = await spawnChancery(process.cwd(), [...args, ...out]);
      expect(run.code, run.output).toBe(0);
    }
    // The judge's picture of the same SVG, drawn by the sources, which store no boards: its board is
    // drawn here (test/render/board-store.test.ts shows the command's picture comes from the store).
    const judge = svgToPng(readFileSync(svg, 'utf8')).png;
    expect(Buffer.compare(readFileSync(png), judge)).toBe(0);
  }, 60_000);
});
