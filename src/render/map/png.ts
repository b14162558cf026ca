// SVG to PNG with resvg, using the DejaVu fonts shipped in the dejavu-fonts-ttf package, so that the
// picture is the same on every machine (no system fonts are looked at).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

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

export function svgToPng(svg: string, options: { keepPixels?: boolean; maxBytes?: number } = {}): RenderedPicture {
  const maxBytes = options.maxBytes ?? MAX_PNG_BYTES;
  // Start at a size whose PNG is usually under the limit, so that one drawing is enough.
  const size = /<svg[^>]*\bwidth="(\d+(?:\.\d+)?)"[^>]*\bheight="(\d+(?:\.\d+)?)"/.exec(svg);
  const area = size ? Number(size[1]) * Number(size[2]) : 0;
  let zoom = area > MAX_PIXELS ? Math.sqrt(MAX_PIXELS / area) : 1;
  for (;;) {
    const picture = render(svg, zoom, options.keepPixels);
    if (picture.png.length <= maxBytes || zoom < 0.5) return picture;
    // PNG size grows with the area: shrink by the square root of the excess, and a little more.
    zoom *= Math.sqrt(maxBytes / picture.png.length) * 0.97;
  }
}

function render(svg: string, zoom: number, keepPixels?: boolean): RenderedPicture {
  const rendered = new Resvg(svg, {
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans Condensed' },
    // Shapes without anti-aliasing keep the picture to its few flat colours, which PNG packs three
    // times smaller; text stays smooth.
    shapeRendering: 0,
    textRendering: 1,
    fitTo: zoom === 1 ? { mode: 'original' } : { mode: 'zoom', value: zoom },
  }).render();
  const options = { keepPixels };
  return {
    png: rendered.asPng(),
    width: rendered.width,
    height: rendered.height,
    pixels: options.keepPixels ? rendered.pixels : undefined,
  };
}
