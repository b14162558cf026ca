// The embedded transport's "IMAP": takes in every <root>/inbox/*.eml exactly once, oldest name first,
// and moves it to <root>/processed/ after the intake transaction committed.
import { EventEmitter } from 'node:events';
import { mkdir, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../store/database.js';
import { PollLoop } from './poll-loop.js';
import { crashPoint } from './crash-point.js';
import { intakeMail, isMailLogged, type IntakeOptions, type IntakeResult, type MailHandler } from './intake.js';
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

/** Events: 'mail' (IntakeResult, file name) after each mail, 'caught-up' (ISO time) after each full scan, 'error'. */
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
    for (const file of files) {
      const source = { file };
      const path = join(layout.inbox, file);
      if (isMailLogged(this.db, source)) {
        // Committed earlier, but the move did not happen (crash): finish the job.
        await rename(path, join(layout.processed, file));
        continue;
      }
      // A failure here (e.g. the database locked or full) ends the scan instead of skipping the mail:
      // a player's later mail must not overtake an earlier one. The next poll starts again from it.
      const result = await intakeMail(this.db, source, await readFile(path), this.handler, this.options);
      crashPoint('intake-committed');
      await this.options.afterCommit?.(result, file);
      await rename(path, join(layout.processed, file));
      results.push(result);
      this.emit('mail', result, file);
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

  private report(error: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
    else console.error(`chancery mail directory: ${error instanceof Error ? error.message : String(error)}`);
  }
}
