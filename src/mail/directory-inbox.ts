// The embedded transport's "IMAP": takes in every <root>/inbox/*.eml exactly once, oldest name first,
// and moves it to <root>/processed/ after the intake transaction committed, or to <root>/quarantine/
// when reading or handling it failed (intake.ts): one bad mail never holds up the ones after it.
import { EventEmitter } from 'node:events';
import { mkdir, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isStorageFault, type Db } from '../store/database.js';
import { findMailBySource, isQuarantined } from '../store/mail-log.js';
import { PollLoop } from './poll-loop.js';
import { crashPoint } from './crash-point.js';
import {
  describeError,
  intakeMail,
  logUnreadableMail,
  quarantineLine,
  sourceKeyOf,
  type IntakeOptions,
  type IntakeResult,
  type MailHandler,
} from './intake.js';
import { isMailFile, mailDirectoryLayout } from './mail-directory.js';

export interface DirectoryInboxOptions extends IntakeOptions {
  root: string;
  /** How often to look for new files, in ms. Default 1000. */
  pollIntervalMs?: number;
  /**
   * Raw mails hold whatever their senders wrote, passwords included: processed ones are deleted after
   * this many days (the mail log keeps who sent what, and when). Default 7; 0 deletes at once.
   */
  keepProcessedDays?: number;
  /** Called after commit and before the file is moved; tests use it to simulate a crash there. */
  afterCommit?: (result: IntakeResult, file: string) => void | Promise<void>;
}

/**
 * Events: 'mail' (IntakeResult, file name) after each mail, 'quarantined' (IntakeResult, path) after a
 * mail was set aside, 'caught-up' (ISO time) after each full scan, 'error'.
 */
export class DirectoryInbox extends EventEmitter {
  private running: Promise<IntakeResult[]> | null = null;
  /**
   * Every mail that reached the inbox before this moment has been taken in (the start of the last
   * scan that went through to the end); null before the first. Deadlines wait for it (daemon.ts).
   */
  caughtUpTo: string | null = null;
  private readonly loop = new PollLoop(
    () => this.processAll(),
    () => this.options.pollIntervalMs ?? 1000,
    (error) => this.report(error),
  );

  constructor(
    private readonly db: Db,
    private readonly handler: MailHandler,
    private readonly options: DirectoryInboxOptions,
  ) {
    super();
  }

  /** Takes in every mail now in the inbox; returns what happened to each. */
  processAll(): Promise<IntakeResult[]> {
    this.running ??= this.scan().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async scan(): Promise<IntakeResult[]> {
    const started = new Date().toISOString();
    const layout = mailDirectoryLayout(this.options.root);
    await mkdir(layout.inbox, { recursive: true });
    await mkdir(layout.processed, { recursive: true });
    const files = (await readdir(layout.inbox)).filter(isMailFile).sort();
    const results: IntakeResult[] = [];
    // A mail is logged before it is moved, so a move that fails loses and repeats nothing: the file
    // stays in the inbox (each scan tries again, and skips it as taken in) and the scan goes on.
    const fileAway = async (file: string, quarantined: boolean): Promise<string> => {
      const from = join(layout.inbox, file);
      const to = join(quarantined ? layout.quarantine : layout.processed, file);
      try {
        if (quarantined) await mkdir(layout.quarantine, { recursive: true });
        await rename(from, to);
        return to;
      } catch (error) {
        this.report(new Error(`mail ${file} is taken in but stays in the inbox: ${describeError(error)}`));
        return from;
      }
    };
    for (const file of files) {
      const source = { file };
      const logged = findMailBySource(this.db, sourceKeyOf(source));
      if (logged) {
        // Committed earlier, but the move did not happen (crash): finish the job.
        await fileAway(file, isQuarantined(logged));
        continue;
      }
      // A fault of the storage (the database locked or full) ends the scan instead of skipping the
      // mail: a player's later mail must not overtake an earlier one. The next poll starts again from
      // it. Anything else that fails is this mail's own fault: intake logs it, and it is set aside.
      let result: IntakeResult;
      try {
        const raw = await readFile(join(layout.inbox, file));
        result = await intakeMail(this.db, source, raw, this.handler, this.options);
      } catch (error) {
        if (isStorageFault(error)) throw error;
        result = logUnreadableMail(this.db, source, `its file could not be read: ${describeError(error)}`);
      }
      crashPoint('intake-committed');
      await this.options.afterCommit?.(result, file);
      const quarantined = isQuarantined(result.entry);
      const path = await fileAway(file, quarantined);
      results.push(result);
      this.emit('mail', result, file);
      if (quarantined) this.reportQuarantine(result, path);
    }
    this.caughtUpTo = started;
    this.emit('caught-up', started);
    await this.pruneProcessed(layout.processed);
    return results;
  }

  private lastPrune = 0;

  /** Deletes processed mails older than keepProcessedDays; looks at most once a minute. */
  private async pruneProcessed(dir: string): Promise<void> {
    const keepMs = (this.options.keepProcessedDays ?? 7) * 86_400_000;
    const now = Date.now();
    if (keepMs > 0 && now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const file of await readdir(dir)) {
      const path = join(dir, file);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs >= keepMs) await unlink(path).catch(() => undefined);
    }
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.loop.stop();
    if (this.running) await this.running.catch(() => undefined);
  }

  private reportQuarantine(result: IntakeResult, path: string): void {
    if (this.listenerCount('quarantined') > 0) this.emit('quarantined', result, path);
    else console.error(`chancery mail directory: ${quarantineLine(result, path)}`);
  }

  private report(error: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
    else console.error(`chancery mail directory: ${error instanceof Error ? error.message : String(error)}`);
  }
}
