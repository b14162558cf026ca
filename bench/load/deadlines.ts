// 1,000 running games whose deadlines fall at the same moment: one tick of the judge's clock
// adjudicates every phase, records it, schedules the next deadline and queues the results mails,
// each game in its own transaction, exactly as the daemon's timer does.
import { tick } from '../../src/judge/tick.js';
import { pendingJobs } from '../../src/store/jobs.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase } from '../../src/store/phases.js';
import { createActiveGames, LOAD_JUDGE, PROCESS_AT_DEADLINE, storeOrdersButOne, tempDatabase } from './games.js';

const GAMES = 1000;

export function benchDeadlines(): void {
  const world = tempDatabase('chancery-bench-deadlines-');
  try {
    const setupStarted = performance.now();
    const games = createActiveGames(world.db, GAMES, { timing: PROCESS_AT_DEADLINE });
    const sets = storeOrdersButOne(world.db, games);
    console.log(
      `Setup: ${GAMES} active standard games, ${sets} order sets stored (one power per game late: it holds; no grace period) in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

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
      `  ${seconds.toFixed(2)} s in all (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s), ${((seconds * 1000) / GAMES).toFixed(2)} ms per game`,
    );

    const idleStarted = performance.now();
    tick(world.db, after, LOAD_JUDGE);
    console.log(`  the next tick with nothing due: ${(performance.now() - idleStarted).toFixed(0)} ms`);
  } finally {
    world.close();
  }
}
