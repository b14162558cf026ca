// `chancery check`: logs in to the configured IMAP and SMTP servers and says plainly what failed,
// so a GM setting up real mail learns "authentication failed for judge@example.org" instead of a
// bare "Command failed" in the judge's log hours later.
import type { ImapConfig, SmtpConfig } from '../config/types.js';
import { imapOptions, smtpOptions } from './server-options.js';

export interface CheckResult {
  what: string;
  ok: boolean;
  message: string;
}

/** Which server and key a fix names: "smtp" or "imap" (the config's sections). */
type Section = 'smtp' | 'imap';

/** What went wrong in plain words, and the fix in the config (docs/operation.md). */
export function plainly(error: unknown, login: string | null, section: Section = 'smtp'): string {
  const e = error as { code?: string; responseCode?: number; authenticationFailed?: boolean; message?: string };
  const message = e.message ?? String(error);
  if (e.authenticationFailed || e.code === 'EAUTH' || e.responseCode === 535) {
    return `authentication failed for ${login ?? '(no user configured)'}: check ${section}.user and the password in ${section}.passEnv`;
  }
  const ports =
    section === 'smtp'
      ? 'SMTP listens on 465 with TLS from the start (secure: true) or on 587/25 in plain text switching to ' +
        'STARTTLS (secure: false)'
      : 'IMAP listens on 993 with TLS (secure: true) or on 143 (secure: false)';
  if (e.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message))
    return `connection refused: nothing listens there. Is the server running, and is ${section}.port right? ${ports}`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN' || /ENOTFOUND|EAI_AGAIN/.test(message))
    return `host name not found: check the spelling of ${section}.host (and the machine's DNS)`;
  if (e.code === 'ETIMEDOUT' || e.code === 'ETIMEOUT' || e.code === 'CONN_TIMEOUT')
    return `no answer (timed out): a firewall, or the wrong ${section}.host or ${section}.port`;
  if (/wrong version number|packet length too long|unknown protocol/i.test(message))
    return `TLS and the port do not match: ${section}.secure does not fit the port. ${ports}`;
  if (/self[- ]signed|unable to verify|certificate/i.test(message))
    return (
      `the server's TLS certificate is not trusted (${message}): give the server a certificate from a known ` +
      `authority, or set ${section}.rejectUnauthorized to false (the judge then trusts any certificate)`
    );
  if (/SSL|TLS/i.test(message)) return `TLS problem: ${message}`;
  return message;
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
    return { what, ok: false, message: plainly(error, imap.user, 'imap') };
  }
}

export async function checkSmtp(smtp: SmtpConfig, timeoutMs = 15_000): Promise<CheckResult> {
  const what = `SMTP ${smtp.host}:${smtp.port}`;
  const { default: SMTPConnection } = await import('nodemailer/lib/smtp-connection/index.js');
  const options = smtpOptions(smtp);
  const connection = new SMTPConnection({ ...options, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs });
  connection.on('error', () => undefined);
  try {
    await new Promise<void>((done, fail) => {
      connection.once('error', fail);
      connection.connect(() => done());
    });
    // A server that offers no AUTH (often: only after STARTTLS, or only on the submission port) is not logged in to.
    if (!options.auth) return { what, ok: true, message: 'ok: connected (no login configured)' };
    if (!connection.allowsAuth)
      return {
        what,
        ok: false,
        message:
          `connected, but the server offered no login (AUTH), so ${smtp.user} was not logged in: use the submission ` +
          'port (587, STARTTLS) or 465, or drop smtp.user if the server relays for this machine',
      };
    await new Promise<void>((done, fail) => connection.login(options.auth!, (error) => (error ? fail(error) : done())));
    return { what, ok: true, message: `ok: logged in as ${smtp.user}` };
  } catch (error) {
    return { what, ok: false, message: plainly(error, smtp.user, 'smtp') };
  } finally {
    connection.close();
  }
}
