// `chancery map`, declared: the drawing code (map.ts) loads when it runs.
import type { Command } from 'commander';
import { processIo, type CliIo } from './io.js';
import type { MapCliOptions } from './map.js';

export function register(program: Command, io: CliIo = processIo): void {
  program
    .command('map')
    .description(
      'draw the board (PNG, or SVG with --svg): the start or a position, or the last of the given order files',
    )
    .option('--variant <name>', "variant name or .variant file (default: standard, or the position's)")
    .option('--position <file>', 'start from this position (docs/position-format.md)')
    .option(
      '--orders <file>',
      'order files played in turn as by chancery adjudicate; the last phase is drawn',
      (f: string, all: string[]) => [...all, f],
      [] as string[],
    )
    .option('--out <file>', 'where to write the picture', 'board.png')
    .option('--svg', 'write SVG instead of PNG')
    .option('--game <name>', 'game name in the title')
    .option('--keep-going', 'play on past refused lines')
    .action(async (opts: MapCliOptions) => io.exit((await import('./map.js')).runMap(opts, io)));
}
