// Builds raw test mails by hand, byte for byte, so each test shows exactly what the judge receives;
// and a mail as the judge sends it, before it is composed (src/mail/mime.ts).
import type { MimeMail } from '../../src/mail/mime.js';

export interface RawMailParts {
  from?: string;
  to?: string;
  subject?: string;
  messageId?: string | null;
  headers?: Record<string, string>;
  contentType?: string;
  transferEncoding?: string;
  body?: string | Buffer;
}

export function rawMail(parts: RawMailParts = {}): Buffer {
  const lines = [
    `From: ${parts.from ?? 'Player One <player@example.test>'}`,
    `To: ${parts.to ?? 'judge@example.test'}`,
    `Subject: ${parts.subject ?? 'orders'}`,
    'Date: Mon, 01 Jan 2024 10:00:00 +0000',
  ];
  if (parts.messageId !== null)
    lines.push(`Message-ID: ${parts.messageId ?? `<${Math.random().toString(36).slice(2)}@example.test>`}`);
  for (const [name, value] of Object.entries(parts.headers ?? {})) lines.push(`${name}: ${value}`);
  lines.push('MIME-Version: 1.0', `Content-Type: ${parts.contentType ?? 'text/plain; charset=utf-8'}`);
  if (parts.transferEncoding) lines.push(`Content-Transfer-Encoding: ${parts.transferEncoding}`);
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'utf8');
  const body = parts.body ?? 'A PAR-BUR\r\n';
  return Buffer.concat([head, typeof body === 'string' ? Buffer.from(body, 'utf8') : body]);
}

/** A results mail as the judge sends it, to compose (mimeMessage) with whatever a test changes. */
export const judgeMail: MimeMail = {
  from: { name: 'Chancery Judge', address: 'judge@example.test' },
  to: ['a@players.test', 'B@players.test'],
  cc: [],
  subject: 'Game alpha: Spring 1901 Movement results',
  messageId: '<m1@example.test>',
  inReplyTo: null,
  references: [],
  date: new Date('2026-11-27T12:00:00Z'),
  headers: { 'X-Loop': 'judge@example.test', 'Auto-Submitted': 'auto-generated' },
  text: 'Austria: A VIE - GAL.\nEngland: F LON - NTH.\n',
  files: [],
};
