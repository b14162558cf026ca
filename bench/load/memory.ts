// The daemon's memory with 1,000 running games, as a judgekeeper runs it: `chancery run` (bin/chancery.cjs,
// the bundle once built, with its default picture threads) in a process of its own, on a database of
// 1,000 active games set up by this process beforehand (so that the setup's own memory does not count).
// It ticks a few times, then every deadline passes at once: it processes all 1,000 phases and delivers
// their results to its mail directory. Its memory is read from /proc as the kernel counts it (threads
// included), and the peak is the kernel's high-water mark (VmHWM). A bundle older than the sources is
// rebuilt first.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { nowIso, type Db } from '../../src/store/database.js';
import rebuildStaleBundle, { runsBundle } from '../../test/setup/build-global.js';
import {
  cpuSecondsIn,
  createActiveGames,
  LOAD_JUDGE,
  mebibytes,
  PROCESS_AT_DEADLINE,
  storeOrdersButOne,
  tempDatabase,
} from './games.js';

const GAMES = Number(process.env.LOAD_GAMES ?? 1000);
const TICK_S = 1;
const TARGET_MIB = 150;
const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'chancery.cjs');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's resident memory now and its high-water mark, in bytes (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

const count = (db: Db, sql: string) => (db.prepare(sql).get() as { n: number }).n;

export async function benchMemory(): Promise<void> {
  const world = tempDatabase('chancery-bench-memory-');
  try {
    const games = createActiveGames(world.db, GAMES, { timing: PROCESS_AT_DEADLINE });
    storeOrdersButOne(world.db, games);
    const config = join(world.dir, 'chancery.json');
    writeFileSync(
      config,
      JSON.stringify({
        judge: LOAD_JUDGE,
        database: 'judge.sqlite',
        mail: { transport: 'directory', directory: 'mail' },
      }),
    );
    if (process.env.CHANCERY_FROM_SOURCE !== '1') rebuildStaleBundle();
    const compiled = runsBundle();
    const judge = spawn(process.execPath, [BIN, 'run', '--config', config, '--tick', String(TICK_S)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CHANCERY_FROM_SOURCE: compiled ? '0' : '1' },
    });
    const exited = new Promise<number | null>((resolve) => judge.on('close', resolve));
    try {
      await waitForLine(judge.stdout, /running \(pid/);
      await measure(world.db, judge.pid!, compiled);
    } finally {
      judge.kill('SIGTERM');
      await exited;
    }
  } finally {
    world.close();
  }
}

async function measure(db: Db, pid: number, compiled: boolean): Promise<void> {
  const lines: string[] = [];
  const line = (label: string, rss: number) => lines.push(`  ${label.padEnd(58)} RSS ${mebibytes(rss).padStart(10)}`);
  line('the judge started (modules loaded, database opened)', memoryOf(pid).rss);
  await sleep(TICK_S * 4000 + 200);
  line(`holding ${GAMES} games, after 4 ticks`, memoryOf(pid).rss);

  // Every deadline passes at once; the judge's next tick processes all phases.
  const processedBefore = count(db, 'SELECT COUNT(*) AS n FROM phases WHERE result_json IS NOT NULL');
  db.prepare("UPDATE jobs SET due_at = ? WHERE status = 'pending'").run(nowIso());
  const started = performance.now();
  const cpuBefore = cpuSecondsIn(`/proc/${pid}/stat`);
  const waitUntil = started + 15 * 60_000;
  // The highest RSS sampled until every phase was processed, and after (delivering their mails).
  const highest = { processing: 0, delivering: 0 };
  let processed = 0;
  for (;;) {
    await sleep(100);
    const rss = memoryOf(pid).rss;
    if (processed < GAMES) highest.processing = Math.max(highest.processing, rss);
    else highest.delivering = Math.max(highest.delivering, rss);
    processed = count(db, 'SELECT COUNT(*) AS n FROM phases WHERE result_json IS NOT NULL') - processedBefore;
    const unsent = count(db, "SELECT COUNT(*) AS n FROM outbox WHERE status = 'queued'");
    if ((processed >= GAMES && unsent === 0) || performance.now() > waitUntil) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSecondsIn(`/proc/${pid}/stat`) - cpuBefore;
  const sent = count(db, "SELECT COUNT(*) AS n FROM outbox WHERE status = 'sent'");
  line(`after processing ${processed} phases and sending their ${sent} mails`, memoryOf(pid).rss);
  await sleep(TICK_S * 2000);
  const end = memoryOf(pid);
  line('two ticks later', end.rss);
  for (const text of lines) console.log(text);
  console.log(
    `  the judge ran ${compiled ? 'the bundle (dist/)' : 'the TypeScript sources (tsx)'}; ` +
      `${processed} phases processed and ${sent} mails delivered to its mail directory ` +
      `${seconds.toFixed(1)} s after the deadlines passed, for ${cpu.toFixed(1)} s of its CPU (picture threads included)`,
  );
  console.log(
    `  peak RSS ${mebibytes(end.peak)} (the highest sampled while processing ${mebibytes(highest.processing)}, ` +
      `while delivering ${mebibytes(highest.delivering)}); ` +
      `target <= ${TARGET_MIB} MiB ${end.peak <= TARGET_MIB * 1024 * 1024 ? 'MET' : 'MISSED'}`,
  );
}

/** Resolves once the stream has printed a line matching `pattern`; its later lines are read and dropped. */
function waitForLine(stream: NodeJS.ReadableStream, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stream });
    lines.on('line', (text) => pattern.test(text) && resolve());
    lines.on('close', () => reject(new Error('the judge exited before it was running')));
  });
}
