// A board picture for a variant: its map art (variants/<id>/<id>.map.json) drawn with the position
// and the phase's orders, as SVG and PNG.
import type { Variant } from '../../core/map/variant.js';
import { hasMapArt, loadMapArt } from './art.js';
import { drawBoardSvg, type BoardPictureInput } from './board-picture.js';
import { svgToPng } from './png.js';

export type { BoardPictureInput } from './board-picture.js';
export { hasMapArt, loadMapArt } from './art.js';

export interface BoardPicture {
  svg: string;
  png: Buffer;
}

export function boardPicture(variant: Variant, input: BoardPictureInput): BoardPicture {
  const svg = boardSvg(variant, input);
  return { svg, png: svgToPng(svg).png };
}

/** The picture's SVG alone: a few milliseconds, where its PNG takes a hundred. */
export function boardSvg(variant: Variant, input: BoardPictureInput): string {
  return drawBoardSvg(variant, loadMapArt(variant), input);
}

export { svgToPng } from './png.js';

/** Whether pictures can be drawn for the variant (its art exists). */
export function canDrawBoard(variant: Variant): boolean {
  return hasMapArt(variant.id);
}
