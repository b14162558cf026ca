// A picture is drawn in layers (src/render/map/layers.ts): the map and its names kept as pixels per
// variant, each phase's owner colours filled in and its orders and units drawn as sprites. Played
// phases of every variant with art (order text read and adjudicated as the judge does) are drawn so
// and compared pixel by pixel with the same SVG drawn whole by resvg, laying out its own text: the
// layers may differ only by a rounding step where a smoothed edge meets another colour. And a phase
// gives the same PNG bytes whatever was drawn before it, in the judge's thread or a picture thread.
import { afterAll, describe, expect, it } from 'vitest';
import { adjudicate, initialPosition } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { DrawPool } from '../../src/render/map/draw-pool.js';
import { boardSvg, svgToPng } from '../../src/render/map/index.js';
import { botOrders } from '../judge/bot.js';
import { drawnWhole } from './drawn-whole.js';
import { decodePng } from './png-decode.js';

const DRAWN = ['standard', 'ambition5', 'ambition6', '1648', 'succession'];

/** The SVGs of a variant's first phases (a year: movement, retreats if any, adjustments), with results. */
function playedSvgs(id: string, phases: number): string[] {
  const variant = loadVariant(id);
  let position = initialPosition(variant);
  const svgs: string[] = [];
  for (let i = 0; i < phases; i++) {
    const text = variant.powers
      .filter((p) => p.kind === 'great')
      .map((p) => [`${p.name}:`, ...botOrders(variant, position, p.id, [])].join('\n'))
      .join('\n');
    const read = readPhaseOrders(variant, position, text, `layers ${i}`);
    const result = adjudicate(variant, position, read.orders, { seed: `layers ${i}` });
    svgs.push(boardSvg(variant, { gameName: `layers-${id}`, phaseLabel: `phase ${i}`, position, result }));
    position = result.next;
  }
  return svgs;
}

const pool = new DrawPool(1);
afterAll(() => pool.close());

describe.each(DRAWN)('the pictures of %s, drawn in layers', (id) => {
  const svgs = playedSvgs(id, 3);

  it('are the SVG drawn whole, to a rounding step on smoothed edges', () => {
    for (const svg of svgs) {
      const layered = decodePng(svgToPng(svg).png);
      const drawn = drawnWhole(svg, layered.width);
      // resvg's pixels getter copies them: read once.
      const whole = { width: drawn.width, height: drawn.height, pixels: drawn.pixels };
      expect([layered.height, layered.width]).toEqual([whole.height, whole.width]);
      let [differing, far] = [0, 0];
      for (let i = 0; i < whole.pixels.length; i += 4) {
        const d = Math.max(...[0, 1, 2].map((c) => Math.abs(layered.pixels[i + c] - whole.pixels[i + c])));
        if (d > 0) differing++;
        if (d > 2) far++;
      }
      const pixels = whole.width * whole.height;
      // Edges where smoothed text meets another colour round by one step; a few unsmoothed edge
      // pixels may fall the other way where a shape's edge passes through a pixel's very centre.
      expect(differing / pixels).toBeLessThan(0.01);
      expect(far).toBeLessThanOrEqual(10);
    }
  }, 120_000);

  it('are, as `chancery map` draws one alone, the SVG drawn whole, pixel for pixel', () => {
    const single = svgToPng(svgs[1], { single: true, keepPixels: true });
    const drawn = drawnWhole(svgs[1], single.width);
    expect([single.height, single.width]).toEqual([drawn.height, drawn.width]);
    expect(Buffer.compare(single.pixels!, drawn.pixels)).toBe(0);
    // Without pixels kept, the PNG's rows are written over the drawing's pixels: the same picture.
    const written = decodePng(svgToPng(svgs[1], { single: true }).png);
    expect(Buffer.compare(decodePng(single.png).pixels, drawn.pixels)).toBe(0);
    expect(Buffer.compare(written.pixels, drawn.pixels)).toBe(0);
  });

  it('give each phase the same PNG bytes whatever was drawn before, in a thread or not', async () => {
    const here = [...svgs].map((svg) => svgToPng(svg).png);
    const inThread = await Promise.all([...svgs].reverse().map((svg) => pool.draw(svg)));
    inThread.reverse().forEach((png, i) => expect(Buffer.compare(png, here[i])).toBe(0));
    expect(Buffer.compare(svgToPng(svgs[0]).png, here[0])).toBe(0);
  }, 120_000);
});
