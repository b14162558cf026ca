import { describe, expect, it } from 'vitest';
import { parseIncoming } from '../../src/mail/parse.js';
import { rawMail } from './fixtures.js';

const judge = 'judge@example.test';

describe('parseIncoming', () => {
  it('reads the envelope fields and the plain text of a simple mail', async () => {
    const mail = await parseIncoming(
      rawMail({
        messageId: '<m1@example.test>',
        subject: 'Re: game alpha',
        headers: { 'Reply-To': 'other@example.test', 'In-Reply-To': '<r1@judge>', References: '<r0@judge> <r1@judge>' },
      }),
      { ownLoopMarker: judge },
    );
    expect(mail).toMatchObject({
      messageId: '<m1@example.test>',
      from: 'player@example.test',
      fromName: 'Player One',
      replyTo: 'other@example.test',
      to: ['judge@example.test'],
      subject: 'Re: game alpha',
      text: 'A PAR-BUR\n',
      inReplyTo: '<r1@judge>',
      references: ['<r0@judge>', '<r1@judge>'],
      autoReply: false,
      bounce: false,
      listMail: false,
      reason: null,
    });
    expect(mail.date?.toISOString()).toBe('2024-01-01T10:00:00.000Z');
  });

  it('decodes Latin-1 quoted-printable text', async () => {
    const body = Buffer.from('F M=FCnchen H=E4lt\r\n', 'latin1');
    const mail = await parseIncoming(
      rawMail({ contentType: 'text/plain; charset=iso-8859-1', transferEncoding: 'quoted-printable', body }),
    );
    expect(mail.text).toBe('F München Hält\n');
  });

  it('decodes Latin-1 8bit text', async () => {
    const mail = await parseIncoming(
      rawMail({
        contentType: 'text/plain; charset=ISO-8859-1',
        transferEncoding: '8bit',
        body: Buffer.from('Grüße aus Köln\r\n', 'latin1'),
      }),
    );
    expect(mail.text).toBe('Grüße aus Köln\n');
  });

  it('decodes UTF-16 with and without a byte-order mark', async () => {
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('A MOS-STP → ok\r\n', 'utf16le')]);
    const withBom = await parseIncoming(
      rawMail({
        contentType: 'text/plain; charset=utf-16',
        transferEncoding: 'base64',
        body: utf16le.toString('base64'),
      }),
    );
    expect(withBom.text).toBe('A MOS-STP → ok\n');
    const utf16be = Buffer.from('A MOS-STP\r\n', 'utf16le').swap16();
    const bigEndian = await parseIncoming(
      rawMail({
        contentType: 'text/plain; charset=UTF-16BE',
        transferEncoding: 'base64',
        body: utf16be.toString('base64'),
      }),
    );
    expect(bigEndian.text).toBe('A MOS-STP\n');
  });

  it('decodes an encoded-word subject', async () => {
    const mail = await parseIncoming(rawMail({ subject: '=?UTF-8?B?T3JkcmVzIHBvdXIgbGEgRnJhbmNl?=' }));
    expect(mail.subject).toBe('Ordres pour la France');
  });

  it('turns an HTML-only mail into text, keeping quoted parts marked', async () => {
    const html =
      '<html><body><p>A PAR-BUR<br>F BRE-MAO</p><p>Thanks &amp; <a href="http://x">bye</a></p>' +
      '<blockquote>old results</blockquote></body></html>';
    const mail = await parseIncoming(rawMail({ contentType: 'text/html; charset=utf-8', body: html }));
    expect(mail.text).toContain('A PAR-BUR\nF BRE-MAO');
    expect(mail.text).toContain('Thanks & bye');
    expect(mail.text).not.toContain('http://x');
    expect(mail.text).toMatch(/^> old results$/m);
  });

  it('prefers the plain part of multipart/alternative and ignores attachments', async () => {
    const body = [
      '--outer',
      'Content-Type: multipart/alternative; boundary="alt"',
      '',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'plain orders',
      '--alt',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>html orders</p>',
      '--alt--',
      '--outer',
      'Content-Type: text/plain; name="notes.txt"',
      'Content-Disposition: attachment; filename="notes.txt"',
      '',
      'ATTACHED SECRET',
      '--outer--',
      '',
    ].join('\r\n');
    const mail = await parseIncoming(rawMail({ contentType: 'multipart/mixed; boundary="outer"', body }));
    expect(mail.text.trim()).toBe('plain orders');
    expect(mail.text).not.toContain('ATTACHED');
  });

  it('refuses a mail over the size limit with ETOOLARGE', async () => {
    await expect(parseIncoming(rawMail({ body: 'x'.repeat(5000) }), { maxBytes: 2000 })).rejects.toMatchObject({
      code: 'ETOOLARGE',
    });
  });

  it('wraps a Message-ID without brackets and copes with no Message-ID', async () => {
    expect((await parseIncoming(rawMail({ messageId: 'bare@example.test' }))).messageId).toBe('<bare@example.test>');
    expect((await parseIncoming(rawMail({ messageId: null }))).messageId).toBeNull();
  });

  it('reads a multipart mail that names no boundary as plain text, and names the attachments it skips', async () => {
    const boundless = await parseIncoming(
      rawMail({ contentType: 'multipart/alternative', body: 'SIGNON Fgame pw\r\nA PAR H\r\n' }),
    );
    expect(boundless.text).toBe('SIGNON Fgame pw\nA PAR H\n');
    const body = [
      '--b',
      'Content-Type: text/plain; name="orders.txt"',
      'Content-Disposition: attachment; filename="orders.txt"',
      '',
      'A PAR H',
      '--b--',
      '',
    ].join('\r\n');
    const attached = await parseIncoming(rawMail({ contentType: 'multipart/mixed; boundary="b"', body }));
    expect(attached.text).toBe('');
    expect(attached.attachments).toEqual(['orders.txt']);
  });
});
