import { beforeEach, describe, expect, it } from 'vitest';
import { intakeMail, logRefusedMail, type MailHandler } from '../../src/mail/intake.js';
import { extractCommandText } from '../../src/mail/command-text.js';
import * as store from '../../src/store/index.js';
import { rawMail } from './fixtures.js';

const judge = { address: 'judge@example.test', domain: 'example.test', name: 'Judge' };
let db: store.Db;
let calls: string[];

// A small judge: records the player's orders in the store and answers with what it understood.
const recordingHandler: MailHandler = (mail, database) => {
  calls.push(mail.messageId ?? '');
  const account = store.ensureAccount(database, mail.from!);
  store.setPasswordHash(database, account.id, store.hashPasswordSync('pw'));
  return [{ kind: 'reply', text: `received:\n${extractCommandText(mail.text)}` }];
};

beforeEach(() => {
  db = store.openDatabase(':memory:');
  calls = [];
});

const imapSource = (uid: number) => ({ mailbox: 'INBOX', uidValidity: 7, uid });

describe('intakeMail', () => {
  it('processes a mail once: handler, log row and reply commit together', async () => {
    const raw = rawMail({ messageId: '<once@example.test>', subject: 'game alpha', body: 'A PAR-BUR\r\n> quoted\r\n' });
    const result = await intakeMail(db, imapSource(1), raw, recordingHandler, { judge });
    expect(result.outcome).toBe('processed');
    expect(result.entry).toMatchObject({
      sourceKey: 'imap:INBOX:7:1',
      messageId: '<once@example.test>',
      from: 'player@example.test',
    });
    expect(result.queued).toHaveLength(1);
    expect(result.queued[0]).toMatchObject({
      to: ['player@example.test'],
      subject: 'Re: game alpha',
      body: 'received:\nA PAR-BUR',
      inReplyTo: '<once@example.test>',
      references: ['<once@example.test>'],
      kind: 'reply',
      headers: { 'X-Loop': 'judge@example.test', 'Auto-Submitted': 'auto-replied' },
    });
    expect(result.queued[0].messageId).toMatch(/^<[0-9a-f-]{36}@example\.test>$/);

    const again = await intakeMail(db, imapSource(1), raw, recordingHandler, { judge });
    expect(again.outcome).toBe('already-logged');
    expect(calls).toEqual(['<once@example.test>']);
    expect(store.listOutbox(db)).toHaveLength(1);
  });

  it('takes the same Message-ID arriving under another UID as a duplicate, without answering', async () => {
    const raw = rawMail({ messageId: '<twice@example.test>' });
    await intakeMail(db, imapSource(1), raw, recordingHandler, { judge });
    const second = await intakeMail(db, imapSource(2), raw, recordingHandler, { judge });
    expect(second.outcome).toBe('duplicate');
    expect(second.entry.detail).toContain('imap:INBOX:7:1');
    expect(calls).toHaveLength(1);
    expect(store.listOutbox(db)).toHaveLength(1);
    expect((await intakeMail(db, imapSource(2), raw, recordingHandler, { judge })).outcome).toBe('already-logged');
  });

  it('rolls back everything the handler wrote when it throws, and logs the error', async () => {
    const failing: MailHandler = (mail, database) => {
      store.ensureAccount(database, mail.from!);
      throw new Error('adjudicator exploded');
    };
    const result = await intakeMail(db, imapSource(3), rawMail({}), failing, {
      judge,
      onHandlerError: () => [{ kind: 'reply', text: 'Sorry, your mail could not be processed.' }],
    });
    expect(result.outcome).toBe('error');
    expect(result.entry.detail).toBe('Error: adjudicator exploded');
    expect(store.findAccount(db, 'player@example.test')).toBeNull();
    expect(store.listOutbox(db).map((m) => m.body)).toEqual(['Sorry, your mail could not be processed.']);
  });

  it('refuses an async handler instead of committing half a mail', async () => {
    const asyncHandler = (async () => []) as unknown as MailHandler;
    const result = await intakeMail(db, imapSource(4), rawMail({}), asyncHandler, { judge });
    expect(result.outcome).toBe('error');
    expect(result.entry.detail).toMatch(/synchronously/);
  });

  it('never hands automated mail to the handler', async () => {
    const result = await intakeMail(
      db,
      { file: 'a.eml' },
      rawMail({ headers: { 'Auto-Submitted': 'auto-replied' } }),
      recordingHandler,
      {
        judge,
      },
    );
    expect(result.outcome).toBe('automated');
    expect(result.entry.detail).toBe('Auto-Submitted: auto-replied');
    expect(calls).toEqual([]);
    expect(store.listOutbox(db)).toEqual([]);
  });

  it('logs an oversized or unreadable mail without answering', async () => {
    const big = await intakeMail(db, { file: 'big.eml' }, rawMail({ body: 'x'.repeat(4000) }), recordingHandler, {
      judge,
      maxBytes: 2000,
    });
    expect(big.outcome).toBe('unparseable');
    expect(big.entry.detail).toMatch(/over the 2000-byte limit/);
    const noFrom = await intakeMail(
      db,
      { file: 'nofrom.eml' },
      Buffer.from('Subject: hi\r\n\r\nbody\r\n'),
      recordingHandler,
      { judge },
    );
    expect(noFrom.outcome).toBe('unparseable');
    expect(noFrom.entry.detail).toBe('no From address');
    const refused = logRefusedMail(db, imapSource(9), 'too large to fetch');
    expect(refused.outcome).toBe('unparseable');
    expect(logRefusedMail(db, imapSource(9), 'again').outcome).toBe('already-logged');
    expect(calls).toEqual([]);
  });

  it('rate-limits a flooding sender, persistently, and lets them in again after the refill', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const options = { judge, rateLimit: { burst: 2, perHour: 1 }, clock: () => now };
    const outcomes: string[] = [];
    for (let uid = 1; uid <= 3; uid++) {
      outcomes.push((await intakeMail(db, imapSource(uid), rawMail({}), recordingHandler, options)).outcome);
    }
    expect(outcomes).toEqual(['processed', 'processed', 'rate-limited']);
    const other = await intakeMail(
      db,
      imapSource(4),
      rawMail({ from: 'someone@example.test' }),
      recordingHandler,
      options,
    );
    expect(other.outcome).toBe('processed');
    now += 3_600_000;
    expect((await intakeMail(db, imapSource(5), rawMail({}), recordingHandler, options)).outcome).toBe('processed');
  });

  it('uses semantic dedupe keys so one result is never queued twice', async () => {
    const game = { id: 1, name: 'alpha' };
    store.createGame(db, { name: 'alpha', variant: 'standard', seed: 's' });
    const handler: MailHandler = () => [
      {
        kind: 'result',
        to: ['a@example.test', 'b@example.test'],
        game,
        subject: 'alpha S1901M',
        text: 'results',
        dedupeKey: 'result:alpha:S1901M',
      },
    ];
    await intakeMail(db, imapSource(1), rawMail({}), handler, { judge });
    await intakeMail(db, imapSource(2), rawMail({ from: 'gm@example.test' }), handler, { judge });
    const outbox = store.listOutbox(db);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      kind: 'result',
      gameId: 1,
      inReplyTo: null,
      references: ['<game-1@example.test>'],
      headers: { 'List-Id': 'Chancery game alpha <alpha.games.example.test>', 'Auto-Submitted': 'auto-generated' },
    });
  });
});
