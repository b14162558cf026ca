// Sends outbox mail over SMTP with nodemailer.
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailSender, SendReceipt } from './sender.js';
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
  const timeout = settings.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure ?? false,
    ignoreTLS: settings.ignoreTLS,
    requireTLS: settings.requireTLS,
    auth: settings.auth,
    tls: settings.tls,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } satisfies SMTPTransport.Options);

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
