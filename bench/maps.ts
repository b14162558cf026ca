// Drawing one results picture: the SVG built from the map art and the phase's result, and the PNG
// encoded, as a phase's first results mail does (phasePicture keeps it for every later one). A
// realistic phase: every Great Power's units move (each to a centre it does not own), read from order
// text and adjudicated as in play. Beside it, in alternate runs, the same picture with resvg laying out
// every name each time (how pictures were drawn before the outlines were kept): the ratio holds
// on a busy machine, where the milliseconds do not. CPU time of this process, as wall time counts
// the other processes of a shared machine.
import { adjudicate, initialPosition } from '../src/core/adjudicate/index.js';
import { loadVariant } from '../src/core/map/load.js';
import { readPhaseOrders } from '../src/cli/adjudicate.js';
import { hasMapArt, loadMapArt } from '../src/render/map/art.js';
import { drawBoardSvg } from '../src/render/map/board-picture.js';
import { svgToPng } from '../src/render/map/png.js';
import { botOrders } from '../test/judge/bot.js';
import { drawnWhole } from '../test/render/drawn-whole.js';

const RUNS = 15;
const TARGET_MS = 100;
const VARIANTS = ['standard', 'ambition5', 'ambition6', '1648', 'succession'];

/** The picture as drawn before: one resvg call laying out the text itself, at the size svgToPng chose. */
function textLaidOutEachTime(svg: string, width: number): Buffer {
  return drawnWhole(svg, width).asPng();
}

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

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
    const input = { gameName: 'bench', phaseLabel: 'Spring 1901 Movement', position, result };
    let first = 0;
    let bytes = 0;
    let width = 0;
    const times: number[] = [];
    const before: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      // A new game name each time: the title is new to every picture, as in play.
      const ms = cpuMs(() => {
        const picture = svgToPng(drawBoardSvg(variant, art, { ...input, gameName: `bench${i}` }));
        bytes = picture.png.length;
        width = picture.width;
      });
      if (i === 0) first = ms;
      else times.push(ms);
      const svg = drawBoardSvg(variant, art, { ...input, gameName: `old${i}` });
      if (i) before.push(cpuMs(() => textLaidOutEachTime(svg, width)));
    }
    const ms = median(times);
    console.log(
      `${id.padEnd(11)} ${Object.keys(art.provinces).length} spaces, ${art.width}x${art.height}: ` +
        `median ${ms.toFixed(0)} ms CPU (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}; ` +
        `the variant's first ${first.toFixed(0)}) target <= ${TARGET_MS} ms ${ms <= TARGET_MS ? 'MET' : 'MISSED'}; ` +
        `names laid out each time ${median(before).toFixed(0)} ms: ${(median(before) / ms).toFixed(2)}x; ` +
        `PNG ${(bytes / 1024).toFixed(0)} KB`,
    );
  }
}
