// Issue 12.2: `chancery map` draws the start, a position, or the last phase of order files played
// through the same path as `chancery adjudicate`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePng } from '../render/png-decode.js';
import { runCli } from './run.js';

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
