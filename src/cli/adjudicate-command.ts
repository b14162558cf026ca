// `chancery adjudicate`, declared: the reader and the adjudicator (adjudicate.ts) load when it runs.
import type { Command } from 'commander';
import type { AdjudicateCliOptions } from './adjudicate.js';
import { processIo, type CliIo } from './io.js';

export function register(program: Command, io: CliIo = processIo): void {
  program
    .command('adjudicate')
    .description(
      'play phases offline: each --orders file holds every power\'s orders for one phase, under "France:" headings; ' +
        'a "civil disorder <power>" line declares permanent civil disorder before the phase',
    )
    .option('--variant <name>', "variant name or .variant file (default: standard, or the position's)")
    .option(
      '--orders <file>',
      'orders for the next phase (repeat, in phase order); an optional "phase F1901M" line is checked',
      (f: string, all: string[]) => [...all, f],
      [] as string[],
    )
    .option('--position <file>', 'start from this position (text format, docs/position-format.md, or JSON)')
    .option('--json', 'print [{ phase, outcomes, refused, civilDisorder, dp, winners, gameOver, next, nextPhase }]')
    .option('--game <name>', 'game name shown in the results')
    .option('--seed <seed>', 'seed for random choices (civil-disorder removals)')
    .option(
      '--keep-going',
      'play on past refused lines (printed in the results either way; refused DP lines on stderr only)',
    )
    .option('--explain', 'print under each movement order why it succeeded or failed (its supports, cuts, strengths)')
    .option(
      '--year-cap <years|none>',
      "the game's year cap: a draw of the survivors after that many years (default: the variant's)",
    )
    .action(async (opts: AdjudicateCliOptions) => {
      if (!opts.orders.length) {
        io.err('adjudicate: give at least one --orders file\n');
        io.exit(1);
        return;
      }
      try {
        const { runAdjudicate } = await import('./adjudicate.js');
        const code = runAdjudicate(opts, io);
        if (code) io.exit(code);
      } catch (e) {
        // Unreadable files, refused positions or variants: the message already names file and line.
        io.err(`${e instanceof Error ? e.message : String(e)}\n`);
        io.exit(1);
      }
    });
}
