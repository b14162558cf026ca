// The `chancery` command as a hand GM runs it: whole processes, from start to exit, beside `node -e 0`
// run in turn with them (the machine's own floor: the ratio holds on a busy machine, where the
// milliseconds do not). A real 34-unit movement phase of the Droidippy archive, written as a position
// file and an order file; `--help`; the largest map (1648) drawn. Peak memory of each process as the
// kernel counts it (/usr/bin/time).
// Node reads the certificates NODE_EXTRA_CA_CERTS names before any of our code runs (some sandboxes set
// it: 90 ms on every process here, node -e 0 included). The targets are judged on plain node, the way a
// fresh machine starts it; where the variable is set, the figures with it are printed too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadVariant } from '../src/core/map/load.js';
import { positionToText } from '../src/core/position/index.js';
import rebuildStaleBundle, { runsBundle } from '../test/setup/build-global.js';
import { fullBoards } from './adjudicator.js';

const ROUNDS = 9;
const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'chancery.cjs');
const MEMORY_TARGET_MIB = 70;

/** Wall milliseconds and peak MiB of one whole process. */
function run(args: string[], env: NodeJS.ProcessEnv): { ms: number; mib: number } {
  const started = performance.now();
  const child = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], {
    encoding: 'utf8',
    cwd: ROOT,
    env,
  });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`${args.join(' ')} exited ${child.status}: ${child.stderr}`);
  const kib = Number(child.stderr.trim().split('\n').pop());
  return { ms, mib: kib / 1024 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

export function benchCli(): void {
  const dir = mkdtempSync(join(tmpdir(), 'chancery-bench-cli-'));
  try {
    const variant = loadVariant('standard');
    const board = fullBoards().find((b) => b.position.units.length >= 34)!;
    writeFileSync(join(dir, 'position.txt'), positionToText(variant, board.position));
    writeFileSync(join(dir, 'orders.txt'), `${board.text}\n`);
    const commands: [string, string[], number][] = [
      [
        `adjudicate (${board.position.units.length} units)`,
        [BIN, 'adjudicate', '--position', join(dir, 'position.txt'), '--orders', join(dir, 'orders.txt')],
        150,
      ],
      ['--help', [BIN, '--help'], 100],
      ['map --variant 1648', [BIN, 'map', '--variant', '1648', '--out', join(dir, 'board.png')], 250],
    ];
    // Timing a bundle older than the sources would time code that is no longer there.
    if (process.env.CHANCERY_FROM_SOURCE !== '1') rebuildStaleBundle();
    console.log(
      `bin/chancery.cjs runs ${runsBundle() ? 'the bundled JavaScript (dist/)' : 'the TypeScript sources (tsx)'}`,
    );
    const { NODE_EXTRA_CA_CERTS: extraCerts, ...plain } = process.env;
    timeCommands(commands, plain, 'plain node');
    if (extraCerts) timeCommands(commands, process.env, `with NODE_EXTRA_CA_CERTS=${extraCerts} (not judged)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each command beside node -e 0, in turn, ROUNDS times, in one environment. */
function timeCommands(commands: [string, string[], number][], env: NodeJS.ProcessEnv, label: string): void {
  for (const [, args] of commands) run(args, env); // warm the file cache
  const floor: number[] = [];
  const figures = commands.map(() => ({ ms: [] as number[], ratio: [] as number[], above: [] as number[], mib: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    commands.forEach(([, args], i) => {
      const base = run(['-e', '0'], env);
      const one = run(args, env);
      floor.push(base.ms);
      figures[i].ms.push(one.ms);
      figures[i].ratio.push(one.ms / base.ms);
      figures[i].above.push(one.ms - base.ms);
      figures[i].mib = Math.max(figures[i].mib, one.mib);
    });
  }
  console.log(`${label}: node -e 0 median ${median(floor).toFixed(0)} ms (the floor of every figure below)`);
  commands.forEach(([name, , target], i) => {
    const ms = median(figures[i].ms);
    console.log(
      `  chancery ${name.padEnd(22)} median ${ms.toFixed(0).padStart(4)} ms, ` +
        `${median(figures[i].ratio).toFixed(2)}x node -e 0, ${median(figures[i].above).toFixed(0)} ms above it ` +
        `(target <= ${target} ms: ${ms <= target ? 'MET' : 'MISSED'} here); peak ` +
        `${figures[i].mib.toFixed(1)} MiB (target <= ${MEMORY_TARGET_MIB}: ` +
        `${figures[i].mib <= MEMORY_TARGET_MIB ? 'MET' : 'MISSED'})`,
    );
  });
}
