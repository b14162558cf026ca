// Takes in the judge's mail from an IMAP mailbox: every UNSEEN message in UID order goes through
// intakeMail; only after its transaction committed is it flagged \Seen (and moved to the processed
// folder when one is configured). Then it waits in IDLE, with a polling fallback, and reconnects with
// exponential backoff when the connection drops. Mail is fetched with BODY.PEEK, so downloading never
// marks it seen by itself: a crash before commit leaves the mail unseen and it is taken in on restart.
// A mail whose reading or handling failed (intake.ts) is flagged \Seen and moved to the quarantine
// mailbox instead (created if missing): one bad mail never holds up the ones after it.
import { EventEmitter } from 'node:events';
import type { ImapFlow } from 'imapflow';
import type { Db } from '../store/database.js';
import { findMailBySource, isQuarantined } from '../store/mail-log.js';
import {
  describeError,
  intakeMail,
  intakeOversizedMail,
  logRefusedMail,
  quarantineLine,
  sourceKeyOf,
  type IntakeOptions,
  type IntakeResult,
  type MailHandler,
  type MailSource,
} from './intake.js';
import { DEFAULT_MAX_MAIL_BYTES } from './parse.js';

export interface ImapSettings {
  host: string;
  port: number;
  /** TLS from the start (port 993). Otherwise STARTTLS is used when offered. */
  secure?: boolean;
  auth: { user: string; pass: string };
  tls?: { rejectUnauthorized?: boolean };
}

export interface ImapPollerOptions extends IntakeOptions {
  imap: ImapSettings;
  /** Default 'INBOX'. */
  mailbox?: string;
  /** Folder processed mail is moved to (created if missing); null keeps it in the mailbox, flagged \Seen. */
  processedMailbox?: string | null;
  /** Folder a mail is moved to when reading or handling it failed (created if missing). Default 'Quarantine'. */
  quarantineMailbox?: string;
  /** Look for new mail at least this often even if IDLE reports nothing, in ms. Default 60000. */
  pollIntervalMs?: number;
  /**
   * Inactivity before imapflow enters IDLE, in ms. Default 200: imapflow's own default (15 s) would
   * leave new mail unnoticed for that long after every command.
   */
  idleDelayMs?: number;
  /** Delay before the first reconnect, doubled up to `maxDelayMs`. Defaults 1000 / 60000. */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number };
  /** Called after commit and before flagging; tests use it to simulate a crash at that point. */
  afterCommit?: (result: IntakeResult, source: MailSource) => void | Promise<void>;
}

/**
 * Events: 'connected', 'disconnected' (error?), 'mail' (IntakeResult, MailSource) after each mail
 * taken in, 'quarantined' (IntakeResult, where) after a mail was set aside, 'error' (error) for
 * failures the poller recovers from by reconnecting.
 */
export class ImapPoller extends EventEmitter {
  /**
   * Every message in the mailbox before this moment has been taken in (the start of the last pass
   * over the unseen messages that went through to the end); null before the first.
   */
  caughtUpTo: string | null = null;
  private client: ImapFlow | null = null;
  private stopped = true;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private pendingWake = false;
  private sleepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly handler: MailHandler,
    private readonly options: ImapPollerOptions,
  ) {
    super();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /** Logs out, after the mail being processed (if any) is finished and flagged. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.loop;
    this.loop = null;
  }

  /** Makes the poller look for new mail now. */
  nudge(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  /** Drops the connection abruptly, as a network failure would; the poller reconnects. */
  dropConnection(): void {
    this.client?.close();
  }

  private async run(): Promise<void> {
    const initialDelay = this.options.reconnect?.initialDelayMs ?? 1000;
    const maxDelay = this.options.reconnect?.maxDelayMs ?? 60_000;
    let delay = initialDelay;
    while (!this.stopped) {
      let connected = false;
      try {
        await this.session(() => {
          connected = true;
          delay = initialDelay;
        });
      } catch (error) {
        this.report(error);
      }
      if (this.stopped) break;
      this.emit('disconnected');
      await this.sleep(connected ? initialDelay : delay);
      if (!connected) delay = Math.min(maxDelay, delay * 2);
    }
  }

  private async session(onConnected: () => void): Promise<void> {
    const settings = this.options.imap;
    // Loaded on first use: it is the slowest module to load, and a judge on the mail directory never needs it.
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure ?? false,
      auth: settings.auth,
      tls: settings.tls,
      logger: false,
      autoIdleDelay: this.options.idleDelayMs ?? 200,
      maxIdleTime: this.options.pollIntervalMs ?? 60_000,
    });
    this.client = client;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.on('error', (error: Error) => this.report(error));
    client.on('exists', () => this.nudge());
    try {
      await client.connect();
      const mailbox = this.options.mailbox ?? 'INBOX';
      if (this.options.processedMailbox) await ensureMailbox(client, this.options.processedMailbox);
      // Created now so a bad mail finds it; a server that refuses it must not stop intake (setAside).
      await ensureMailbox(client, this.quarantineMailbox).catch((error: unknown) => this.report(error));
      await client.mailboxOpen(mailbox);
      onConnected();
      this.emit('connected');
      while (!this.stopped && client.usable) {
        this.pendingWake = false;
        await this.processUnseen(client, mailbox);
        if (this.stopped || !client.usable) break;
        if (this.pendingWake) continue;
        await Promise.race([closed, this.sleep(this.options.pollIntervalMs ?? 60_000)]);
      }
      if (!this.stopped) throw new Error('IMAP connection closed');
    } finally {
      this.client = null;
      if (client.usable) await client.logout().catch(() => client.close());
      else client.close();
    }
  }

  private async processUnseen(client: ImapFlow, mailbox: string): Promise<void> {
    const started = new Date().toISOString();
    const uids = ((await client.search({ seen: false }, { uid: true })) || []).sort((a, b) => a - b);
    const opened = client.mailbox;
    if (!opened) throw new Error(`mailbox ${mailbox} is not open`);
    const uidValidity = Number(opened.uidValidity);
    const maxBytes = this.options.maxBytes ?? DEFAULT_MAX_MAIL_BYTES;
    for (const uid of uids) {
      if (this.stopped) return;
      const source: MailSource = { mailbox, uidValidity, uid };
      let entry = findMailBySource(this.db, sourceKeyOf(source));
      let fresh: IntakeResult | null = null;
      if (!entry) {
        fresh = await this.takeIn(client, source, maxBytes);
        if (fresh === null) continue; // expunged by someone else meanwhile
        await this.options.afterCommit?.(fresh, source);
        this.emit('mail', fresh, source);
        entry = fresh.entry;
      }
      await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      // Logged before a crash but not moved yet: the log entry says where it belongs.
      if (isQuarantined(entry)) {
        const where = await this.setAside(client, uid, mailbox);
        if (fresh) this.reportQuarantine(fresh, where);
      } else if (this.options.processedMailbox) {
        await client.messageMove(String(uid), this.options.processedMailbox, { uid: true });
      }
    }
    this.caughtUpTo = started;
    this.emit('caught-up', started);
  }

  private async takeIn(
    client: ImapFlow,
    source: MailSource & { uid: number },
    maxBytes: number,
  ): Promise<IntakeResult | null> {
    const uid = String(source.uid);
    const meta = await client.fetchOne(uid, { uid: true, size: true }, { uid: true });
    if (!meta) return null;
    if ((meta.size ?? 0) > maxBytes) {
      // Only the header is fetched: enough to tell the sender, never the body.
      const head = await client.fetchOne(uid, { uid: true, headers: true }, { uid: true });
      if (!head || !head.headers)
        return logRefusedMail(
          this.db,
          source,
          `mail of ${meta.size} bytes is over the ${maxBytes}-byte limit`,
          this.options.clock,
        );
      return intakeOversizedMail(this.db, source, head.headers, meta.size ?? 0, this.options);
    }
    const message = await client.fetchOne(uid, { uid: true, source: true }, { uid: true });
    if (!message || !message.source) return null;
    return intakeMail(this.db, source, message.source, this.handler, this.options);
  }

  /**
   * Moves a logged bad mail (flagged \Seen already) to the quarantine mailbox. When that fails (the
   * server refuses the mailbox) it stays where it is, seen and logged, so it is never taken in again:
   * the failure is reported, and intake goes on rather than retrying the move for ever.
   */
  private async setAside(client: ImapFlow, uid: number, mailbox: string): Promise<string> {
    try {
      await ensureMailbox(client, this.quarantineMailbox);
      await client.messageMove(String(uid), this.quarantineMailbox, { uid: true });
      return `mailbox ${this.quarantineMailbox}`;
    } catch (error) {
      if (!client.usable) throw error;
      const refused = `not moved to ${this.quarantineMailbox}: ${describeError(error)}`;
      this.report(new Error(`mail ${uid} stays in mailbox ${mailbox}, seen: ${refused}`));
      return `mailbox ${mailbox} (seen; ${refused})`;
    }
  }

  private get quarantineMailbox(): string {
    return this.options.quarantineMailbox ?? 'Quarantine';
  }

  private reportQuarantine(result: IntakeResult, where: string): void {
    if (this.listenerCount('quarantined') > 0) this.emit('quarantined', result, where);
    else console.error(`chancery imap: ${quarantineLine(result, where)}`);
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        if (this.sleepTimer) clearTimeout(this.sleepTimer);
        this.sleepTimer = null;
        this.wakeUp = null;
        resolve();
      };
      this.wakeUp = done;
      this.sleepTimer = setTimeout(done, ms);
      if (this.pendingWake) done();
    });
  }

  private report(error: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
    else console.error(`chancery imap: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function ensureMailbox(client: ImapFlow, path: string): Promise<void> {
  const existing = await client.list();
  if (existing.some((box) => box.path === path)) return;
  await client.mailboxCreate(path);
}
