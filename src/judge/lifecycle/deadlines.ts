// Deadlines live in the jobs table, one job per purpose and phase, each with a unique key:
//   process:<game id>:<phase>          the deadline itself
//   reminder:<game id>:<phase>:<n>h    a reminder n hours before it, to powers still missing orders
//   grace:<game id>:<phase>            the end of the grace period, once the deadline passed with late powers
// Rescheduling moves the jobs; claiming one makes it run exactly once. Where a deadline falls is the
// pure timing module's business (zone, days, time of day, holidays, absences).
import type { OutgoingMail } from '../../mail/types.js';
import type { Db } from '../../store/database.js';
import type { Game } from '../../store/games.js';
import { cancelJob, findJob, pendingJobs, scheduleJob } from '../../store/jobs.js';
import { currentPhase, type PhaseRecord } from '../../store/phases.js';
import { listSeats, type Seat } from '../../store/players.js';
import type { PhaseKind } from '../settings.js';
import { readSettings, timingOf } from '../settings.js';
import { computeDeadline, reminderTimes } from '../timing/deadline.js';
import { durationText } from '../timing/duration.js';
import type { Timing } from '../timing/parse.js';
import type { DateRange } from '../timing/rules.js';
import { formatInstant } from '../timing/zone.js';
import { renderTemplate } from '../template.js';
import { calendarRequest } from '../calendar/deadline-attachment.js';
import { isPlaying, resultRecipients } from './roster.js';

export const PROCESS_JOB = 'process-phase';
export const REMINDER_JOB = 'deadline-reminder';
export const GRACE_JOB = 'grace-end';

export interface PhaseJobPayload {
  phase: string;
  /** Reminders: the deadline they announce and how long before it they go. */
  deadline?: string;
  hours?: number;
}

export function deadlineJobKey(gameId: number, phase: string): string {
  return `process:${gameId}:${phase}`;
}

export function reminderJobKey(gameId: number, phase: string, hours: number): string {
  return `reminder:${gameId}:${phase}:${hours}h`;
}

export function graceJobKey(gameId: number, phase: string): string {
  return `grace:${gameId}:${phase}`;
}

export function phaseKindOf(code: string): PhaseKind {
  const t = code.slice(-1).toUpperCase();
  return t === 'M' ? 'movement' : t === 'R' ? 'retreat' : 'adjustment';
}

export function gameTiming(game: Game): Timing {
  return timingOf(readSettings(game.settings));
}

export function gameZone(game: Game): string {
  return gameTiming(game).rules.zone;
}

/** The absences of the players who still play: no deadline falls on those days. */
export function absenceRanges(db: Db, gameId: number, seats: Seat[] = listSeats(db, gameId)): DateRange[] {
  const ranges: DateRange[] = [];
  for (const seat of seats) {
    const absence = seat.absence as Partial<DateRange> | null;
    if (!isPlaying(seat) || !absence?.from || !absence.to) continue;
    ranges.push({ from: absence.from, to: absence.to });
  }
  return ranges;
}

/** Schedules the phase's deadline `hours` after `now` (default: the ' +
  'game's delay for that phase type), per the game's timing. */
export function scheduleDeadline(
  db: Db,
  game: Game,
  phase: string,
  now: string,
  options: { hours?: number; reopen?: boolean; seats?: Seat[] } = {},
): string {
  const { delays, rules } = gameTiming(game);
  const hours = options.hours ?? delays[phaseKindOf(phase)];
  const absences = absenceRanges(db, game.id, options.seats);
  const due = new Date(computeDeadline(Date.parse(now), hours, rules, absences)).toISOString();
  // The current, unprocessed phase may get a deadline again (RESUME after a pause in its grace period).
  const reopen = options.reopen ?? isOpenPhase(currentPhase(db, game.id), phase);
  placeDeadline(db, game, phase, due, now, reopen);
  return due;
}

function isOpenPhase(current: PhaseRecord | null, phase: string): boolean {
  return current?.phase === phase && !current.result;
}

/**
 * The GM's deadline (or one pushed past a new absence): replaces the pending one, or reopens the
 * deadline of a current phase whose deadline already passed (a grace period in progress ends).
 * Call it only for the game's current, unprocessed phase.
 */
export function setDeadline(db: Db, game: Game, phase: string, due: string, now: string): void {
  placeDeadline(db, game, phase, due, now, true);
}

function placeDeadline(db: Db, game: Game, phase: string, due: string, now: string, reopen: boolean): void {
  const job = scheduleJob(
    db,
    { key: deadlineJobKey(game.id, phase), kind: PROCESS_JOB, dueAt: due, gameId: game.id, payload: { phase } },
    { reopen },
  );
  if (job.status !== 'pending' || job.dueAt !== due) return;
  // A game has one clock: a new deadline retires every reminder and grace period still pending,
  // this phase's and those of other phases (processed by the GM, rolled back).
  cancelNotices(db, game.id);
  for (const r of reminderTimes(Date.parse(due), gameTiming(game).rules, Date.parse(now))) {
    const payload: PhaseJobPayload = { phase, deadline: due, hours: r.hours };
    // Reopened: a reminder already sent for an earlier deadline of the phase goes again before the new one.
    scheduleJob(
      db,
      {
        key: reminderJobKey(game.id, phase, r.hours),
        kind: REMINDER_JOB,
        dueAt: new Date(r.at).toISOString(),
        gameId: game.id,
        payload,
      },
      { reopen: true },
    );
  }
}

/** Cancels the pending reminders and grace periods of the game, or of one of its phases. */
function cancelNotices(db: Db, gameId: number, phase?: string): void {
  for (const job of pendingJobs(db, gameId)) {
    if (job.kind !== REMINDER_JOB && job.kind !== GRACE_JOB) continue;
    if (phase === undefined || (job.payload as PhaseJobPayload).phase === phase) cancelJob(db, job.key);
  }
}

/** Starts the grace period of a phase whose deadline passed with powers late. */
export function scheduleGrace(db: Db, gameId: number, phase: string, until: string): void {
  scheduleJob(
    db,
    { key: graceJobKey(gameId, phase), kind: GRACE_JOB, dueAt: until, gameId, payload: { phase } },
    { reopen: true },
  );
}

/** The pending deadline of the phase, or null (paused, processed, passed, or never scheduled). */
export function deadlineOf(db: Db, gameId: number, phase: string): string | null {
  const job = findJob(db, deadlineJobKey(gameId, phase));
  return job && job.status === 'pending' ? job.dueAt : null;
}

/** Stops the phase's clock: its deadline, reminders and grace period. */
export function cancelDeadline(db: Db, gameId: number, phase: string): void {
  cancelJob(db, deadlineJobKey(gameId, phase));
  cancelNotices(db, gameId, phase);
}

/**
 * Where the current phase stands: before its deadline, in the grace period after it, past both
 * (the GM decides), or without a clock (paused, never scheduled).
 */
export type PhaseClock =
  | { state: 'running'; deadline: string }
  | { state: 'grace'; deadline: string; graceEnds: string }
  | { state: 'overdue'; deadline: string }
  | { state: 'stopped' };

export function phaseClock(db: Db, gameId: number, phase: string): PhaseClock {
  const job = findJob(db, deadlineJobKey(gameId, phase));
  if (!job || job.status === 'cancelled') return { state: 'stopped' };
  if (job.status === 'pending') return { state: 'running', deadline: job.dueAt };
  const grace = findJob(db, graceJobKey(gameId, phase));
  if (grace && grace.status === 'pending') return { state: 'grace', deadline: job.dueAt, graceEnds: grace.dueAt };
  return { state: 'overdue', deadline: job.dueAt };
}

/** "Wed 25 Nov 2026 20:00 UTC", or with the game's zone "Wed 25 Nov 2026 20:00 Europe/Berlin (UTC+01:00)". */
export function formatDeadline(iso: string | null, zone = 'UTC'): string {
  if (!iso) return 'none (the game is not running)';
  return formatInstant(Date.parse(iso), zone);
}

/** "2 days 3 hours", for the time left in every reply (as njudge does). */
export function timeLeft(iso: string | null, now: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso) - Date.parse(now);
  return ms <= 0 ? 'the deadline has passed' : durationText(ms);
}

/** The line about the game's clock that ends every reply to someone signed on to it. */
export function clockLine(db: Db, game: Game, now: string): string {
  if (game.status === 'forming') return `Game '${game.name}' has not started yet.`;
  if (game.status === 'paused') return `Game '${game.name}' is paused: there is no deadline until the GM resumes it.`;
  if (game.status !== 'active') return `Game '${game.name}' is ${game.status}.`;
  const phase = currentPhase(db, game.id)?.phase;
  if (!phase) return '';
  const zone = gameZone(game);
  const clock = phaseClock(db, game.id, phase);
  const left = (iso: string) => durationText(Date.parse(iso) - Date.parse(now));
  if (clock.state === 'stopped') return `Game '${game.name}', ${phase}: no deadline is set.`;
  if (clock.state === 'running') {
    if (Date.parse(clock.deadline) <= Date.parse(now))
      return (
        `The deadline for ${phase} of game '${game.name}' (${formatDeadline(clock.deadline, zone)}) has just ` +
        `passed.`
      );
    return (
      `Deadline for ${phase} of game '${game.name}': ${formatDeadline(clock.deadline, zone)} ` +
      `(${left(clock.deadline)} left).`
    );
  }
  const passed =
    `The deadline for ${phase} of game '${game.name}' (${formatDeadline(clock.deadline, zone)}) has ` + `passed`;
  if (clock.state === 'grace') {
    if (Date.parse(clock.graceEnds) <= Date.parse(now))
      return `${passed}, and so has its grace period (${formatDeadline(clock.graceEnds, zone)}).`;
    return (
      `${passed}; late orders are awaited until ${formatDeadline(clock.graceEnds, zone)} ` +
      `(${left(clock.graceEnds)} left).`
    );
  }
  return `${passed}, and so has its grace period; the GM decides when ${phase} is processed.`;
}

/** The announcement of a changed deadline, to everyone in the game (Bcc), with the time left. */
export function deadlineChangeMail(
  db: Db,
  game: Game,
  phase: string,
  due: string,
  now: string,
  why: string,
): OutgoingMail {
  return {
    kind: 'notice',
    bcc: resultRecipients(db, game),
    subject: `Diplomacy deadline changed ${game.name} ${phase}`,
    text: renderTemplate('deadline-change', {
      game: game.name,
      phase,
      why,
      deadline: formatDeadline(due, gameZone(game)),
      left: timeLeft(due, now),
    }),
    game: { id: game.id, name: game.name },
    attachments: calendarRequest(game, phase, due),
  };
}
