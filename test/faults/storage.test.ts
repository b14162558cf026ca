// The database refuses writes: locked by another connection beyond the busy timeout, or full.
// The judge must say so clearly, take in nothing and write nothing half, and succeed on retry:
// every mail answered once, no apology for a fault that was not the mail's, no mail sent twice.
import { confirmLineIn } from '../../src/judge/gate/address-proof.js';
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { startDaemon } from '../../src/judge/daemon.js';
import { apologyFor, handleMail } from '../../src/judge/handler.js';
import { tick } from '../../src/judge/tick.js';
import { DirectoryInbox } from '../../src/mail/directory-inbox.js';
import { intakeMail, isMailLogged, type MailHandler } from '../../src/mail/intake.js';
import { createDirectorySender } from '../../src/mail/directory-sender.js';
import { createMailHand } from '../../src/mail/hand.js';
import { OutboxWorker } from '../../src/mail/outbox-worker.js';
import type { MailSender } from '../../src/mail/sender.js';
import { openDatabase, StoreError, type Db } from '../../src/store/database.js';
import { findGameByName } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase } from '../../src/store/phases.js';
import { rawMail } from '../mail/fixtures.js';

const JUDGE = { address: 'judge@storage.test', name: 'Storage Judge', domain: 'storage.test' };
const GM = 'gm@storage.test';
const PLAYERS = ['anna', 'bert', 'cleo', 'dirk', 'emma', 'finn', 'gina'].map((n) => `${n}@players.test`);

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** A judge in this process, on the mail directory, whose deliveries are counted per Message-ID. */
function createJudge() {
  const root = mkdtempSync(join(tmpdir(), 'chancery-storage-'));
  const file = join(root, 'judge.sqlite');
  const db = openDatabase(file, { busyTimeoutMs: 100 });
  const directory = createDirectorySender(root);
  const sends = new Map<string, number>();
  const hooks: { afterSend?: () => void } = {};
  const sender: MailSender = {
    async send(message) {
      const receipt = await directory.send(message);
      sends.set(String(message.messageId), (sends.get(String(message.messageId)) ?? 0) + 1);
      hooks.afterSend?.();
      hooks.afterSend = undefined;
      return receipt;
    },
    close: () => directory.close(),
  };
  const inbox = new DirectoryInbox(db, handleMail, {
    root,
    judge: JUDGE,
    rateLimit: false,
    onHandlerError: (mail) => apologyFor(mail),
  });
  const outbox = new OutboxWorker(db, sender, { judge: JUDGE });
  const hand = createMailHand(root, { judgeAddress: JUDGE.address });
  cleanups.push(() => {
    db.close();
    rmSync(root, { recursive: true, force: true });
  });
  const inboxFiles = () => readdirSync(join(root, 'inbox')).filter((f) => f.endsWith('.eml'));
  const mailLogCount = () => (db.prepare('SELECT COUNT(*) AS n FROM mail_log').get() as { n: number }).n;
  /** Takes in the inbox, processes what is due and sends the outbox, as the daemon does. */
  async function settle(): Promise<void> {
    await inbox.processAll();
    tick(db, new Date().toISOString(), JUDGE);
    await outbox.runOnce();
  }
  async function replies(address: string, subject: string) {
    return (await hand.list(address)).filter((m) => m.subject === `Re: ${subject}`);
  }
  return { root, file, db, inbox, outbox, hand, sends, hooks, inboxFiles, mailLogCount, settle, replies };
}

type Judge = ReturnType<typeof createJudge>;

async function startGame(j: Judge): Promise<void> {
  // One at a time: inbox names sort by the millisecond, and JOIN must come before ACTIVATE.
  const send = async (from: string, subject: string, body: string) => {
    await j.hand.send(from, subject, body);
    await j.inbox.processAll();
  };
  await send(GM, 'create', 'CREATE vault gmsecret standard\nFORM');
  for (const player of PLAYERS) await send(player, 'join', `JOIN vault pw-${player.slice(0, 4)}`);
  await j.settle();
  // Each newcomer answers the code in the judge's reply to him (src/judge/gate/address-proof.ts).
  for (const address of [GM, ...PLAYERS]) {
    const replies = await j.hand.list(address);
    for (const listed of replies.reverse()) {
      const code = confirmLineIn((await j.hand.show(address, listed.number)).text);
      if (code) {
        await send(address, 'confirm', code);
        break;
      }
    }
  }
  await send(GM, 'start', 'SIGNON master@vault gmsecret\nACTIVATE');
  await j.settle();
  expect(findGameByName(j.db, 'vault')!.status).toBe('active');
}

/** Another process holding the write lock, as a backup tool or a second judge might. */
function lockDatabase(file: string): () => void {
  const other = new Database(file);
  other.exec('BEGIN EXCLUSIVE');
  other.prepare('UPDATE schema_version SET applied_at = applied_at WHERE version = 1').run();
  return () => {
    other.exec('COMMIT');
    other.close();
  };
}

function state(db: Db) {
  return {
    mailLog: (db.prepare('SELECT COUNT(*) AS n FROM mail_log').get() as { n: number }).n,
    outbox: listOutbox(db).length,
    games: (db.prepare('SELECT COUNT(*) AS n FROM games').get() as { n: number }).n,
    phase: currentPhase(db, findGameByName(db, 'vault')!.id)!.phase,
  };
}

describe('database locked beyond the busy timeout', () => {
  it('refuses the mail with a clear error, writes nothing, and takes it in once the lock is gone', async () => {
    const j = createJudge();
    await startGame(j);
    const before = state(j.db);
    await j.hand.send(GM, 'go on', 'SIGNON master@vault gmsecret\nPROCESS! S1901M');

    const unlock = lockDatabase(j.file);
    const error = await j.inbox.processAll().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'EBUSY' });
    expect((error as Error).message).toMatch(
      /^mail file:.*\.eml was not taken in and stays unprocessed: the database \S+judge\.sqlite is locked by another connection \(waited 100 ms\) \[SQLITE_BUSY\]; nothing was written$/,
    );
    expect(j.inboxFiles()).toHaveLength(1);
    expect(state(j.db)).toEqual(before);
    unlock();

    await j.settle();
    expect(j.inboxFiles()).toEqual([]);
    expect(state(j.db)).toMatchObject({ mailLog: before.mailLog + 1, phase: 'F1901M' });
    expect(await j.replies(GM, 'go on')).toHaveLength(1);
    expect((await j.hand.list(PLAYERS[0])).filter((m) => m.subject === 'Diplomacy results vault S1901M')).toHaveLength(
      1,
    );
  });

  it('never sends a mail twice when the lock comes between its delivery and its "sent" mark', async () => {
    const j = createJudge();
    await j.hand.send(GM, 'help please', 'HELP');
    await j.hand.send(GM, 'list please', 'LIST');
    await j.inbox.processAll();
    const [help, list] = listOutbox(j.db);

    // The lock comes after the mail was claimed and while it is being delivered.
    let unlock = () => {};
    j.hooks.afterSend = () => (unlock = lockDatabase(j.file));
    await expect(j.outbox.runOnce()).rejects.toThrow(
      /was delivered but cannot be marked sent; it will not be sent again.*locked by another connection.*\[SQLITE_BUSY\]/,
    );
    expect(Object.fromEntries(j.sends)).toEqual({ [help.messageId]: 1 });
    // Still locked: the worker neither sends the first again nor goes on with the second.
    await expect(j.outbox.runOnce()).rejects.toMatchObject({ code: 'EBUSY' });
    expect(Object.fromEntries(j.sends)).toEqual({ [help.messageId]: 1 });
    unlock();

    expect(await j.outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(listOutbox(j.db).map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(Object.fromEntries(j.sends)).toEqual({ [help.messageId]: 1, [list.messageId]: 1 });
    expect(await j.replies(GM, 'help please')).toHaveLength(1);
    expect(await j.replies(GM, 'list please')).toHaveLength(1);
  });

  it('the daemon logs each refusal and carries on by itself when the lock is released', async () => {
    const j = createJudge();
    await startGame(j);
    // The deadline has passed: the daemon's first tick processes the phase, if it can write.
    j.db
      .prepare("UPDATE jobs SET due_at = '2000-01-01T00:00:00.000Z' WHERE key LIKE 'process:%' AND status = 'pending'")
      .run();
    const config = parseConfig(
      {
        judge: JUDGE,
        database: j.file,
        mail: { transport: 'directory', directory: j.root, rateLimit: false, inboxPollMs: 20, outboxPollMs: 20 },
      },
      { baseDir: j.root, source: null },
    );
    const logged = j.mailLogCount();
    const unlock = lockDatabase(j.file);
    const log: string[] = [];
    const daemon = startDaemon(j.db, config, { tickMs: 20, log: (line) => log.push(line) });
    cleanups.push(() => void daemon.stop());
    await j.hand.send(GM, 'while locked', 'HELP');
    await waitFor(() => log.some((line) => line.startsWith('mail intake: mail file:')));
    expect(log.find((line) => line.startsWith('mail intake:'))).toMatch(
      /locked by another connection \(waited 100 ms\)/,
    );
    expect(log.find((line) => line.startsWith('deadline processing postponed to the next tick:'))).toMatch(
      /locked by another connection/,
    );
    expect(j.mailLogCount()).toBe(logged);
    expect(state(j.db).phase).toBe('S1901M');
    unlock();

    await waitFor(async () => (await j.replies(GM, 'while locked')).length === 1 && state(j.db).phase === 'F1901M');
    await waitFor(async () =>
      (await j.hand.list(PLAYERS[5])).some((m) => m.subject === 'Diplomacy results vault S1901M'),
    );
    await daemon.stop();
    expect(j.mailLogCount()).toBe(logged + 1);
    expect(await j.replies(GM, 'while locked')).toHaveLength(1);
    expect((await j.hand.list(PLAYERS[5])).filter((m) => m.subject === 'Diplomacy results vault S1901M')).toHaveLength(
      1,
    );
  });
});

describe('database full', () => {
  it('rolls back the whole mail, sends no apology, and processes it once space is back', async () => {
    const j = createJudge();
    await startGame(j);
    const before = state(j.db);
    const repliesBefore = (await j.hand.list(GM)).length;
    await j.hand.send(GM, 'process now', 'SIGNON master@vault gmsecret\nPROCESS! S1901M');

    // Not one page more: storing the adjudication and its results mail needs several.
    const pages = j.db.pragma('page_count', { simple: true }) as number;
    j.db.pragma(`max_page_count = ${pages}`);
    const error = await j.inbox.processAll().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'EFULL' });
    expect((error as Error).message).toMatch(
      /^mail file:.*\.eml was not taken in and stays unprocessed: the database \S+ or the disk holding it is full \[SQLITE_FULL\]; nothing was written$/,
    );
    expect(j.db.inTransaction).toBe(false);
    expect(j.inboxFiles()).toHaveLength(1);
    expect(state(j.db)).toEqual(before);
    await j.outbox.runOnce();
    expect((await j.hand.list(GM)).length).toBe(repliesBefore);

    j.db.pragma('max_page_count = 1073741823');
    await j.settle();
    expect(state(j.db)).toMatchObject({ mailLog: before.mailLog + 1, phase: 'F1901M' });
    const replies = await j.replies(GM, 'process now');
    expect(replies).toHaveLength(1);
    expect((await j.hand.show(GM, replies[0].number)).text).not.toMatch(/internal error/);
    expect((await j.hand.list(PLAYERS[3])).filter((m) => m.subject === 'Diplomacy results vault S1901M')).toHaveLength(
      1,
    );
  });
});

describe('database full in the middle of a mail', () => {
  it('is no fault of the mail: not logged as an error, no apology, taken in on retry', async () => {
    const root = mkdtempSync(join(tmpdir(), 'chancery-storage-'));
    const db = openDatabase(join(root, 'judge.sqlite'));
    cleanups.push(() => {
      db.close();
      rmSync(root, { recursive: true, force: true });
    });
    db.exec('CREATE TABLE attachments (data TEXT NOT NULL)');
    // Writes far more than the small mail_log and outbox rows: those still fit where this does not.
    const handler: MailHandler = (_mail, database) => {
      database.prepare('INSERT INTO attachments (data) VALUES (?)').run('x'.repeat(64 * 1024));
      return [{ kind: 'reply', text: 'stored' }];
    };
    const options = {
      judge: JUDGE,
      rateLimit: false as const,
      onHandlerError: () => [{ kind: 'reply' as const, text: 'internal error, sorry' }],
    };
    const raw = rawMail({ messageId: '<big@players.test>', from: PLAYERS[0] });
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);

    await expect(intakeMail(db, { file: 'big.eml' }, raw, handler, options)).rejects.toMatchObject({
      code: 'EFULL',
      message: expect.stringMatching(
        /^mail file:big\.eml was not taken in and stays unprocessed: the database \S+ or the disk holding it is full/,
      ),
    });
    expect(isMailLogged(db, { file: 'big.eml' })).toBe(false);
    expect(listOutbox(db)).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM attachments').get()).toEqual({ n: 0 });

    db.pragma('max_page_count = 1073741823');
    const result = await intakeMail(db, { file: 'big.eml' }, raw, handler, options);
    expect(result.outcome).toBe('processed');
    expect(listOutbox(db).map((m) => m.body)).toEqual(['stored']);
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
