import { describe, expect, it } from 'vitest';
import { parseIncoming } from '../../src/mail/parse.js';
import { rawMail } from './fixtures.js';

const judge = 'judge@example.test';
const parse = (parts: Parameters<typeof rawMail>[0]) => parseIncoming(rawMail(parts), { ownLoopMarker: judge });

describe('loop protection', () => {
  it.each([
    [{ 'Auto-Submitted': 'auto-replied' }, /Auto-Submitted/],
    [{ 'Auto-Submitted': 'auto-generated' }, /Auto-Submitted/],
    [{ 'X-Auto-Response-Suppress': 'All' }, /X-Auto-Response-Suppress/],
    [{ 'X-Loop': 'judge@example.test' }, /X-Loop/],
    [{ 'X-Autoreply': 'yes' }, /x-autoreply/],
    [{ Precedence: 'junk' }, /Precedence: junk/],
  ])('marks %j as an auto-reply', async (headers, reason) => {
    const mail = await parse({ headers });
    expect(mail.autoReply).toBe(true);
    expect(mail.reason).toMatch(reason);
  });

  it('answers Auto-Submitted: no and a foreign X-Loop', async () => {
    const mail = await parse({ headers: { 'Auto-Submitted': 'no', 'X-Loop': 'other-robot@example.org' } });
    expect([mail.autoReply, mail.bounce, mail.listMail]).toEqual([false, false, false]);
  });

  it.each([
    ['Automatic reply: orders'],
    ['Out of Office: back Monday'],
    ['Abwesenheitsnotiz: Urlaub'],
    ['Réponse automatique : absent'],
  ])('marks the subject "%s" as an out-of-office reply', async (subject) => {
    expect((await parse({ subject })).autoReply).toBe(true);
  });

  it.each([['Vacation'], ['Absence next week'], ['Out of orders?']])(
    'does not mistake the subject "%s" for a robot',
    async (subject) => {
      expect((await parse({ subject })).reason).toBeNull();
    },
  );

  it.each([
    [{ from: 'MAILER-DAEMON@mx.example.org' }],
    [{ from: 'postmaster@example.org' }],
    [{ headers: { 'Return-Path': '<>' } }],
    [{ subject: 'Undelivered Mail Returned to Sender' }],
  ])('marks %j as a bounce', async (parts) => {
    expect((await parse(parts)).bounce).toBe(true);
  });

  it('marks a multipart/report DSN as a bounce', async () => {
    const body = [
      '--b',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.org',
      '',
      'Final-Recipient: rfc822; gone@example.org',
      'Action: failed',
      'Status: 5.1.1',
      '--b--',
      '',
    ].join('\r\n');
    const mail = await parse({
      from: 'Mail System <robot@mx.example.org>',
      subject: 'Message status',
      contentType: 'multipart/report; report-type=delivery-status; boundary="b"',
      body,
    });
    expect(mail.bounce).toBe(true);
    expect(mail.reason).toMatch(/multipart\/report/);
  });

  it.each([
    [{ 'List-Id': '<diplomacy.lists.example.org>' }, /List-Id/],
    [{ 'List-Unsubscribe': '<mailto:leave@example.org>' }, /List-Unsubscribe/],
    [{ Precedence: 'list' }, /Precedence: list/],
    [{ Precedence: 'bulk' }, /Precedence: bulk/],
  ])('marks %j as list mail', async (headers, reason) => {
    const mail = await parse({ headers });
    expect(mail.listMail).toBe(true);
    expect(mail.reason).toMatch(reason);
  });

  it("treats mail from the judge's own address as its own, even without X-Loop", async () => {
    const mail = await parse({ from: 'Judge <JUDGE@example.test>', subject: 'Fwd: Re: orders' });
    expect(mail.autoReply).toBe(true);
    expect(mail.reason).toMatch(/judge itself/);
  });
});
