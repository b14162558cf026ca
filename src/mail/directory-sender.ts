// The embedded transport's "SMTP": each outgoing mail is written as an .eml file into
// <root>/outbox/<recipient address>/, where `chancery mail list|show` (hand.ts) reads it. Blind (Bcc)
// recipients get their file like everyone else; no file shows the Bcc list.
import { appendFile, copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { isMailFile, mailDirectoryLayout, safeFileName } from './mail-directory.js';
import type { MailSender, SendReceipt } from './sender.js';
import { MailError } from './types.js';

/**
 * A recipient's folder as this process last saw it: how many mails it holds, the file of each by its
 * Message-ID, and the folder's modification time then. Reading the folder for every mail made a
 * deadline's burst quadratic (a thousand mails into the GM's one folder). A folder another process
 * wrote into since (its modification time moved) is read again.
 */
interface Folder {
  count: number;
  byId: Map<string, string>;
  modified: number;
}

/** Folders remembered, the most recently used last; past this many the oldest is forgotten (read again). */
const MAX_FOLDERS = 256;
const folders = new Map<string, Folder>();

const MAIL_NAME = /^[^-]+-\d{6}-(.*)\.eml$/;

async function folderAt(dir: string): Promise<Folder> {
  let modified = await modifiedAt(dir);
  if (modified === null) {
    await mkdir(dir, { recursive: true });
    modified = (await modifiedAt(dir)) ?? 0;
  }
  let folder = folders.get(dir);
  folders.delete(dir);
  if (!folder || folder.modified !== modified) {
    const names = (await readdir(dir)).filter(isMailFile);
    const byId = new Map<string, string>();
    for (const name of names) {
      const id = MAIL_NAME.exec(name)?.[1];
      if (id !== undefined && !byId.has(id)) byId.set(id, name);
    }
    folder = { count: names.length, byId, modified };
  }
  folders.set(dir, folder);
  if (folders.size > MAX_FOLDERS) folders.delete(folders.keys().next().value!);
  return folder;
}

async function modifiedAt(dir: string): Promise<number | null> {
  try {
    return (await stat(dir)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Puts one recipient's copy in its folder: written (`put`) under a dot-name, then renamed into place,
 * so a reader never sees half a mail; its path. Its file name: mails queued at once share their Date
 * (the game start and each player's power), so a delivery number follows it and the folder lists them
 * in the order they were sent, as a real mailbox would. The name ends with the Message-ID, and a retry
 * after a crash reuses the file it finds, replacing instead of duplicating.
 */
async function deliver(
  dir: string,
  put: (temporary: string) => Promise<void>,
  log: string,
  { stamp, id, messageId }: { stamp: string; id: string; messageId: string },
): Promise<string> {
  const folder = await folderAt(dir);
  const earlier = folder.byId.get(id);
  const name = earlier ?? `${stamp}-${String(folder.count).padStart(6, '0')}-${id}.eml`;
  if (!earlier) {
    folder.count++;
    folder.byId.set(id, name);
  }
  try {
    const temporary = join(dir, `.${name}.tmp`);
    // A copy left by a crash may be a link to a delivered mail: written through, it would change that.
    await rm(temporary, { force: true });
    await put(temporary);
    await rename(temporary, join(dir, name));
    // The file above is replaced by a resend; the log is not, so a repeat a real mailbox would show
    // twice (the outbox is at least once) stays countable (test/faults/kill.test.ts).
    await appendFile(log, `${messageId} ${basename(dir)}\n`);
    return join(dir, name);
  } finally {
    // Read again next time if this write failed or another process wrote meanwhile.
    folder.modified = (await modifiedAt(dir).catch(() => null)) ?? Number.NaN;
  }
}

/**
 * Beside the outbox, one line per copy delivered: the mail's Message-ID and the recipient's folder
 * (hidden, not a mail). One file for all: a log in each folder cost a file created per new
 * recipient, which on this machine's disk costs a millisecond of CPU.
 */
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
      // One folder per address (two addresses can share one only by case).
      const [first, ...others] = new Set(
        recipients.map((address) => join(layout.outbox, safeFileName(address.toLowerCase()))),
      );
      const names = { stamp, id, messageId: String(message.messageId ?? '') };
      const log = join(layout.root, DELIVERY_LOG);
      // Written once; every other reader's copy is a hard link to it, put in at once (a results mail is
      // 150 KB with its picture, a game's list a dozen readers, and a file created costs about a
      // millisecond of CPU on this machine: `npm run bench -- "mail directory"`, docs/operation.md).
      const written = await deliver(first, (temporary) => writeFile(temporary, raw), log, names);
      const linked = (temporary: string) => link(written, temporary).catch(() => copyFile(written, temporary));
      await Promise.all(others.map((dir) => deliver(dir, linked, log, names)));
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
