// Deadlines live in the jobs table: one `process:<game id>:<phase>` job per phase, due at the
// deadline. Rescheduling moves the job; claiming it makes the phase process exactly once.
import type { Db } from '../../store/database.js';
import type { Game } from '../../store/games.js';
import { cancelJob, findJob, scheduleJob } from '../../store/jobs.js';
import type { PhaseKind } from '../settings.js';
import { readSettings } from '../settings.js';
import { listSeats } from '../../store/players.js';

export const PROCESS_JOB = 'process-phase';

export function deadlineJobKey(gameId: number, phase: string): string {
  return `process:${gameId}:${phase}`;
}

export function phaseKindOf(code: string): PhaseKind {
  const t = code.slice(-1).toUpperCase();
  return t === 'M' ? 'movement' : t === 'R' ? 'retreat' : 'adjustment';
}

/** Schedules the phase's deadline `hours` after `now` (default: the game's timing for that phase type). */
export function scheduleDeadline(db: Db, game: Game, phase: string, now: string, options: { hours?: number; reopen?: boolean } = {}): string {
  const hours = options.hours ?? readSettings(game.settings).deadlineHours[phaseKindOf(phase)];
  const due = pastAbsences(db, game.id, new Date(Date.parse(now) + hours * 3_600_000).toISOString());
  scheduleJob(db, { key: deadlineJobKey(game.id, phase), kind: PROCESS_JOB, dueAt: due, gameId: game.id, payload: { phase } }, { reopen: options.reopen });
  return due;
}

export function setDeadline(db: Db, game: Game, phase: string, due: string, options: { reopen?: boolean } = {}): void {
  scheduleJob(db, { key: deadlineJobKey(game.id, phase), kind: PROCESS_JOB, dueAt: due, gameId: game.id, payload: { phase } }, options);
}

/** A deadline that would fall in a player's absence moves to the end of the absence's last day. */
function pastAbsences(db: Db, gameId: number, due: string): string {
  let result = due;
  for (const seat of listSeats(db, gameId)) {
    const absence = seat.absence as { from?: string; to?: string } | null;
    if (!absence?.from || !absence.to || seat.role !== 'player') continue;
    const start = Date.parse(`${absence.from}T00:00:00Z`);
    const end = Date.parse(`${absence.to}T00:00:00Z`) + 86_400_000;
    const at = Date.parse(result);
    if (at >= start && at < end) result = new Date(end).toISOString();
  }
  return result;
}

/** The pending deadline of the phase, or null (paused, processed, or never scheduled). */
export function deadlineOf(db: Db, gameId: number, phase: string): string | null {
  const job = findJob(db, deadlineJobKey(gameId, phase));
  return job && job.status === 'pending' ? job.dueAt : null;
}

export function cancelDeadline(db: Db, gameId: number, phase: string): void {
  cancelJob(db, deadlineJobKey(gameId, phase));
}

/** "Wed 25 Nov 2026 20:00 UTC": the judge works in UTC and says so. */
export function formatDeadline(iso: string | null): string {
  if (!iso) return 'none (the game is not running)';
  const d = new Date(iso);
  const day = d.toUTCString().slice(0, 3);
  const date = `${d.getUTCDate()} ${d.toUTCString().slice(8, 11)} ${d.getUTCFullYear()}`;
  const time = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${day} ${date} ${time} UTC`;
}

/** "2 days 3 hours", for the time left in every reply (as njudge does). */
export function timeLeft(iso: string | null, now: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso) - Date.parse(now);
  if (ms <= 0) return 'the deadline has passed';
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const days = Math.floor(hours / 24);
  const parts = days ? [`${days} day${days === 1 ? '' : 's'}`, `${hours % 24} hour${hours % 24 === 1 ? '' : 's'}`] : [`${hours} hour${hours === 1 ? '' : 's'}`, `${minutes} minute${minutes === 1 ? '' : 's'}`];
  return parts.join(' ');
}
