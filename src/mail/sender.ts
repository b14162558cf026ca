// What the outbox worker needs from a transport: deliver one message or throw.
import type Mail from 'nodemailer/lib/mailer/index.js';

export interface SendReceipt {
  /** The transport's own answer, e.g. SMTP "250 2.0.0 Ok: queued". */
  response: string;
  accepted: string[];
  rejected: string[];
}

export interface MailSender {
  /** Throws MailError ESEND (with `permanent` set when retrying cannot help) when delivery fails. */
  send(message: Mail.Options): Promise<SendReceipt>;
  close(): Promise<void>;
}
