// Sends outbox mail over SMTP with nodemailer. Bcc recipients go into RCPT TO (the message's
// envelope, set by toMessage) and never into the header: unlike its stream and sendmail transports,
// nodemailer's SMTP transport builds the message without the Bcc header. A list mail of which the
// server refuses some recipients still counts as sent: retrying would mail the others twice; the
// refused ones are in the receipt.
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { MailSender, SendReceipt } from './sender.js';
import { useQuickDataStream } from './smtp-data.js';
import { MailError } from './types.js';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (port 465). Otherwise STARTTLS is used when offered, unless `ignoreTLS`. */
  secure?: boolean;
  ignoreTLS?: boolean;
  requireTLS?: boolean;
  auth?: { user: string; pass: string };
  tls?: { rejectUnauthorized?: boolean };
  /** Per-connection timeouts in ms; a hung server must not stall the outbox forever. Default 30000. */
  timeoutMs?: number;
}

export function createSmtpSender(settings: SmtpSettings): MailSender {
  useQuickDataStream();
  const timeout = settings.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure ?? false,
    ignoreTLS: settings.ignoreTLS,
    requireTLS: settings.requireTLS,
    auth: settings.auth,
    tls: settings.tls,
    // One kept-open connection: opening a connection per mail (greeting, EHLO, AUTH) cost 110–160 ms
    // a mail and made a results burst crawl. A connection the server drops is reopened by the pool on
    // the next mail; a mail lost with it fails and the outbox retries it.
    pool: true,
    maxConnections: 1,
    maxMessages: 500,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } satisfies SMTPPool.Options);

  return {
    async send(message: Mail.Options): Promise<SendReceipt> {
      try {
        const info = await transport.sendMail(message);
        return {
          response: info.response,
          accepted: info.accepted.map(String),
          rejected: info.rejected.map(String),
        };
      } catch (error) {
        throw toSendError(error);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** 5xx answers are permanent (retrying gets the same refusal); everything else may pass later. */
function toSendError(error: unknown): MailError {
  const smtp = error as { responseCode?: number; code?: string; response?: string; message?: string };
  const permanent = typeof smtp.responseCode === 'number' && smtp.responseCode >= 500 && smtp.responseCode < 600;
  const detail = smtp.response ?? smtp.message ?? String(error);
  return new MailError('ESEND', `SMTP ${smtp.code ?? 'error'}: ${detail}`, { cause: error, permanent });
}
