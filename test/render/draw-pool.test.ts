// The picture threads of a deadline burst (src/render/map/draw-pool.ts) must draw exactly what the
// judge's own thread draws: a results mail's PNG may come from either, so the bytes are compared.
import { afterAll, describe, expect, it } from 'vitest';
import { initialPosition } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { DrawHere, DrawPool } from '../../src/render/map/draw-pool.js';
import { boardSvg, svgToPng } from '../../src/render/map/index.js';

const pool = new DrawPool(1);
afterAll(() => pool.close());

/** The picture of a variant's start, under a game name (each title a text of its own). */
function startSvg(id: string, gameName?: string): string {
  const variant = loadVariant(id);
  return boardSvg(variant, { gameName, phaseLabel: 'Spring 1901', position: initialPosition(variant) });
}

describe('picture threads', () => {
  it('draw the same PNG bytes as the judge thread, for two variants in one batch', async () => {
    const svgs = ['standard', '1648'].map((id) => startSvg(id, `pool-${id}`));
    const drawn = await Promise.all(svgs.map((svg) => pool.draw(svg)));
    svgs.forEach((svg, i) => expect(Buffer.compare(drawn[i], svgToPng(svg).png)).toBe(0));
    expect(drawn[0].subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);

  it('draw a board once: the thread that drew it hands it to the others, which draw the same bytes', async () => {
    const two = new DrawPool(2);
    try {
      // Enough pictures that the second thread starts (after the first has drawn a batch) and draws some.
      const svgs = Array.from({ length: 40 }, (_, i) => startSvg('standard', `shared-${i}`));
      const drawn = await Promise.all(svgs.map((svg) => two.draw(svg)));
      expect(two.threadsStarted).toBe(2);
      expect(two.boardsDrawn).toBe(1);
      for (const i of [0, 17, 39]) expect(Buffer.compare(drawn[i], svgToPng(svgs[i]).png)).toBe(0);
    } finally {
      await two.close();
    }
  }, 120_000);

  it('fail the pictures of a stopped pool, so whoever asked draws them itself', async () => {
    const stopped = new DrawPool(1);
    const svg = startSvg('standard');
    const refused = expect(stopped.draw(svg)).rejects.toThrow(/stopped/);
    await stopped.close();
    await refused;
  }, 120_000);
});

describe('pictures drawn on the judge’s own thread (no picture threads)', () => {
  it('are the same PNG bytes, several compressed at once while the next are drawn', async () => {
    const here = new DrawHere();
    try {
      const svgs = ['standard', 'standard', '1648', 'standard', '1648'].map((id, i) => startSvg(id, `here-${i}`));
      const drawn = await Promise.all(svgs.map((svg) => here.draw(svg)));
      svgs.forEach((svg, i) => expect(Buffer.compare(drawn[i], svgToPng(svg).png)).toBe(0));
      // Each picture has rows of its own: none was compressed from a canvas the next one was drawn on.
      expect(new Set(drawn.map((png) => png.toString('base64'))).size).toBe(svgs.length);
    } finally {
      await here.close();
    }
  }, 120_000);

  it('fail once stopped, so whoever asked draws them itself', async () => {
    const here = new DrawHere();
    await here.close();
    await expect(here.draw('<svg/>')).rejects.toThrow(/stopped drawing/);
  });
});
