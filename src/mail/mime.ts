// A judge's mail as the bytes a transport sends: RFC 5322 headers and a MIME body, built in one pass.
// nodemailer's MailComposer built the same mails through a tree of streams, about a millisecond for a
// short mail and two for one with its board picture, a third of what sending a mail cost the judge's
// thread, and wrote each in about ten socket writes. The encodings are nodemailer's own (header words,
// quoted-printable, line folding), so a mail reads as it did (test/mail/mime.test.ts); nodemailer still
// carries it (smtp-sender.ts), with this as its raw source.
import { randomBytes } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node/index.js';
import { buildHeaderValue, foldLines } from 'nodemailer/lib/mime-funcs/index.js';
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp/index.js';

export interface MimeFile {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Shown in the HTML part (multipart/related) under this Content-ID; else an ordinary attachment. */
  cid?: string;
}

export interface MimeMail {
  from: { name?: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  messageId: string;
  inReplyTo?: string | null;
  references: string[];
  date: Date;
  /** Further headers, as toOutboxRow kept them (no line breaks). */
  headers: Record<string, string>;
  text: string;
  html?: string;
  files: MimeFile[];
}

const CRLF = '\r\n';
/** An address that needs no quoting or encoding: nodemailer writes it as it is. */
const PLAIN_ADDRESS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+$/;
const PLAIN_NAME = /^[A-Za-z0-9 ]*$/;
const PRINTABLE = /^[\x20-\x7e]*$/;

/** The whole message, lines ended by CRLF. Bcc is never written: the envelope carries it. */
export function mimeMessage(mail: MimeMail): Buffer {
  const boundary = `----_chancery-${randomBytes(8).toString('hex')}`;
  let parts = 0;
  const nextBoundary = () => `${boundary}-${++parts}`;
  const body = bodyOf(mail, nextBoundary);
  const head = [
    header('From', fromValue(mail.from)),
    header('To', addresses('To', mail.to)),
    mail.cc.length ? header('Cc', addresses('Cc', mail.cc)) : '',
    header('Subject', text('Subject', mail.subject)),
    header('Date', mail.date.toUTCString().replace(/GMT/, '+0000')),
    header('Message-ID', angled(mail.messageId)),
    mail.inReplyTo ? header('In-Reply-To', angled(mail.inReplyTo)) : '',
    mail.references.length ? header('References', mail.references.map(angled).join(' ')) : '',
    ...Object.entries(mail.headers).map(([name, value]) => header(name, text(name, value))),
    header('MIME-Version', '1.0'),
  ].filter(Boolean);
  return Buffer.concat([Buffer.from(head.join(CRLF) + CRLF, 'utf8'), ...body]);
}

/**
 * A body part: its headers (ending the header block) and its content, in pieces joined once for the
 * whole message. Joined at each level of nesting, a mail with its picture was copied five times over.
 */
type Part = Buffer[];

function bodyOf(mail: MimeMail, nextBoundary: () => string): Part {
  const inline = mail.files.filter((f) => f.cid);
  const attached = mail.files.filter((f) => !f.cid);
  let body = textPart('text/plain', mail.text);
  if (mail.html !== undefined) {
    const html = textPart('text/html', mail.html);
    const shown = inline.length
      ? multipart('related; type="text/html"', [html, ...inline.map(filePart)], nextBoundary())
      : html;
    body = multipart('alternative', [body, shown], nextBoundary());
  }
  if (attached.length) body = multipart('mixed', [body, ...attached.map(filePart)], nextBoundary());
  return body;
}

/** Plain ASCII lines of up to 900 characters go as they are; anything else quoted-printable. */
function textPart(type: string, content: string): Part {
  const lines = content.replace(/\r\n?/g, '\n');
  const plain = /^[\x20-\x7e\t\n]*$/.test(lines) && lines.split('\n').every((line) => line.length <= 900);
  const crlf = lines.replace(/\n/g, CRLF);
  const encoded = plain ? crlf : wrapQuotedPrintable(quotedPrintable(Buffer.from(crlf, 'utf8')), 76);
  return [
    Buffer.from(
      `Content-Type: ${type}; charset=utf-8${CRLF}` +
        `Content-Transfer-Encoding: ${plain ? '7bit' : 'quoted-printable'}${CRLF}${CRLF}${encoded}`,
      'utf8',
    ),
  ];
}

function filePart(file: MimeFile): Part {
  const disposition = file.cid ? 'inline' : 'attachment';
  const heads = [
    header('Content-Type', buildHeaderValue({ value: file.contentType, params: { name: file.filename } })),
    file.cid ? header('Content-ID', angled(file.cid)) : '',
    'Content-Transfer-Encoding: base64',
    header('Content-Disposition', buildHeaderValue({ value: disposition, params: { filename: file.filename } })),
  ].filter(Boolean);
  return [Buffer.from(`${heads.join(CRLF)}${CRLF}${CRLF}`, 'latin1'), base64Lines(file.content)];
}

function multipart(subtype: string, children: Part[], boundary: string): Part {
  const head = `${header('Content-Type', `multipart/${subtype}; boundary="${boundary}"`)}${CRLF}${CRLF}`;
  // The line break before each delimiter belongs to the delimiter, not to the part it ends.
  const chunks: Buffer[] = [Buffer.from(head)];
  children.forEach((child, i) => chunks.push(Buffer.from(`${i ? CRLF : ''}--${boundary}${CRLF}`), ...child));
  chunks.push(Buffer.from(`${CRLF}--${boundary}--${CRLF}`));
  return chunks;
}

/**
 * Base64 in lines of 76 characters (57 bytes each). Encoded a few KB at a time: Node 20 encodes a large
 * buffer as base64 several times slower than the same bytes in pieces (a picture's 120 KB: 0.8 ms
 * whole, 0.14 ms in pieces of 14.6 KB, once for every results mail). Each piece is whole lines, so
 * only the last can end short or padded.
 */
function base64Lines(content: Buffer): Buffer {
  const lines = Math.max(1, Math.ceil(content.length / BASE64_LINE_BYTES));
  const out = Buffer.allocUnsafe(4 * Math.ceil(content.length / 3) + 2 * (lines - 1));
  let to = 0;
  for (let at = 0; at < content.length; at += BASE64_PIECE_BYTES) {
    const piece = content.toString('base64', at, Math.min(content.length, at + BASE64_PIECE_BYTES));
    for (let k = 0; k < piece.length; k += 76) {
      if (to) to = out.writeUInt16BE(0x0d0a, to);
      to += out.write(piece.slice(k, k + 76), to, 'latin1');
    }
  }
  return out.subarray(0, to);
}

const BASE64_LINE_BYTES = 57;
const BASE64_PIECE_BYTES = 256 * BASE64_LINE_BYTES;

function header(name: string, value: string): string {
  return foldLines(`${name}: ${value}`, 76);
}

/** nodemailer's own encoding of a header value, for whatever is not plain. */
const encodeHeaderValue = (MimeNode as unknown as { encodeHeaderValue(key: string, value: unknown): string })
  .encodeHeaderValue;

function fromValue({ name, address }: MimeMail['from']): string {
  if (!name) return addresses('From', [address]);
  if (PLAIN_NAME.test(name) && PLAIN_ADDRESS.test(address)) return `${name} <${address}>`;
  return encodeHeaderValue('From', { name, address });
}

function addresses(key: string, list: string[]): string {
  return list.every((a) => PLAIN_ADDRESS.test(a)) ? list.join(', ') : encodeHeaderValue(key, list);
}

function text(key: string, value: string): string {
  return PRINTABLE.test(value) ? value : encodeHeaderValue(key, value);
}

const angled = (id: string) => {
  const clean = id.replace(/[\x00-\x1f\x7f]/g, '').trim();
  return `${clean.startsWith('<') ? '' : '<'}${clean}${clean.endsWith('>') ? '' : '>'}`;
};
