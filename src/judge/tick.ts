// The judge's clock: processes every phase whose deadline has passed, and every phase whose orders
// are all in (early processing). The daemon calls it on a timer and after each mail; each game is
// processed in its own transaction, with its mails queued in the same transaction.
import type { JudgeIdentity } from '../mail/compose.js';
import { queueMails } from '../mail/queue.js';
import type { Db } from '../store/database.js';
import { listGames } from '../store/games.js';
import { claimJob, dueJobs } from '../store/jobs.js';
import { currentPhase } from '../store/phases.js';
import { PROCESS_JOB } from './lifecycle/deadlines.js';
import { activePlayers } from './lifecycle/roster.js';
import { obligationOf, lateness } from './progress.js';
import { processGame, type ProcessOutcome } from './process.js';

export interface TickReport {
  /** "game PHASE" for each phase processed. */
  processed: string[];
  /** Deadline jobs dropped because their game or phase had moved on. */
  dropped: string[];
}

export function tick(db: Db, now: string, judge: JudgeIdentity): TickReport {
  const report: TickReport = { processed: [], dropped: [] };
  for (const job of dueJobs(db, now)) {
    if (job.kind !== PROCESS_JOB || job.gameId === null) continue;
    const phase = (job.payload as { phase?: string }).phase;
    db.transaction(() => {
      const outcome = processGame(db, job.gameId as number, now, 'deadline', phase);
      if (outcome.processed) record(db, judge, job.key, outcome, report);
      else if (claimJob(db, job.id, now)) report.dropped.push(`${job.key}: ${outcome.reason}`);
    }).immediate();
  }
  for (const game of listGames(db, { status: 'active' })) {
    // Several phases may fall due at once when nobody has anything to order (e.g. no retreats).
    for (let guard = 0; guard < 10; guard++) {
      const processed = db.transaction(() => {
        if (!isReady(db, game.id)) return false;
        const outcome = processGame(db, game.id, now, 'ready');
        if (outcome.processed) record(db, judge, `ready:${game.id}`, outcome, report);
        return outcome.processed;
      }).immediate();
      if (!processed) break;
    }
  }
  return report;
}

function record(db: Db, judge: JudgeIdentity, origin: string, outcome: Extract<ProcessOutcome, { processed: true }>, report: TickReport): void {
  queueMails(db, outcome.mails, { judge, origin: `${origin}:${outcome.phase}` });
  report.processed.push(outcome.phase);
}

/** Everyone who plays and has something to order is complete, nobody waits, and somebody played. */
function isReady(db: Db, gameId: number): boolean {
  const game = listGames(db, { status: 'active' }).find((g) => g.id === gameId);
  const record = game && currentPhase(db, gameId);
  if (!game || !record || record.result) return false;
  const late = lateness(db, game, record);
  if (late.missing.length || late.waiting.length) return false;
  // A game of vacant powers only waits for its deadline instead of playing itself out at once.
  return activePlayers(db, gameId).some((seat) => seat.power && obligationOf(db, game, record, seat.power).hasDuty);
}
