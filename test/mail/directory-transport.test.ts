import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractCommandText } from '../../src/mail/command-text.js';
import { DirectoryInbox } from '../../src/mail/directory-inbox.js';
import { createDirectorySender } from '../../src/mail/directory-sender.js';
import { createMailHand } from '../../src/mail/hand.js';
import type { MailHandler } from '../../src/mail/intake.js';
import { OutboxWorker } from '../../src/mail/outbox-worker.js';
import * as store from '../../src/store/index.js';

/** The mails in a folder (its hidden delivery log, .deliveries, is bookkeeping). */
const mailFiles = (folder: string) => readdirSync(folder).filter((f) => !f.startsWith('.'));

const judge = { address: 'judge@example.test', domain: 'example.test', name: 'Judge' };
let root: string;
let db: store.Db;
let handled: string[];

const echo: MailHandler = (mail) => {
  handled.push(mail.subject);
  return [{ kind: 'reply', text: `You wrote: ${extractCommandText(mail.text)}` }];
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'chancery-maildir-'));
  db = store.openDatabase(join(root, 'judge.sqlite'));
  handled = [];
});
afterEach(() => {
  db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('embedded mail directory', () => {
  it('round-trips: hand.send → judge → outbox file → hand.list/show', async () => {
    const hand = createMailHand(join(root, 'mail'), { judgeAddress: judge.address });
    const { messageId } = await hand.send('player@example.test', 'game alpha', 'A PAR-BUR\n-- \nMe');
    const inbox = new DirectoryInbox(db, echo, { judge, root: join(root, 'mail') });
    const [result] = await inbox.processAll();
    expect(result.outcome).toBe('processed');
    expect(readdirSync(join(root, 'mail', 'inbox')).filter((f) => !f.startsWith('.'))).toEqual([]);
    expect(readdirSync(join(root, 'mail', 'processed'))).toHaveLength(1);

    const worker = new OutboxWorker(db, createDirectorySender(join(root, 'mail')), { judge });
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    const list = await hand.list('Player@Example.test');
    expect(list).toEqual([
      expect.objectContaining({ number: 1, from: 'judge@example.test', subject: 'Re: game alpha' }),
    ]);
    const shown = await hand.show('player@example.test', 1);
    expect(shown.text.trim()).toBe('You wrote: A PAR-BUR');
    expect(shown.raw.toString()).toContain(`In-Reply-To: ${messageId}`);
    expect(shown.raw.toString()).toContain('Auto-Submitted: auto-replied');
    await expect(hand.show('player@example.test', 2)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(await hand.list('nobody@example.test')).toEqual([]);
  });

  it('finishes the move after a crash between commit and move, without processing again', async () => {
    const hand = createMailHand(join(root, 'mail'), { judgeAddress: judge.address });
    await hand.send('player@example.test', 'crashy', 'A PAR H');
    const crashing = new DirectoryInbox(db, echo, {
      judge,
      root: join(root, 'mail'),
      afterCommit: () => {
        throw new Error('simulated crash after commit');
      },
    });
    await expect(crashing.processAll()).rejects.toThrow('simulated crash');
    expect(
      readdirSync(join(root, 'mail', 'inbox')).filter((f) => f.endsWith('.eml') && !f.startsWith('.')),
    ).toHaveLength(1);

    const restarted = new DirectoryInbox(db, echo, { judge, root: join(root, 'mail') });
    expect(await restarted.processAll()).toEqual([]);
    expect(handled).toEqual(['crashy']);
    expect(readdirSync(join(root, 'mail', 'processed'))).toHaveLength(1);
    expect(store.listOutbox(db)).toHaveLength(1);
  });

  it('writes a retried mail once per recipient (the file name ends with the Message-ID)', async () => {
    const sender = createDirectorySender(join(root, 'mail'));
    const message = {
      from: judge.address,
      to: ['a@example.test', 'b@example.test'],
      subject: 's',
      text: 't',
      messageId: '<x/y@example.test>',
      date: new Date(0),
    };
    await sender.send(message);
    await sender.send(message);
    expect(mailFiles(join(root, 'mail', 'outbox', 'a@example.test'))).toEqual([
      '19700101T000000000Z-000000-x_y@example.test.eml',
    ]);
    expect(existsSync(join(root, 'mail', 'outbox', 'b@example.test'))).toBe(true);
  });

  it('lists mails of the same Date in the order they were sent', async () => {
    const sender = createDirectorySender(join(root, 'mail'));
    const mail = (id: string) => ({
      from: judge.address,
      to: 'c@example.test',
      subject: id,
      text: 't',
      date: new Date(0),
    });
    for (const id of ['zz', 'aa', 'mm']) await sender.send({ ...mail(id), messageId: `<${id}@example.test>` });
    expect(mailFiles(join(root, 'mail', 'outbox', 'c@example.test')).sort()).toEqual([
      '19700101T000000000Z-000000-zz@example.test.eml',
      '19700101T000000000Z-000001-aa@example.test.eml',
      '19700101T000000000Z-000002-mm@example.test.eml',
    ]);
  });
  it('numbers on after mail another process wrote into the folder, and gives every reader the same mail', async () => {
    const sender = createDirectorySender(join(root, 'mail'));
    const mail = (id: string, text: string) => ({
      from: judge.address,
      to: ['d@example.test', 'e@example.test'],
      subject: id,
      text,
      messageId: `<${id}@example.test>`,
      date: new Date(0),
    });
    const folder = (address: string) => join(root, 'mail', 'outbox', address);
    await sender.send(mail('one', 'first'));
    // Another judge process sharing the directory delivers a mail of its own to d meanwhile.
    writeFileSync(join(folder('d@example.test'), '19700101T000000000Z-000001-other@example.test.eml'), 'x');
    await sender.send(mail('two', 'second'));
    expect(mailFiles(folder('d@example.test')).sort()).toEqual([
      '19700101T000000000Z-000000-one@example.test.eml',
      '19700101T000000000Z-000001-other@example.test.eml',
      '19700101T000000000Z-000002-two@example.test.eml',
    ]);
    // A resend (after a crash) replaces each reader's copy; the other reader's copy is its own file.
    await sender.send(mail('two', 'second, sent again'));
    const read = (address: string) =>
      mailFiles(folder(address))
        .filter((name) => name.includes('-two@'))
        .map((name) => readFileSync(join(folder(address), name), 'utf8'));
    for (const address of ['d@example.test', 'e@example.test']) {
      expect(read(address)).toHaveLength(1);
      expect(read(address)[0]).toContain('second, sent again');
    }
    expect(
      readFileSync(join(root, 'mail', '.deliveries'), 'utf8')
        .split('\n')
        .filter(Boolean),
    ).toEqual([
      '<one@example.test> d@example.test',
      '<one@example.test> e@example.test',
      '<two@example.test> d@example.test',
      '<two@example.test> e@example.test',
      '<two@example.test> d@example.test',
      '<two@example.test> e@example.test',
    ]);
  });
});
