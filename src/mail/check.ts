// `chancery check`: logs in to the configured IMAP and SMTP servers and says plainly what failed,
// so a GM setting up real mail learns "authentication failed for judge@example.org" instead of a
// bare "Command failed" in the judge's log hours later.
import nodemailer from 'nodemailer';
import type { ImapConfig, SmtpConfig } from '../config/types.js';
import { imapOptions, smtpOptions } from './server-options.js';

export interface CheckResult {
  what: string;
  ok: boolean;
  message: string;
}

function plainly(error: unknown, login: string | null): string {
  const e = error as { code?: string; responseCode?: number; authenticationFailed?: boolean; message?: string };
  if (e.authenticationFailed || e.code === 'EAUTH' || e.responseCode === 535) {
    return `authentication failed for ${login ?? '(no user configured)'}`;
  }
  if (e.code === 'ECONNREFUSED') return 'connection refused (is the server running, is the port right?)';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'host name not found';
  if (e.code === 'ETIMEDOUT' || e.code === 'ETIMEOUT' || e.code === 'CONN_TIMEOUT') return 'no answer (timed out)';
  if (/certificate|self[- ]signed|SSL|TLS/i.test(e.message ?? '')) return `TLS problem: ${e.message}`;
  return e.message ?? String(error);
}

export async function checkImap(imap: ImapConfig, timeoutMs = 15_000): Promise<CheckResult> {
  const what = `IMAP ${imap.host}:${imap.port}`;
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    ...imapOptions(imap),
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const box = await client.mailboxOpen(imap.mailbox, { readOnly: true });
    await client.logout();
    return { what, ok: true, message: `ok: logged in as ${imap.user}; ${imap.mailbox} holds ${box.exists} mail(s)` };
  } catch (error) {
    client.close();
    return { what, ok: false, message: plainly(error, imap.user) };
  }
}

export async function checkSmtp(smtp: SmtpConfig, timeoutMs = 15_000): Promise<CheckResult> {
  const what = `SMTP ${smtp.host}:${smtp.port}`;
  const transport = nodemailer.createTransport({
    ...smtpOptions(smtp),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
  });
  try {
    await transport.verify();
    return { what, ok: true, message: smtp.user ? `ok: logged in as ${smtp.user}` : 'ok (no login configured)' };
  } catch (error) {
    return { what, ok: false, message: plainly(error, smtp.user) };
  } finally {
    transport.close();
  }
}
