// Issue 17.1: a mail whose reading throws (here the HTML converter, made to fail as a future bug or an
// input nobody foresaw would) is logged 'unreadable' for the quarantine, and its sender, read from the
// header alone, is answered once; a flood of such mails under one From gets at most 3 answers an hour,
// and an auto-reply none.
import { describe, expect, it, vi } from 'vitest';
import { intakeMail, QUARANTINE_REPLIES } from '../../src/mail/intake.js';
import * as store from '../../src/store/index.js';

vi.mock('../../src/mail/html-text.js', () => ({
  htmlToCommandText: () => {
    throw new RangeError('Maximum call stack size exceeded');
  },
}));

const judge = { address: 'judge@example.test', domain: 'example.test', name: 'Judge' };
const htmlMail = (n: number, extra = '') =>
  Buffer.from(
    `From: <player@players.test>\r\nTo: judge@example.test\r\nSubject: orders ${n}\r\n` +
      `Message-ID: <html-${n}@players.test>\r\n${extra}Content-Type: text/html\r\n\r\n<p>HELP</p>\r\n`,
  );

describe('a mail whose reading throws', () => {
  it('is logged unreadable (set aside), never reaches the handler, and its sender is answered once', async () => {
    const db = store.openDatabase(':memory:');
    const handler = vi.fn(() => []);
    const result = await intakeMail(db, { file: '1.eml' }, htmlMail(1), handler, { judge });
    expect(result.outcome).toBe('unreadable');
    expect(result.entry).toMatchObject({ from: 'player@players.test', subject: 'orders 1' });
    expect(result.entry.detail).toBe('reading it failed: RangeError: Maximum call stack size exceeded');
    expect(handler).not.toHaveBeenCalled();
    expect(result.queued.map((m) => [m.to, m.subject])).toEqual([[['player@players.test'], 'Re: orders 1']]);
    expect(result.queued[0].body).toContain('could not read your mail, so nothing in it was done');
    // Taken in once: the same mail again is not answered again.
    expect((await intakeMail(db, { file: '1.eml' }, htmlMail(1), handler, { judge })).outcome).toBe('already-logged');
    expect(store.listOutbox(db)).toHaveLength(1);
  });

  it('answers one address at most QUARANTINE_REPLIES.burst times; an auto-reply never (set aside too)', async () => {
    const db = store.openDatabase(':memory:');
    const answers = [];
    for (let n = 1; n <= 6; n++) {
      const result = await intakeMail(db, { file: `${n}.eml` }, htmlMail(n), () => [], { judge, rateLimit: false });
      expect(result.outcome).toBe('unreadable');
      answers.push(result.queued.length);
    }
    expect(answers.reduce((a, b) => a + b, 0)).toBe(QUARANTINE_REPLIES.burst);
    const automated = await intakeMail(
      db,
      { file: 'auto.eml' },
      htmlMail(7, 'Auto-Submitted: auto-replied\r\n'),
      () => [],
      {
        judge,
      },
    );
    expect(automated.outcome).toBe('unreadable');
    expect(automated.entry.detail).toMatch(/not answered: .*Auto-Submitted/i);
    expect(automated.queued).toEqual([]);
  });
});
