// Playing the other side by hand with the embedded mail directory: `chancery mail send|list|show`.
// send() drops a mail into the judge's inbox; list()/show() read what the judge sent to an address.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { isMailFile, mailDirectoryLayout, safeFileName } from './mail-directory.js';
import { parseIncoming } from './parse.js';
import { MailError } from './types.js';

export interface HandSendOptions {
  /** Defaults to the judge address given to createMailHand. */
  to?: string;
  inReplyTo?: string;
  /** Extra headers, e.g. to try the loop protection by hand. */
  headers?: Record<string, string>;
}

export interface HandMailSummary {
  /** 1-based position, oldest first; what show() takes. */
  number: number;
  file: string;
  date: Date | null;
  from: string | null;
  subject: string;
}

export interface HandMail extends HandMailSummary {
  messageId: string | null;
  text: string;
  raw: Buffer;
}

export function createMailHand(root: string, options: { judgeAddress: string }) {
  const layout = mailDirectoryLayout(root);

  async function send(from: string, subject: string, body: string, extra: HandSendOptions = {}) {
    const messageId = `<${randomUUID()}@hand.chancery.invalid>`;
    const raw = await new MailComposer({
      from,
      to: extra.to ?? options.judgeAddress,
      subject,
      text: body,
      messageId,
      inReplyTo: extra.inReplyTo,
      headers: extra.headers,
      date: new Date(),
    })
      .compile()
      .build();
    return { file: await deliver(raw), messageId };
  }

  /** Puts a mail into the judge's inbox as it is, byte for byte (a test's hostile or broken mail). */
  async function deliver(raw: Buffer): Promise<string> {
    await mkdir(layout.inbox, { recursive: true });
    // Sortable by arrival, unique, and renamed into place so the judge never reads half a file.
    const file = `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomUUID().slice(0, 8)}.eml`;
    const temporary = join(layout.inbox, `.${file}.tmp`);
    await writeFile(temporary, raw);
    await rename(temporary, join(layout.inbox, file));
    return file;
  }

  async function files(address: string): Promise<string[]> {
    const dir = join(layout.outbox, safeFileName(address.trim().toLowerCase()));
    try {
      return (await readdir(dir)).filter(isMailFile).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async function read(address: string, file: string, number: number): Promise<HandMail> {
    const raw = await readFile(join(layout.outbox, safeFileName(address.trim().toLowerCase()), file));
    const mail = await parseIncoming(raw, { maxBytes: Number.MAX_SAFE_INTEGER });
    return {
      number,
      file,
      date: mail.date,
      from: mail.from,
      subject: mail.subject,
      messageId: mail.messageId,
      text: mail.text,
      raw,
    };
  }

  /** What the judge sent to `address`, oldest first. */
  async function list(address: string): Promise<HandMailSummary[]> {
    const names = await files(address);
    return Promise.all(
      names.map(async (file, index) => {
        const { raw: _raw, text: _text, messageId: _id, ...summary } = await read(address, file, index + 1);
        return summary;
      }),
    );
  }

  /** One mail sent to `address`: by number from list(), or the newest when omitted. */
  async function show(address: string, number?: number): Promise<HandMail> {
    const names = await files(address);
    const position = number ?? names.length;
    const file = names[position - 1];
    if (!file) {
      throw new MailError(
        'ENOTFOUND',
        `no mail #${position} for ${address} (there ${names.length === 1 ? 'is 1' : `are ${names.length}`})`,
      );
    }
    return read(address, file, position);
  }

  return { send, deliver, list, show };
}

export type MailHand = ReturnType<typeof createMailHand>;
