// Turns what the judge wants to say (OutgoingMail) into an outbox row, and an outbox row into the
// message a transport sends. All loop-protection and threading headers are decided here.
import { randomUUID } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { NewOutboxMail, OutboxMail } from '../store/outbox.js';
import { mimeMessage, type MimeFile } from './mime.js';
import { MailError, type IncomingMail, type OutgoingMail } from './types.js';

export interface JudgeIdentity {
  /** The judge's own address: From of every mail and the X-Loop marker. */
  address: string;
  /** Display name, e.g. "Chancery Judge". */
  name?: string;
  /** Right-hand side of generated Message-IDs and List-Ids. */
  domain: string;
  /** The web site's public address (config web.baseUrl): results and start mails link to the game's page. */
  webBaseUrl?: string | null;
}

const PROTECTED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'in-reply-to',
  'references',
  'auto-submitted',
  'x-loop',
  'list-id',
  'precedence',
  'x-auto-response-suppress',
  'content-type',
  'mime-version',
]);

export function newMessageId(judge: JudgeIdentity): string {
  return `<${randomUUID()}@${judge.domain}>`;
}

/** A list label must be a dot-atom: game names are reduced to lower-case letters, digits and '-'. */
export function gameListId(judge: JudgeIdentity, gameName: string): string {
  const label =
    gameName
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'game';
  return `Chancery game ${gameName.replace(/["\\<>\r\n]/g, '')} <${label}.games.${judge.domain}>`;
}

/** Every result mail of a game references this id, so mail clients thread a game together. */
export function gameThreadId(judge: JudgeIdentity, game: { id: number }): string {
  return `<game-${game.id}@${judge.domain}>`;
}

const asList = (value: string | string[] | undefined): string[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((a) => a.trim()).filter(Boolean);

function uniqueAddresses(addresses: string[]): string[] {
  const seen = new Map<string, string>();
  for (const address of addresses) if (!seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  return [...seen.values()];
}

export interface ComposeContext {
  judge: JudgeIdentity;
  /** The mail being answered, when there is one. */
  incoming?: IncomingMail | null;
  /** Basis for default dedupe keys: the incoming mail's source key, or a job key. */
  origin: string;
  /** Position of this mail among those produced for the same origin. */
  index: number;
}

export function toOutboxRow(mail: OutgoingMail, context: ComposeContext): NewOutboxMail {
  const { judge, incoming } = context;
  const isReply = mail.kind === 'reply' && incoming != null;
  const to = asList(mail.to);
  if (to.length === 0 && isReply && incoming.from) to.push(incoming.from);
  // The judge never sends itself a blind copy, and nobody named in To or Cc needs one.
  const shown = new Set([...to, ...asList(mail.cc), judge.address].map((a) => a.toLowerCase()));
  const bcc = uniqueAddresses(asList(mail.bcc)).filter((a) => !shown.has(a.toLowerCase()));
  // A list mail is addressed to the judge itself: the header names no reader, the envelope all of them.
  if (to.length === 0 && bcc.length > 0) to.push(judge.address);
  if (to.length === 0) {
    throw new MailError('ENORECIPIENT', `outgoing ${mail.kind} mail "${mail.subject ?? ''}" has no recipient`);
  }

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!PROTECTED_HEADERS.has(name.toLowerCase())) headers[name] = value.replace(/[\r\n]+/g, ' ');
  }
  headers['X-Loop'] = judge.address;
  // RFC 3834: replies to a person are auto-replied, everything the judge sends on its own is auto-generated.
  headers['Auto-Submitted'] = mail.kind === 'reply' ? 'auto-replied' : 'auto-generated';
  // Asks Exchange not to answer us with out-of-office notes.
  headers['X-Auto-Response-Suppress'] = 'OOF, AutoReply';
  // Results, notices and press of a game are the game's list (readers filter on it); a reply answers one mail.
  if (mail.kind !== 'reply' && mail.game) headers['List-Id'] = gameListId(judge, mail.game.name);

  const references: string[] = [];
  let inReplyTo: string | null = null;
  if (isReply && incoming.messageId) {
    inReplyTo = incoming.messageId;
    references.push(...incoming.references.slice(-10), incoming.messageId);
  }
  if (mail.game && mail.kind !== 'reply') references.push(gameThreadId(judge, mail.game));

  return {
    dedupeKey: mail.dedupeKey ?? `${context.origin}#${context.index}`,
    to,
    cc: asList(mail.cc),
    bcc,
    subject: mail.subject ?? (isReply ? replySubject(incoming.subject) : 'Chancery'),
    body: mail.text,
    headers,
    messageId: newMessageId(judge),
    inReplyTo,
    references: [...new Set(references)],
    kind: mail.kind,
    gameId: mail.game?.id ?? null,
    attachments: mail.attachments,
  };
}

export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  if (trimmed === '') return 'Re: your mail to the judge';
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/**
 * The nodemailer message for an outbox row, the same for SMTP and the local mail directory: its
 * envelope and its bytes (mime.ts). Bcc never reaches a header; it only widens the envelope. The
 * judge's own address, which stands in To: of a list mail, is left out of that envelope: the judge
 * does not need a copy in its own inbox, where it would only be read and dropped as its own loop.
 */
export function toMessage(row: OutboxMail, judge: JudgeIdentity, files: ResolvedAttachment[] = []): Mail.Options {
  const own = judge.address.toLowerCase();
  const recipients =
    row.bcc.length > 0
      ? uniqueAddresses([...row.to, ...row.cc, ...row.bcc]).filter((a) => a.toLowerCase() !== own)
      : uniqueAddresses([...row.to, ...row.cc]);
  const date = new Date(row.createdAt);
  const raw = mimeMessage({
    from: { name: judge.name, address: judge.address },
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    messageId: row.messageId,
    inReplyTo: row.inReplyTo,
    references: row.references,
    date,
    headers: row.headers,
    text: row.body,
    ...withFiles(row.body, files),
  });
  return { envelope: { from: judge.address, to: recipients }, raw, messageId: row.messageId, date };
}

/** An attachment ready to send: its bytes. */
export interface ResolvedAttachment {
  filename: string;
  contentType: string;
  inline?: boolean;
  content: Buffer;
}

/**
 * Inline pictures go in a multipart/related HTML part that repeats the text (monospaced, so the
 * columns stay) with the pictures below it; the plain-text part stays exactly as it was, for
 * text-only readers. Other files are ordinary attachments.
 */
function withFiles(text: string, files: ResolvedAttachment[]): { html?: string; files: MimeFile[] } {
  if (!files.length) return { files: [] };
  const inline = files.filter((f) => f.inline);
  const cid = (i: number) => `picture-${i + 1}@chancery`;
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = inline.length
    ? '<!DOCTYPE html><html><body>' +
      `<pre style="font-family:monospace;font-size:13px">${escaped}</pre>` +
      inline.map((f, i) => `<p><img src="cid:${cid(i)}" alt="${f.filename}" style="max-width:100%"></p>`).join('') +
      '</body></html>'
    : undefined;
  return {
    html,
    files: files.map((f) => ({
      filename: f.filename,
      contentType: f.contentType,
      content: f.content,
      ...(f.inline ? { cid: cid(inline.indexOf(f)) } : {}),
    })),
  };
}
