// The judge's clock. Runs every due job in the order it fell due — reminders, deadlines, ends of
// grace periods — each in a savepoint of its own with the mails it causes (many jobs share one
// transaction: see inBatches), then processes every phase whose orders are all in (early
// processing). The daemon calls it on a timer and after each mail.
// A job is claimed in the transaction that does its work, so nothing runs twice; after downtime the
// overdue jobs run in order, stale reminders and late notices are dropped, and each next deadline
// is computed from the time of processing.
import type { JudgeIdentity } from '../mail/compose.js';
import type { OutgoingMail } from '../mail/types.js';
import { isStorageFault, type Db } from '../store/database.js';
import { getGame, listGames, type Game } from '../store/games.js';
import { claimJob, dueJobs, findJob, type Job } from '../store/jobs.js';
import { gamesToCheck, markChecked } from '../store/ready-checks.js';
import { anyOrders } from '../store/orders.js';
import { currentPhase, type PhaseRecord } from '../store/phases.js';
import { recordLate, setSeatStatus } from '../store/players.js';
import {
  formatDeadline,
  gameTiming,
  GRACE_JOB,
  phaseClock,
  PROCESS_JOB,
  REMINDER_JOB,
  scheduleGrace,
  type PhaseJobPayload,
} from './lifecycle/deadlines.js';
import { isHeldAfterRollback } from './lifecycle/rollback-hold.js';
import { awaitsRelease, holdForRelease, isManual } from './lifecycle/manual-process.js';
import { takeoverCommand } from './lifecycle/private-game.js';
import { masterAddresses } from './lifecycle/co-masters.js';
import { activePlayers, seatAddress } from './lifecycle/roster.js';
import { lapsedMails, lateTableMail, othersLateLine } from './late-table.js';
import { queueForReaders } from './reader-zones.js';
import { calendarRequest } from './calendar/deadline-attachment.js';
import { lateness, lateSeats, obligationOf, owedText, type LateSeat } from './progress.js';
import { ordersByPower, type StoredOrders } from './phase-orders.js';
import { processGame, type LoadedPhase, type ProcessMode, type ProcessOutcome } from './process.js';
import { renderTemplate } from './template.js';
import { graceEnd } from './timing/deadline.js';
import { durationText } from './timing/duration.js';
import { latePolicyText } from './timing/parse.js';

export interface TickReport {
  /** "game PHASE" for each phase processed. */
  processed: string[];
  /** Jobs dropped because their game or phase had moved on, or their time had passed. */
  dropped: string[];
  /** Reminders, late notices and grace-period endings sent: "<job key>: ...". */
  notices: string[];
  /** Jobs or games whose handling threw: "<job key or game>: <error>". Each stays as it was, to be tried again. */
  failed: string[];
}

/** Handling a job may create one that is due already (a deadline missed during downtime starts a
 * grace period that is over too), so due jobs are read again until none is left, within reason. */
const MAX_ROUNDS = 20;
const READY_GUARD = 10;

type Handler = (ctx: JobContext) => void;

interface JobContext {
  db: Db;
  now: string;
  judge: JudgeIdentity;
  job: Job;
  report: TickReport;
}

const HANDLERS: Record<string, Handler> = {
  [REMINDER_JOB]: remind,
  [PROCESS_JOB]: deadlinePassed,
  [GRACE_JOB]: graceOver,
};

export function tick(db: Db, now: string, judge: JudgeIdentity): TickReport {
  const report: TickReport = { processed: [], dropped: [], notices: [], failed: [] };
  const seen = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const jobs = dueJobs(db, now).filter(
      (j) => HANDLERS[j.kind] && j.gameId !== null && !seen.has(`${j.id}@${j.dueAt}`),
    );
    if (!jobs.length) break;
    inBatches(db, jobs, (job) => {
      seen.add(`${job.id}@${job.dueAt}`);
      isolated(report, job.key, () =>
        db.transaction(() => {
          const fresh = findJob(db, job.key);
          // An earlier job of this round may have moved or finished this one.
          if (!fresh || fresh.status !== 'pending' || fresh.dueAt !== job.dueAt) return;
          HANDLERS[job.kind]({ db, now, judge, job: fresh, report });
        })(),
      );
    });
  }
  const lookAt = gamesToLookAt(db);
  inBatches(db, lookAt, (gameId) => {
    // Named only when it fails: most ticks look at hundreds of games and none fails.
    const what = () => `game ${getGame(db, gameId)?.name ?? gameId}`;
    // Several phases may fall due at once when nobody has anything to order (e.g. no retreats).
    for (let guard = 0; guard < READY_GUARD; guard++) {
      const processed = isolated(report, what, () =>
        db.transaction(() => processIfReady(db, gameId, now, judge, report))(),
      );
      if (!processed) break;
    }
  });
  lookedAtAll.add(db);
  return report;
}

/** Processes the game's phase if it is ready (readyMode); whether it did. Call it in the game's savepoint. */
function processIfReady(db: Db, gameId: number, now: string, judge: JudgeIdentity, report: TickReport): boolean {
  // Processing marks the game again (its writes): the next round looks at it afresh.
  markChecked(db, gameId);
  const game = getGame(db, gameId);
  const record = game?.status === 'active' ? currentPhase(db, gameId) : null;
  const mode = game && record ? readyMode(db, game, record) : null;
  if (!game || !record || !mode) return false;
  if (isManual(game)) {
    const held = holdForRelease(db, game, record);
    queueForReaders(db, held, { judge, origin: `release:${game.id}:${record.phase}` });
    if (held.length) report.notices.push(`game ${game.name} ${record.phase}: held for the GM's release`);
    return false;
  }
  const outcome = processGame(db, { game, record }, now, mode, record.phase);
  if (outcome.processed) recordProcessed(db, judge, `ready:${game.id}`, outcome, report);
  return outcome.processed;
}

/** Connections whose clock has looked at every active game once. */
const lookedAtAll = new WeakSet<Db>();

/**
 * The games whose readiness may have changed since the last tick (src/store/ready-checks.ts): an idle
 * tick reads a few marks, not 1,000 games. The first tick of a connection looks at every active game
 * all the same: a judge started with new code may judge readiness anew (a variant's rule changed).
 */
function gamesToLookAt(db: Db): number[] {
  const marked = gamesToCheck(db);
  if (lookedAtAll.has(db)) return marked;
  const active = listGames(db, { status: 'active' }).map((game) => game.id);
  return [...new Set([...active, ...marked])].sort((a, b) => a - b);
}

/**
 * How long one write transaction of the tick may run. Each job (or game) is a savepoint of its own,
 * rolled back alone when it fails, but committing every one of them wrote the same outbox, job and
 * index pages again per game: a deadline falling for 1,000 games spent most of its time committing.
 * A batch ends after this long, so a mail arriving meanwhile, or another process (`chancery process`),
 * waits no more than this for the database.
 */
const BATCH_MS = 200;

/** Runs `each` over the items, many to a transaction (see BATCH_MS). */
function inBatches<T>(db: Db, items: T[], each: (item: T) => void): void {
  let next = 0;
  while (next < items.length) {
    const started = performance.now();
    db.transaction(() => {
      do each(items[next++]);
      while (next < items.length && performance.now() - started < BATCH_MS);
    }).immediate();
  }
}

/**
 * One game's broken data or a bug met by one job must not stop the clock for every other game: the
 * job's savepoint is rolled back, the job stays pending for the next tick, and the failure is
 * reported. A storage fault (database locked, disk full) concerns every game, so it ends the tick,
 * and its batch's transaction is rolled back whole: those jobs, too, run again at the next tick.
 */
function isolated<T>(report: TickReport, what: string | (() => string), work: () => T): T | false {
  try {
    return work();
  } catch (error) {
    if (isStorageFault(error)) throw error;
    report.failed.push(`${typeof what === 'string' ? what : what()}: ${(error as Error).message}`);
    return false;
  }
}

function recordProcessed(
  db: Db,
  judge: JudgeIdentity,
  origin: string,
  outcome: Extract<ProcessOutcome, { processed: true }>,
  report: TickReport,
): void {
  queueForReaders(db, outcome.mails, { judge, origin: `${origin}:${outcome.phase}` });
  report.processed.push(outcome.phase);
}

/**
 * How the current phase may process now, or null. Before the deadline: when every played power
 * with something to order is complete, nobody waits, and somebody played. After it (grace period,
 * or waiting for the GM): as soon as nobody is missing — a WAIT holds only until the deadline.
 */
function readyMode(db: Db, game: Game, record: PhaseRecord): ProcessMode | null {
  if (record.result) return null;
  const clock = phaseClock(db, game.id, record.phase);
  const pastDeadline = clock.state === 'grace' || clock.state === 'overdue';
  // Before the deadline a phase without a single order waits: whoever has something to order is
  // missing, and with nobody to order it waits for its deadline (below). A phase just opened is
  // answered here, without reading every seat's duty.
  if (!pastDeadline && !anyOrders(db, game.id, record.phase)) return null;
  const late = lateness(db, game, record);
  if (late.missing.length) return null;
  // RULE MANUAL_PROCESS: never early, and once held, only the GM's PROCESS goes on.
  if (isManual(game) && (!pastDeadline || awaitsRelease(game, record.phase))) return null;
  if (pastDeadline) return 'deadline';
  if (late.waiting.length) return null;
  if (isHeldAfterRollback(db, game, record.phase)) return null;
  // A game of vacant powers only waits for its deadline instead of playing itself out at once.
  return activePlayers(db, game.id).some((seat) => seat.power && obligationOf(db, game, record, seat.power).hasDuty)
    ? 'ready'
    : null;
}

/**
 * A job's game, its phase and the phase's orders, read once for all the job does (late powers, their
 * notices, the processing): each job runs in a savepoint of its own, which nothing else writes in.
 */
interface LivePhase extends LoadedPhase {
  record: PhaseRecord;
  orders: Map<string, StoredOrders>;
}

/** The job's game and phase if that phase is still the game's current, unprocessed one. */
function livePhase(ctx: JobContext): LivePhase | string {
  const phase = (ctx.job.payload as PhaseJobPayload).phase;
  const game = getGame(ctx.db, ctx.job.gameId as number);
  if (!game) return 'no such game';
  if (game.status !== 'active') return `game ${game.name} is ${game.status}`;
  const record = currentPhase(ctx.db, game.id);
  if (!record || record.result || record.phase !== phase)
    return `game ${game.name} is at ${record?.phase ?? 'no phase'}, not ${phase}`;
  return { game, record, orders: ordersByPower(ctx.db, game.id, phase) };
}

function drop(ctx: JobContext, reason: string): void {
  claimJob(ctx.db, ctx.job.id, ctx.now);
  ctx.report.dropped.push(`${ctx.job.key}: ${reason}`);
}

function send(ctx: JobContext, mails: OutgoingMail[], what: string): void {
  // The due time is part of the origin: a deadline moved and reached again mails afresh.
  queueForReaders(ctx.db, mails, { judge: ctx.judge, origin: `${ctx.job.key}@${ctx.job.dueAt}` });
  ctx.report.notices.push(`${ctx.job.key}: ${what}`);
}

const gameRef = (game: Game) => ({ id: game.id, name: game.name });

/** Whether a late power sent some of its orders: its reminder and late notice must not say none came. */
function partlyOrdered(live: LivePhase, late: LateSeat): boolean {
  return Boolean(live.orders.get(late.power)?.orders.length);
}

/** A reminder, to each power still missing orders, while the deadline is still ahead. */
function remind(ctx: JobContext): void {
  const live = livePhase(ctx);
  if (typeof live === 'string') return drop(ctx, live);
  const { game, record } = live;
  const clock = phaseClock(ctx.db, game.id, record.phase);
  const payload = ctx.job.payload as PhaseJobPayload;
  if (
    clock.state !== 'running' ||
    clock.deadline !== payload.deadline ||
    Date.parse(clock.deadline) <= Date.parse(ctx.now)
  ) {
    return drop(ctx, 'stale: the deadline it announces is not ahead any more');
  }
  claimJob(ctx.db, ctx.job.id, ctx.now);
  const zone = gameTiming(game).rules.zone;
  const left = durationText(Date.parse(clock.deadline) - Date.parse(ctx.now));
  const mails = toLatePlayers(
    ctx,
    game,
    lateSeats(ctx.db, game, record, live.orders),
    `Diplomacy deadline reminder ${game.name} ${record.phase}`,
    (late) =>
      renderTemplate('reminder', {
        game: game.name,
        missing: partlyOrdered(live, late)
          ? `the orders for ${late.name} (${record.phase}) are not complete yet`
          : `orders for ${late.name} (${record.phase}) have not yet been submitted`,
        owed: owedText(late.duty),
        deadline: formatDeadline(clock.deadline, zone),
        left,
        signon: `${late.power}@${game.name}`,
      }),
  );
  send(ctx, mails, mails.length ? `reminded ${mails.length} power(s)` : 'nobody to remind');
}

/** The deadline: process when nobody is late; otherwise late notices and the grace period, or what follows grace. */
function deadlinePassed(ctx: JobContext): void {
  const live = livePhase(ctx);
  if (typeof live === 'string') return drop(ctx, live);
  const { game, record } = live;
  const late = lateSeats(ctx.db, game, record, live.orders);
  if (!late.length) return processNow(ctx, live, ctx.job.key);
  claimJob(ctx.db, ctx.job.id, ctx.now);
  // Each late player's count (ROSTER, SUMMARY): a phase whose deadline passes again counts once.
  for (const seat of late) recordLate(ctx.db, seat.seat.id, record.phase);
  const rules = gameTiming(game).rules;
  const until = graceEnd(Date.parse(ctx.job.dueAt), rules);
  // No grace, or the judge was down until after it: a late notice would be stale.
  if (until <= Date.parse(ctx.now)) return afterGrace(ctx, live, late);
  const untilIso = new Date(until).toISOString();
  scheduleGrace(ctx.db, game.id, record.phase, untilIso);
  const zone = rules.zone;
  const left = durationText(until - Date.parse(ctx.now));
  const times = {
    deadline: formatDeadline(ctx.job.dueAt, zone),
    graceEnds: formatDeadline(untilIso, zone),
    left,
    after: latePolicyText(rules.late),
  };
  const mails = toLatePlayers(ctx, game, late, `Diplomacy late notice ${game.name} ${record.phase}`, (seat) =>
    renderTemplate('late-notice', {
      game: game.name,
      phase: record.phase,
      missing: partlyOrdered(live, seat)
        ? `the orders received for ${seat.name} are not complete`
        : `orders for ${seat.name} have not been received`,
      owed: owedText(seat.duty),
      othersLate: othersLateLine(game, late, seat),
      ...times,
    }),
  );
  // For the late powers (and the GM) the end of the grace period is the phase's deadline now: their calendars move.
  const graceCalendar = calendarRequest(game, record.phase, untilIso, 'grace');
  for (const notice of mails) notice.attachments = graceCalendar;
  const table = lateTableMail(ctx.db, game, record.phase, late, times);
  if (table) mails.push(table);
  const gm = gmMail(
    ctx,
    game,
    record.phase,
    late,
    'the deadline has passed with orders missing.',
    `Late orders are awaited until ${formatDeadline(untilIso, zone)}; then ${latePolicyText(rules.late)}.`,
  );
  if (gm) gm.attachments = graceCalendar;
  send(ctx, gm ? [...mails, gm] : mails, `late: ${late.map((l) => l.name).join(', ')}; grace until ${untilIso}`);
}

/** The end of the grace period: process if the late orders came, else what the game's settings say. */
function graceOver(ctx: JobContext): void {
  const live = livePhase(ctx);
  if (typeof live === 'string') return drop(ctx, live);
  const { game, record } = live;
  // A new deadline (SET DEADLINE) replaces the grace period.
  if (phaseClock(ctx.db, game.id, record.phase).state === 'running') return drop(ctx, 'the phase has a new deadline');
  claimJob(ctx.db, ctx.job.id, ctx.now);
  const late = lateSeats(ctx.db, game, record, live.orders);
  if (!late.length) return processNow(ctx, live, ctx.job.key);
  afterGrace(ctx, live, late);
}

function processNow(ctx: JobContext, live: LivePhase, origin: string): void {
  if (isManual(live.game)) return holdNow(ctx, live.game);
  // The game, phase and orders as livePhase read them: nothing since has changed any of them.
  const outcome = processGame(ctx.db, live, ctx.now, 'deadline', live.record.phase);
  if (outcome.processed) recordProcessed(ctx.db, ctx.judge, origin, outcome, ctx.report);
  else drop(ctx, outcome.reason);
}

/** RULE MANUAL_PROCESS: where the phase would process, it waits for the GM, who gets its preview. */
function holdNow(ctx: JobContext, game: Game): void {
  claimJob(ctx.db, ctx.job.id, ctx.now);
  const record = currentPhase(ctx.db, game.id)!;
  send(ctx, holdForRelease(ctx.db, game, record), `${record.phase} held for the GM's release`);
}

const DEFAULTS = 'units hold, retreats disband, builds are waived and removals are chosen by the judge';

function afterGrace(ctx: JobContext, live: LivePhase, late: LateSeat[]): void {
  const { game, record } = live;
  const rules = gameTiming(game).rules;
  const policy = rules.late;
  const names = late.map((l) => l.name).join(', ');
  // Called by the grace job, or by the deadline job itself when there is no grace left.
  const graceEndMs =
    ctx.job.kind === GRACE_JOB ? Date.parse(ctx.job.dueAt) : graceEnd(Date.parse(ctx.job.dueAt), rules);
  const ended = formatDeadline(new Date(graceEndMs).toISOString(), rules.zone);
  const playAgain = (seat: LateSeat) =>
    `To play ${seat.name} again, send  ${takeoverCommand(game, seat.power, '<your password>')}.`;
  // Under RULE MANUAL_PROCESS the phase is not processed now: it waits for the GM's release.
  const processed = isManual(game)
    ? `the phase will be processed with default orders (${DEFAULTS}) when the GM releases its results ` +
      '(RULE MANUAL_PROCESS)'
    : `the phase was processed with default orders (${DEFAULTS})`;
  const outcomeText = (seat: LateSeat) =>
    policy === 'cd'
      ? `${seat.name} has been declared in civil disorder, and ${processed}.\n${playAgain(seat)}`
      : policy === 'process'
        ? `For ${seat.name}, ${processed}.\nYou still play ${seat.name}: please send the orders of the next phase ` +
          'in time.'
        : `The GM has been asked to decide: to process the phase with default orders, to declare civil disorder, or ` +
          `to set a new deadline.\nOrders you send before then still count.`;
  const notices = toLatePlayers(ctx, game, late, `Diplomacy grace period over ${game.name} ${record.phase}`, (seat) =>
    renderTemplate('grace-over', {
      game: game.name,
      phase: record.phase,
      power: seat.name,
      graceEnds: ended,
      outcome: outcomeText(seat),
    }),
  );
  if (policy === 'wait') {
    const gm = gmMail(
      ctx,
      game,
      record.phase,
      late,
      'the grace period is over and orders are still missing. The game waits for you.',
      `Send one of (after SIGNON master@${game.name} <game password>):\n  PROCESS! ${record.phase}       process ` +
        `with default orders (${DEFAULTS})\n  CD <power>             declare a power in civil disorder (the phase ` +
        `processes once nobody else is missing)\n  SET DEADLINE +24H      give the late powers more time`,
    );
    return send(ctx, gm ? [...notices, gm] : notices, `grace over, waiting for the GM: ${names}`);
  }
  const before = late.map((l) => ({ id: l.seat.id, status: l.seat.status }));
  if (policy === 'cd') for (const seat of late) setSeatStatus(ctx.db, seat.seat.id, 'cd');
  if (isManual(game)) {
    const held = holdForRelease(ctx.db, game, record);
    if (policy === 'cd') notices.push(...lapsedMails(ctx.db, game, late));
    return send(ctx, [...notices, ...held], `grace over, ${record.phase} held for the GM's release: ${names}`);
  }
  // Seats changed (civil disorder), but not the game, its phase or its orders, as livePhase read them.
  const outcome = processGame(ctx.db, live, ctx.now, 'deadline', record.phase);
  if (!outcome.processed) {
    for (const seat of before) setSeatStatus(ctx.db, seat.id, seat.status);
    return drop(ctx, outcome.reason);
  }
  recordProcessed(ctx.db, ctx.judge, ctx.job.key, outcome, ctx.report);
  if (policy === 'cd') notices.push(...lapsedMails(ctx.db, game, late));
  const gm = gmMail(
    ctx,
    game,
    record.phase,
    late,
    policy === 'cd'
      ? 'declared in civil disorder after the grace period.'
      : 'processed with default orders after the grace period.',
    policy === 'cd'
      ? `Powers in civil disorder: ${names}. REVIVE <power> gives a power back to its player; its player may also ` +
          `TAKEOVER it.`
      : '',
  );
  send(
    ctx,
    gm ? [...notices, gm] : notices,
    `grace over, ${policy === 'cd' ? 'civil disorder' : 'defaults'}: ${names}`,
  );
}

/** One notice to each late power's player, each with his own text. */
function toLatePlayers(
  ctx: JobContext,
  game: Game,
  late: LateSeat[],
  subject: string,
  text: (seat: LateSeat) => string,
): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  for (const seat of late) {
    const to = seatAddress(ctx.db, seat.seat);
    if (to) mails.push({ kind: 'notice', to, subject, text: text(seat), game: gameRef(game) });
  }
  return mails;
}

function gmMail(
  ctx: JobContext,
  game: Game,
  phase: string,
  late: LateSeat[],
  headline: string,
  body: string,
): OutgoingMail | null {
  const to = masterAddresses(ctx.db, game);
  if (!to.length) return null;
  // One late power a line, its name in a column of its own, as in the classic layout.
  const width = Math.max(...late.map((l) => l.name.length)) + 1;
  const lateText = late.map((l) => `  ${`${l.name}:`.padEnd(width + 1)} ${owedText(l.duty)}`.trimEnd()).join('\n');
  return {
    kind: 'notice',
    to,
    subject: `Diplomacy late powers ${game.name} ${phase}`,
    text: renderTemplate('gm-late', { game: game.name, phase, headline, late: lateText, body }),
    game: gameRef(game),
  };
}
