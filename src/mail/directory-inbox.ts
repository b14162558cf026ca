// The embedded transport's "IMAP": takes in every <root>/inbox/*.eml exactly once, oldest name first,
// and moves it to <root>/processed/ after the intake transaction committed.
import { EventEmitter } from 'node:events';
import { mkdir, readFile, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../store/database.js';
import { crashPoint } from './crash-point.js';
import { intakeMail, isMailLogged, type IntakeOptions, type IntakeResult, type MailHandler } from './intake.js';
import { isMailFile, mailDirectoryLayout } from './mail-directory.js';

export interface DirectoryInboxOptions extends IntakeOptions {
  root: string;
  /** How often to look for new files, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** Called after commit and before the file is moved; tests use it to simulate a crash there. */
  afterCommit?: (result: IntakeResult, file: string) => void | Promise<void>;
}

/** Events: 'mail' (IntakeResult, file name) after each mail, 'error' (error). */
export class DirectoryInbox extends EventEmitter {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<IntakeResult[]> | null = null;
  private started = false;

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
    return results;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const tick = async () => {
      if (!this.started) return;
      try {
        await this.processAll();
      } catch (error) {
        this.report(error);
      }
      if (this.started) this.timer = setTimeout(tick, this.options.pollIntervalMs ?? 1000);
    };
    void tick();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running.catch(() => undefined);
  }

  private report(error: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
    else console.error(`chancery mail directory: ${error instanceof Error ? error.message : String(error)}`);
  }
}
