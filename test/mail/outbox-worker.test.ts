import { describe, expect, it, vi } from 'vitest';
import { registerAttachmentRenderer } from '../../src/mail/attachments.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { OutboxWorker, retryDelayMs, DEFAULT_RETRY } from '../../src/mail/outbox-worker.js';
import { queueMails } from '../../src/mail/queue.js';
import type { MailSender, SendReceipt } from '../../src/mail/sender.js';
import { MailError } from '../../src/mail/types.js';
import * as store from '../../src/store/index.js';
import { readSent, type SentMail } from './sent-mail.js';

const judge = { address: 'judge@example.test', domain: 'example.test', name: 'Judge' };

/** A transport whose behaviour the test controls: up, down (transient), or refusing (permanent). */
class ScriptedSender implements MailSender {
  mode: 'up' | 'down' | 'refuse' = 'up';
  delivered: SentMail[] = [];
  /** Recipients the server refuses while taking the mail for the others. */
  refusing: string[] = [];
  async send(message: Mail.Options): Promise<SendReceipt> {
    if (this.mode === 'down') throw new MailError('ESEND', 'connect ECONNREFUSED 127.0.0.1:25');
    if (this.mode === 'refuse') throw new MailError('ESEND', '550 no such user', { permanent: true });
    const sent = await readSent(message);
    this.delivered.push(sent);
    return { response: '250 ok', accepted: sent.envelope.to, rejected: this.refusing };
  }
  async close() {}
}

function setup(retry = { baseDelayMs: 1000, maxDelayMs: 4000, maxAttempts: 4 }) {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const clock = () => now;
  const db = store.openDatabase(':memory:');
  const sender = new ScriptedSender();
  const worker = new OutboxWorker(db, sender, { judge, retry, clock });
  const queue = (key: string) =>
    queueMails(db, [{ kind: 'notice', to: 'p@example.test', subject: key, text: `body ${key}`, dedupeKey: key }], {
      judge,
      origin: 'test',
      now: new Date(now).toISOString(),
    });
  return { db, sender, worker, queue, advance: (ms: number) => (now += ms) };
}

describe('OutboxWorker', () => {
  it('a mail refused for some recipients counts as sent (no one gets it twice) and the refusal is reported', async () => {
    const { db, sender, worker, queue } = setup();
    sender.refusing = ['gone@example.test'];
    const refusals: string[][] = [];
    worker.on('refused', (_mail, refused: string[]) => refusals.push(refused));
    queue('list');
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(refusals).toEqual([['gone@example.test']]);
    expect(store.listOutbox(db, { status: 'sent' })).toHaveLength(1);
  });

  it('sends oldest first with the judge headers and marks each sent', async () => {
    const { db, sender, worker, queue } = setup();
    queue('first');
    queue('second');
    expect(await worker.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(sender.delivered.map((m) => m.subject)).toEqual(['first', 'second']);
    expect(sender.delivered[0]).toMatchObject({
      from: { name: 'Judge', address: 'judge@example.test' },
      to: ['p@example.test'],
      headers: { 'x-loop': 'judge@example.test', 'auto-submitted': 'auto-generated' },
    });
    expect(store.listOutbox(db, { status: 'sent' })).toHaveLength(2);
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('keeps mail queued while the transport is down and retries with a capped exponential backoff', async () => {
    const { db, sender, worker, queue, advance } = setup();
    queue('m');
    sender.mode = 'down';
    expect(await worker.runOnce()).toMatchObject({ retrying: 1 });
    const after1 = store.listOutbox(db)[0];
    expect(after1).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('ECONNREFUSED') });
    expect(Date.parse(after1.nextAttemptAt) - Date.parse('2030-01-01T00:00:00Z')).toBe(1000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 }); // not due yet
    advance(1000);
    await worker.runOnce();
    advance(2000);
    await worker.runOnce();
    expect(store.listOutbox(db)[0].attempts).toBe(3);
    sender.mode = 'up';
    advance(4000);
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    expect(sender.delivered).toHaveLength(1);
  });

  it('gives up after maxAttempts, and at once on a permanent refusal', async () => {
    const { db, sender, worker, queue, advance } = setup({ baseDelayMs: 0, maxDelayMs: 0, maxAttempts: 2 });
    queue('transient');
    sender.mode = 'down';
    expect(await worker.runOnce()).toMatchObject({ retrying: 1 }); // one attempt per run even with zero delay
    advance(1);
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
    queue('refused');
    sender.mode = 'refuse';
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
    expect(store.listOutbox(db).map((m) => [m.subject, m.status, m.attempts])).toEqual([
      ['transient', 'failed', 2],
      ['refused', 'failed', 1],
    ]);
  });

  it('survives a restart: a new worker on the same database sends what the old one left queued', async () => {
    const { db, sender, worker, queue } = setup();
    queue('before-crash');
    sender.mode = 'down';
    await worker.runOnce();
    await worker.stop();
    const fresh = new ScriptedSender();
    const restarted = new OutboxWorker(db, fresh, { judge, clock: () => Date.parse('2030-01-01T01:00:00Z') });
    await restarted.runOnce();
    expect(fresh.delivered.map((m) => m.subject)).toEqual(['before-crash']);
  });

  it('computes the backoff', () => {
    expect([1, 2, 3, 20].map((n) => retryDelayMs(n, DEFAULT_RETRY))).toEqual([30_000, 60_000, 120_000, 3_600_000]);
  });
});

describe('two outbox workers on one database (issue 11.6)', () => {
  it('send every mail exactly once: each claims a mail before delivering it', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'chancery-claim-'));
    const first = store.openDatabase(join(dir, 'judge.sqlite'));
    const second = store.openDatabase(join(dir, 'judge.sqlite'));
    try {
      const delivered: string[] = [];
      const slow = (): MailSender => ({
        async send(message: Mail.Options) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          const sent = await readSent(message);
          delivered.push(sent.subject);
          return { response: '250 ok', accepted: sent.envelope.to, rejected: [] };
        },
        async close() {},
      });
      const mails = Array.from({ length: 40 }, (_, n) => ({
        kind: 'notice' as const,
        to: 'p@example.test',
        subject: `m${n}`,
        text: 'x',
        dedupeKey: `m${n}`,
      }));
      queueMails(first, mails, { judge, origin: 'test' });
      const workers = [new OutboxWorker(first, slow(), { judge }), new OutboxWorker(second, slow(), { judge })];
      const reports = await Promise.all(workers.map((w) => w.runOnce()));
      expect(reports[0].sent + reports[1].sent).toBe(40);
      expect(reports[0].sent).toBeGreaterThan(0);
      expect(reports[1].sent).toBeGreaterThan(0);
      expect([...delivered].sort()).toEqual(mails.map((m) => m.subject).sort());
      expect(store.listOutbox(first, { status: 'sent' })).toHaveLength(40);
    } finally {
      first.close();
      second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A results mail (dedupe key 'results') whose picture is drawn by the given renderer kind. */
  function queueResultsWithPicture(db: Parameters<typeof queueMails>[0], kind: string): void {
    const picture = { filename: 'board.png', contentType: 'image/png', render: { kind, args: {} } };
    const mail = { kind: 'result', to: 'p@example.test', subject: 'results', text: 'the results' } as const;
    queueMails(db, [{ ...mail, dedupeKey: 'results', attachments: [picture] }], { judge, origin: 'test' });
  }

  /**
   * A picture kind drawn "in a thread" (the board picture's is src/judge/board-mail.ts) until the test
   * calls finish(): its content says whether it was drawn ahead or, not waited for, at sending.
   */
  function slowPicture(kind: string): () => void {
    let finish = () => undefined as void;
    let drawn = false;
    const drawing = new Promise<void>((resolve) => (finish = resolve)).then(() => (drawn = true));
    registerAttachmentRenderer(
      kind,
      () => ({ content: Buffer.from(drawn ? 'drawn ahead' : 'drawn at sending') }),
      () => (drawn ? null : drawing),
    );
    return () => finish();
  }

  it('sends the mails behind one whose picture is being drawn, then that one with its picture', async () => {
    const finish = slowPicture('test-slow-picture');
    const { db, sender, worker, queue } = setup();
    queueResultsWithPicture(db, 'test-slow-picture');
    queue('a reply');
    const run = worker.runOnce();
    await vi.waitFor(() => expect(sender.delivered.map((m) => m.subject)).toEqual(['a reply']));
    // Waiting for its picture, the results mail is neither sent nor claimed: a crash now leaves it queued.
    const waiting = db.prepare("SELECT status, claimed_by FROM outbox WHERE dedupe_key = 'results'").get();
    expect(waiting).toEqual({ status: 'queued', claimed_by: null });
    queue('a later reply');
    // What wake() does in a started worker: the run waiting for the picture looks for new mail now.
    void worker.runOnce();
    await vi.waitFor(() => expect(sender.delivered.map((m) => m.subject)).toContain('a later reply'));
    expect(sender.delivered.map((m) => m.subject)).not.toContain('results');
    finish();
    expect(await run).toEqual({ sent: 3, retrying: 0, failed: 0 });
    const sent = sender.delivered.find((m) => m.subject === 'results')!;
    expect(String(sent.attachments[0].content)).toBe('drawn ahead');
  });

  it("keeps a game's mails to a reader in order behind one whose picture is being drawn", async () => {
    const finish = slowPicture('test-start-picture');
    const { db, sender, worker } = setup();
    const game = store.createGame(db, { name: 'alpha', variant: 'standard', seed: 's' });
    const about = { id: game.id, name: game.name };
    const beta = store.createGame(db, { name: 'beta', variant: 'standard', seed: 's' });
    const picture = {
      filename: 'board.png',
      contentType: 'image/png',
      render: { kind: 'test-start-picture', args: {} },
    };
    const mail = (dedupeKey: string, to: string, subject: string, extra = {}) => ({
      kind: 'notice' as const,
      to,
      subject,
      text: subject,
      dedupeKey,
      ...extra,
    });
    queueMails(
      db,
      [
        mail('start', 'p@example.test', 'alpha starting', { game: about, attachments: [picture] }),
        mail('power', 'P@Example.test', 'alpha: you are France', { game: about }),
        mail('other', 'q@example.test', 'alpha: you are Italy', { game: about }),
        mail('elsewhere', 'p@example.test', 'a reply outside the game'),
        mail('beta', 'p@example.test', 'beta: you are Turkey', { game: { id: beta.id, name: beta.name } }),
      ],
      { judge, origin: 'test' },
    );
    const run = worker.runOnce();
    // The game's other reader and the mails outside it go; France's waits behind the game's start.
    const subjects = () => sender.delivered.map((m) => m.subject);
    const first = ['alpha: you are Italy', 'a reply outside the game', 'beta: you are Turkey'];
    await vi.waitFor(() => expect(subjects()).toEqual(first));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(subjects()).not.toContain('alpha: you are France');
    finish();
    expect(await run).toEqual({ sent: 5, retrying: 0, failed: 0 });
    expect(subjects().slice(3)).toEqual(['alpha starting', 'alpha: you are France']);
  });

  it('stopped while a picture is drawn, leaves its mail queued and unclaimed for the next start', async () => {
    registerAttachmentRenderer(
      'test-endless-picture',
      () => ({ content: Buffer.from('x') }),
      () => new Promise(() => undefined),
    );
    const { db, sender, worker } = setup();
    queueResultsWithPicture(db, 'test-endless-picture');
    const run = worker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await worker.stop();
    expect(await run).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sender.delivered).toEqual([]);
    expect(db.prepare('SELECT status, claimed_by FROM outbox').get()).toEqual({ status: 'queued', claimed_by: null });
  });
});
