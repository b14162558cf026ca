// A real SMTP server (npm smtp-server) on 127.0.0.1 that hands every accepted message to Dovecot's
// LMTP listener, so mail sent with nodemailer really lands in the Maildir Dovecot serves over IMAP.
// No STARTTLS; AUTH PLAIN/LOGIN is optional but checked against `users` when a client uses it.
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export interface SmtpRelayOptions {
  /** 0 picks a free port. */
  port?: number;
  lmtpPort: number;
  /** Domains delivered locally; anything else is refused as relaying. */
  domains: string[];
  /** address → password. When given, unknown local recipients get 550 and AUTH is checked. */
  users?: Map<string, string>;
}

export interface SmtpRelay {
  port: number;
  stop(): Promise<void>;
}

class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startSmtpRelay(options: SmtpRelayOptions): Promise<SmtpRelay> {
  const domains = new Set(options.domains.map((d) => d.toLowerCase()));
  const lmtp = nodemailer.createTransport({ host: '127.0.0.1', port: options.lmtpPort, lmtp: true, ignoreTLS: true });

  const server = new SMTPServer({
    name: 'relay.example.test',
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      const expected = options.users?.get(String(auth.username).toLowerCase());
      if (options.users && expected !== auth.password) return callback(new SmtpReply(535, 'Authentication failed'));
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      const domain = recipient.split('@')[1] ?? '';
      if (!domains.has(domain)) return callback(new SmtpReply(554, 'Relay access denied'));
      if (options.users && !options.users.has(recipient)) return callback(new SmtpReply(550, 'No such user here'));
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        lmtp
          .sendMail({ envelope: { from, to }, raw: Buffer.concat(chunks) })
          .then(() => callback(null, 'Delivered via LMTP'))
          .catch((error: { responseCode?: number; message: string }) => {
            const code = error.responseCode && error.responseCode >= 400 ? error.responseCode : 451;
            callback(new SmtpReply(code, `LMTP delivery failed: ${error.message}`));
          });
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        lmtp.close();
        server.close(() => resolve());
      }),
  };
}
