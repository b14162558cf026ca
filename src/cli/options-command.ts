// `chancery options`, declared: the legality and the generator (options.ts) load when it runs.
import type { Command } from 'commander';
import { processIo, type CliIo } from './io.js';
import type { OptionsCliOptions } from './options.js';

export function register(program: Command, io: CliIo = processIo): void {
  program
    .command('options')
    .description("every legal order for the position's phase, one a line (a DP line for a neutral unit)")
    .option('--variant <name>', "variant name or .variant file (default: standard, or the position's)")
    .option('--position <file>', 'the position (docs/position-format.md); default: the start of the variant')
    .option('--power <power>', "only this power's units (and, in a DP game, the neutral units it may bid for)")
    .option('--unit <unit>', 'only this unit, e.g. "F Spa" (repeatable)', (u: string, all: string[]) => [...all, u], [])
    .action(async (opts: OptionsCliOptions) => {
      try {
        io.exit((await import('./options.js')).runOptions(opts, io));
      } catch (e) {
        io.err(`${e instanceof Error ? e.message : String(e)}\n`);
        io.exit(1);
      }
    });
}
