// The outbox against a real SMTP server that goes away and comes back.
import { afterAll, describe, expect, it } from 'vitest';
import { OutboxWorker } from '../../../src/mail/outbox-worker.js';
import { queueMails } from '../../../src/mail/queue.js';
import { createSmtpSender } from '../../../src/mail/smtp-sender.js';
import * as store from '../../../src/store/index.js';
import { freePort } from '../../setup/mail-harness.js';
import { startSmtpRelay, type SmtpRelay } from '../../setup/smtp-relay.js';
import { judgeIdentity, mailServer, readMailbox, waitFor } from './helpers.js';

const info = mailServer();
const JUDGE = 'judge-outbox@example.test';
const PLAYER = 'player-outbox@example.test';
const judge = judgeIdentity(JUDGE);
const users = new Map(info.users.map((u) => [u.address, u.password]));
let relay: SmtpRelay | null = null;

afterAll(async () => {
  await relay?.stop();
});

describe('outbox worker over SMTP', () => {
  it('keeps mail queued while SMTP is down and delivers it when SMTP returns', async () => {
    // Our own relay in front of the shared Dovecot, so the test can switch it off and on.
    const port = await freePort();
    let now = Date.now();
    const db = store.openDatabase(':memory:');
    const worker = new OutboxWorker(db, createSmtpSender({ host: info.host, port, ignoreTLS: true, timeoutMs: 2000 }), {
      judge,
      retry: { baseDelayMs: 60_000, maxDelayMs: 600_000, maxAttempts: 5 },
      clock: () => now,
    });
    const game = store.createGame(db, { name: 'beta', variant: 'standard', seed: 's' });
    queueMails(
      db,
      [
        {
          kind: 'result',
          to: PLAYER,
          subject: 'beta S1901M results',
          text: 'A PAR-BUR succeeds.',
          game: { id: game.id, name: 'beta' },
          dedupeKey: 'result:beta:S1901M',
        },
      ],
      { judge, origin: 'job:process:beta:S1901M', now: new Date(now).toISOString() },
    );

    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(store.listOutbox(db)[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/),
    });

    relay = await startSmtpRelay({ port, lmtpPort: info.lmtpPort, domains: [info.domain], users });
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 }); // waits for its retry time
    now += 60_000;
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const arrived = await waitFor(
      async () => (await readMailbox(info, PLAYER)).find((m) => m.parsed.subject === 'beta S1901M results'),
      'the result mail',
    );
    // nodemailer spells it List-ID; header names are case-insensitive.
    expect(arrived.raw).toMatch(/^List-Id: Chancery game beta <beta\.games\.judge\.example\.test>\r?$/im);
    expect(arrived.raw).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    expect(arrived.parsed.references).toEqual([`<game-${game.id}@judge.example.test>`]);
    expect(store.listOutbox(db)[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('delivers a list mail to every Bcc reader, and no copy names another reader', async () => {
    // The judge's own address stands in To: and is left out of the envelope: it gets no copy.
    const readers = [PLAYER, 'player-bcc@example.test', 'judge-bcc@example.test'];
    const db = store.openDatabase(':memory:');
    const worker = new OutboxWorker(db, createSmtpSender({ host: info.host, port: info.smtpPort, ignoreTLS: true }), {
      judge,
    });
    const game = store.createGame(db, { name: 'gamma', variant: 'standard', seed: 's' });
    const subject = `gamma S1901M results ${Date.now()}`;
    queueMails(
      db,
      [
        {
          kind: 'result',
          bcc: readers,
          subject,
          text: 'F LON-NTH succeeds.',
          game: { id: game.id, name: 'gamma' },
          dedupeKey: 'results:gamma:S1901M',
        },
      ],
      {
        judge,
        origin: 'job:process:gamma:S1901M',
      },
    );
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    for (const reader of readers) {
      const copy = await waitFor(
        async () => (await readMailbox(info, reader)).find((m) => m.parsed.subject === subject),
        `the list mail for ${reader}`,
      );
      expect(copy.parsed.to).toEqual([JUDGE]);
      expect(copy.raw).not.toMatch(/^Bcc:/im);
      for (const other of readers.filter((a) => a !== reader))
        expect(copy.raw, `${reader}'s copy names ${other}`).not.toContain(other);
    }
    expect((await readMailbox(info, JUDGE)).some((m) => m.parsed.subject === subject)).toBe(false);
  });

  it('marks a mail to an unknown address failed at once (SMTP 5xx is permanent)', async () => {
    const db = store.openDatabase(':memory:');
    const worker = new OutboxWorker(db, createSmtpSender({ host: info.host, port: info.smtpPort, ignoreTLS: true }), {
      judge,
    });
    queueMails(db, [{ kind: 'notice', to: 'nobody@example.test', subject: 'x', text: 'x' }], { judge, origin: 'test' });
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(store.listOutbox(db)[0].lastError).toMatch(/550/);
  });
});
