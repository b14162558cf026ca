// Small helpers for tests against the real Dovecot + SMTP relay started by test/setup/mail-global.ts.
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { inject } from 'vitest';
import { parseIncoming } from '../../../src/mail/parse.js';
import type { IncomingMail } from '../../../src/mail/types.js';
import type { ImapPollerOptions } from '../../../src/mail/imap-poller.js';
import type { MailServerInfo } from '../../setup/mail-harness.js';

export function mailServer(): MailServerInfo {
  return inject('mail');
}

export function userOf(info: MailServerInfo, address: string) {
  const user = info.users.find((u) => u.address === address);
  if (!user) throw new Error(`test mail user ${address} is not configured in mail-global.ts`);
  return user;
}

export function judgeIdentity(address: string) {
  return { address, name: 'Chancery Judge', domain: 'judge.example.test' };
}

export function imapSettingsFor(info: MailServerInfo, address: string): ImapPollerOptions['imap'] {
  return { host: info.host, port: info.imapPort, auth: { user: address, pass: userOf(info, address).password } };
}

/** Sends like a player's mail program: real SMTP with AUTH, to the relay in front of Dovecot. */
export async function sendAsPlayer(
  info: MailServerInfo,
  from: string,
  to: string,
  subject: string,
  text: string,
  extra: { messageId?: string; headers?: Record<string, string> } = {},
) {
  const transport = nodemailer.createTransport({
    host: info.host,
    port: info.smtpPort,
    secure: false,
    ignoreTLS: true,
    auth: { user: from, pass: userOf(info, from).password },
  });
  try {
    return await transport.sendMail({ from, to, subject, text, messageId: extra.messageId, headers: extra.headers });
  } finally {
    transport.close();
  }
}

export interface StoredMail {
  uid: number;
  seen: boolean;
  mailbox: string;
  parsed: IncomingMail;
  raw: string;
}

/** Everything in one of `address`'s mailboxes, read with a separate IMAP connection (peeking). */
export async function readMailbox(info: MailServerInfo, address: string, mailbox = 'INBOX'): Promise<StoredMail[]> {
  const client = new ImapFlow({ ...imapSettingsFor(info, address), secure: false, logger: false });
  await client.connect();
  try {
    const lock = await client.getMailboxLock(mailbox);
    try {
      const out: StoredMail[] = [];
      if (client.mailbox && client.mailbox.exists > 0) {
        for await (const message of client.fetch('1:*', { uid: true, flags: true, source: true })) {
          const raw = message.source!;
          out.push({
            uid: message.uid,
            seen: message.flags?.has('\\Seen') ?? false,
            mailbox,
            parsed: await parseIncoming(raw),
            raw: raw.toString('utf8'),
          });
        }
      }
      return out;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

/**
 * Polls `probe` until it returns something truthy. A probe that throws (e.g. an IMAP read racing the
 * poller's flag or move) is retried; its last error is reported if time runs out.
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  what: string,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
