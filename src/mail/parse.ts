// Decodes a raw RFC 5322 message into an IncomingMail: any charset mailparser knows (UTF-8,
// UTF-16, Latin-1, ...), plain text preferred, HTML-only mail turned into text, attachments ignored.
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { htmlToCommandText } from './html-text.js';
import { classifyAutomated } from './loop-guard.js';
import { mailOrigin } from './origin.js';
import { MailError, type IncomingMail } from './types.js';

export interface ParseOptions {
  /** Larger mails are refused with MailError ETOOLARGE before parsing. Default 1 MiB. */
  maxBytes?: number;
  /** The judge's own X-Loop marker (its address); mail carrying it is treated as our own coming back. */
  ownLoopMarker?: string;
  /** Servers whose Authentication-Results headers vouch for the From (see origin.ts). */
  trustedAuthServIds?: readonly string[];
}

export const DEFAULT_MAX_MAIL_BYTES = 1024 * 1024;

export async function parseIncoming(raw: Buffer, options: ParseOptions = {}): Promise<IncomingMail> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_MAIL_BYTES;
  if (raw.length > maxBytes) {
    throw new MailError('ETOOLARGE', `mail of ${raw.length} bytes is over the ${maxBytes}-byte limit`);
  }
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(withoutBoundlessMultipart(raw), {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      skipImageLinks: true,
    });
  } catch (error) {
    throw new MailError('EPARSE', `unreadable mail: ${(error as Error).message}`, { cause: error });
  }

  const from = firstAddress(parsed.from);
  const subject = (parsed.subject ?? '').trim();
  const headers = rawHeaders(parsed);
  const verdict = classifyAutomated({
    headers,
    from: from?.address ?? null,
    subject,
    ownLoopMarker: options.ownLoopMarker ?? '',
  });

  return {
    messageId: normaliseMessageId(parsed.messageId),
    from: from?.address ?? null,
    fromName: from?.name || null,
    replyTo: firstAddress(parsed.replyTo)?.address ?? null,
    to: allAddresses(parsed.to),
    subject,
    date: parsed.date ?? null,
    text: bodyText(parsed),
    inReplyTo: normaliseMessageId(parsed.inReplyTo),
    references: toList(parsed.references)
      .map(normaliseMessageId)
      .filter((id): id is string => id !== null),
    ...verdict,
    size: raw.length,
    origin: mailOrigin(
      parsed.headerLines.map(({ key, line }) => ({ key: key.toLowerCase(), value: headerValue(line) })),
      from?.address ?? null,
      options.trustedAuthServIds,
    ),
    attachments: parsed.attachments.map((a) => a.filename ?? a.contentType),
  };
}

/**
 * A multipart mail whose Content-Type names no boundary cannot be split into parts, and mailparser
 * then finds no text at all. Its body is what the sender typed, so it is read as plain text.
 */
function withoutBoundlessMultipart(raw: Buffer): Buffer {
  const text = raw.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  const head = end ? text.slice(0, end.index) : text;
  const header = /^content-type:[ \t]*(multipart\/[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/im.exec(head);
  if (!header || /boundary\s*=/i.test(header[1])) return raw;
  const repaired =
    head.slice(0, header.index) + 'Content-Type: text/plain' + head.slice(header.index + header[0].length);
  return Buffer.concat([Buffer.from(repaired, 'latin1'), raw.subarray(head.length)]);
}

function bodyText(parsed: ParsedMail): string {
  const text = parsed.text ?? '';
  if (text.trim() !== '' || !parsed.html) return normaliseNewlines(text);
  return normaliseNewlines(htmlToCommandText(parsed.html));
}

// Strips the BOM a UTF-16 body may carry and turns CRLF / CR into LF.
function normaliseNewlines(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

function headerValue(line: string): string {
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

function rawHeaders(parsed: ParsedMail): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines) {
    const value = headerValue(line);
    const list = map.get(key.toLowerCase()) ?? [];
    list.push(value);
    map.set(key.toLowerCase(), list);
  }
  return map;
}

function addressList(field: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const out: { address: string; name: string }[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) walk(entry.group);
      else if (entry.address) out.push({ address: entry.address.trim(), name: entry.name ?? '' });
    }
  };
  for (const object of objects) walk(object.value);
  return out;
}

const firstAddress = (field: AddressObject | AddressObject[] | undefined) => addressList(field)[0] ?? null;
const allAddresses = (field: AddressObject | AddressObject[] | undefined) => addressList(field).map((a) => a.address);

function toList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(/\s+/)).filter(Boolean);
}

export function normaliseMessageId(id: string | undefined | null): string | null {
  const trimmed = id?.trim();
  if (!trimmed) return null;
  return trimmed.startsWith('<') ? trimmed : `<${trimmed}>`;
}
