// Outgoing mail waiting for (or done with) delivery. A row is written in the same transaction as the
// change that caused it, so a committed change always has its mail queued, and the UNIQUE dedupe key
// makes queueing the same mail twice impossible.
import { nowIso, type Db } from './database.js';

export type OutboxStatus = 'queued' | 'sent' | 'failed';

/**
 * A file sent with a mail: its content (base64), or what to draw at delivery time (`render`, resolved
 * by a renderer registered for its kind: src/mail/attachments.ts), so that no picture is drawn inside
 * the transaction that processes a phase.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Shown inside the mail (an HTML part with the text, the picture below it) instead of as a file. */
  inline?: boolean;
  content?: string;
  render?: { kind: string; args: Record<string, unknown> };
}
export type OutboxKind = 'reply' | 'result' | 'notice';

export interface OutboxMail {
  id: number;
  dedupeKey: string;
  to: string[];
  cc: string[];
  /** Blind recipients: delivered to, never named in a header. */
  bcc: string[];
  subject: string;
  body: string;
  headers: Record<string, string>;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  kind: OutboxKind;
  gameId: number | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  attachments: MailAttachment[];
}

interface OutboxRow {
  id: number;
  dedupe_key: string;
  to_json: string;
  cc_json: string;
  bcc_json: string;
  subject: string;
  body: string;
  headers_json: string;
  message_id: string;
  in_reply_to: string | null;
  references_json: string;
  kind: OutboxKind;
  game_id: number | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  attachments_json: string;
}

const toMail = (row: OutboxRow): OutboxMail => ({
  id: row.id,
  dedupeKey: row.dedupe_key,
  to: JSON.parse(row.to_json),
  cc: JSON.parse(row.cc_json),
  bcc: JSON.parse(row.bcc_json),
  subject: row.subject,
  body: row.body,
  headers: JSON.parse(row.headers_json),
  messageId: row.message_id,
  inReplyTo: row.in_reply_to,
  references: JSON.parse(row.references_json),
  kind: row.kind,
  gameId: row.game_id,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastError: row.last_error,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  attachments: JSON.parse(row.attachments_json ?? '[]'),
});

export interface NewOutboxMail {
  dedupeKey: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  body: string;
  headers?: Record<string, string>;
  messageId: string;
  inReplyTo?: string | null;
  references?: string[];
  kind: OutboxKind;
  gameId?: number | null;
  attachments?: MailAttachment[];
}

/** Queues a mail. Returns its row, or null when a mail with the same dedupe key was queued before. */
export function enqueueMail(db: Db, mail: NewOutboxMail, now: string = nowIso(db)): OutboxMail | null {
  const result = db
    .prepare(
      `INSERT INTO outbox (dedupe_key, to_json, cc_json, bcc_json, subject, body, headers_json, message_id, in_reply_to,
                           references_json, kind, game_id, next_attempt_at, created_at, attachments_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(dedupe_key) DO NOTHING`,
    )
    .run(
      mail.dedupeKey,
      JSON.stringify(mail.to),
      JSON.stringify(mail.cc ?? []),
      JSON.stringify(mail.bcc ?? []),
      mail.subject,
      mail.body,
      JSON.stringify(mail.headers ?? {}),
      mail.messageId,
      mail.inReplyTo ?? null,
      JSON.stringify(mail.references ?? []),
      mail.kind,
      mail.gameId ?? null,
      now,
      now,
      JSON.stringify(mail.attachments ?? []),
    );
  if (result.changes === 0) return null;
  // The row as stored, without reading it back: a deadline queues thousands in one tick.
  return {
    id: Number(result.lastInsertRowid),
    dedupeKey: mail.dedupeKey,
    to: [...mail.to],
    cc: [...(mail.cc ?? [])],
    bcc: [...(mail.bcc ?? [])],
    subject: mail.subject,
    body: mail.body,
    headers: { ...mail.headers },
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo ?? null,
    references: [...(mail.references ?? [])],
    kind: mail.kind,
    gameId: mail.gameId ?? null,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    createdAt: now,
    sentAt: null,
    attachments: [...(mail.attachments ?? [])],
  };
}

export function getOutboxMail(db: Db, id: number): OutboxMail | null {
  const row = db.prepare('SELECT * FROM outbox WHERE id = ?').get(id) as OutboxRow | undefined;
  return row ? toMail(row) : null;
}

/** Queued mails whose next attempt is due, oldest first; with `afterId`, only those queued after that one. */
export function dueOutboxMails(db: Db, now: string, limit = 50, afterId = 0): OutboxMail[] {
  return (
    db
      .prepare("SELECT * FROM outbox WHERE status = 'queued' AND next_attempt_at <= ? AND id > ? ORDER BY id LIMIT ?")
      .all(now, afterId, limit) as OutboxRow[]
  ).map(toMail);
}

/**
 * Claims a due mail for one delivery attempt: `claimedBy` ("host pid") holds it and its next attempt
 * moves to `leaseUntil`, so another worker (a second process sending at the same time) no longer
 * sees it as due. False when someone else claimed or sent it first. The claim ends with the attempt
 * (sent or failed), with releaseDeadClaims once its holder died, or at worst when the lease ends.
 */
export function claimOutboxMail(db: Db, id: number, now: string, leaseUntil: string, claimedBy: string): boolean {
  return (
    db
      .prepare(
        `UPDATE outbox SET next_attempt_at = ?, claimed_by = ?
         WHERE id = ? AND status = 'queued' AND next_attempt_at <= ?`,
      )
      .run(leaseUntil, claimedBy, id, now).changes === 1
  );
}

/** Makes the mails held by senders that no longer live due again at once. */
export function releaseDeadClaims(db: Db, isDead: (holder: string) => boolean, now: string = nowIso(db)): number {
  const holders = db.prepare(
    "SELECT DISTINCT claimed_by AS holder FROM outbox WHERE claimed_by IS NOT NULL AND status = 'queued'",
  );
  let released = 0;
  for (const { holder } of holders.all() as { holder: string }[]) {
    if (!isDead(holder)) continue;
    released += db
      .prepare("UPDATE outbox SET claimed_by = NULL, next_attempt_at = ? WHERE claimed_by = ? AND status = 'queued'")
      .run(now, holder).changes;
  }
  return released;
}

/** When the earliest queued mail becomes due, or null if nothing is queued. */
export function nextOutboxAttemptAt(db: Db): string | null {
  const row = db.prepare("SELECT MIN(next_attempt_at) AS at FROM outbox WHERE status = 'queued'").get() as {
    at: string | null;
  };
  return row.at;
}

export function markOutboxSent(db: Db, id: number, now: string = nowIso(db)): void {
  db.prepare(
    `UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL, claimed_by = NULL
     WHERE id = ?`,
  ).run(now, id);
}

/** Records a failed attempt: either schedules a retry (`retryAt`) or gives up (`retryAt` null). */
export function markOutboxAttemptFailed(db: Db, id: number, error: string, retryAt: string | null): void {
  if (retryAt === null) {
    db.prepare(
      "UPDATE outbox SET status = 'failed', attempts = attempts + 1, last_error = ?, claimed_by = NULL WHERE id = ?",
    ).run(error, id);
  } else {
    db.prepare(
      'UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, claimed_by = NULL WHERE id = ?',
    ).run(error, retryAt, id);
  }
}

/** Puts failed mails back in the queue (an operator's "retry now"). Returns how many. */
export function requeueFailedMails(db: Db, now: string = nowIso(db)): number {
  return db
    .prepare("UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = ? WHERE status = 'failed'")
    .run(now).changes;
}

export function listOutbox(db: Db, filter: { status?: OutboxStatus } = {}): OutboxMail[] {
  const rows = filter.status
    ? db.prepare('SELECT * FROM outbox WHERE status = ? ORDER BY id').all(filter.status)
    : db.prepare('SELECT * FROM outbox ORDER BY id').all();
  return (rows as OutboxRow[]).map(toMail);
}

/** Whether a mail was queued under this dedupe key, or under it followed by ":" and a suffix. */
export function hasMailKeyed(db: Db, key: string): boolean {
  // A range of the dedupe key's index, not LIKE (a game name may hold "_", a wildcard to LIKE) nor
  // substr (a scan of the whole outbox, per phase processed): the keys that start with "key:" are
  // exactly those from "key:" up to, not including, "key;" (';' follows ':' in every encoding).
  const row = db
    .prepare('SELECT 1 FROM outbox WHERE dedupe_key = ? OR (dedupe_key >= ? AND dedupe_key < ?) LIMIT 1')
    .get(key, `${key}:`, `${key};`);
  return row !== undefined;
}
