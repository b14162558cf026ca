// `chancery variant check|show`, declared: the code (variant.ts) loads when the command runs.
import type { Command } from 'commander';
import { processIo, type CliIo } from './io.js';

export function register(program: Command, io: CliIo = processIo): void {
  const variant = program.command('variant').description('check or describe a variant file');
  variant
    .command('check')
    .description('load a variant and report every problem (exit status 1 if any)')
    .argument('<name|file>', 'variant name (standard) or path to a .variant file')
    .action(async (nameOrFile: string) => (await import('./variant.js')).check(nameOrFile, io));
  variant
    .command('show')
    .description('describe a variant: powers, home centres, spaces')
    .argument('<name|file>', 'variant name or path to a .variant file')
    .option('--json', 'print the full description as JSON, adjacencies included')
    .action(async (nameOrFile: string, opts: { json?: boolean }) =>
      (await import('./variant.js')).show(nameOrFile, Boolean(opts.json), io),
    );
}
