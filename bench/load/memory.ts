// The daemon's memory with 1,000 running games. Measured in a child process of its own, so that the
// other sections' garbage does not count: the daemon (`chancery run` with the mail directory) starts
// on a database of 1,000 active games, ticks a few times, then every deadline passes and it
// processes all 1,000 phases and delivers their results.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../../src/config/load.js';
import { startDaemon } from '../../src/judge/daemon.js';
import { nowIso } from '../../src/store/database.js';
import { createActiveGames, mebibytes, PROCESS_AT_DEADLINE, storeOrdersButOne, tempDatabase } from './games.js';

const GAMES = 1000;
const TICK_MS = 500;
const TICKS = 4;
const CHILD_FLAG = '--memory-child';

interface Sample {
  label: string;
  rss: number;
  heapUsed: number;
  external: number;
}

function sample(label: string): Sample {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { label, rss: m.rss, heapUsed: m.heapUsed, external: m.external + m.arrayBuffers };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(): Promise<{
  samples: Sample[];
  peakRss: number;
  processed: number;
  sent: number;
  seconds: number;
}> {
  const world = tempDatabase('chancery-bench-memory-');
  try {
    const samples = [sample('empty process (modules loaded)')];
    const games = createActiveGames(world.db, GAMES, { timing: PROCESS_AT_DEADLINE });
    storeOrdersButOne(world.db, games);
    samples.push(sample(`after setting up ${GAMES} games`));
    const config = parseConfig(
      {
        judge: { address: 'judge@load.test', name: 'Load Judge', domain: 'load.test' },
        database: 'judge.sqlite',
        mail: { transport: 'directory', directory: 'mail', outboxPollMs: 200 },
      },
      { baseDir: world.dir, source: null },
    );
    let processed = 0;
    const daemon = startDaemon(world.db, config, {
      tickMs: TICK_MS,
      log: (line) => (processed += line.startsWith('processed ') ? 1 : 0),
    });
    let sent = 0;
    daemon.service.outbox.on('sent', () => sent++);
    await sleep(TICK_MS * TICKS + 100);
    samples.push(sample(`daemon running, after ${TICKS + 1} ticks`));

    // Every deadline passes at once; the daemon's next tick processes all phases.
    world.db.prepare("UPDATE jobs SET due_at = ? WHERE status = 'pending'").run(nowIso());
    const started = performance.now();
    const waitUntil = started + 10 * 60_000;
    const unsent = () =>
      (world.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE status = 'queued'").get() as { n: number }).n;
    while ((processed < GAMES || unsent() > 0) && performance.now() < waitUntil) await sleep(100);
    const seconds = (performance.now() - started) / 1000;
    samples.push(sample(`after processing ${processed} phases and sending their ${sent} mails`));
    await sleep(TICK_MS * 2);
    samples.push(sample('two ticks later'));
    await daemon.stop();
    return { samples, peakRss: process.resourceUsage().maxRSS * 1024, processed, sent, seconds };
  } finally {
    world.close();
  }
}

export async function benchMemory(): Promise<void> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), CHILD_FLAG],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`memory benchmark child exited with ${code}: ${out}`);
  const result = JSON.parse(out.trim().split('\n').pop()!) as Awaited<ReturnType<typeof measure>>;
  for (const s of result.samples) {
    console.log(
      `  ${s.label.padEnd(60)} RSS ${mebibytes(s.rss).padStart(10)}  heap used ${mebibytes(s.heapUsed).padStart(9)}  buffers ${mebibytes(s.external)}`,
    );
  }
  console.log(
    `  peak RSS ${mebibytes(result.peakRss)}; ${result.processed} phases processed and ${result.sent} mails (results, late notices, GM notices) delivered to the mail directory ${result.seconds.toFixed(1)} s after the deadlines passed`,
  );
}

if (process.argv.includes(CHILD_FLAG)) {
  const result = await measure();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
