// Layout of the embedded mail directory (no mail server needed):
//   <root>/inbox/*.eml             mail for the judge, processed exactly once, then moved to processed/
//   <root>/processed/*.eml         mail the judge has taken in
//   <root>/quarantine/*.eml        mail whose reading or handling failed, set aside for the judgekeeper
//   <root>/outbox/<address>/*.eml  mail the judge sent, one folder per recipient
//   <root>/.deliveries             one line per copy delivered: Message-ID and folder (directory-sender.ts)
// Files are written under a dot-name and renamed into place, so a reader never sees half a mail;
// readers ignore dot-files.
import { join } from 'node:path';

export interface MailDirectoryLayout {
  root: string;
  inbox: string;
  processed: string;
  quarantine: string;
  outbox: string;
}

export function mailDirectoryLayout(root: string): MailDirectoryLayout {
  return {
    root,
    inbox: join(root, 'inbox'),
    processed: join(root, 'processed'),
    quarantine: join(root, 'quarantine'),
    outbox: join(root, 'outbox'),
  };
}

/** Keeps letters, digits, '@', '.', '-', '_' and '+'; anything else (including '/') becomes '_'. */
export function safeFileName(text: string): string {
  const cleaned = text
    .replace(/^<|>$/g, '')
    .replace(/[^A-Za-z0-9@._+-]/g, '_')
    .replace(/^\.+/, '_');
  return cleaned.slice(0, 120) || '_';
}

export const isMailFile = (name: string) => name.endsWith('.eml') && !name.startsWith('.');
