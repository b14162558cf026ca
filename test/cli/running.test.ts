// Issue 19 items 25 and 26: running the judge as docs/operation.md says. `init` with server options
// never leaves an old config in place silently; `check` words every SMTP failure plainly with its fix and
// claims a login only when there was one; a running judge logs "authentication failed" for a wrong IMAP
// password and the phases a GM's mail processed; `status` needs no mail password. Loopback servers only.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { spawnChancery } from './run.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { startDaemon } from '../../src/judge/daemon.js';
import { createWorld, JUDGE, type World } from '../judge/world.js';
import { GM, master, startStandardGame } from '../judge/table.js';

const SLOW = { timeout: 90_000 };
let dir = '';
const servers: { close(done: () => void): void }[] = [];

function chancery(args: string[], env: Record<string, string> = {}) {
  return spawnChancery(dir, args, env);
}

async function listening(server: SMTPServer): Promise<number> {
  // A client that drops the TLS handshake (the untrusted certificate) is the point of a case, not a fault.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  servers.push(server);
  return (server.server.address() as AddressInfo).port;
}

const plainSmtp = (options: Partial<ConstructorParameters<typeof SMTPServer>[0]> = {}) =>
  new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _s, done) => done(null, { user: auth.username }),
    logger: false,
    ...options,
  });

/** A port nothing listens on: one a server had a moment ago. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A config file for `check` with this SMTP server (the IMAP part points at a closed port). */
function smtpConfig(name: string, smtp: Record<string, unknown>, imapPort: number): string {
  const file = join(dir, name);
  const imap = { host: '127.0.0.1', port: imapPort, secure: false, user: 'judge@example.test', pass: 'x' };
  const config = {
    judge: { address: 'judge@example.test', domain: 'example.test' },
    database: 'judge.sqlite',
    mail: { transport: 'server' },
    imap,
    smtp: { host: '127.0.0.1', user: 'judge@example.test', pass: 'x', ...smtp },
  };
  writeFileSync(file, JSON.stringify(config));
  return name;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chancery-running-'));
});

afterAll(async () => {
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('chancery init with a config already there (issue 19.25)', SLOW, () => {
  it('refuses server options loudly (exit 1, naming --force and -c); --force writes the server config', async () => {
    expect((await chancery(['init'])).code).toBe(0);
    const before = readFileSync(join(dir, 'judge.config.json'), 'utf8');
    const args = [
      'init',
      '--address',
      'judge@example.test',
      '--imap',
      'mail.example.test',
      '--smtp',
      'mail.example.test',
    ];
    const refused = await chancery(args);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('were NOT applied');
    expect(refused.output).toContain('--force');
    expect(refused.output).toContain('-c <new file>');
    expect(readFileSync(join(dir, 'judge.config.json'), 'utf8')).toBe(before);
    // Plain init on an existing file still leaves it as it is, and succeeds.
    expect((await chancery(['init'])).output).toContain('exists; left as it is');
    const forced = await chancery([...args, '--force']);
    expect(forced.code, forced.output).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 'judge.config.json'), 'utf8'));
    expect(written.mail.transport).toBe('server');
    expect(written.imap).toMatchObject({ host: 'mail.example.test', port: 993 });
  });

  it('status needs no mail password in the environment', async () => {
    const status = await chancery(['status'], { JUDGE_IMAP_PASSWORD: '', JUDGE_SMTP_PASSWORD: '' });
    const unset = await chancery(['status'], {});
    expect(unset.output).not.toContain('is not set');
    expect(unset.code, unset.output).toBe(0);
    expect(status.code).toBe(0);
    expect(unset.output).toContain('no games yet');
  });
});

describe('chancery check words SMTP failures plainly, with the fix (issue 19.26)', SLOW, () => {
  it('host not found, connection refused, TLS on a plain port, a self-signed certificate, no AUTH offered', async () => {
    const imapPort = await closedPort();
    const plainPort = await listening(plainSmtp());
    const selfSignedPort = await listening(plainSmtp({ secure: true, disabledCommands: [] }));
    const noAuthPort = await listening(plainSmtp({ disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true }));
    const refusedPort = await closedPort();
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'nohost.json',
        { host: 'no-such-host.invalid', port: 587 },
        /host name not found: check the spelling of smtp\.host/,
      ],
      ['refused.json', { port: refusedPort }, /connection refused: nothing listens there.*smtp\.port.*465/],
      ['tls.json', { port: plainPort, secure: true }, /TLS and the port do not match: smtp\.secure/],
      ['self.json', { port: selfSignedPort, secure: true }, /not trusted .*smtp\.rejectUnauthorized to false/],
      ['noauth.json', { port: noAuthPort }, /offered no login \(AUTH\), so judge@example\.test was not logged in/],
    ];
    for (const [name, smtp, expected] of cases) {
      const check = await chancery(['check', '-c', smtpConfig(name, smtp, imapPort)]);
      const line = check.output.split('\n').find((l) => l.includes('SMTP 127.0.0.1') || l.includes('SMTP no-such'));
      expect(line, `${name}: ${check.output}`).toMatch(expected);
      expect(line).toMatch(/^FAIL/);
      expect(check.output).not.toContain('ok: logged in');
      expect(check.code).toBe(1);
    }
    // The IMAP server nobody runs is worded the same way.
    const check = await chancery(['check', '-c', 'refused.json']);
    expect(check.output).toMatch(/FAIL IMAP 127\.0\.0\.1:\d+: connection refused: .*imap\.port/);
    // The self-signed server is accepted once the config says so, and the login is real.
    const trusted = smtpConfig(
      'trusted.json',
      { port: selfSignedPort, secure: true, rejectUnauthorized: false },
      imapPort,
    );
    expect((await chancery(['check', '-c', trusted])).output).toContain(
      `ok   SMTP 127.0.0.1:${selfSignedPort}: ok: logged in as judge@example.test`,
    );
  });
});

describe('the running judge’s log (issue 19.26)', SLOW, () => {
  let world: World | null = null;
  afterEach(() => world?.close());

  /** Speaks just enough IMAP to refuse every login, as a server does for a wrong password. */
  function refusingImap(): Server {
    return createServer((socket) => {
      socket.write('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] ready\r\n');
      socket.on('data', (chunk) => {
        for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
          const [tag, verb = ''] = line.split(' ');
          if (/^CAPABILITY$/i.test(verb)) socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n${tag} OK done\r\n`);
          else if (/^(LOGIN|AUTHENTICATE)$/i.test(verb))
            socket.write(`${tag} NO [AUTHENTICATIONFAILED] Authentication failed.\r\n`);
          else if (/^LOGOUT$/i.test(verb)) socket.end(`* BYE\r\n${tag} OK bye\r\n`);
          else socket.write(`${tag} BAD unknown\r\n`);
        }
      });
      socket.on('error', () => undefined);
    });
  }

  async function until(lines: string[], test: (line: string) => boolean, ms = 30_000): Promise<string> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const found = lines.find(test);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`not logged: ${lines.join('\n')}`);
  }

  it('a wrong IMAP password is logged as "authentication failed", not "Command failed"', async () => {
    const imap = refusingImap();
    await new Promise<void>((resolve) => imap.listen(0, '127.0.0.1', () => resolve()));
    servers.push(imap);
    const smtpPort = await listening(plainSmtp());
    const config = parseConfig(
      {
        judge: { address: 'judge@example.test', domain: 'example.test' },
        database: join(dir, 'daemon.sqlite'),
        mail: { transport: 'server' },
        imap: {
          host: '127.0.0.1',
          port: (imap.address() as AddressInfo).port,
          secure: false,
          user: 'judge@example.test',
          pass: 'wrong',
        },
        smtp: { host: '127.0.0.1', port: smtpPort, user: 'judge@example.test', pass: 'x' },
      },
      { baseDir: dir, source: null },
    );
    world = createWorld();
    const lines: string[] = [];
    const daemon = startDaemon(world.db, config, { tickMs: 60_000, log: (l) => lines.push(l) });
    try {
      const line = await until(lines, (l) => l.startsWith('mail intake:'));
      expect(line).toContain('authentication failed for judge@example.test');
      expect(lines.join('\n')).not.toContain('Command failed');
    } finally {
      await daemon.stop();
    }
  });

  it("logs the phase a GM's PROCESS mail processed", async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'logged');
    const config = parseConfig(
      {
        judge: { address: JUDGE.address, domain: JUDGE.domain },
        database: join(w.root, 'judge.sqlite'),
        mail: { transport: 'directory', directory: w.root },
      },
      { baseDir: w.root, source: null },
    );
    const lines: string[] = [];
    const daemon = startDaemon(w.db, config, { tickMs: 60_000, log: (l) => lines.push(l) });
    try {
      await w.hand.send(GM, 'orders', `${master('logged')}\nPROCESS!`);
      expect(await until(lines, (l) => l.startsWith('processed logged'))).toBe(
        `processed logged S1901M (by the mail from ${GM})`,
      );
    } finally {
      await daemon.stop();
    }
  });
});
