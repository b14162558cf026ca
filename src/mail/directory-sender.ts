// The embedded transport's "SMTP": each outgoing mail is written as an .eml file into
// <root>/outbox/<recipient address>/, where `chancery mail list|show` (hand.ts) reads it. Blind (Bcc)
// recipients get their file like everyone else; no file shows the Bcc list.
import { appendFile, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { isMailFile, mailDirectoryLayout, safeFileName } from './mail-directory.js';
import type { MailSender, SendReceipt } from './sender.js';
import { MailError } from './types.js';

/**
 * The file name of a mail in a recipient's folder. Mails queued at once share their Date (the game
 * start and each player's power), so a delivery number follows it: the folder lists them in the order
 * they were sent, as a real mailbox would. The name ends with the Message-ID, and a retry after a crash
 * reuses the file it finds, overwriting instead of duplicating.
 */
async function deliveryName(dir: string, stamp: string, id: string): Promise<string> {
  const names = (await readdir(dir)).filter(isMailFile);
  const earlier = names.find((n) => /^[^-]+-\d{6}-(.*)\.eml$/.exec(n)?.[1] === id);
  return earlier ?? `${stamp}-${String(names.length).padStart(6, '0')}-${id}.eml`;
}

/** In each recipient's folder: one line per delivery, the mail's Message-ID (hidden: not a mail). */
export const DELIVERY_LOG = '.deliveries';

export function createDirectorySender(root: string): MailSender {
  const layout = mailDirectoryLayout(root);
  return {
    async send(message: Mail.Options): Promise<SendReceipt> {
      const recipients = deliveryAddresses(message);
      if (recipients.length === 0) throw new MailError('ENORECIPIENT', 'mail has no recipient', { permanent: true });
      // The judge's mails come composed (compose.ts, no Bcc header); MailComposer, which also leaves Bcc
      // out, builds any other. Every copy is the same and names no blind reader.
      const raw = Buffer.isBuffer(message.raw) ? message.raw : await new MailComposer(message).compile().build();
      const date = message.date instanceof Date ? message.date : new Date();
      const stamp = date.toISOString().replace(/[-:.]/g, '');
      const id = safeFileName(String(message.messageId ?? 'mail'));
      for (const address of recipients) {
        const dir = join(layout.outbox, safeFileName(address.toLowerCase()));
        await mkdir(dir, { recursive: true });
        const name = await deliveryName(dir, stamp, id);
        const temporary = join(dir, `.${name}.tmp`);
        await writeFile(temporary, raw);
        await rename(temporary, join(dir, name));
        // The file above is overwritten by a resend; this log is not, so a repeat a real mailbox would
        // show twice (the outbox is at least once) stays countable (test/faults/kill.test.ts).
        await appendFile(join(dir, DELIVERY_LOG), `${String(message.messageId ?? '')}\n`);
      }
      return { response: `written to ${layout.outbox}`, accepted: recipients, rejected: [] };
    },
    async close() {},
  };
}

/** Like an SMTP envelope: the explicit one when given, else To, Cc and Bcc; each address once. */
function deliveryAddresses(message: Mail.Options): string[] {
  const listed =
    message.envelope?.to !== undefined
      ? addressesOf(message.envelope.to)
      : [...addressesOf(message.to), ...addressesOf(message.cc), ...addressesOf(message.bcc)];
  const seen = new Map<string, string>();
  for (const address of listed) if (!seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  return [...seen.values()];
}

function addressesOf(field: Mail.Options['to']): string[] {
  if (field === undefined || field === null) return [];
  const items: unknown[] = Array.isArray(field) ? field.flat() : [field];
  return items.flatMap((item) => {
    if (typeof item === 'string')
      return item
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    const address = (item as { address?: unknown }).address;
    return typeof address === 'string' ? [address] : [];
  });
}
