// How the configured IMAP and SMTP servers are reached, in the options the libraries take: one
// home, so `chancery check` logs in exactly as the running judge does.
import type { ImapConfig, SmtpConfig } from '../config/types.js';

export function smtpOptions(smtp: SmtpConfig) {
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ignoreTLS: smtp.ignoreTLS,
    auth: smtp.user && smtp.pass ? { user: smtp.user, pass: smtp.pass } : undefined,
    tls: { rejectUnauthorized: smtp.rejectUnauthorized },
  };
}

export function imapOptions(imap: ImapConfig) {
  return {
    host: imap.host,
    port: imap.port,
    secure: imap.secure,
    auth: { user: imap.user, pass: imap.pass },
    tls: { rejectUnauthorized: imap.rejectUnauthorized },
  };
}
