// `chancery map`, declared: the drawing code (map.ts) loads when it runs.
import type { Command } from 'commander';
import { setFlagsFromString } from 'node:v8';
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
    .action(async (opts: MapCliOptions) => {
      const { runMap } = await import('./map.js');
      // A picture drawn once, in a quarter of a second, with no pixel loop of its own in JavaScript (the
      // board is read, zlib compresses): V8's optimising compiler would spend 3-4.5 MB of the command's
      // peak (its code paged in, its memory) on a run that ends before it pays. Set at run time, as
      // `chancery run` sets its heap's flags (src/render/map/draw-pool.ts), only in the command's own
      // process (the flag is the whole process's), and set back after: V8 marks the code cache that
      // bin/chancery.cjs writes at the end with the flags then in force, and the next start, without this
      // one, would refuse it (test/cli/code-cache.test.ts).
      const own = io === processIo;
      if (own) setFlagsFromString('--no-opt');
      let status: number;
      try {
        status = runMap(opts, io);
      } finally {
        if (own) setFlagsFromString('--opt');
      }
      io.exit(status);
    });
}
