// A board's SVG drawn whole by resvg, laying out the text itself: the reference the layered pictures are
// held to (picture-layers.test.ts), and how pictures were drawn before names were kept (bench/maps.ts).
import { Resvg } from '@resvg/resvg-js';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const FONT = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** The SVG drawn at the given width, as one resvg drawing with the judge's font and rendering modes. */
export function drawnWhole(svg: string, width: number) {
  return new Resvg(svg, {
    font: {
      fontFiles: [join(FONT, 'DejaVuSansCondensed-Bold.ttf')],
      loadSystemFonts: false,
      defaultFontFamily: 'DejaVu Sans Condensed',
    },
    shapeRendering: 0,
    textRendering: 1,
    fitTo: { mode: 'width', value: width },
  }).render();
}
