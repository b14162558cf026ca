// A judge on the embedded mail directory in a temp dir, with a clock the test moves by hand.
// send() drops a mail in the inbox, takes it in, runs the tick, and delivers the outbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeIdentity } from '../../src/mail/compose.js';
import { createDirectorySender } from '../../src/mail/directory-sender.js';
import { DirectoryInbox } from '../../src/mail/directory-inbox.js';
import { createMailHand } from '../../src/mail/hand.js';
import type { IntakeResult } from '../../src/mail/intake.js';
import { OutboxWorker } from '../../src/mail/outbox-worker.js';
import { apologyFor, handleMail } from '../../src/judge/handler.js';
import { tick } from '../../src/judge/tick.js';
import { confirmLineIn } from '../../src/judge/gate/address-proof.js';
import { openDatabase } from '../../src/store/database.js';
import { listOutbox } from '../../src/store/outbox.js';

export const JUDGE = { address: 'judge@example.test', name: 'Test Judge', domain: 'example.test' };

/** Every world starts here: a Monday noon UTC (a weekday in every zone the tests use). */
export const WORLD_START = Date.parse('2026-11-23T12:00:00Z');

export interface WorldOptions {
  /**
   * Whether an address answers the code in the judge's reply, as a player reading his mail does
   * (default true). Tests of forged mail turn it off: a forger never sees the reply.
   */
  autoConfirm?: boolean;
  /** Adds to the judge's identity (e.g. webBaseUrl, for the web site's links in mail). */
  judge?: Partial<JudgeIdentity>;
}

export function createWorld(options: WorldOptions = {}) {
  const judge: JudgeIdentity = { ...JUDGE, ...options.judge };
  const root = mkdtempSync(join(tmpdir(), 'chancery-judge-'));
  // One clock for the judge, the mail workers and the store's stamps, moved only by the test: the
  // same instant on every run, so no assertion depends on the day or the hour the suite runs.
  let now = WORLD_START;
  const clock = () => now;
  const db = openDatabase(join(root, 'judge.sqlite'), { clock });
  const inbox = new DirectoryInbox(db, handleMail, {
    root,
    judge,
    rateLimit: false,
    clock,
    onHandlerError: (m) => apologyFor(m),
  });
  const outbox = new OutboxWorker(db, createDirectorySender(join(root)), { judge, clock });
  const hand = createMailHand(root, { judgeAddress: JUDGE.address });
  const errors: unknown[] = [];

  async function settle(): Promise<IntakeResult[]> {
    const results = await inbox.processAll();
    for (const r of results) if (r.outcome === 'error') errors.push(r.error);
    tick(db, new Date(clock()).toISOString(), judge);
    await outbox.runOnce();
    return results;
  }

  return {
    root,
    db,
    hand,
    errors,
    now: () => new Date(clock()).toISOString(),
    advance(hours: number) {
      now += hours * 3_600_000;
    },
    /** Sends one mail and lets the judge handle it; returns the judge's reply text. */
    async send(from: string, body: string, subject = 'orders'): Promise<string> {
      // Each mail arrives a second after the one before, as real mail would: what a mail changes is
      // later than what came before it (a ROLLBACK, an earlier order), never at the same instant.
      now += 1000;
      const before = (await hand.list(from)).length;
      await hand.send(from, subject, body);
      await settle();
      const after = await hand.list(from);
      const reply = after
        .slice(before)
        .reverse()
        .find((m) => m.subject.startsWith('Re:'));
      if (!reply) throw new Error(`no reply to ${from}: ${JSON.stringify(errors.map(String))}`);
      const text = (await hand.show(from, reply.number)).text;
      const code = confirmLineIn(text);
      if (code && options.autoConfirm !== false) {
        now += 1000;
        await hand.send(from, 'confirm', code);
        await settle();
      }
      return text;
    },
    settle,
    async mails(address: string) {
      const list = await hand.list(address);
      return Promise.all(list.map((m) => hand.show(address, m.number)));
    },
    outboxRows: () => listOutbox(db),
    close() {
      db.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export type World = ReturnType<typeof createWorld>;
