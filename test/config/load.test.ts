import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from '../../src/config/load.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function problemsOf(json: unknown, env: Record<string, string> = {}): string[] {
  try {
    parseConfig(json, { baseDir: '/srv/judge', source: null, env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('judge configuration', () => {
  it('loads the repository default: embedded mail directory and database under .chancery', () => {
    const config = loadConfig(resolve('judge.config.json'));
    expect(config.mail.transport).toBe('directory');
    expect(config.database).toBe(resolve('.chancery/judge.sqlite'));
    expect(config.mail.directory).toBe(resolve('.chancery/mail'));
    expect(config.imap).toBeNull();
    expect(config.judge.address).toMatch(/@/);
  });

  it('fills defaults for an empty file and resolves paths against its folder', () => {
    const config = parseConfig({}, { baseDir: '/srv/judge', source: null });
    expect(config).toMatchObject({
      database: '/srv/judge/.chancery/judge.sqlite',
      judge: { address: 'judge@chancery.localhost', domain: 'chancery.localhost' },
      mail: { transport: 'directory', rateLimit: { burst: 20, perHour: 60 }, retry: { maxAttempts: 12 } },
    });
  });

  it('reads a server setup with the password taken from the environment', () => {
    const config = parseConfig(
      {
        judge: { address: 'judge@dip.example.org' },
        mail: { transport: 'server', rateLimit: false },
        imap: { host: 'imap.example.org', user: 'judge', passEnv: 'IMAP_PW', processedMailbox: 'Processed' },
        smtp: { host: 'smtp.example.org', port: 587, user: 'judge', passEnv: 'IMAP_PW' },
      },
      { baseDir: '/srv', source: null, env: { IMAP_PW: 'secret' } },
    );
    expect(config.judge.domain).toBe('dip.example.org');
    expect(config.mail.rateLimit).toBe(false);
    expect(config.imap).toMatchObject({ port: 143, pass: 'secret', mailbox: 'INBOX', processedMailbox: 'Processed' });
    expect(config.smtp).toMatchObject({ port: 587, user: 'judge', pass: 'secret' });
  });

  it('names every wrong key with what was expected, all at once', () => {
    expect(
      problemsOf({
        judge: { adress: 'x' },
        mail: { transport: 'pigeon', maxBytes: '1MB', rateLimit: { burst: 0 } },
        smtp: { host: 'h', port: 70000, secure: 'yes', user: 'u' },
        web: { port: 'eighty', baseUrl: 'judge.example.org' },
        extra: 1,
      }),
    ).toEqual([
      'extra: unknown key; expected one of $schema, judge, database, mail, imap, smtp, web',
      'judge.adress: unknown key (did you mean "address"?); expected one of address, name, domain',
      'mail.transport: expected one of "directory", "server", got "pigeon"',
      'mail.maxBytes: expected an integer from 1024 to 9007199254740991, got "1MB"',
      'mail.rateLimit.burst: expected an integer from 1 to 9007199254740991, got number 0',
      'smtp.secure: expected true or false, got "yes"',
      'smtp.pass: user and pass go together (both or neither)',
      'smtp.port: expected an integer from 1 to 65535, got number 70000',
      'web.port: expected an integer from 0 to 65535, got "eighty"',
      'web.baseUrl: expected an address like https://judge.example.org, got "judge.example.org"',
    ]);
  });

  it('reads the web site keys (issue 22.1): none by default, a port, a host and a public address', () => {
    const base = { baseDir: '/srv', source: null };
    expect(parseConfig({}, base).web).toEqual({ host: '127.0.0.1', port: null, baseUrl: null });
    const web = { host: '0.0.0.0', port: 8080, baseUrl: 'https://judge.example.org/dip/' };
    expect(parseConfig({ web }, base).web).toEqual({ ...web, baseUrl: 'https://judge.example.org/dip' });
  });

  it('requires imap and smtp for the server transport, and a set passEnv variable', () => {
    expect(problemsOf({ mail: { transport: 'server' } })).toEqual([
      'imap: required when mail.transport is "server"',
      'smtp: required when mail.transport is "server"',
    ]);
    expect(problemsOf({ imap: { host: 'h', user: 'u', passEnv: 'NOPE' } })).toEqual([
      'imap.passEnv: environment variable NOPE is not set',
    ]);
    expect(problemsOf({ judge: { address: 'not an address' } })).toEqual([
      'judge.address: expected an e-mail address like judge@example.org, got "not an address"',
    ]);
  });

  it('reports a missing file and bad JSON with the file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chancery-config-'));
    dirs.push(dir);
    expect(() => loadConfig(join(dir, 'absent.json'))).toThrow(/absent\.json: 1 problem\(s\):\n {2}file not found/);
    writeFileSync(join(dir, 'bad.json'), '{ "judge": ');
    expect(() => loadConfig(join(dir, 'bad.json'))).toThrow(/bad\.json: .*not valid JSON/s);
  });
});
