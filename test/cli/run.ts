// Runs CLI commands in-process on a fresh commander program, capturing what they print.
import { Command } from 'commander';
import { register as registerAdjudicate } from '../../src/cli/adjudicate-command.js';
import type { CliIo } from '../../src/cli/variant.js';
import { register as registerVariant } from '../../src/cli/variant-command.js';
import { register as registerMap } from '../../src/cli/map-command.js';
import { register as registerOptions } from '../../src/cli/options-command.js';

export interface CliRun {
  out: string;
  err: string;
  code: number;
}

export async function runCli(...args: string[]): Promise<CliRun> {
  const run: CliRun = { out: '', err: '', code: 0 };
  const io: CliIo = {
    out: (t) => void (run.out += t),
    err: (t) => void (run.err += t),
    exit: (c) => void (run.code = c),
  };
  const program = new Command().exitOverride();
  registerVariant(program, io);
  registerAdjudicate(program, io);
  registerMap(program, io);
  registerOptions(program, io);
  await program.parseAsync(args, { from: 'user' });
  return run;
}
