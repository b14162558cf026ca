// `chancery map`: a picture of the board offline, for a GM adjudicating by hand: the start (or a
// position file), or the last phase of the order files played through the same path as
// `chancery adjudicate` (read → check → adjudicate), drawn with its orders and results.
import { writeFileSync } from 'node:fs';
import type { PhaseResult } from '../core/adjudicate/result.js';
import type { Variant } from '../core/map/variant.js';
import type { Position } from '../core/types.js';
import { phaseText } from '../core/position/names.js';
import { loadMapArt } from '../render/map/art.js';
import { drawBoardSvg } from '../render/map/board-picture.js';
import { svgToPng } from '../render/map/png.js';
import { runAdjudicate, startingPoint } from './adjudicate.js';
import type { CliIo } from './io.js';

export interface MapCliOptions {
  variant?: string;
  position?: string;
  orders: string[];
  out: string;
  svg?: boolean;
  game?: string;
  keepGoing?: boolean;
}

export function runMap(opts: MapCliOptions, io: CliIo): number {
  let drawn: { variant: Variant; before: Position; result?: PhaseResult } | null = null;
  if (opts.orders.length) {
    const quiet: CliIo = { out: () => undefined, err: io.err, exit: io.exit };
    const status = runAdjudicate(
      { ...opts, onPhase: (variant, before, result) => (drawn = { variant, before, result }) },
      quiet,
    );
    if (status !== 0 && !drawn) return status;
  } else {
    const start = startingPoint({ ...opts, orders: [] });
    drawn = { variant: start.variant, before: start.position };
  }
  const { variant, before, result } = drawn!;
  const svg = drawBoardSvg(variant, loadMapArt(variant), {
    gameName: opts.game,
    phaseLabel: phaseText(before.phase),
    position: before,
    result,
  });
  if (opts.svg) writeFileSync(opts.out, svg);
  else writeFileSync(opts.out, svgToPng(svg, { single: true }).png);
  io.out(`${opts.out}: ${variant.title}, ${phaseText(before.phase)}${result ? ' with its orders and results' : ''}\n`);
  return 0;
}
