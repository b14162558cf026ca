// Drawing one results picture: the SVG built from the map art and the phase's result, and the PNG
// encoded, as the outbox does for every results mail. A realistic phase: every Great Power's units
// move (each to a centre it does not own), read from order text and adjudicated as in play.
import { adjudicate, initialPosition } from '../src/core/adjudicate/index.js';
import { loadVariant } from '../src/core/map/load.js';
import { readPhaseOrders } from '../src/cli/adjudicate.js';
import { hasMapArt, loadMapArt } from '../src/render/map/art.js';
import { drawBoardSvg } from '../src/render/map/board.js';
import { svgToPng } from '../src/render/map/png.js';
import { botOrders } from '../test/judge/bot.js';

const RUNS = 30;
const TARGET_MS = 150;
const VARIANTS = ['standard', 'ambition5', 'ambition6', '1648', 'succession'];

export function benchMaps(): void {
  for (const id of VARIANTS.filter(hasMapArt)) {
    const variant = loadVariant(id);
    const art = loadMapArt(variant);
    const position = initialPosition(variant);
    const text = variant.powers
      .filter((p) => p.kind === 'great')
      .map((p) => [`${p.name}:`, ...botOrders(variant, position, p.id, [])].join('\n'))
      .join('\n');
    const read = readPhaseOrders(variant, position, text, 'bench');
    const result = adjudicate(variant, position, read.orders, { seed: 'bench' });
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const svg = drawBoardSvg(variant, art, {
        gameName: 'bench',
        phaseLabel: 'Spring 1901 Movement',
        position,
        result,
      });
      bytes = svgToPng(svg).png.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[RUNS >> 1];
    const verdict = median <= TARGET_MS ? 'MET' : 'MISSED';
    console.log(
      `${id.padEnd(11)} ${Object.keys(art.provinces).length} spaces, ${art.width}x${art.height}: ` +
        `median ${median.toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[RUNS - 1].toFixed(0)}; ` +
        `target <= ${TARGET_MS} ms) ${verdict}; PNG ${(bytes / 1024).toFixed(0)} KB`,
    );
  }
}
