import { adjudicate, initialPosition } from '../src/core/adjudicate/index.js';
import { loadVariant } from '../src/core/map/load.js';
import { readPhaseOrders } from '../src/cli/adjudicate.js';
import { loadMapArt } from '../src/render/map/art.js';
import { drawBoardSvg } from '../src/render/map/board.js';
import { svgToPng } from '../src/render/map/png.js';
import { Resvg } from '@resvg/resvg-js';
import { deflateSync } from 'node:zlib';
import { botOrders } from '../test/judge/bot.js';
const cpu = (f: () => void) => { const b = process.cpuUsage(); f(); const u = process.cpuUsage(b); return (u.user + u.system) / 1000; };
const med = (x: number[]) => x.sort((p, q) => p - q)[x.length >> 1].toFixed(1);
function time(label: string, f: () => void, n = 11) { const t: number[] = []; for (let i = 0; i < n; i++) t.push(cpu(f)); console.log(label, med(t)); }
const id = process.argv[2] ?? 'standard';
const variant = loadVariant(id); const art = loadMapArt(variant); const position = initialPosition(variant);
const text = variant.powers.filter((p) => p.kind === 'great').map((p) => [`${p.name}:`, ...botOrders(variant, position, p.id, [])].join('\n')).join('\n');
const read = readPhaseOrders(variant, position, text, 'bench');
const result = adjudicate(variant, position, read.orders, { seed: 'bench' });
const svg = drawBoardSvg(variant, art, { gameName: 'bench', phaseLabel: 'Spring 1901 Movement', position, result });
svgToPng(svg);
// get flattened svg by monkey: replicate
const mod = await import('../src/render/map/png.js');
const opts = { font: { loadSystemFonts: false }, shapeRendering: 0, textRendering: 1, fitTo: { mode: 'zoom', value: 0.92 } } as const;
const flat = (mod as any).textAsPathsForBench ? (mod as any).textAsPathsForBench(svg) : svg;
time('svg build', () => drawBoardSvg(variant, art, { gameName: 'bench', phaseLabel: 'Spring 1901 Movement', position, result }));
time('svgToPng total', () => svgToPng(svg));
time('parse', () => new Resvg(flat, opts));
const r = new Resvg(flat, opts);
time('render', () => r.render());
const img = r.render();
time('asPng', () => img.asPng());
const px = img.pixels;
time('pixels', () => img.pixels);
time('deflate L6 raw rgba', () => deflateSync(px, { level: 6 }));
time('deflate L1 raw rgba', () => deflateSync(px, { level: 1 }));
const noclip = flat.replace(/ clip-path="url\(#board\)"/, '');
console.log('had clip', noclip !== flat, /clip-path/.test(noclip));
const r2 = new Resvg(noclip, opts);
time('render noclip', () => r2.render());
const r3 = new Resvg(noclip, { ...opts, shapeRendering: 2 } as any);
time('render noclip AA', () => r3.render());
const empty = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="1256" height="1200"><rect width="1256" height="1200" fill="#fff"/></svg>`, opts);
time('render empty', () => empty.render());
const u32 = new Uint32Array(px.buffer, px.byteOffset, px.length / 4);
time('count colours', () => { const m = new Map<number, number>(); for (let i = 0; i < u32.length; i++) { const c = u32[i]; m.set(c, (m.get(c) ?? 0) + 1); } });
const m = new Map<number, number>(); for (let i = 0; i < u32.length; i++) { const c = u32[i]; m.set(c, (m.get(c) ?? 0) + 1); }
console.log('colours', m.size, 'top 256 cover', [...m.values()].sort((a, b) => b - a).slice(0, 256).reduce((a, b) => a + b, 0) / u32.length);
{
  const W = img.width, H = img.height, stride = W * 4;
  const raw = Buffer.alloc((stride + 1) * H);
  for (let y = 0; y < H; y++) px.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  for (const level of [1, 3, 6]) { let size = 0; time(`raw none L${level}`, () => { size = deflateSync(raw, { level }).length; }, 5); console.log('  size', size); }
  const up = Buffer.alloc((stride + 1) * H);
  time('filter up js', () => { for (let y = 0; y < H; y++) { const o = y * (stride + 1); up[o] = 2; const s = y * stride; if (y === 0) { px.copy(up, o + 1, 0, stride); continue; } for (let i = 0; i < stride; i++) up[o + 1 + i] = (px[s + i] - px[s - stride + i]) & 255; } }, 5);
  for (const level of [1, 3, 6]) { let size = 0; time(`up L${level}`, () => { size = deflateSync(up, { level }).length; }, 5); console.log('  size', size); }
  console.log('asPng size', img.asPng().length);
}
