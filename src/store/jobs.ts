// Timed jobs (deadlines, reminders, grace expiry). A job has a unique key chosen by the game layer,
// e.g. `process:<game>:<phase>`, so rescheduling replaces instead of duplicating, and claiming it
// flips pending → done in one statement, so it runs exactly once even with two workers.
import { nowIso, type Db } from './database.js';

export type JobStatus = 'pending' | 'done' | 'cancelled';

export interface Job<Payload = unknown> {
  id: number;
  key: string;
  kind: string;
  gameId: number | null;
  dueAt: string;
  payload: Payload;
  status: JobStatus;
  doneAt: string | null;
}

interface JobRow {
  id: number;
  key: string;
  kind: string;
  game_id: number | null;
  due_at: string;
  payload_json: string;
  status: JobStatus;
  done_at: string | null;
}

const toJob = (row: JobRow): Job => ({
  id: row.id,
  key: row.key,
  kind: row.kind,
  gameId: row.game_id,
  dueAt: row.due_at,
  payload: JSON.parse(row.payload_json),
  status: row.status,
  doneAt: row.done_at,
});

/**
 * Instants are stored as ISO-8601 UTC text and compared as text (due jobs, ORDER BY), which is right
 * only while every one has the same width: four-digit years. A year past 9999 is written "+010057-…"
 * by toISOString and would sort before today, so the job would run at once. The judge bounds every
 * time it is given (a deadline at most a year ahead), and the store refuses any other form.
 */
const STORED_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export function assertStoredInstant(instant: string, what: string): void {
  if (!STORED_INSTANT.test(instant))
    throw new RangeError(`${what} "${instant}" is not a UTC instant between years 0 and 9999`);
}

/**
 * Creates the job, or moves a pending (or cancelled) one with the same key to the new time and payload.
 * A job that already ran stays done unless `reopen` is set (e.g. after a ROLLBACK replays its phase),
 * so a late SET DEADLINE cannot make a processed phase run again.
 */
export function scheduleJob(
  db: Db,
  job: { key: string; kind: string; dueAt: string; gameId?: number | null; payload?: unknown },
  options: { reopen?: boolean } = {},
): Job {
  assertStoredInstant(job.dueAt, `the due time of job ${job.key}`);
  const written = db
    .prepare(
      `INSERT INTO jobs (key, kind, game_id, due_at, payload_json) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET due_at = excluded.due_at, payload_json = excluded.payload_json,
         kind = excluded.kind, game_id = excluded.game_id, status = 'pending', done_at = NULL
       WHERE jobs.status != 'done' OR ?
       RETURNING *`,
    )
    .get(
      job.key,
      job.kind,
      job.gameId ?? null,
      job.dueAt,
      JSON.stringify(job.payload ?? {}),
      options.reopen ? 1 : 0,
    ) as JobRow | undefined;
  // Nothing written (a job done already, not reopened): the job as it stays.
  return written ? toJob(written) : (findJob(db, job.key) as Job);
}

export function findJob(db: Db, key: string): Job | null {
  const row = db.prepare('SELECT * FROM jobs WHERE key = ?').get(key) as JobRow | undefined;
  return row ? toJob(row) : null;
}

/**
 * Pending jobs due by `now`. A row written before instants were checked may hold an extended year
 * ("+010057-…", which sorts before every four-digit year): it is a time beyond year 9999, so never due.
 */
export function dueJobs(db: Db, now: string = nowIso(db)): Job[] {
  return (
    db
      .prepare(
        `SELECT * FROM jobs WHERE status = 'pending' AND due_at <= ? AND due_at GLOB '[0-9][0-9][0-9][0-9]-*'
         ORDER BY due_at, id`,
      )
      .all(now) as JobRow[]
  ).map(toJob);
}

/**
 * Marks a pending job done. Returns false when it was not pending (already done or cancelled), in
 * which case the caller must not run it. Call inside the transaction that does the job's work.
 */
export function claimJob(db: Db, jobId: number, now: string = nowIso(db)): boolean {
  return (
    db.prepare("UPDATE jobs SET status = 'done', done_at = ? WHERE id = ? AND status = 'pending'").run(now, jobId)
      .changes === 1
  );
}

export function cancelJob(db: Db, key: string): boolean {
  return db.prepare("UPDATE jobs SET status = 'cancelled' WHERE key = ? AND status = 'pending'").run(key).changes === 1;
}

export function pendingJobs(db: Db, gameId: number): Job[] {
  return (
    db.prepare("SELECT * FROM jobs WHERE game_id = ? AND status = 'pending' ORDER BY due_at").all(gameId) as JobRow[]
  ).map(toJob);
}
