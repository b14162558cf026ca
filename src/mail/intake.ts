// Exactly-once intake of one incoming mail.
//
// HOW THE JUDGE PLUGS IN
//   The judge supplies one synchronous function:
//
//     const handler: MailHandler = (mail, db, context) => {
//       const text = extractCommandText(mail.text);   // the player's own lines
//       // parse commands, read/write the store through `db`, adjudicate, render ...
//       return [{ kind: 'reply', text: '...' }, { kind: 'result', to: [...], game, text, dedupeKey }];
//     };
//
//   It runs INSIDE one SQLite transaction together with the mail_log row and the outbox rows of the
//   mails it returns. Everything it writes through `db` commits with them or not at all. It must be
//   synchronous (better-sqlite3 transactions cannot span an await): use hashPasswordSync /
//   verifyPasswordSync and other sync calls. If it throws, its writes are rolled back, the mail is
//   logged with outcome 'error', and `onHandlerError` may queue an apology; the mail is not retried
//   (a mail that crashes the judge would otherwise crash it forever) but set aside in the quarantine.
//   So is a mail whose reading fails (MIME, HTML, anything thrown on the way): outcome 'unreadable',
//   its sender answered from its header if it can be read. A fault of the storage itself
//   (database locked beyond the busy timeout, disk full, I/O error) is different: it is no fault of
//   the mail, so the whole transaction is rolled back, nothing is logged or answered, and intakeMail
//   throws a StoreError saying what happened; the mail stays unprocessed and is taken in on retry.
//   Automated mail (auto-replies, bounces, lists), rate-limited senders and mail without a From never
//   reach the handler; they are logged and never answered.
//
// WHY IT IS EXACTLY ONCE
//   A mail is identified by its source (IMAP mailbox + UIDVALIDITY + UID, or the inbox file name) and
//   by its Message-ID; mail_log has UNIQUE constraints on both, and the check and the insert happen in
//   the same IMMEDIATE transaction. The transport marks the mail done (\Seen / moved / file moved) only
//   after the commit. A crash before the commit leaves nothing behind, and the mail is processed on
//   restart. A crash after the commit but before the marking finds the mail in mail_log on restart,
//   and the transport just marks it.
import type { Db } from '../store/database.js';
import { isStorageFault, nowIso, storageFault } from '../store/database.js';
import {
  findMailByMessageId,
  findMailBySource,
  insertMailLog,
  type MailLogEntry,
  type MailOutcome,
} from '../store/mail-log.js';
import type { OutboxMail } from '../store/outbox.js';
import { databaseBucketStore } from '../store/rate-buckets.js';
import type { JudgeIdentity } from './compose.js';
import { crashPoint } from './crash-point.js';
import { DEFAULT_MAX_MAIL_BYTES, parseIncoming } from './parse.js';
import { queueMails } from './queue.js';
import { extractCommandText } from './command-text.js';
import { senderKey, type MailOrigin } from './origin.js';
import { DEFAULT_RATE_LIMIT, SenderRateLimiter, type RateLimitOptions } from './rate-limit.js';
import type { IncomingMail, OutgoingMail } from './types.js';

export type MailSource = { mailbox: string; uidValidity: number; uid: number } | { file: string };

export interface HandlerContext {
  /** Identifies the mail; also the default origin of the dedupe keys of the mails returned. */
  sourceKey: string;
  /** Start of processing, ISO-8601 UTC. */
  now: string;
  judge: JudgeIdentity;
}

export type MailHandler = (mail: IncomingMail, db: Db, context: HandlerContext) => OutgoingMail[];

export interface IntakeOptions {
  judge: JudgeIdentity;
  /** Per-sender limit (persisted in the database); false turns it off. Default DEFAULT_RATE_LIMIT. */
  rateLimit?: RateLimitOptions | false;
  /** Larger mails are not read: logged as 'unparseable', their sender told so. Default 1 MiB. */
  maxBytes?: number;
  clock?: () => number;
  /** Servers whose Authentication-Results headers vouch for a From (origin.ts). */
  trustedAuthServIds?: readonly string[];
  /**
   * True for an address that plays in a running game: over the rate limit, its mail is still
   * processed (never dropped) and answered while KNOWN_SENDER_REPLIES allows.
   */
  knownSender?: (db: Db, address: string, origin?: MailOrigin) => boolean;
  /** The first line of the judge's replies: a mail holding it unquoted is our own come back. */
  ownOpening?: string;
  /** Mails to send when the handler throws (e.g. "your mail could not be processed"). */
  onHandlerError?: (mail: IncomingMail, error: unknown) => OutgoingMail[];
}

export interface IntakeResult {
  /** 'already-logged': this mail was taken in before; nothing was done now. */
  outcome: MailOutcome | 'already-logged';
  entry: MailLogEntry;
  mail: IncomingMail | null;
  queued: OutboxMail[];
  error?: unknown;
}

export function sourceKeyOf(source: MailSource): string {
  return 'file' in source ? `file:${source.file}` : `imap:${source.mailbox}:${source.uidValidity}:${source.uid}`;
}

export function isMailLogged(db: Db, source: MailSource): boolean {
  return findMailBySource(db, sourceKeyOf(source)) !== null;
}

/**
 * Takes in one mail exactly once. No mail can stop intake: whatever fails while reading or handling
 * it (MIME, HTML, the handler, a fault of this code) logs it as 'unreadable' or 'error', the transport
 * sets it aside in the quarantine, its sender is answered if his address can be read, and the next
 * mail is taken in. Only a fault of the storage itself throws (StoreError): the mail is retried then.
 */
export async function intakeMail(
  db: Db,
  source: MailSource,
  raw: Buffer,
  handler: MailHandler,
  options: IntakeOptions,
): Promise<IntakeResult> {
  return guarded(db, source, options, async () => {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_MAIL_BYTES;
    const size = raw.length;
    if (size > maxBytes) return unreadMail(db, source, headerBlock(raw), size, oversized(size, options));
    const logged = findMailBySource(db, sourceKeyOf(source));
    if (logged) return { outcome: 'already-logged', entry: logged, mail: null, queued: [] };
    let mail: IncomingMail;
    try {
      mail = await parseIncoming(raw, {
        maxBytes,
        ownLoopMarker: options.judge.address,
        trustedAuthServIds: options.trustedAuthServIds,
      });
    } catch (error) {
      // Its header alone may still say who sent it (to answer) and whether it is automated (not to).
      const detail = `reading it failed: ${describeError(error)}`;
      return unreadMail(db, source, headerBlock(raw), raw.length, { outcome: 'unreadable', detail, options });
    }
    return takeIn(db, source, { mail, parseFailure: null, unread: null }, handler, options);
  });
}

/**
 * A mail over the size limit is never read, but its sender is told so, once, as any mail is
 * answered: its header alone (fetched by the IMAP poller without the body, or cut from the file)
 * decides whether it is a person's mail, a duplicate or automated mail that gets no answer.
 */
export async function intakeOversizedMail(
  db: Db,
  source: MailSource,
  header: Buffer,
  size: number,
  options: IntakeOptions,
): Promise<IntakeResult> {
  return guarded(db, source, options, () => unreadMail(db, source, header, size, oversized(size, options)));
}

/** Why a mail is not read, and how it is logged: over the size limit, or its reading failed. */
interface Unread {
  outcome: 'unparseable' | 'unreadable';
  detail: string;
  options: IntakeOptions;
  oversize?: { size: number; limit: number };
}

function oversized(size: number, options: IntakeOptions): Unread {
  const limit = options.maxBytes ?? DEFAULT_MAX_MAIL_BYTES;
  const detail = `mail of ${size} bytes is over the ${limit}-byte limit`;
  return { outcome: 'unparseable', detail, options, oversize: { size, limit } };
}

/** Logs (and answers, from its header) a mail whose body is not read. */
async function unreadMail(
  db: Db,
  source: MailSource,
  header: Buffer,
  size: number,
  unread: Unread,
): Promise<IntakeResult> {
  const { options } = unread;
  const logged = findMailBySource(db, sourceKeyOf(source));
  if (logged) return { outcome: 'already-logged', entry: logged, mail: null, queued: [] };
  let mail: IncomingMail | null = null;
  try {
    const headerOnly = Buffer.concat([header.subarray(0, MAX_HEADER_BYTES), Buffer.from('\r\n\r\n')]);
    mail = {
      ...(await parseIncoming(headerOnly, {
        maxBytes: Number.MAX_SAFE_INTEGER,
        ownLoopMarker: options.judge.address,
        trustedAuthServIds: options.trustedAuthServIds,
      })),
      size,
      text: '',
    };
  } catch {
    // Not even the header can be read: logged and set aside, nobody to answer.
  }
  return takeIn(db, source, { mail, parseFailure: unread.detail, unread }, () => [], options);
}

/**
 * Runs one intake step; any fault that is not the storage's (a bug, a library throwing on odd input)
 * logs the mail as unreadable so that the transport sets it aside instead of retrying it for ever.
 */
async function guarded(
  db: Db,
  source: MailSource,
  options: IntakeOptions,
  step: () => Promise<IntakeResult>,
): Promise<IntakeResult> {
  try {
    return await step();
  } catch (error) {
    if (isStorageFault(error)) throw error;
    return logUnreadableMail(db, source, `taking it in failed: ${describeError(error)}`, options.clock, error);
  }
}

/** The log line for a mail set aside: where it is, who sent it, what failed. */
export function quarantineLine(result: IntakeResult, where: string): string {
  const from = result.entry.from ?? result.mail?.from ?? 'an unknown sender';
  return `mail from ${from} set aside in ${where}: ${result.entry.detail ?? result.entry.outcome}`;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

const MAX_HEADER_BYTES = 64 * 1024;

/** The header of a raw mail: everything before the first empty line, at most 64 KiB. */
export function headerBlock(raw: Buffer): Buffer {
  const head = raw.subarray(0, MAX_HEADER_BYTES);
  const text = head.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  return end ? head.subarray(0, end.index) : head;
}

interface Decoded {
  mail: IncomingMail | null;
  parseFailure: string | null;
  /** Set for a mail whose body is not read (over the size limit, or reading it failed): only its header was. */
  unread: Unread | null;
}

/** The answer to a mail that could not be read: it holds nothing of the mail but its subject. */
function unreadableReply(): OutgoingMail {
  return {
    kind: 'reply',
    text:
      'The judge could not read your mail, so nothing in it was done. It has been set aside for the ' +
      'judgekeeper.\nPlease send your orders and commands again as plain text, without attachments.\n',
  };
}

/** Answers to one address for mails set aside: enough for a player, bounded for a flood of them. */
export const QUARANTINE_REPLIES: RateLimitOptions = { burst: 3, perHour: 3 };

function oversizeReply(size: number, limit: number): OutgoingMail {
  const kb = (n: number) => `${Math.ceil(n / 1024)} KB`;
  return {
    kind: 'reply',
    text:
      `Your mail of ${kb(size)} is over this judge's limit of ${kb(limit)}, ` +
      'so none of it was read and nothing was done.\n' +
      'Please send your orders and commands again as plain text, without attachments.\n',
  };
}

/** Replies to a known sender over the rate limit: enough for a player, bounded for a flood. */
export const KNOWN_SENDER_REPLIES: RateLimitOptions = { burst: 20, perHour: 20 };

function withinReplyAllowance(db: Db, from: string, outgoing: OutgoingMail[], now: number): OutgoingMail[] {
  const replies = new SenderRateLimiter(databaseBucketStore(db), KNOWN_SENDER_REPLIES);
  if (replies.take(`replies-over-limit:${from}`, now)) return outgoing;
  return outgoing.filter((mail) => mail.kind !== 'reply');
}

/** Our own mails coming back from one sender this often in a burst are answered; beyond, it is a loop. */
export const REPEATS_ANSWERED: RateLimitOptions = { burst: 3, perHour: 1 };

/**
 * A forwarder that strips our loop headers sends each reply back as a new mail, and the judge would
 * answer it for ever at the rate limit (each answer quoting the last, so no two are alike). Such a
 * mail holds our own reply as if typed: its unquoted text has the reply's first line. A person's reply
 * quotes us below a quote marker or reply header, which the command text leaves out. Beyond
 * REPEATS_ANSWERED such mails are still processed (nothing in them is lost) but not answered.
 */
function isOwnMailBack(db: Db, mail: IncomingMail, now: number, ownOpening: string): boolean {
  if (!ownOpening || !mail.text.includes(ownOpening)) return false;
  if (
    !extractCommandText(mail.text)
      .split('\n')
      .some((line) => line.trim() === ownOpening)
  )
    return false;
  const loops = new SenderRateLimiter(databaseBucketStore(db), REPEATS_ANSWERED);
  return !loops.take(`own-mail-back:${(mail.from ?? '').toLowerCase()}`, now);
}

function takeIn(
  db: Db,
  source: MailSource,
  decoded: Decoded,
  handler: MailHandler,
  options: IntakeOptions,
): IntakeResult {
  const sourceKey = sourceKeyOf(source);
  const clock = options.clock ?? Date.now;
  const receivedAt = nowIso(clock);
  const { mail, parseFailure, unread } = decoded;

  const run = db.transaction((): IntakeResult => {
    const again = findMailBySource(db, sourceKey);
    if (again) return { outcome: 'already-logged', entry: again, mail, queued: [] };

    const log = (outcome: MailOutcome, detail: string | null, messageId = mail?.messageId ?? null) =>
      insertMailLog(db, {
        sourceKey,
        mailbox: 'mailbox' in source ? source.mailbox : null,
        uidValidity: 'mailbox' in source ? source.uidValidity : null,
        uid: 'mailbox' in source ? source.uid : null,
        fileName: 'file' in source ? source.file : null,
        messageId,
        from: mail?.from ?? null,
        subject: mail?.subject ?? null,
        receivedAt,
        processedAt: nowIso(clock),
        outcome,
        detail,
      });

    if (mail === null) {
      const outcome = unread?.outcome ?? 'unparseable';
      return { outcome, entry: log(outcome, parseFailure), mail, queued: [] };
    }
    // Not answered, for `detail`. A mail whose reading failed is still set aside whatever else it is.
    const unanswered = (outcome: MailOutcome, detail: string | null, messageId?: string | null): IntakeResult =>
      unread?.outcome === 'unreadable'
        ? {
            outcome: 'unreadable',
            entry: log('unreadable', `${parseFailure} (not answered: ${detail})`, messageId),
            mail,
            queued: [],
          }
        : { outcome, entry: log(outcome, detail, messageId), mail, queued: [] };
    if (mail.messageId) {
      const first = findMailByMessageId(db, mail.messageId);
      // Logged without its Message-ID (which is UNIQUE) so the transport can still mark this copy done.
      if (first) return unanswered('duplicate', `same Message-ID ${mail.messageId} as ${first.sourceKey}`, null);
    }
    if (mail.autoReply || mail.bounce || mail.listMail) return unanswered('automated', mail.reason);
    if (mail.from === null) return unanswered('unparseable', 'no From address');
    // Counted per address and sending path (origin.ts): a flood under a player's forged From spends
    // the forger's allowance, not the player's.
    let overLimit = false;
    if (options.rateLimit !== false) {
      const limiter = new SenderRateLimiter(databaseBucketStore(db), options.rateLimit ?? DEFAULT_RATE_LIMIT);
      if (!limiter.take(senderKey(mail.from, mail.origin), clock())) {
        if (!options.knownSender?.(db, mail.from, mail.origin)) {
          return unanswered('rate-limited', `sender ${mail.from} is over the rate limit`);
        }
        overLimit = true;
      }
    }

    const repeated = isOwnMailBack(db, mail, clock(), options.ownOpening ?? '');
    const context: HandlerContext = { sourceKey, now: receivedAt, judge: options.judge };
    const queueContext = { judge: options.judge, origin: sourceKey, incoming: mail };
    if (unread) {
      const replies = new SenderRateLimiter(databaseBucketStore(db), QUARANTINE_REPLIES);
      const answer = unread.oversize
        ? [oversizeReply(unread.oversize.size, unread.oversize.limit)]
        : replies.take(`unreadable:${mail.from.toLowerCase()}`, clock())
          ? [unreadableReply()]
          : [];
      const queued = queueMails(db, answer, queueContext);
      return { outcome: unread.outcome, entry: log(unread.outcome, parseFailure), mail, queued };
    }
    const incoming = mail;
    try {
      // A nested transaction is a savepoint: a throwing handler loses its own writes, nothing else.
      const queued = db.transaction(() => {
        const outgoing = handler(incoming, db, context);
        if (!Array.isArray(outgoing)) {
          throw new TypeError('mail handler must return an array of OutgoingMail synchronously (got a Promise?)');
        }
        let sending = overLimit ? withinReplyAllowance(db, incoming.from!, outgoing, clock()) : outgoing;
        if (repeated) sending = sending.filter((m) => m.kind !== 'reply');
        return queueMails(db, sending, queueContext);
      })();
      const detail = repeated
        ? 'our own replies coming back again and again (a forwarding loop?): processed, not answered'
        : overLimit
          ? 'over the rate limit; processed because the sender plays in a game'
          : null;
      const entry = log('processed', detail);
      crashPoint('intake-before-commit');
      return { outcome: 'processed', entry, mail, queued };
    } catch (error) {
      // SQLite may already have rolled the whole transaction back (it does on SQLITE_FULL); logging the
      // error now would commit that row on its own and mark an unprocessed mail as done.
      if (isStorageFault(error) || !db.inTransaction) throw error;
      const apology = options.onHandlerError?.(incoming, error) ?? [];
      const queued = queueMails(db, apology, { ...queueContext, origin: `${sourceKey}:error` });
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { outcome: 'error', entry: log('error', detail), mail, queued, error };
    }
  });
  try {
    // IMMEDIATE takes the write lock before the duplicate checks, so two judges cannot both pass them.
    return run.immediate();
  } catch (error) {
    throw storageFault(db, error, `mail ${sourceKey} was not taken in and stays unprocessed`) ?? error;
  }
}

/**
 * Logs a mail the transport refuses to download (e.g. over the size limit) so it is marked done and
 * never looked at again. Returns 'already-logged' when it was logged before.
 */
export function logRefusedMail(
  db: Db,
  source: MailSource,
  detail: string,
  clock: () => number = Date.now,
): IntakeResult {
  return logUnread(db, source, 'unparseable', detail, clock);
}

/**
 * Logs a mail that could not be taken in (its file cannot be read, taking it in threw) as
 * 'unreadable': the transport sets it aside in the quarantine and goes on with the next mail.
 */
export function logUnreadableMail(
  db: Db,
  source: MailSource,
  detail: string,
  clock: () => number = Date.now,
  error?: unknown,
): IntakeResult {
  return { ...logUnread(db, source, 'unreadable', detail, clock), ...(error === undefined ? {} : { error }) };
}

function logUnread(
  db: Db,
  source: MailSource,
  outcome: 'unparseable' | 'unreadable',
  detail: string,
  clock: () => number,
): IntakeResult {
  const sourceKey = sourceKeyOf(source);
  const log = db.transaction((): IntakeResult => {
    const logged = findMailBySource(db, sourceKey);
    if (logged) return { outcome: 'already-logged', entry: logged, mail: null, queued: [] };
    const entry = insertMailLog(db, {
      sourceKey,
      mailbox: 'mailbox' in source ? source.mailbox : null,
      uidValidity: 'mailbox' in source ? source.uidValidity : null,
      uid: 'mailbox' in source ? source.uid : null,
      fileName: 'file' in source ? source.file : null,
      messageId: null,
      from: null,
      subject: null,
      receivedAt: nowIso(clock),
      processedAt: nowIso(clock),
      outcome,
      detail,
    });
    return { outcome, entry, mail: null, queued: [] };
  });
  try {
    return log.immediate();
  } catch (error) {
    throw storageFault(db, error, `mail ${sourceKey} was not logged and stays unprocessed`) ?? error;
  }
}
