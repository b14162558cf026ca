// A board picture drawn in layers. Most of a board is the same in every phase of a variant (sea, land,
// borders, hatching, every name): drawing it took most of a picture's time. The SVG that
// drawBoardSvg writes has three layers: BASE (the map, the centres' land and dots in their owners'
// colours), NAMES (the spaces' names) and PLAY (orders, units, title, legend). BASE and NAMES are
// drawn once per variant and size (or read as the build stored them: board-store.ts) and kept as
// pixels, with where each owner-coloured shape shows;
// each picture then fills those shapes with its owners' colours, lays the names that cover them back
// on top, and draws only its PLAY layer, laid over the rest, item by item, each item drawn once and kept
// while it comes back (a unit where it stood in another game, a legend's entry). The pixels are those of
// the whole SVG drawn at once, up to a rounding step where a smoothed edge is laid over another colour.

import { readStoredBoard } from './board-store.js';
import type { DrawnBoard, PngRows } from './drawn-board.js';

export const LAYER_IDS = { base: 'board-base', names: 'board-names', play: 'board-play' } as const;
/** The class of a BASE shape whose fill is its owner's colour (a centre's land, a centre's dot). */
export const OWNER_FILL = 'owner-fill';

const OWNER_FILLS = new RegExp(`class="${OWNER_FILL}" fill="([^"]*)"`, 'g');

/** Draws an SVG at a zoom as premultiplied RGBA (what resvg gives). */
export type Rasterize = (svg: string, zoom: number) => { pixels: Buffer; width: number; height: number };

export interface Layers {
  /** The root element and the definitions: what every layer is drawn under. */
  head: string;
  base: string;
  names: string;
  play: string;
}

/** The SVG's layers, or null for an SVG not written in layers. */
export function splitLayers(svg: string): Layers | null {
  const base = svg.indexOf(`<g id="${LAYER_IDS.base}"`);
  const names = svg.indexOf(`<g id="${LAYER_IDS.names}"`);
  const play = svg.indexOf(`<g id="${LAYER_IDS.play}"`);
  const end = svg.lastIndexOf('</svg>');
  if (!(base > 0 && base < names && names < play && play < end)) return null;
  return {
    head: svg.slice(0, base),
    base: svg.slice(base, names),
    names: svg.slice(names, play),
    play: svg.slice(play, end),
  };
}

/**
 * Boards kept: one per variant and size. A board of 1,300 x 1,160 pixels holds about 6 MB, so a few
 * are kept, the least recently used given up first.
 */
export const MAX_BOARDS = 4;
const boards = new Map<string, DrawnBoard>();

/** A board as picture threads hand it on: its pixels and regions on SharedArrayBuffers, with its key. */
export interface SharedBoard {
  key: string;
  board: DrawnBoard;
}

/**
 * Boards drawn here since shareDrawnBoards last took them, or null when this thread does not share (the
 * judge's own thread). Drawing a board takes three whole drawings, 40-50 MB for a moment that the
 * memory allocator then keeps: a picture thread that draws it hands it on (draw-pool.ts), so that the
 * judge's other threads, and the threads started later, draw no board of their own.
 */
let drawnHere: SharedBoard[] | null = null;

/** Boards this thread draws are drawn on shared memory and handed on by shareDrawnBoards. */
export function startSharingBoards(): void {
  drawnHere ??= [];
}

export function shareDrawnBoards(): SharedBoard[] {
  return drawnHere?.splice(0) ?? [];
}

/** A board another thread drew, kept as if drawn here. */
export function keepBoard({ key, board }: SharedBoard): void {
  const rows = Buffer.from(board.rows.buffer, board.rows.byteOffset, board.rows.byteLength);
  keepNewest(boards, key, { ...board, rows });
}

/**
 * Boards by key, the most recently kept last: the one kept now goes last, and past MAX_BOARDS the
 * oldest is given up; its key, if one was. Each thread's boards here, and the judge's pool of shared
 * ones (draw-pool.ts).
 */
export function keepNewest<T>(kept: Map<string, T>, key: string, board: T): string | undefined {
  kept.delete(key);
  kept.set(key, board);
  if (kept.size <= MAX_BOARDS) return undefined;
  const oldest = kept.keys().next().value!;
  kept.delete(oldest);
  return oldest;
}

/**
 * The picture drawn in layers, as PNG rows, valid until the next picture is drawn (they are the
 * board's canvas); null when its layers cannot be (an SVG not written in
 * layers, an owner colour not in #rrggbb): then it is drawn whole. `flatten` turns the NAMES layer's
 * text into outlines (png.ts); `rasterize` draws with the picture's options.
 */
export function drawLayers(
  svg: string,
  zoom: number,
  rasterize: Rasterize,
  flatten: (svg: string) => string,
): PngRows | null {
  const board = boardOf(svg, zoom, rasterize, flatten);
  return board && drawOn(board.drawn, canvasFor(board.drawn.rows), board.fills, board.layers, rasterize);
}

/**
 * The picture drawn as drawLayers draws it, on its board as the build stored it (board-store.ts), for a
 * process drawing one picture and no more (`chancery map`): the board is read for it alone, neither
 * kept nor copied, the picture drawn on its rows. Null when no board is stored for it (it is then
 * cheaper drawn whole). `layOut` gives the SVG with its PLAY layer's texts as outlines, asked only when
 * a board is found.
 */
export function drawOnStoredBoard(
  svg: string,
  zoom: number,
  rasterize: Rasterize,
  layOut: (svg: string) => string,
): PngRows | null {
  const found = boardKey(svg, zoom);
  const board = found && readStoredBoard(found.key);
  if (!found || !board) return null;
  const layers = splitLayers(layOut(svg));
  return layers && drawOn(board, board.rows, found.fills, layers, rasterize);
}

/** A picture drawn on `rows`, which hold its board: its owners' colours filled in, its PLAY layer laid over. */
function drawOn(board: DrawnBoard, rows: Buffer, fills: number[], layers: Layers, rasterize: Rasterize): PngRows {
  const picture = { rows, width: board.width, height: board.height };
  paintOwners(board, rows, fills);
  drawPlay(layers, picture, rasterize);
  return picture;
}

/**
 * The board of a picture: kept, stored by the build, or drawn now (and kept); null for an SVG not in
 * layers. For the build, which stores it, and for drawLayers.
 */
export function boardOf(svg: string, zoom: number, rasterize: Rasterize, flatten: (svg: string) => string) {
  const found = boardKey(svg, zoom);
  if (!found) return null;
  const { key, layers, template, fills } = found;
  let drawn = boards.get(key);
  if (!drawn) {
    drawn = readStoredBoard(key) ?? drawBoard(layers, template, fills, zoom, rasterize, flatten);
    if (drawnHere) drawnHere.push({ key, board: (drawn = onSharedMemory(drawn)) });
  }
  keepNewest(boards, key, drawn);
  return { key, drawn, layers, fills };
}

/**
 * What a picture's board is kept under: its size and the SVG of its map (owner colours blanked) and
 * names. Null for an SVG not in layers, or an owner colour not in #rrggbb.
 */
function boardKey(svg: string, zoom: number) {
  const layers = splitLayers(svg);
  if (!layers) return null;
  const fills: number[] = [];
  const template = layers.base.replace(OWNER_FILLS, (_, fill: string) => {
    fills.push(rgb(fill));
    return `class="${OWNER_FILL}" fill="#000000"`;
  });
  if (fills.some((fill) => fill < 0)) return null;
  return { key: `${zoom}\n${layers.head}${template}${layers.names}`, layers, template, fills };
}

/**
 * Where each picture is drawn, its board's rows copied in first: one buffer, reused by every picture
 * (each is compressed before the next is drawn). A new 4 MB buffer for each picture left the memory
 * allocator holding freed ones by the dozen in a busy judge.
 */
let canvas: Buffer = Buffer.alloc(0);
/** Canvases given back (giveBackCanvas), for the next picture drawn after the canvas was taken. */
const spareCanvases: Buffer[] = [];
const MAX_SPARE_CANVASES = 2;

/**
 * The canvas the last picture was drawn on, taken by the caller until it gives it back: the next
 * picture is drawn on another (a spare one, or a new one). For rows compressed elsewhere meanwhile.
 */
export function takeCanvas(): Buffer {
  const taken = canvas;
  canvas = spareCanvases.pop() ?? Buffer.alloc(0);
  return taken;
}

export function giveBackCanvas(taken: Buffer): void {
  if (spareCanvases.length < MAX_SPARE_CANVASES) spareCanvases.push(taken);
}

function canvasFor(rows: Buffer): Buffer {
  if (canvas.length < rows.length) canvas = Buffer.alloc(rows.length);
  const drawn = canvas.subarray(0, rows.length);
  drawn.set(rows);
  return drawn;
}

const asWords = (pixels: Buffer) => new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.byteLength >> 2);

/** The board with its arrays copied onto SharedArrayBuffers, which another thread reads without a copy. */
function onSharedMemory(board: DrawnBoard): DrawnBoard {
  const shared = <T extends Int32Array | Uint32Array | Uint8Array>(array: T): T => {
    const copy = new (array.constructor as new (buffer: SharedArrayBuffer) => T)(
      new SharedArrayBuffer(array.byteLength),
    );
    copy.set(array);
    return copy;
  };
  const { regions, names } = board;
  return {
    ...board,
    rows: Buffer.from(shared(new Uint8Array(board.rows.buffer, board.rows.byteOffset, board.rows.length)).buffer),
    regions: { start: shared(regions.start), runs: shared(regions.runs) },
    names: { start: shared(names.start), at: shared(names.at), colour: shared(names.colour) },
  };
}

/** #rrggbb (or #rgb) as 0xbbggrr; -1 if not. */
function rgb(colour: string): number {
  let hex = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(colour)?.[1];
  if (!hex) return -1;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return r | (g << 8) | (b << 16);
}

/** A colour coding shape i: red `tag`, green and blue the index. */
const code = (tag: number, i: number) =>
  `#${[tag, i & 255, i >> 8].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** BASE and NAMES drawn for a variant and size, with the owner colours of the picture that asked. */
function drawBoard(
  layers: Layers,
  template: string,
  fills: number[],
  zoom: number,
  rasterize: Rasterize,
  flatten: (svg: string) => string,
): DrawnBoard {
  const { width, height, base, owner } = shapesAtPixels(layers, template, fills.length, zoom, rasterize);
  const names = asWords(rasterize(flatten(`${layers.head}${layers.names}</svg>`), zoom).pixels);
  const offset = (p: number) => rowOffset(width, Math.floor(p / width), p % width);
  const regions = runsByShape(owner, fills.length, width);
  const named = byShape(owner, fills.length, (p) => names[p] !== 0, offset);
  const rows = Buffer.alloc((1 + 3 * width) * height);
  for (let y = 0; y < height; y++) layOver(rows, rowOffset(width, y, 0), base, y * width, width);
  fills.forEach((fill, i) => fillShape(rows, regions, i, fill));
  for (let y = 0; y < height; y++) layOver(rows, rowOffset(width, y, 0), names, y * width, width);
  const colour = Uint32Array.from(named.at, (at) => names[pixelOf(width, at)]);
  return { rows, width, height, fills, regions, names: { ...named, colour } };
}

/**
 * Which owner-coloured shape shows at each pixel (-1: none). BASE is drawn twice, each such shape in
 * a colour coding its index (red 1, then red 2), the rest as it is: shapes are drawn unsmoothed, so a
 * pixel where shape i shows is i's code in both, and any other pixel is the same in both.
 */
function shapesAtPixels(layers: Layers, template: string, count: number, zoom: number, rasterize: Rasterize) {
  const coded = (tag: number) => {
    let i = 0;
    const base = template.replace(OWNER_FILLS, () => `class="${OWNER_FILL}" fill="${code(tag, i++)}"`);
    return rasterize(`${layers.head}${base}</svg>`, zoom);
  };
  const first = coded(1);
  const [a, b] = [asWords(first.pixels), asWords(coded(2).pixels)];
  const owner = new Int32Array(a.length).fill(-1);
  for (let p = 0; p < a.length; p++) {
    if ((a[p] & 0xff) !== 1 || (b[p] & 0xff) !== 2 || a[p] >>> 8 !== b[p] >>> 8) continue;
    const i = (a[p] >>> 8) & 0xffff;
    if (i < count) owner[p] = i;
  }
  return { width: first.width, height: first.height, base: b, owner };
}

/** The pixels of each shape that pass `keep`, as offsets into rows, grouped by shape. */
function byShape(owner: Int32Array, count: number, keep: (p: number) => boolean, offset: (p: number) => number) {
  const start = new Int32Array(count + 1);
  for (let p = 0; p < owner.length; p++) if (owner[p] >= 0 && keep(p)) start[owner[p] + 1]++;
  for (let i = 0; i < count; i++) start[i + 1] += start[i];
  const at = new Int32Array(start[count]);
  const next = start.slice(0, count);
  for (let p = 0; p < owner.length; p++) if (owner[p] >= 0 && keep(p)) at[next[owner[p]]++] = offset(p);
  return { start, at };
}

/** The runs of each shape's pixels along the rows, as offsets into rows (DrawnBoard's regions). */
function runsByShape(owner: Int32Array, count: number, width: number): DrawnBoard['regions'] {
  const start = new Int32Array(count + 1);
  const eachRun = (visit: (shape: number, from: number, to: number) => void) => {
    for (let y = 0, p = 0; y < owner.length / width; y++) {
      for (let x = 0; x < width; p++, x++) {
        const shape = owner[p];
        if (shape < 0 || (x > 0 && owner[p - 1] === shape)) continue;
        let end = x + 1;
        while (end < width && owner[p - x + end] === shape) end++;
        visit(shape, rowOffset(width, y, x), rowOffset(width, y, end));
      }
    }
  };
  eachRun((shape) => start[shape + 1]++);
  for (let i = 0; i < count; i++) start[i + 1] += start[i];
  const runs = new Int32Array(2 * start[count]);
  const next = start.slice(0, count);
  eachRun((shape, from, to) => {
    runs[2 * next[shape]] = from;
    runs[2 * next[shape]++ + 1] = to;
  });
  return { start, runs };
}

/** The pixel whose red byte is at `offset` in PNG rows. */
const pixelOf = (width: number, offset: number) => {
  const y = Math.floor(offset / (1 + 3 * width));
  return y * width + (offset - y * (1 + 3 * width) - 1) / 3;
};

/** Where pixel (x, y) starts in PNG rows. */
const rowOffset = (width: number, y: number, x: number) => y * (1 + 3 * width) + 1 + 3 * x;

/**
 * Each owner-coloured shape whose colour is not the board's filled with its colour, and the names
 * over it laid on again.
 */
function paintOwners(board: DrawnBoard, rows: Buffer, fills: number[]): void {
  const { regions, names } = board;
  fills.forEach((fill, i) => {
    if (fill === board.fills[i]) return;
    fillShape(rows, regions, i, fill);
    for (let k = names.start[i]; k < names.start[i + 1]; k++) over(rows, names.at[k], names.colour[k]);
  });
}

function fillShape(rows: Buffer, regions: DrawnBoard['regions'], i: number, fill: number): void {
  const colour = Buffer.from([fill & 0xff, (fill >> 8) & 0xff, fill >> 16]);
  for (let k = regions.start[i]; k < regions.start[i + 1]; k++) {
    rows.fill(colour, regions.runs[2 * k], regions.runs[2 * k + 1]);
  }
}

interface Sprite {
  body: string;
  /** Where it goes in the picture (pixels). */
  x: number;
  y: number;
  width: number;
  height: number;
}

const ITEM = '<g data-box="';

/**
 * The PLAY layer drawn as sprites: each item (data-box, see board-picture.ts) drawn alone in a box of
 * its own, then each laid over the picture in the layer's order. resvg's time goes with the area it
 * draws on, and the items cover a fraction of the picture. Each is drawn at the picture's scale and
 * offset by whole pixels, so that its pixels are those of the whole drawing up to rounding; and always
 * at the same offset, so that they are the same whatever else is drawn: an item drawn before, in this
 * picture or another, is not drawn again (keptSprites).
 */
function drawPlay(layers: Layers, picture: PngRows, rasterize: Rasterize): void {
  const { width } = picture;
  // resvg scales each axis to the whole pixels it draws on, not by the zoom itself.
  const size = /^<svg\b[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(layers.head);
  if (!size) throw new Error('a board picture without its size');
  const scale: [number, number] = [width / Number(size[1]), picture.height / Number(size[2])];
  const kept = keptSprites.under(`${scale.join(' ')}\n${layers.head}`);
  for (const s of spritesOf(layers.play, scale, picture)) {
    let pixels = kept.get(s.body);
    if (!pixels) kept.keep(s.body, (pixels = drawSprite(layers.head, s, scale, rasterize)));
    for (let row = 0; row < s.height; row++) {
      layOver(picture.rows, rowOffset(width, s.y + row, s.x), pixels, row * s.width, s.width);
    }
  }
}

/** One sprite drawn by resvg: its box's pixels, premultiplied RGBA. */
function drawSprite(head: string, s: Sprite, scale: [number, number], rasterize: Rasterize): Uint32Array {
  const root = `<svg xmlns="http://www.w3.org/2000/svg" width="${s.width}" height="${s.height}">`;
  const placed = `<g transform="translate(${-s.x} ${-s.y}) scale(${scale.join(' ')})">${s.body}</g>`;
  const drawn = rasterize(`${head.replace(/^<svg\b[^>]*>/, root)}${placed}</svg>`, 1);
  return asWords(drawn.pixels);
}

/**
 * Sprites drawn before, by what they are drawn from (their SVG, under a picture's head and scale): a
 * unit, a ring or an order's line at the same place comes back in many pictures of a variant (other
 * games, other phases), and its pixels are the same; so do a legend's entries and the title's phase and
 * variant. Sprites up to a band's size are kept, within a budget of bytes, the least recently used
 * given up first (a title's game name, new to each game, soon goes).
 */
class SpriteShelf {
  private readonly sprites = new Map<string, Uint32Array>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(body: string): Uint32Array | undefined {
    const pixels = this.sprites.get(body);
    if (pixels) {
      this.sprites.delete(body);
      this.sprites.set(body, pixels);
    }
    return pixels;
  }

  keep(body: string, pixels: Uint32Array): void {
    if (pixels.length > MAX_KEPT_SPRITE_PIXELS || this.sprites.has(body)) return;
    this.sprites.set(ownCopy(body), pixels);
    this.bytes += pixels.byteLength + 2 * body.length;
    for (const [oldest, old] of this.sprites) {
      if (this.bytes <= this.budget) break;
      this.sprites.delete(oldest);
      this.bytes -= old.byteLength + 2 * oldest.length;
    }
  }
}

/** A shelf per picture head and scale (one per variant and size, as the boards), the newest kept. */
const keptSprites = {
  shelves: new Map<string, SpriteShelf>(),
  under(key: string): SpriteShelf {
    let shelf = this.shelves.get(key);
    if (!shelf) {
      shelf = new SpriteShelf(SPRITE_BUDGET_BYTES / MAX_BOARDS);
      keepNewest(this.shelves, ownCopy(key), shelf);
    }
    return shelf;
  },
};
/** Pixels of the largest sprite kept: the white band under the title or the legend (1,400 x 40 at most). */
const MAX_KEPT_SPRITE_PIXELS = 1400 * 40;
/** What a thread's kept sprites may take in all (a shelf a quarter): a unit's box is 4-5 KB. */
const SPRITE_BUDGET_BYTES = 4 * 2 ** 20;

/**
 * A string of its own. A text matched in a picture's SVG (or cut from resvg's output) is a slice that
 * keeps the whole string it was cut from alive: kept as it is, each key or title kept its picture's
 * 190 KB SVG, and a daemon that had drawn 1,000 pictures held 190 MiB of SVG it would never use.
 */
export function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** The PLAY layer's items, in its order, each with its box in whole pixels of the picture. */
function spritesOf(play: string, [scaleX, scaleY]: [number, number], { width, height }: PngRows): Sprite[] {
  const starts: number[] = [];
  for (let at = play.indexOf(ITEM); at >= 0; at = play.indexOf(ITEM, at + 1)) starts.push(at);
  const sprites: Sprite[] = [];
  starts.forEach((start, i) => {
    const body = play.slice(start, starts[i + 1] ?? play.lastIndexOf('</g>'));
    const [x0, y0, x1, y1] = body.slice(ITEM.length, body.indexOf('"', ITEM.length)).split(' ').map(Number);
    const [x, y] = [Math.max(0, Math.floor(x0 * scaleX)), Math.max(0, Math.floor(y0 * scaleY))];
    const [w, h] = [Math.min(width, Math.ceil(x1 * scaleX)) - x, Math.min(height, Math.ceil(y1 * scaleY)) - y];
    if (w > 0 && h > 0) sprites.push({ body, x, y, width: w, height: h });
  });
  return sprites;
}

/** `count` premultiplied RGBA pixels of `top` from `from` laid over the RGB pixels of `rows` from `at`. */
function layOver(rows: Buffer, at: number, top: Uint32Array, from: number, count: number): void {
  for (let k = 0; k < count; k++, at += 3) {
    const t = top[from + k];
    if (t === 0) continue;
    if (t >>> 24 === 255) {
      rows[at] = t;
      rows[at + 1] = t >>> 8;
      rows[at + 2] = t >>> 16;
    } else over(rows, at, t);
  }
}

/** A premultiplied RGBA pixel over the RGB pixel at `at`, each channel rounded as resvg rounds (x / 255). */
function over(rows: Buffer, at: number, top: number): void {
  const keep = 255 - (top >>> 24);
  for (let c = 0; c < 3; c++) {
    const x = rows[at + c] * keep + 128;
    rows[at + c] = ((top >>> (8 * c)) & 0xff) + ((x + (x >> 8)) >> 8);
  }
}
