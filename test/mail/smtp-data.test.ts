// The quick way through nodemailer's DataStream (src/mail/smtp-data.ts) must put on the wire exactly
// the bytes nodemailer's own code does, whatever the mail and however it is cut into chunks; and the
// mails the judge composes must take it.
import { randomBytes } from 'node:crypto';
import DataStream from 'nodemailer/lib/smtp-connection/data-stream.js';
import { describe, expect, it } from 'vitest';
import { mimeMessage } from '../../src/mail/mime.js';
import { createSmtpSender } from '../../src/mail/smtp-sender.js';
import { nodemailerTransform, passesUnchanged, quickTransform } from '../../src/mail/smtp-data.js';
import { judgeMail } from './fixtures.js';

/** The bytes a DataStream with the given transform writes for the chunks. */
function dataOf(chunks: Buffer[], transform: unknown): Promise<Buffer> {
  const stream = new DataStream();
  (stream as unknown as { _transform: unknown })._transform = transform;
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  return new Promise((resolve, reject) => {
    stream.on('end', () => resolve(Buffer.concat(out)));
    stream.on('error', reject);
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
  });
}

/** Mails that need every kind of change, and some that need none. */
const samples = [
  'Subject: a\r\n\r\nplain lines\r\nand more\r\n',
  '.a dot first\r\nthen\r\n.another\r\n..two\r\n',
  'bare LF\nin the middle\r\nand\n',
  'bare CR\rin the middle\r\n\r.dot after a bare CR\r\n',
  'CR CR LF\r\r\nLF LF\n\nend without a line end',
  '\r\n.\r\nthe end marker inside\r\n.\r\n',
  '\n\r\n.\r\r\r\n\n.',
  'no line end at all',
];

describe('the quick DATA stream', () => {
  it('writes the same bytes as nodemailer for every mail cut at every place into two or three chunks', async () => {
    for (const sample of samples) {
      const bytes = Buffer.from(sample, 'latin1');
      for (let cut = 0; cut <= bytes.length; cut++) {
        for (const second of [cut, Math.min(bytes.length, cut + 1), Math.min(bytes.length, cut + 2)]) {
          const chunks = [bytes.subarray(0, cut), bytes.subarray(cut, second), bytes.subarray(second)];
          const [ours, theirs] = await Promise.all([
            dataOf(chunks, quickTransform),
            dataOf(chunks, nodemailerTransform),
          ]);
          expect(ours.toString('latin1'), JSON.stringify({ sample, cut, second })).toBe(theirs.toString('latin1'));
        }
      }
    }
  });

  it('passes a results mail with its picture unchanged, and the same bytes as nodemailer', async () => {
    const raw = mimeMessage({
      ...judgeMail,
      html: '<p>results</p><img src="cid:board">',
      files: [{ filename: 'alpha.png', contentType: 'image/png', content: randomBytes(120_000), cid: 'board' }],
    });
    expect(passesUnchanged(raw, false)).toBe(true);
    const chunks = [raw.subarray(0, 65_536), raw.subarray(65_536)];
    const [ours, theirs] = await Promise.all([dataOf(chunks, quickTransform), dataOf(chunks, nodemailerTransform)]);
    expect(Buffer.compare(ours, theirs)).toBe(0);
  });

  it('refuses the chunks that need a change', () => {
    for (const text of ['a\nb', 'a\rb', 'a\r\n.b', '.a', '\na', 'a\r', 'a\r\r\nb'])
      expect(passesUnchanged(Buffer.from(text), false), JSON.stringify(text)).toBe(false);
    expect(passesUnchanged(Buffer.from('\r\nok\r\n'), 0x0d)).toBe(false);
    expect(passesUnchanged(Buffer.from('ok\r\nok\r\n'), 0x0a)).toBe(true);
  });

  it('is what the SMTP sender uses', () => {
    createSmtpSender({ host: '127.0.0.1', port: 2525 });
    expect(DataStream.prototype._transform).toBe(quickTransform);
  });
});
