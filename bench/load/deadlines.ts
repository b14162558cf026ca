// 1,000 running games whose deadlines fall at the same moment: one tick of the judge's clock
// adjudicates every phase, records it, schedules the next deadline and queues the results mails,
// each game in its own transaction, exactly as the daemon's timer does. Then the outbox delivers
// every queued mail over SMTP to a local sink (a process of its own), each results mail with its
// phase's board picture, drawn once for the phase in a picture thread while the other mails go out.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import '../../src/judge/board-mail.js';
import { OutboxWorker } from '../../src/mail/outbox-worker.js';
import { builtJudgePictureThreads, pictureThreads, useBuiltWorker } from '../../src/render/map/draw-pool.js';
import rebuildStaleBundle, { runsBundle } from '../../test/setup/build-global.js';
import { createSmtpSender } from '../../src/mail/smtp-sender.js';
import { join } from 'node:path';
import { tick } from '../../src/judge/tick.js';
import { pendingJobs } from '../../src/store/jobs.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase } from '../../src/store/phases.js';
import {
  cpuSecondsIn,
  createActiveGames,
  LOAD_JUDGE,
  PROCESS_AT_DEADLINE,
  storeOrdersButOne,
  tempDatabase,
} from './games.js';

/** LOAD_GAMES=200 npm run bench -- deadline: a shorter run for profiling. */
const GAMES = Number(process.env.LOAD_GAMES ?? 1000);
const TICK_TARGET_S = 2;

export async function benchDeadlines(): Promise<void> {
  // The bench runs the sources, where picture threads default to none (draw-pool.ts); it measures the
  // judge as installed, with the built judge's threads (unless CHANCERY_PICTURE_THREADS says otherwise)
  // running the built worker (rebuilt if older than the sources; CHANCERY_FROM_SOURCE=1: the sources').
  process.env.CHANCERY_PICTURE_THREADS ??= String(builtJudgePictureThreads());
  if (process.env.CHANCERY_FROM_SOURCE !== '1') {
    rebuildStaleBundle();
    if (runsBundle()) useBuiltWorker(join(import.meta.dirname, '..', '..', 'dist', 'draw-worker.js'));
  }
  const world = tempDatabase('chancery-bench-deadlines-');
  try {
    const setupStarted = performance.now();
    const games = createActiveGames(world.db, GAMES, { timing: PROCESS_AT_DEADLINE });
    const sets = storeOrdersButOne(world.db, games);
    console.log(
      `Setup: ${GAMES} active standard games, ${sets} order sets stored (one power per game late: it holds; no grace period) in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const sizeBefore = databaseBytes(world.db);
    const due = Math.max(...games.flatMap((g) => pendingJobs(world.db, g.id).map((j) => Date.parse(j.dueAt))));
    const after = new Date(due + 60_000).toISOString();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const report = tick(world.db, after, LOAD_JUDGE);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const queued = listOutbox(world.db, { status: 'queued' }).filter((m) => m.kind === 'result');
    const advanced = games.filter((g) => currentPhase(world.db, g.id)!.phase === 'F1901M').length;
    console.log(
      `One tick with every deadline passed: ${report.processed.length} phases processed, ${queued.length} results mails queued, ${advanced} games now in F1901M`,
    );
    console.log(
      `  ${seconds.toFixed(2)} s in all (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s), ` +
        `${((seconds * 1000) / GAMES).toFixed(2)} ms per game; ` +
        `target <= ${TICK_TARGET_S} s ${seconds <= TICK_TARGET_S ? 'MET' : 'MISSED'}`,
    );

    const idleStarted = performance.now();
    tick(world.db, after, LOAD_JUDGE);
    console.log(`  the next tick with nothing due: ${(performance.now() - idleStarted).toFixed(0)} ms`);

    const sizeTicked = databaseBytes(world.db);
    await deliverAll(world.db);
    const sizeDelivered = databaseBytes(world.db);
    const kib = (bytes: number) => `${(bytes / GAMES / 1024).toFixed(0)} KiB`;
    console.log(
      `Disk: the database grew ${kib(sizeTicked - sizeBefore)} a game for the phase processed (position, ` +
        `result, queued mails) and ${kib(sizeDelivered - sizeTicked)} a game for its delivery (the picture kept)`,
    );
  } finally {
    world.close();
  }
}

const DELIVERY_TARGET_S = 15;

/**
 * CPU seconds of this thread alone (Linux: /proc/thread-self/stat, clock ticks of 10 ms), beside the
 * process's, which counts the picture threads too: on a shared machine wall time counts everyone.
 */
const threadCpuSeconds = () => cpuSecondsIn('/proc/thread-self/stat');

/** A process's CPU seconds so far: the sink's share of the machine's two cores. */
const processCpuSeconds = (pid: number) => cpuSecondsIn(`/proc/${pid}/stat`);

/** Delivers the whole outbox to a local SMTP sink; prints the time and what the sink received. */
async function deliverAll(db: Parameters<typeof listOutbox>[0]): Promise<void> {
  const sink = spawn(process.execPath, [join(import.meta.dirname, 'smtp-sink.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: sink.stdout });
  const [first] = (await once(lines, 'line')) as [string];
  const port = Number(/^port (\d+)$/.exec(first)![1]);
  const sender = createSmtpSender({ host: '127.0.0.1', port, ignoreTLS: true });
  const outbox = new OutboxWorker(db, sender, { judge: LOAD_JUDGE, batchSize: 100 });
  const queued = listOutbox(db, { status: 'queued' });
  const results = queued.filter((m) => m.kind === 'result').length;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const threadBefore = threadCpuSeconds();
  let lastText = 0;
  outbox.on('sent', (mail: { kind: string }) => {
    if (mail.kind !== 'result') lastText = performance.now();
  });
  let sent = 0;
  for (;;) {
    const report = await outbox.runOnce();
    sent += report.sent;
    if (!report.sent && !report.retrying) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const thread = threadCpuSeconds() - threadBefore;
  await sender.close();
  const sinkCpu = processCpuSeconds(sink.pid!);
  const done = once(lines, 'line');
  sink.kill('SIGTERM');
  const [last] = (await done) as [string];
  const pictures = (db.prepare('SELECT COUNT(*) AS n FROM phase_pictures').get() as { n: number }).n;
  console.log(
    `Delivery of the outbox to a local SMTP sink: ${sent} of ${queued.length} mails sent (${results} results ` +
      `mails), sink ${last}; ${pictures} pictures drawn (one per phase)`,
  );
  console.log(
    `  ${seconds.toFixed(1)} s in all (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s), ` +
      `${((seconds * 1000) / Math.max(1, sent)).toFixed(1)} ms per mail; target <= ${DELIVERY_TARGET_S} s ` +
      `${seconds <= DELIVERY_TARGET_S ? 'MET' : 'MISSED'}`,
  );
  console.log(
    `  the judge's own thread ${thread.toFixed(1)} s CPU (sending; ${
      pictureThreads() ? `the pictures drawn in ${pictureThreads()} thread(s)` : 'drawing the pictures too'
    }); the mails without a picture were all out after ` +
      `${((lastText - started) / 1000).toFixed(1)} s; the sink (another process) ${sinkCpu.toFixed(1)} s CPU`,
  );
  // The machine's speed swings from run to run: the CPU the burst needed, over the cores it had, is the
  // wall time no scheduling could beat, and a steadier measure of the judge's own work.
  const burstCpu = (cpu.user + cpu.system) / 1e6 + sinkCpu;
  const cores = availableParallelism();
  console.log(
    `  the burst's CPU in all ${burstCpu.toFixed(1)} s: on ${cores} core(s) no less than ` +
      `${(burstCpu / cores).toFixed(1)} s; the cores were ${((100 * burstCpu) / (cores * seconds)).toFixed(0)}% busy`,
  );
}

/** The database's size on disk as SQLite counts it (pages in use, the WAL checkpointed first). */
function databaseBytes(db: Parameters<typeof listOutbox>[0]): number {
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pages = db.pragma('page_count', { simple: true }) as number;
  const free = db.pragma('freelist_count', { simple: true }) as number;
  return (pages - free) * (db.pragma('page_size', { simple: true }) as number);
}
