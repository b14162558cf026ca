// The judge composes its mails itself (src/mail/mime.ts) where nodemailer's MailComposer did before.
// A reader must see the same mail either way: each case is read back with mailparser from both, and
// what a mail client shows (addresses, subject, text, HTML, files, threading headers) must agree.
import { simpleParser, type ParsedMail } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { mimeMessage, type MimeMail } from '../../src/mail/mime.js';
import { judgeMail } from './fixtures.js';

/** The same mail through nodemailer's MailComposer, as the judge built it before. */
function composedByNodemailer(mail: MimeMail): Promise<Buffer> {
  return new MailComposer({
    from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address,
    to: mail.to,
    cc: mail.cc.length ? mail.cc : undefined,
    subject: mail.subject,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo ?? undefined,
    references: mail.references.length ? mail.references : undefined,
    date: mail.date,
    headers: mail.headers,
    text: mail.text,
    html: mail.html,
    attachments: mail.files.map((f) => ({
      filename: f.filename,
      contentType: f.contentType,
      content: f.content,
      ...(f.cid ? { cid: f.cid, contentDisposition: 'inline' as const } : {}),
    })),
  })
    .compile()
    .build();
}

/** What a reader sees of a mail. */
function seen(mail: ParsedMail) {
  const list = (field: ParsedMail['to']) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => [v.name, v.address]));
  return {
    from: list(mail.from),
    to: list(mail.to),
    cc: list(mail.cc),
    subject: mail.subject,
    date: mail.date?.toISOString(),
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    loop: mail.headers.get('x-loop'),
    autoSubmitted: mail.headers.get('auto-submitted'),
    text: mail.text,
    html: mail.html,
    files: mail.attachments.map((a) => [
      a.filename,
      a.contentType,
      a.cid,
      a.contentDisposition,
      a.content.toString('hex'),
    ]),
  };
}

const picture = Buffer.from(Array.from({ length: 700 }, (_, i) => (i * 37) & 255));

const cases: [string, Partial<MimeMail>][] = [
  ['plain ASCII results', {}],
  [
    'accents and dashes in subject, name and text (quoted-printable)',
    {
      from: { name: 'Juge Chancellerie — Ré', address: 'judge@example.test' },
      subject: 'Re: résumé of game alpha, a rather long subject line that goes on and on past seventy-eight',
      text: 'France: déjà vu — ünïcödé\n.a line starting with a dot\n\n  indented\ttab\n',
    },
  ],
  ['a line longer than SMTP allows', { text: `${'x'.repeat(1200)}\nshort\n` }],
  ['CRLF and LF line ends mixed', { text: 'one\r\ntwo\nthree\r\n' }],
  [
    'threading headers and copies',
    {
      cc: ['c@players.test'],
      inReplyTo: '<in@players.test>',
      references: ['<r1@players.test>', '<in@players.test>', '<game-1@example.test>'],
    },
  ],
  [
    'the board picture inline under an HTML copy',
    {
      html: '<!DOCTYPE html><html><body><pre>Austria: A VIE - GAL.</pre><p><img src="cid:picture-1@chancery"></p>',
      files: [{ filename: 'alpha-S1901M.png', contentType: 'image/png', content: picture, cid: 'picture-1@chancery' }],
    },
  ],
  [
    'an ordinary attachment with a name to encode',
    { files: [{ filename: 'ordres d’été.txt', contentType: 'text/plain', content: Buffer.from('A PAR H\n') }] },
  ],
  ['a display name to quote', { from: { name: 'Judge, "the" Chancery', address: 'judge@example.test' } }],
];

describe('composed mail reads as MailComposer’s did', () => {
  for (const [name, change] of cases) {
    it(name, async () => {
      const mail = { ...judgeMail, ...change };
      const ours = mimeMessage(mail);
      const theirs = await composedByNodemailer(mail);
      expect(seen(await simpleParser(ours))).toEqual(seen(await simpleParser(theirs)));
      // Every line ends in CRLF and stays within SMTP's 998 characters; Bcc never appears.
      const text = ours.toString('latin1');
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(text.split('\r\n').every((line) => line.length <= 998)).toBe(true);
      expect(text).not.toMatch(/^Bcc:/im);
      // Seven-bit clean: nothing a relay without 8BITMIME could mangle.
      expect(text).not.toMatch(/[^\x00-\x7f]/);
    });
  }

  it('writes a picture of a real size in the same base64 lines as nodemailer, piece after piece', async () => {
    // 120,001 bytes: several of the pieces base64Lines encodes at a time, and a last line that ends short.
    const big = Buffer.from(Array.from({ length: 120_001 }, (_, i) => (i * 7919 + (i >> 8)) & 255));
    const mail = {
      ...judgeMail,
      html: '<!DOCTYPE html><html><body><p><img src="cid:picture-2@chancery"></p>',
      files: [{ filename: 'alpha-F1901M.png', contentType: 'image/png', content: big, cid: 'picture-2@chancery' }],
    };
    /** The longest run of base64 lines in a raw mail: the picture's body. */
    const body = (raw: Buffer) => {
      const runs = raw
        .toString('latin1')
        .split('\r\n')
        .reduce<string[][]>(
          (all, line) => {
            if (/^[A-Za-z0-9+/=]{1,76}$/.test(line)) all[all.length - 1].push(line);
            else all.push([]);
            return all;
          },
          [[]],
        );
      return runs.reduce((a, b) => (b.length > a.length ? b : a));
    };
    const ours = body(mimeMessage(mail));
    expect(ours.length).toBe(Math.ceil(big.length / 57));
    expect(ours.slice(0, -1).every((line) => line.length === 76)).toBe(true);
    expect(ours).toEqual(body(await composedByNodemailer(mail)));
    expect(Buffer.from(ours.join(''), 'base64').equals(big)).toBe(true);
  });

  it('a bare CR ends a line, as the SMTP transfer made of it (old .eml files kept it; readers dropped it)', async () => {
    const read = await simpleParser(mimeMessage({ ...judgeMail, text: 'one\rtwo\n' }));
    expect(read.text).toBe('one\ntwo\n');
  });
});
