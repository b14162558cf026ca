// List mail (results, broadcasts): To: the judge, the readers in Bcc. Every reader gets it, no copy
// names another reader, and the judge does not mail itself. Checked from composition to both transports.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toMessage, toOutboxRow } from '../../src/mail/compose.js';
import { createDirectorySender } from '../../src/mail/directory-sender.js';
import { OutboxWorker } from '../../src/mail/outbox-worker.js';
import { queueMails } from '../../src/mail/queue.js';
import { createSmtpSender } from '../../src/mail/smtp-sender.js';
import { migrate } from '../../src/store/database.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import * as store from '../../src/store/index.js';
import Database from 'better-sqlite3';

const judge = { address: 'judge@example.test', name: 'Judge', domain: 'example.test' };
const READERS = ['anna@players.test', 'Bert@Players.test', 'cleo@players.test'];
const listMail = {
  kind: 'result' as const,
  bcc: READERS,
  subject: 'Diplomacy results beta S1901M',
  text: 'A PAR-BUR succeeds.',
};

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'chancery-bcc-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function others(address: string): string[] {
  return READERS.filter((a) => a.toLowerCase() !== address.toLowerCase()).map((a) => a.toLowerCase());
}

describe('composing list mail', () => {
  it('addresses a Bcc-only mail to the judge and keeps each blind reader once', () => {
    const row = toOutboxRow(
      { ...listMail, bcc: [...READERS, 'ANNA@players.test', ' cleo@players.test ', 'Judge@example.test'] },
      { judge, origin: 'job', index: 0 },
    );
    expect(row.to).toEqual(['judge@example.test']);
    expect(row.bcc).toEqual(READERS);
  });

  it('leaves out of Bcc whoever To or Cc already names, and keeps an explicit To', () => {
    const row = toOutboxRow(
      { ...listMail, to: 'gm@example.test', cc: 'anna@players.test' },
      { judge, origin: 'job', index: 0 },
    );
    expect(row.to).toEqual(['gm@example.test']);
    expect(row.bcc).toEqual(['Bert@Players.test', 'cleo@players.test']);
  });

  it('refuses a mail with neither To nor Bcc (the judge itself does not count)', () => {
    expect(() =>
      toOutboxRow({ kind: 'result', bcc: [' ', judge.address], text: 'x' }, { judge, origin: 'job', index: 0 }),
    ).toThrow(expect.objectContaining({ code: 'ENORECIPIENT' }));
  });

  it('stores Bcc in the outbox and builds an envelope of the readers without the judge, and no Bcc header', async () => {
    const db = store.openDatabase(':memory:');
    const [row] = queueMails(db, [listMail], { judge, origin: 'job' });
    expect(store.listOutbox(db)[0]).toMatchObject({ to: ['judge@example.test'], bcc: READERS });
    const message = toMessage(row, judge);
    expect(message.envelope).toEqual({ from: 'judge@example.test', to: READERS });
    const raw = (message.raw as Buffer).toString();
    expect(raw).toMatch(/^To: judge@example\.test\r?$/m);
    expect(raw).not.toMatch(/^Bcc:/im);
    for (const reader of READERS) expect(raw.toLowerCase()).not.toContain(reader.toLowerCase());
    // Mail without Bcc goes to its To and Cc, as nodemailer's own envelope did.
    const open = toMessage(
      { ...row, to: ['a@players.test'], cc: ['B@players.test', 'a@players.test'], bcc: [] },
      judge,
    );
    expect(open.envelope).toEqual({ from: 'judge@example.test', to: ['a@players.test', 'B@players.test'] });
    db.close();
  });

  it('reads Bcc as empty for outbox rows queued before the column existed', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS.slice(0, 1));
    db.prepare(
      `INSERT INTO outbox (dedupe_key, to_json, subject, body, message_id, kind, next_attempt_at, created_at)
       VALUES ('old', '["a@players.test"]', 's', 'b', '<old@example.test>', 'notice', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    ).run();
    migrate(db);
    expect(store.listOutbox(db)[0]).toMatchObject({ to: ['a@players.test'], bcc: [] });
    db.close();
  });
});

describe('delivering list mail', () => {
  it('the mail directory writes one copy per reader, none for the judge, none naming another reader', async () => {
    const db = store.openDatabase(':memory:');
    queueMails(db, [listMail], { judge, origin: 'job' });
    const worker = new OutboxWorker(db, createDirectorySender(root), { judge });
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    const folders = readdirSync(join(root, 'outbox')).sort();
    expect(folders).toEqual(READERS.map((a) => a.toLowerCase()).sort());
    for (const folder of folders) {
      // The folder's delivery log (.deliveries) is bookkeeping, not a mail.
      const [file] = readdirSync(join(root, 'outbox', folder)).filter((f) => !f.startsWith('.'));
      const raw = readFileSync(join(root, 'outbox', folder, file), 'utf8');
      expect(raw).toContain('Subject: Diplomacy results beta S1901M');
      expect(raw).not.toMatch(/^Bcc:/im);
      for (const other of others(folder)) expect(raw.toLowerCase(), `${folder} sees ${other}`).not.toContain(other);
    }
    db.close();
  });

  it('SMTP puts every reader in RCPT TO and none in the message', async () => {
    const received: { rcpt: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const db = store.openDatabase(':memory:');
    try {
      queueMails(db, [listMail], { judge, origin: 'job' });
      const sender = createSmtpSender({ host: '127.0.0.1', port, ignoreTLS: true, timeoutMs: 5000 });
      const worker = new OutboxWorker(db, sender, { judge });
      expect(await worker.runOnce()).toMatchObject({ sent: 1 });
      await sender.close();
      expect(received).toHaveLength(1);
      expect(received[0].rcpt.map((a) => a.toLowerCase())).toEqual(READERS.map((a) => a.toLowerCase()));
      expect(received[0].raw).toMatch(/^To: judge@example\.test\r?$/m);
      expect(received[0].raw).not.toMatch(/^Bcc:/im);
      for (const reader of READERS) expect(received[0].raw.toLowerCase()).not.toContain(reader.toLowerCase());
    } finally {
      db.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
