// pixel comparison old vs new
import { adjudicate, initialPosition } from '../src/core/adjudicate/index.js';
import { loadVariant } from '../src/core/map/load.js';
import { readPhaseOrders } from '../src/cli/adjudicate.js';
import { loadMapArt } from '../src/render/map/art.js';
import { drawBoardSvg } from '../src/render/map/board.js';
import { svgToPng } from '../src/render/map/png.js';
import { Resvg } from '@resvg/resvg-js';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { botOrders } from '../test/judge/bot.js';
const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = ['DejaVuSansCondensed-Bold.ttf'].map((file) => join(FONT_DIR, file));
for (const id of ['standard', '1648']) {
const variant = loadVariant(id); const art = loadMapArt(variant); const position = initialPosition(variant);
const text = variant.powers.filter((p) => p.kind === 'great').map((p) => [`${p.name}:`, ...botOrders(variant, position, p.id, [])].join('\n')).join('\n');
const read = readPhaseOrders(variant, position, text, 'bench');
const result = adjudicate(variant, position, read.orders, { seed: 'bench' });
const svg = drawBoardSvg(variant, art, { gameName: 'bench', phaseLabel: 'Spring 1901 Movement', position, result });
const a = performance.now();
const neu = svgToPng(svg, { keepPixels: true });
const b = performance.now();
const neu2 = svgToPng(svg, { keepPixels: true });
const c = performance.now();
const old = new Resvg(svg, { font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans Condensed' }, shapeRendering: 0, textRendering: 1, fitTo: neu.width === art.width ? { mode: 'original' } : { mode: 'zoom', value: neu.width / art.width } }).render();
const d = performance.now();
const op = old.pixels, np = neu.pixels!;
let diff = 0, big = 0;
for (let i = 0; i < op.length; i++) { const x = Math.abs(op[i] - np[i]); if (x) diff++; if (x > 64) big++; }
console.log(id, 'first', (b-a).toFixed(0), 'second', (c-b).toFixed(0), 'old render only', (d-c).toFixed(0), 'size', old.width, neu.width, 'bytes differing', diff, 'of', op.length, '>64:', big, 'png', neu.png.length, old.asPng().length);
writeFileSync(`/tmp/fast/${id}-new.png`, neu.png); writeFileSync(`/tmp/fast/${id}-old.png`, old.asPng());
}
