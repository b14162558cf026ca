// What a transport was handed, read back as a mail client reads it: the judge gives its senders a
// composed message (envelope and raw bytes, src/mail/mime.ts), so tests look at it through mailparser.
import { simpleParser, type AddressObject } from 'mailparser';
import type Mail from 'nodemailer/lib/mailer/index.js';

export interface SentMail {
  envelope: { from: string; to: string[] };
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  /** Header values as written (lower-case names, folded lines joined). */
  headers: Record<string, string>;
  text: string;
  html: string | false;
  attachments: { filename?: string; cid?: string; contentType: string; content: Buffer }[];
  raw: string;
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

export async function readSent(message: Mail.Options): Promise<SentMail> {
  if (!Buffer.isBuffer(message.raw)) throw new Error('the sender was not handed a composed message');
  const parsed = await simpleParser(message.raw);
  const envelope = message.envelope as { from: string; to: string[] };
  const sender = parsed.from?.value[0];
  return {
    envelope,
    from: { name: sender?.name ?? '', address: sender?.address ?? '' },
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: parsed.subject ?? '',
    headers: Object.fromEntries(
      parsed.headerLines.map((h) => [
        h.key,
        h.line
          .slice(h.line.indexOf(':') + 1)
          .replace(/\r?\n\s/g, ' ')
          .trim(),
      ]),
    ),
    text: parsed.text ?? '',
    html: parsed.html,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename,
      cid: a.cid,
      contentType: a.contentType,
      content: a.content,
    })),
    raw: message.raw.toString('utf8'),
  };
}
