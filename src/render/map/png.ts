// SVG to PNG with resvg, using the DejaVu fonts shipped in the dejavu-fonts-ttf package, so that the
// picture is the same on every machine (no system fonts are looked at).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32, deflate, deflateSync } from 'node:zlib';
import { Resvg } from './resvg.js';
import { storeBoard } from './board-store.js';
import { boardOf, drawLayers, drawOnStoredBoard, giveBackCanvas, ownCopy, splitLayers, takeCanvas } from './layers.js';
import type { PngRows } from './drawn-board.js';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
// One file: loading a font costs each picture about 10 ms, and names read well in condensed bold.
const FONTS = ['DejaVuSansCondensed-Bold.ttf'].map((file) => join(FONT_DIR, file));

export interface RenderedPicture {
  png: Buffer;
  width: number;
  height: number;
  /** RGBA pixels, for checks. */
  pixels?: Buffer;
}

/** Mail pictures stay under this size; a larger one is drawn again a little smaller. */
export const MAX_PNG_BYTES = 300 * 1024;
/** Pixels of the usual picture (about 1,200 x 1,050): every name readable, the PNG well under the limit. */
const MAX_PIXELS = 1.25e6;

/**
 * resvg-js 2.6 holds each drawing's pixels (6–12 MB for a whole board) outside V8's sight, freed only
 * when a full garbage collection finds its wrapper dead, and V8, seeing a small heap, seldom runs one:
 * a daemon drawing a deadline's pictures grew by hundreds of MiB. Once this many bytes are drawn a
 * full collection is asked for, after the drawing (the memory is given back on the event loop's next
 * turn). Drawn in layers, a picture's own drawing is a small sheet (about 1 MB), so the collections,
 * each costing as much as a picture in a busy daemon, come every few dozen pictures.
 */
const COLLECT_AFTER_BYTES = 48 * 2 ** 20;
let drawnBytes = 0;
let collect: (() => void) | null | undefined;

function collectNow(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}

export function svgToPng(svg: string, options: PngOptions = {}): RenderedPicture {
  return svgsToPng([svg], options)[0];
}

export interface PngOptions {
  keepPixels?: boolean;
  maxBytes?: number;
  /**
   * One picture and no more (`chancery map`): drawn on its board as the build stored it (board-store.ts),
   * not kept; with no board stored, drawn whole, as drawing a variant's board costs three drawings,
   * which only later pictures pay back, and its texts laid out by the drawing itself.
   */
  single?: boolean;
}

/**
 * Several pictures at once, each the same as svgToPng draws it: the texts none of them has seen
 * before (each picture's title) are laid out together, which loads the font once instead of once a
 * picture (about a fifth of a picture's time).
 */
export function svgsToPng(svgs: string[], options: PngOptions = {}): RenderedPicture[] {
  return (options.single ? svgs : textAsPaths(svgs)).map((svg) => drawOne(svg, options));
}

/**
 * For a thread drawing a batch one picture per turn of its event loop (resvg's pixels are given back
 * only then, after a full collection: see COLLECT_AFTER_BYTES): the SVGs with their texts laid out
 * together, each then drawn by drawOne, and the collection asked for after each.
 */
export { textAsPaths as withTextAsPaths };

/** A full collection, if enough has been drawn since the last (a thread calls it after each picture). */
export function collectDrawings(): void {
  if (drawnBytes < COLLECT_AFTER_BYTES) return;
  drawnBytes = 0;
  collectNow();
}

export function drawOne(svg: string, options: PngOptions = {}): RenderedPicture {
  askForCollection();
  const maxBytes = options.maxBytes ?? MAX_PNG_BYTES;
  let zoom = startingZoom(svg);
  for (;;) {
    const picture = render(svg, zoom, options);
    if (picture.png.length <= maxBytes || zoom < 0.5) return picture;
    // PNG size grows with the area: shrink by the square root of the excess, and a little more.
    zoom *= Math.sqrt(maxBytes / picture.png.length) * 0.97;
  }
}

/**
 * The PNG drawOne draws, its rows compressed on Node's thread pool while this thread goes on (the
 * judge's thread drawing a deadline's pictures itself: draw-pool.ts). Its texts are outlines already
 * (withTextAsPaths). The same bytes as drawOne's.
 */
export async function drawOneAside(svg: string): Promise<Buffer> {
  askForCollection();
  const layered = drawLayers(svg, startingZoom(svg), rasterize, withOutlines);
  if (!layered) return drawOne(svg).png;
  const { width, height } = layered;
  // The rows are the layers' canvas: taken while zlib reads them, the next picture drawn on another.
  const canvas = takeCanvas();
  const rows = layered.rows;
  let png: Buffer;
  try {
    const data = await new Promise<Buffer>((resolve, reject) =>
      deflate(rows, deflateOptions(rows), (error, out) => (error ? reject(error) : resolve(out))),
    );
    png = framedPng(data, width, height, RGB);
  } finally {
    giveBackCanvas(canvas);
  }
  // Too large for a mail: drawn again smaller, as drawOne does.
  return png.length <= MAX_PNG_BYTES ? png : drawOne(svg).png;
}

/**
 * The board of a picture, found or drawn, stored in `dir` as drawLayers keeps it: the build's
 * (tools/store-boards.ts).
 */
export function storeBoardOf(svg: string, dir: string): void {
  const flat = withOutlines(svg);
  const board = boardOf(flat, startingZoom(flat), rasterize, withOutlines);
  if (!board) throw new Error('a picture not drawn in layers has no board');
  storeBoard(dir, board.key, board.drawn);
}

/**
 * One SVG with its texts as outlines: a board's NAMES layer, for drawing the board once, or a picture's
 * PLAY layer, for drawing it on a stored board (layers.ts).
 */
const withOutlines = (svg: string) => textAsPaths([svg])[0];

/** A full collection soon, once enough was drawn (see COLLECT_AFTER_BYTES). */
function askForCollection(): void {
  if (drawnBytes < COLLECT_AFTER_BYTES) return;
  drawnBytes = 0;
  setImmediate(collectNow).unref();
}

/** A size whose PNG is usually under the limit, so that one drawing is enough. */
function startingZoom(svg: string): number {
  const size = /<svg[^>]*\bwidth="(\d+(?:\.\d+)?)"[^>]*\bheight="(\d+(?:\.\d+)?)"/.exec(svg);
  const area = size ? Number(size[1]) * Number(size[2]) : 0;
  return area > MAX_PIXELS ? Math.sqrt(MAX_PIXELS / area) : 1;
}

const FONT_OPTIONS = { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans Condensed' };

/**
 * Laying out text is most of resvg's work on a board (about a millisecond a name, where the whole map's
 * shapes take a few): each <text> element is laid out once, as the glyph outlines resvg itself would
 * draw, and kept, so a board's hundred-odd names, which every picture of a variant repeats, cost
 * nothing after its second picture. Only text whose layout depends on nothing but its own element
 * (x, y and font attributes on it; the font family on the root) is written by drawBoardSvg.
 */
const outlines = new Map<string, string>();
/**
 * Texts seen once and not kept: a title (its game and phase) never comes back, and keeping every
 * title's outlines grew a busy daemon by hundreds of MiB. A text is kept when it comes a second time.
 */
const seenOnce = new Set<string>();
/** Names and legend rows of all five variants stay well below this. */
const MAX_OUTLINES = 5000;
const TEXT = /<text\b[^>]*>[^<]*<\/text>/g;

/**
 * A board's NAMES layer is left as text: it is drawn once per variant (layers.ts), and laying out its
 * hundred-odd names again for every picture, even from the kept outlines, took milliseconds.
 */
function textAsPaths(svgs: string[]): string[] {
  const laidOut = new Map<string, string>();
  const byRoot = new Map<string, Set<string>>();
  const parts = svgs.map(aroundNames);
  parts.forEach(([outside], i) => {
    const root = /^<svg\b[^>]*>/.exec(svgs[i])?.[0];
    if (!root) return;
    const missing = byRoot.get(root) ?? new Set<string>();
    for (const part of outside) for (const text of part.match(TEXT) ?? []) if (!outlines.has(text)) missing.add(text);
    byRoot.set(root, missing);
  });
  for (const [root, missing] of byRoot) if (missing.size) layOut(root, [...missing], laidOut);
  const flat = (part: string) => part.replace(TEXT, (text) => outlines.get(text) ?? laidOut.get(text)!);
  return svgs.map((svg, i) => {
    if (!/^<svg\b/.test(svg)) return svg;
    const [[before, after], names] = parts[i];
    return `${flat(before)}${names}${flat(after)}`;
  });
}

/** The SVG around its NAMES layer, and that layer ('' for an SVG not in layers). */
function aroundNames(svg: string): [[string, string], string] {
  const layers = splitLayers(svg);
  if (!layers) return [[svg, ''], ''];
  const before = layers.head + layers.base;
  return [[before, svg.slice(before.length + layers.names.length)], layers.names];
}

/** Lays out the texts in one resvg call (under the picture's root, for its font family). */
function layOut(root: string, missing: string[], laidOut: Map<string, string>): void {
  if (outlines.size + missing.length > MAX_OUTLINES) outlines.clear();
  if (seenOnce.size + missing.length > MAX_OUTLINES) seenOnce.clear();
  const groups = missing.map((text, i) => `<g id="t${i}">${text}</g>`).join('');
  const flat = new Resvg(`${root}${groups}</svg>`, { font: FONT_OPTIONS }).toString();
  missing.forEach((text, i) => {
    const start = flat.indexOf(`<g id="t${i}">`);
    let body = '';
    if (start >= 0) {
      const from = start + `<g id="t${i}">`.length;
      const next = flat.indexOf('<g id="t', from);
      body = flat.slice(from, next >= 0 ? next : flat.lastIndexOf('</svg>'));
      body = body.slice(0, body.lastIndexOf('</g>'));
    }
    // Outlines are shapes: without this the board's optimizeSpeed would draw the letters unsmoothed,
    // where resvg draws text (textRendering optimizeLegibility) smoothed.
    const drawn = `<g shape-rendering="geometricPrecision">${body.trim()}</g>`;
    laidOut.set(text, drawn);
    if (seenOnce.delete(text)) outlines.set(ownCopy(text), ownCopy(drawn));
    else seenOnce.add(ownCopy(text));
  });
}

function render(svg: string, zoom: number, { keepPixels, single }: PngOptions): RenderedPicture {
  const layered = single
    ? drawOnStoredBoard(svg, zoom, rasterize, withOutlines)
    : drawLayers(svg, zoom, rasterize, withOutlines);
  if (layered) {
    const { rows, width, height } = layered;
    return { png: pngOf(rows, width, height, RGB), width, height, pixels: keepPixels ? rgbaOf(layered) : undefined };
  }
  const drawn = single ? rasterize(svg, zoom, FONT_OPTIONS) : rasterize(flatNames(svg), zoom);
  return {
    png: keepPixels ? encodePng(drawn.pixels, drawn.width, drawn.height) : encodeOwnPixels(drawn),
    width: drawn.width,
    height: drawn.height,
    pixels: keepPixels ? drawn.pixels : undefined,
  };
}

/** PNG rows of RGB as RGBA pixels. */
function rgbaOf({ rows, width, height }: PngRows): Buffer {
  const pixels = Buffer.alloc(width * height * 4, 255);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0, o = y * (1 + 3 * width) + 1; x < width; x++, o += 3, p += 4) {
      pixels[p] = rows[o];
      pixels[p + 1] = rows[o + 1];
      pixels[p + 2] = rows[o + 2];
    }
  }
  return pixels;
}

/** An SVG drawn whole: its NAMES layer, left as text by textAsPaths, laid out now. */
function flatNames(svg: string): string {
  const [[before, after], names] = aroundNames(svg);
  if (!names) return svg;
  const root = /^<svg\b[^>]*>/.exec(svg)![0];
  const flat = withOutlines(`${root}${names}</svg>`);
  return `${before}${flat.slice(root.length, flat.length - '</svg>'.length)}${after}`;
}

/** No font to load: every text is outlines by now (textAsPaths), but in a single picture. */
const NO_FONTS = { loadSystemFonts: false };

function rasterize(svg: string, zoom: number, font: typeof FONT_OPTIONS | typeof NO_FONTS = NO_FONTS) {
  const rendered = new Resvg(svg, {
    font,
    // Shapes without anti-aliasing keep the picture to its few flat colours, which PNG packs three
    // times smaller; text stays smooth.
    shapeRendering: 0,
    textRendering: 1,
    fitTo: zoom === 1 ? { mode: 'original' } : { mode: 'zoom', value: zoom },
  }).render();
  drawnBytes += rendered.width * rendered.height * 4;
  return { pixels: rendered.pixels, width: rendered.width, height: rendered.height };
}

const RGB = 2;
const RGBA = 6;

/**
 * The pixels as a PNG (RGBA, 8 bits). Rows unfiltered and deflated at level 3: a board's long runs of
 * one colour pack as small as resvg's own encoder packs them (its adaptive filters find little to gain
 * on flat colours), in a fifth of its time; the pixels are the same.
 */
export function encodePng(rgba: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return pngOf(rows, width, height, RGBA);
}

/**
 * The PNG of pixels nobody reads afterwards, written over them: an opaque picture's RGB rows take less
 * room than its RGBA pixels, and each row's start only moves back. A whole board is 6 MB of pixels; a
 * second buffer for its rows was a tenth of `chancery map`'s memory.
 */
function encodeOwnPixels({ pixels, width, height }: { pixels: Buffer; width: number; height: number }): Buffer {
  for (let a = 3; a < pixels.length; a += 4) if (pixels[a] !== 255) return encodePng(pixels, width, height);
  let to = 0;
  for (let y = 0, from = 0; y < height; y++) {
    for (let x = 0; x < width; x++, from += 4) {
      // Read before writing: the first row's filter byte lands on its first pixel.
      const red = pixels[from];
      const green = pixels[from + 1];
      const blue = pixels[from + 2];
      if (x === 0) pixels[to++] = 0; // filter: none
      pixels[to++] = red;
      pixels[to++] = green;
      pixels[to++] = blue;
    }
  }
  return pngOf(pixels.subarray(0, to), width, height, RGB);
}

/**
 * A PNG of unfiltered rows (each led by filter byte 0) of 8-bit RGB or RGBA, written into one buffer of
 * its own, which a picture thread hands over without a copy. zlib's output was joined from 16 KB pieces,
 * copied for its chunk's CRC, into the file and for the hand-over: each picture copied four times.
 */
function pngOf(rows: Buffer, width: number, height: number, colourType: typeof RGB | typeof RGBA): Buffer {
  return framedPng(deflateSync(rows, deflateOptions(rows)), width, height, colourType);
}

/** In one piece: boards pack 12 to 25 times smaller; a picture that does not comes in several, joined. */
const deflateOptions = (rows: Buffer) => ({ level: 3, chunkSize: Math.max(MIN_CHUNK, rows.length >> 2) });

/** The PNG around rows deflated as deflateOptions says. */
function framedPng(data: Buffer, width: number, height: number, colourType: typeof RGB | typeof RGBA): Buffer {
  const png = Buffer.allocUnsafeSlow(PNG_SIGNATURE.length + 3 * CHUNK_FRAME + IHDR_BYTES + data.length);
  png.set(PNG_SIGNATURE);
  let at = PNG_SIGNATURE.length;
  at = writeChunk(png, at, 'IHDR', IHDR_BYTES, (into) => {
    png.writeUInt32BE(width, into);
    png.writeUInt32BE(height, into + 4);
    png.set([8, colourType, 0, 0, 0], into + 8); // depth 8, the colour type, deflate, filter 0, no interlace
  });
  at = writeChunk(png, at, 'IDAT', data.length, (into) => data.copy(png, into));
  writeChunk(png, at, 'IEND', 0, () => undefined);
  return png;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR_BYTES = 13;
/** A chunk's length, type and CRC around its data. */
const CHUNK_FRAME = 12;
const MIN_CHUNK = 64 * 1024;

/** A PNG chunk at `at`: its length, type, the data `write` puts at the offset it is given, its CRC. */
function writeChunk(png: Buffer, at: number, type: string, length: number, write: (at: number) => void): number {
  png.writeUInt32BE(length, at);
  png.write(type, at + 4, 'latin1');
  write(at + 8);
  png.writeUInt32BE(crc32(png.subarray(at + 4, at + 8 + length)), at + 8 + length);
  return at + CHUNK_FRAME + length;
}
