// Delivers queued outbox mail, oldest first, through a MailSender (SMTP or the mail directory).
//
// Delivery is at-least-once: a mail is marked sent only after the transport accepted it (SMTP 250).
// If the process dies in the tiny window between the 250 and the UPDATE that marks it sent, the mail
// is sent again on restart, with the same Message-ID, so receiving clients can collapse the copy.
// The opposite order (mark first, then send) could lose a mail, which is worse for a judge.
// When the mark itself fails (database locked beyond the busy timeout, disk full) the worker keeps the
// mail in memory as delivered, sends nothing until the database takes the mark, and never resends it.
// Queueing itself is exactly-once thanks to the outbox's UNIQUE dedupe key.
import { hostname } from 'node:os';
import { EventEmitter } from 'node:events';
import type { Db } from '../store/database.js';
import { nowIso, storageFault } from '../store/database.js';
import {
  claimOutboxMail,
  dueOutboxMails,
  releaseDeadClaims,
  markOutboxAttemptFailed,
  markOutboxSent,
  nextOutboxAttemptAt,
  type OutboxMail,
} from '../store/outbox.js';
import { attachmentsBeingDrawn, drawnAhead, resolveAttachments } from './attachments.js';
import { toMessage, type JudgeIdentity } from './compose.js';
import { crashPoint } from './crash-point.js';
import { PollLoop } from './poll-loop.js';
import type { MailSender } from './sender.js';
import { MailError } from './types.js';

export interface RetryPolicy {
  /** Delay before the first retry, in ms; doubled after each further failure. Default 30 s. */
  baseDelayMs: number;
  /** Longest delay between two attempts. Default 1 hour. */
  maxDelayMs: number;
  /** Attempts before the mail is marked failed. Default 12 (about half a day with the defaults). */
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 12 };

/** How long a delivery attempt holds its mail against other workers (far beyond any SMTP timeout). */
export const CLAIM_LEASE_MS = 10 * 60_000;

/**
 * Mails whose pictures are being drawn ahead at once, at most: enough to keep every picture thread
 * busy (each takes a batch of 16), few enough that their SVGs do not fill the judge's memory.
 */
const DRAWN_AHEAD = 64;

/** This process, as it signs its claims: "host pid". */
const CLAIM_HOLDER = `${hostname()} ${process.pid}`;

/** A claim's holder is dead when it is a process of this host that no longer runs. */
function holderIsDead(holder: string): boolean {
  const [host, pid] = holder.split(' ');
  if (host !== hostname() || !pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export interface OutboxWorkerOptions {
  judge: JudgeIdentity;
  retry?: Partial<RetryPolicy>;
  /** How often to look for due mail when nothing wakes the worker, in ms. Default 5000. */
  pollIntervalMs?: number;
  batchSize?: number;
  clock?: () => number;
}

export interface OutboxRunReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** Delay before attempt `attempts + 1`, after `attempts` failures. */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Events: 'sent' (mail: OutboxMail), 'retry' (mail, error), 'failed' (mail, error), 'error' (error) for
 * unexpected faults of the loop itself.
 */
export class OutboxWorker extends EventEmitter {
  private readonly retry: RetryPolicy;
  private readonly clock: () => number;
  private running: Promise<OutboxRunReport> | null = null;
  /** Set by stop(): mails waiting for their pictures stay queued for the next start. */
  private stopping = false;
  private wakeWaiter: () => void = () => undefined;
  private wakeAgain = false;
  private readonly loop = new PollLoop(
    () => this.runOnce(),
    () => this.nextDelay(),
    (error) => this.report(error),
  );
  /** Delivered mails whose 'sent' mark the database refused, with their delivery time. */
  private readonly unrecorded = new Map<number, { mail: OutboxMail; sentAt: string }>();

  constructor(
    private readonly db: Db,
    private readonly sender: MailSender,
    private readonly options: OutboxWorkerOptions,
  ) {
    super();
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.clock = options.clock ?? Date.now;
  }

  /** Sends every mail due now. Concurrent calls share one run, so a mail is never sent twice at once. */
  runOnce(): Promise<OutboxRunReport> {
    if (this.running) {
      this.wakeAgain = true;
      // A run waiting for pictures looks for the new mail now (a reply must not wait for a picture).
      this.wakeWaiter();
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<OutboxRunReport> {
    const report: OutboxRunReport = { sent: 0, retrying: 0, failed: 0 };
    this.recordDelivered();
    releaseDeadClaims(this.db, holderIsDead, nowIso(this.clock));
    // One attempt per mail per run, even if a zero retry delay makes it due again at once.
    const tried = new Set<number>();
    // Mails whose pictures are being drawn in a thread: they wait, unclaimed (a crash leaves them
    // queued), while the mails behind them go out; each is sent once its pictures are ready.
    let waiting: { mail: OutboxMail; ready: boolean }[] = [];
    // Mails whose pictures are not started yet, beyond DRAWN_AHEAD: a deadline's thousand pictures
    // started at once held a thousand SVGs (190 KB each) in memory until their threads got to them.
    const deferred: OutboxMail[] = [];
    let wakeWaiter = () => undefined as void;
    const send = async (mail: OutboxMail) => {
      const outcome = await this.deliver(mail);
      if (outcome !== 'skipped') report[outcome]++;
    };
    /**
     * Sends the mail, or puts it among the waiting ones (null then, no await): its pictures being drawn,
     * or a mail of its game queued before it to one of its readers waiting so (a reader gets a game's
     * mails in the order they were queued: the game's start before "you are France").
     */
    const take = (mail: OutboxMail): Promise<void> | null => {
      const drawn = attachmentsBeingDrawn(this.db, mail.attachments);
      const readers = gameReaders(mail);
      const behind =
        readers.length > 0 && waiting.some((entry) => gameReaders(entry.mail).some((r) => readers.includes(r)));
      if (!drawn && !behind) return send(mail);
      const entry = { mail, ready: !drawn };
      waiting.push(entry);
      void drawn?.finally(() => {
        entry.ready = true;
        wakeWaiter();
      });
      return null;
    };
    /**
     * The waiting mails that may go now: ready, and none of their game before them to a reader of theirs
     * still waiting. One pass, each mail's readers in its game held for the mails after it.
     */
    const sendable = () => {
      const held = new Set<string>();
      const going: typeof waiting = [];
      for (const entry of waiting) {
        const readers = gameReaders(entry.mail);
        if (entry.ready && !readers.some((r) => held.has(r))) going.push(entry);
        for (const r of readers) held.add(r);
      }
      return going;
    };
    do {
      this.wakeAgain = false;
      let after = 0;
      for (;;) {
        const due = dueOutboxMails(this.db, nowIso(this.clock), this.options.batchSize ?? 20, after);
        for (const mail of due) {
          after = mail.id;
          if (tried.has(mail.id)) continue;
          tried.add(mail.id);
          if (waiting.length >= DRAWN_AHEAD && drawnAhead(mail.attachments)) {
            deferred.push(mail);
            continue;
          }
          const sending = take(mail);
          if (sending) await sending;
        }
        if (due.length) continue;
        while (deferred.length && waiting.length < DRAWN_AHEAD && !this.stopping) {
          const sending = take(deferred.shift()!);
          if (sending) await sending;
        }
        if (!waiting.length || this.stopping) break;
        // Every due mail seen: wait for a picture, send the mails it was for, then look for new mail.
        if (!sendable().length) {
          await new Promise<void>((resolve) => {
            wakeWaiter = resolve;
            this.wakeWaiter = resolve;
          });
        }
        const ready = sendable();
        waiting = waiting.filter((entry) => !ready.includes(entry));
        for (const entry of ready) if (!this.stopping) await send(entry.mail);
      }
    } while (this.wakeAgain);
    return report;
  }

  private async deliver(mail: OutboxMail): Promise<keyof OutboxRunReport | 'skipped'> {
    const now = this.clock();
    let claimed: boolean;
    try {
      claimed = claimOutboxMail(
        this.db,
        mail.id,
        nowIso(() => now),
        nowIso(() => now + CLAIM_LEASE_MS),
        CLAIM_HOLDER,
      );
    } catch (error) {
      throw (
        storageFault(this.db, error, `outbox: ${mail.messageId} could not be claimed; it stays queued, unsent`) ?? error
      );
    }
    if (!claimed) return 'skipped';
    crashPoint('outbox-before-send');
    let refused: string[];
    try {
      const files = resolveAttachments(this.db, mail.attachments, (problem) =>
        this.emit('error', new Error(`${mail.messageId}: ${problem}`)),
      );
      refused = (await this.sender.send(toMessage(mail, this.options.judge, files))).rejected;
    } catch (error) {
      return this.recordFailure(mail, error);
    }
    // The server took the mail for the others: not retried (they would get it twice), but said.
    if (refused.length) this.emit('refused', mail, refused);
    // A crash between the send and the mark sends this mail once more after restart (see the top).
    crashPoint('outbox-after-send');
    this.unrecorded.set(mail.id, { mail, sentAt: nowIso(this.clock) });
    this.recordDelivered();
    return 'sent';
  }

  private recordFailure(mail: OutboxMail, error: unknown): 'failed' | 'retrying' {
    const attempts = mail.attempts + 1;
    const permanent = error instanceof MailError && error.permanent;
    const message = error instanceof Error ? error.message : String(error);
    const retryAt =
      permanent || attempts >= this.retry.maxAttempts
        ? null
        : nowIso(() => this.clock() + retryDelayMs(attempts, this.retry));
    try {
      markOutboxAttemptFailed(this.db, mail.id, message, retryAt);
    } catch (markError) {
      // Unrecorded, the attempt is simply made again: the mail stays queued.
      throw (
        storageFault(
          this.db,
          markError,
          `outbox: the failed attempt to send ${mail.messageId} (${message}) was not recorded`,
        ) ?? markError
      );
    }
    this.emit(retryAt === null ? 'failed' : 'retry', mail, error);
    return retryAt === null ? 'failed' : 'retrying';
  }

  /** Marks delivered mails sent; throws, sending nothing more, while the database refuses. */
  private recordDelivered(): void {
    for (const [id, { mail, sentAt }] of this.unrecorded) {
      try {
        markOutboxSent(this.db, id, sentAt);
      } catch (error) {
        const doing =
          `outbox: ${mail.messageId} was delivered but cannot be marked sent; it will not be sent again, ` +
          'and nothing more is sent until the mark is written';
        throw storageFault(this.db, error, doing) ?? error;
      }
      this.unrecorded.delete(id);
      this.emit('sent', mail);
    }
  }

  /** Runs now (e.g. right after intake queued replies) instead of at the next poll. */
  wake(): void {
    if (!this.loop.running) return;
    void this.runOnce().catch((error) => this.report(error));
  }

  start(): void {
    this.loop.start();
  }

  /** Sleeps until the poll interval or the next retry, whichever comes first. */
  private nextDelay(): number {
    const poll = this.options.pollIntervalMs ?? 5000;
    const next = nextOutboxAttemptAt(this.db);
    if (next === null) return poll;
    return Math.max(10, Math.min(poll, Date.parse(next) - this.clock()));
  }

  /** Stops the timer and waits for a delivery in progress to finish and be recorded. */
  async stop(): Promise<void> {
    this.loop.stop();
    this.stopping = true;
    this.wakeWaiter();
    if (this.running) await this.running.catch(() => undefined);
    try {
      this.recordDelivered();
    } catch (error) {
      this.report(error);
    }
  }

  private report(error: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
    else console.error(`chancery outbox: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * A mail's readers (to, copy or blind copy) within its game, as `<game> <address>`: a mail waits for one
 * queued before it that shares one, so a game's mails reach each reader in their order. Mail outside
 * any game (a reply) has none and waits for no picture.
 */
function gameReaders(mail: OutboxMail): string[] {
  if (mail.gameId === null) return [];
  return [...mail.to, ...mail.cc, ...mail.bcc].map((address) => `${mail.gameId} ${address.toLowerCase()}`);
}
