// Part of `npm run build` (tools/build.mjs bundles and runs it): each variant's board drawn at the
// pictures' usual size and stored in the directory given, dist/boards, where the bundle looks for it
// (src/render/map/board-store.ts). A picture of any phase of the variant shares its board.
import { initialPosition } from '../src/core/adjudicate/index.js';
import { phaseText } from '../src/core/position/names.js';
import { knownVariants, variantOf } from '../src/judge/variants.js';
import { loadMapArt } from '../src/render/map/art.js';
import { drawBoardSvg } from '../src/render/map/board-picture.js';
import { useBoardStore } from '../src/render/map/board-store.js';
import { storeBoardOf } from '../src/render/map/png.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: store-boards <directory>');
// Every board drawn here from the sources being built, none read from an earlier build.
useBoardStore(null);
for (const id of knownVariants()) {
  const variant = variantOf(id);
  const position = initialPosition(variant);
  const svg = drawBoardSvg(variant, loadMapArt(variant), { phaseLabel: phaseText(position.phase), position });
  storeBoardOf(svg, dir);
}
