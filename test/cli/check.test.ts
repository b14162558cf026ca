// Issue 11.7: `chancery init --imap … --smtp …` writes a working IMAP/SMTP config, and `chancery
// check` logs in to both servers and says plainly what failed. Local servers on loopback: an SMTP
// server (smtp-server) that knows one password, and a minimal IMAP server that refuses every login.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { spawnChancery } from './run.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir = '';
let smtp: SMTPServer;
let imap: Server;
let smtpPort = 0;
let imapPort = 0;

function chancery(args: string[], env: Record<string, string> = {}) {
  return spawnChancery(dir, args, env);
}

/** Speaks just enough IMAP for a client to try LOGIN / AUTHENTICATE PLAIN, and says NO to it. */
function refusingImap(): Server {
  return createServer((socket) => {
    socket.write('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] test server ready\r\n');
    let buffer = '';
    let pendingTag: string | null = null;
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (pendingTag) {
          socket.write(`${pendingTag} NO [AUTHENTICATIONFAILED] Authentication failed.\r\n`);
          pendingTag = null;
          continue;
        }
        const [tag, command = ''] = line.split(' ');
        const verb = command.toUpperCase();
        if (verb === 'CAPABILITY') socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n${tag} OK done\r\n`);
        else if (verb === 'AUTHENTICATE' && !/AUTHENTICATE \S+ \S+/i.test(line)) {
          pendingTag = tag;
          socket.write('+ \r\n');
        } else if (verb === 'LOGIN' || verb === 'AUTHENTICATE')
          socket.write(`${tag} NO [AUTHENTICATIONFAILED] Authentication failed.\r\n`);
        else if (verb === 'LOGOUT') socket.end(`* BYE\r\n${tag} OK bye\r\n`);
        else socket.write(`${tag} BAD unknown\r\n`);
      }
    });
    socket.on('error', () => undefined);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chancery-check-'));
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'judge@example.test' && auth.password === 'right-pass')
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    logger: false,
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  imap = refusingImap();
  await new Promise<void>((resolve) => imap.listen(0, '127.0.0.1', () => resolve()));
  imapPort = (imap.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => imap.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('chancery init and check for real mail', { timeout: 60_000 }, () => {
  it('init writes an IMAP/SMTP config whose passwords come from the environment', async () => {
    const init = await chancery([
      'init',
      '--address',
      'judge@example.test',
      '--imap',
      `127.0.0.1:${imapPort}`,
      '--smtp',
      `127.0.0.1:${smtpPort}`,
    ]);
    expect(init.code, init.output).toBe(0);
    expect(init.output).toContain('JUDGE_IMAP_PASSWORD');
    const written = JSON.parse(readFileSync(join(dir, 'judge.config.json'), 'utf8'));
    expect(written.mail.transport).toBe('server');
    expect(written.imap).toMatchObject({
      host: '127.0.0.1',
      port: imapPort,
      user: 'judge@example.test',
      passEnv: 'JUDGE_IMAP_PASSWORD',
    });
    expect(written.smtp).toMatchObject({ host: '127.0.0.1', port: smtpPort, passEnv: 'JUDGE_SMTP_PASSWORD' });
  });

  it('check names the server and the login that failed, and exits non-zero', async () => {
    const check = await chancery(['check'], { JUDGE_IMAP_PASSWORD: 'whatever', JUDGE_SMTP_PASSWORD: 'wrong-pass' });
    expect(check.code).toBe(1);
    expect(check.output).toContain(`FAIL IMAP 127.0.0.1:${imapPort}: authentication failed for judge@example.test`);
    expect(check.output).toContain(`FAIL SMTP 127.0.0.1:${smtpPort}: authentication failed for judge@example.test`);
    expect(check.output).toMatch(/ok\s+database/);
  });

  it('check says ok for the server that accepts the login', async () => {
    const check = await chancery(['check'], { JUDGE_IMAP_PASSWORD: 'whatever', JUDGE_SMTP_PASSWORD: 'right-pass' });
    expect(check.output).toContain(`ok   SMTP 127.0.0.1:${smtpPort}: ok: logged in as judge@example.test`);
  });

  it('a config file without a database is refused', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'nodb.json'), JSON.stringify({ mail: { transport: 'directory' } }));
    const run = await chancery(['check', '-c', 'nodb.json']);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('database');
    expect(run.output).toContain('required');
  });
});
