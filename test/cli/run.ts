// Runs CLI commands: in-process on a fresh commander program, capturing what they print, or as the real command.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

const BIN = fileURLToPath(new URL('../../bin/chancery.cjs', import.meta.url));

/** The real `chancery` command as a child process in `cwd`, its stdout and stderr together. */
export function spawnChancery(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}
