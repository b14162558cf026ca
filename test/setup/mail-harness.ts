// Real mail servers for tests: a private rootless Dovecot (IMAP + LMTP) on free loopback ports and
// the in-process SMTP relay in front of it. Needs test/setup/ensure-mail-deps.sh to have run.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSmtpRelay, type SmtpRelay } from './smtp-relay.js';

const run = promisify(execFile);
const SETUP_DIR = dirname(fileURLToPath(import.meta.url));

export interface MailUser {
  address: string;
  password: string;
}

export interface MailServerInfo {
  host: string;
  imapPort: number;
  smtpPort: number;
  lmtpPort: number;
  domain: string;
  users: MailUser[];
  /** Dovecot master PID; its process group holds every Dovecot process of this instance. */
  dovecotPid: number;
  dir: string;
}

export interface MailServer extends MailServerInfo {
  stop(options?: { grace?: number }): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startMailServer(options: { users: MailUser[]; domain?: string }): Promise<MailServer> {
  const domain = options.domain ?? 'example.test';
  // Directly under the temp dir: when root runs Dovecot as nobody, every parent must be searchable.
  const dir = mkdtempSync(join(tmpdir(), 'chancery-mail-'));
  chmodSync(dir, 0o755);
  const [imapPort, lmtpPort] = [await freePort(), await freePort()];
  const env = { ...process.env, MAIL_USERS: options.users.map((u) => `${u.address}:${u.password}`).join(' ') };
  let dovecotPid: number;
  try {
    const { stdout } = await run('bash', [join(SETUP_DIR, 'dovecot-up.sh'), dir, String(imapPort), String(lmtpPort)], {
      env,
    });
    dovecotPid = Number(stdout.trim());
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let relay: SmtpRelay;
  try {
    relay = await startSmtpRelay({
      lmtpPort,
      domains: [domain],
      users: new Map(options.users.map((u) => [u.address.toLowerCase(), u.password])),
    });
  } catch (error) {
    await run('bash', [join(SETUP_DIR, 'dovecot-down.sh'), dir, '0']);
    throw error;
  }
  return {
    host: '127.0.0.1',
    imapPort,
    smtpPort: relay.port,
    lmtpPort,
    domain,
    users: options.users,
    dovecotPid,
    dir,
    async stop({ grace = 0 } = {}) {
      await relay.stop();
      await run('bash', [join(SETUP_DIR, 'dovecot-down.sh'), dir, String(grace)]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Kills the Dovecot imap processes serving `user`, as a server crash or network cut would end the
 * session. Relies on verbose_proctitle ("dovecot/imap [user ip state]") from dovecot-up.sh.
 * Only processes of this Dovecot instance (its process group) are touched. Returns how many.
 */
export function killImapSessions(info: Pick<MailServerInfo, 'dovecotPid'>, user: string): number {
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgid !== info.dovecotPid) continue;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (/\bimap\b/.test(title) && !title.includes('imap-login') && title.includes(`[${user} `)) {
        process.kill(Number(entry), 'SIGKILL');
        killed++;
      }
    } catch {
      // the process ended while we looked
    }
  }
  return killed;
}
