// Every incoming mail the judge has taken in, keyed so that no mail can be processed twice:
// by where it came from (IMAP mailbox + UIDVALIDITY + UID, or the inbox file name) and by Message-ID.
import type { Db } from './database.js';

export type MailOutcome =
  | 'processed' // handed to the judge, its replies queued
  | 'automated' // auto-reply, bounce or list mail: logged, never answered
  | 'rate-limited' // sender over the limit: logged, not answered
  | 'duplicate' // same Message-ID as a mail already taken in from elsewhere
  | 'unparseable' // too large, no From, or not a mail at all
  | 'unreadable' // reading it failed (MIME, HTML, the transport): set aside in the quarantine
  | 'error'; // the handler threw; its changes were rolled back; set aside in the quarantine

export interface MailLogEntry {
  id: number;
  sourceKey: string;
  mailbox: string | null;
  uidValidity: number | null;
  uid: number | null;
  fileName: string | null;
  messageId: string | null;
  from: string | null;
  subject: string | null;
  receivedAt: string;
  processedAt: string;
  outcome: MailOutcome;
  detail: string | null;
}

interface MailLogRow {
  id: number;
  source_key: string;
  mailbox: string | null;
  uid_validity: number | null;
  uid: number | null;
  file_name: string | null;
  message_id: string | null;
  from_address: string | null;
  subject: string | null;
  received_at: string;
  processed_at: string;
  outcome: MailOutcome;
  detail: string | null;
}

const toEntry = (row: MailLogRow): MailLogEntry => ({
  id: row.id,
  sourceKey: row.source_key,
  mailbox: row.mailbox,
  uidValidity: row.uid_validity,
  uid: row.uid,
  fileName: row.file_name,
  messageId: row.message_id,
  from: row.from_address,
  subject: row.subject,
  receivedAt: row.received_at,
  processedAt: row.processed_at,
  outcome: row.outcome,
  detail: row.detail,
});

export type NewMailLogEntry = Omit<MailLogEntry, 'id'>;

export function findMailBySource(db: Db, sourceKey: string): MailLogEntry | null {
  const row = db.prepare('SELECT * FROM mail_log WHERE source_key = ?').get(sourceKey) as MailLogRow | undefined;
  return row ? toEntry(row) : null;
}

/**
 * A mail whose reading or handling failed is set aside (the mail directory's quarantine/, the IMAP
 * quarantine mailbox) for the judgekeeper instead of being filed with the processed ones; the
 * transport decides where a logged mail goes from its log entry alone, also after a crash.
 */
export function isQuarantined(entry: Pick<MailLogEntry, 'outcome'>): boolean {
  return entry.outcome === 'unreadable' || entry.outcome === 'error';
}

export function findMailByMessageId(db: Db, messageId: string): MailLogEntry | null {
  const row = db.prepare('SELECT * FROM mail_log WHERE message_id = ?').get(messageId) as MailLogRow | undefined;
  return row ? toEntry(row) : null;
}

/** Inserts the log row; the UNIQUE constraints make a second insert for the same mail throw. */
export function insertMailLog(db: Db, entry: NewMailLogEntry): MailLogEntry {
  const result = db
    .prepare(
      `INSERT INTO mail_log (source_key, mailbox, uid_validity, uid, file_name, message_id, from_address, subject,
                             received_at, processed_at, outcome, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      entry.sourceKey,
      entry.mailbox,
      entry.uidValidity,
      entry.uid,
      entry.fileName,
      entry.messageId,
      entry.from,
      entry.subject,
      entry.receivedAt,
      entry.processedAt,
      entry.outcome,
      entry.detail,
    );
  return toEntry(db.prepare('SELECT * FROM mail_log WHERE id = ?').get(Number(result.lastInsertRowid)) as MailLogRow);
}

export function recentMail(db: Db, limit = 50): MailLogEntry[] {
  return (db.prepare('SELECT * FROM mail_log ORDER BY id DESC LIMIT ?').all(limit) as MailLogRow[]).map(toEntry);
}
