// Reads and validates judge.config.json at start-up. Every problem is reported at once, each naming
// the key and what was expected, e.g. `smtp.port: expected an integer from 1 to 65535, got "25x"`.
// Relative paths are resolved against the config file's folder. Passwords may be given indirectly
// (`passEnv: "CHANCERY_SMTP_PASS"`) so that no secret has to live in the file.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigProblems } from './checks.js';
import type { ImapConfig, JudgeConfig, SmtpConfig } from './types.js';

export class ConfigError extends Error {
  readonly code = 'ECONFIG';
  constructor(
    readonly file: string | null,
    readonly problems: string[],
  ) {
    super(`${file ?? 'configuration'}: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

export const CONFIG_FILE_NAME = 'judge.config.json';

const ADDRESS = { test: /^[^\s@<>]+@[^\s@<>]+$/, expected: 'an e-mail address like judge@example.org' };
const DOMAIN = { test: /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/, expected: 'a domain name like example.org' };

export interface LoadOptions {
  /** Environment for `passEnv` lookups. Default process.env. */
  env?: Record<string, string | undefined>;
}

/**
 * Loads the config file at `path` (default: ./judge.config.json). When no path is given and the
 * default file does not exist, the built-in defaults (embedded transport under ./.chancery) are used.
 */
export function loadConfig(path?: string, options: LoadOptions = {}): JudgeConfig {
  const file = resolve(path ?? CONFIG_FILE_NAME);
  if (!existsSync(file)) {
    if (path !== undefined) throw new ConfigError(file, ['file not found']);
    return parseConfig({}, { baseDir: process.cwd(), source: null, env: options.env });
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  return parseConfig(json, { baseDir: dirname(file), source: file, env: options.env });
}

/** Validates an already parsed config object. Throws ConfigError listing every problem. */
export function parseConfig(
  json: unknown,
  context: { baseDir: string; source: string | null; env?: Record<string, string | undefined> },
): JudgeConfig {
  const problems = new ConfigProblems();
  const env = context.env ?? process.env;
  const top = problems.object('', json, ['$schema', 'judge', 'database', 'mail', 'imap', 'smtp', 'web']) ?? {};

  const judgeRaw = problems.object('judge', top.judge, ['address', 'name', 'domain']) ?? {};
  const address = problems.string('judge.address', judgeRaw.address, 'judge@chancery.localhost', ADDRESS);
  const judge = {
    address,
    name: problems.string('judge.name', judgeRaw.name, 'Chancery Judge'),
    domain: problems.string('judge.domain', judgeRaw.domain, address.split('@')[1] ?? 'chancery.localhost', DOMAIN),
  };

  // A configuration file must name its database: a missing key would otherwise start the judge on a
  // new, empty one, and players would find their games gone. Only the built-in default has one.
  if (context.source !== null && top.database === undefined) {
    problems.add('database', 'required: the path of the judge\'s SQLite database (e.g. "data/judge.sqlite")');
  }
  const database = resolve(context.baseDir, problems.string('database', top.database, '.chancery/judge.sqlite'));

  const mailRaw =
    problems.object('mail', top.mail, [
      'transport',
      'directory',
      'maxBytes',
      'rateLimit',
      'retry',
      'outboxPollMs',
      'inboxPollMs',
      'trustedAuthServIds',
      'keepProcessedDays',
    ]) ?? {};
  const transport = problems.choice('mail.transport', mailRaw.transport, 'directory', ['directory', 'server'] as const);
  const mail: JudgeConfig['mail'] = {
    transport,
    directory: resolve(context.baseDir, problems.string('mail.directory', mailRaw.directory, '.chancery/mail')),
    maxBytes: problems.integer('mail.maxBytes', mailRaw.maxBytes, 1024 * 1024, 1024),
    rateLimit: rateLimitOf(problems, mailRaw.rateLimit),
    retry: retryOf(problems, mailRaw.retry),
    outboxPollMs: problems.integer('mail.outboxPollMs', mailRaw.outboxPollMs, 5000, 10),
    inboxPollMs: problems.integer('mail.inboxPollMs', mailRaw.inboxPollMs, 1000, 10),
    trustedAuthServIds: authServIdsOf(problems, mailRaw.trustedAuthServIds),
    keepProcessedDays: problems.integer('mail.keepProcessedDays', mailRaw.keepProcessedDays, 7, 0),
  };

  const imap = top.imap === undefined || top.imap === null ? null : imapOf(problems, top.imap, env);
  const smtp = top.smtp === undefined || top.smtp === null ? null : smtpOf(problems, top.smtp, env);
  if (transport === 'server') {
    if (!imap) problems.add('imap', 'required when mail.transport is "server"');
    if (!smtp) problems.add('smtp', 'required when mail.transport is "server"');
  }

  const web = webOf(problems, top.web);
  if (problems.list.length > 0) throw new ConfigError(context.source, problems.list);
  return { source: context.source, judge, database, mail, imap, smtp, web };
}

const BASE_URL = { test: /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, expected: 'an address like https://judge.example.org' };

function webOf(problems: ConfigProblems, value: unknown): JudgeConfig['web'] {
  const raw = problems.object('web', value, ['host', 'port', 'baseUrl']) ?? {};
  return {
    host: problems.string('web.host', raw.host, '127.0.0.1'),
    port: raw.port === undefined || raw.port === null ? null : problems.integer('web.port', raw.port, 8080, 0, 65535),
    baseUrl:
      raw.baseUrl === undefined || raw.baseUrl === null
        ? null
        : problems.string('web.baseUrl', raw.baseUrl, '', BASE_URL).replace(/\/+$/, '') || null,
  };
}

function authServIdsOf(problems: ConfigProblems, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || !/^[\w.-]+$/.test(id))) {
    problems.add('mail.trustedAuthServIds', 'must be a list of host names, e.g. ["mx.example.org"]');
    return [];
  }
  return value as string[];
}

function rateLimitOf(problems: ConfigProblems, value: unknown): JudgeConfig['mail']['rateLimit'] {
  if (value === false) return false;
  const raw = problems.object('mail.rateLimit', value, ['burst', 'perHour']) ?? {};
  return {
    burst: problems.integer('mail.rateLimit.burst', raw.burst, 20, 1),
    perHour: problems.integer('mail.rateLimit.perHour', raw.perHour, 60, 1),
  };
}

function retryOf(problems: ConfigProblems, value: unknown): JudgeConfig['mail']['retry'] {
  const raw = problems.object('mail.retry', value, ['baseDelayMs', 'maxDelayMs', 'maxAttempts']) ?? {};
  const retry = {
    baseDelayMs: problems.integer('mail.retry.baseDelayMs', raw.baseDelayMs, 30_000, 0),
    maxDelayMs: problems.integer('mail.retry.maxDelayMs', raw.maxDelayMs, 3_600_000, 0),
    maxAttempts: problems.integer('mail.retry.maxAttempts', raw.maxAttempts, 12, 1),
  };
  if (retry.maxDelayMs < retry.baseDelayMs) {
    problems.add(
      'mail.retry.maxDelayMs',
      `expected at least baseDelayMs (${retry.baseDelayMs}), got ${retry.maxDelayMs}`,
    );
  }
  return retry;
}

function password(
  problems: ConfigProblems,
  section: string,
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
): string | null {
  if (raw.pass !== undefined && raw.passEnv !== undefined) {
    problems.add(`${section}.pass`, 'give either pass or passEnv, not both');
    return null;
  }
  if (raw.passEnv !== undefined) {
    const name = problems.string(`${section}.passEnv`, raw.passEnv, '');
    if (!name) return null;
    const value = env[name];
    if (value === undefined) problems.add(`${section}.passEnv`, `environment variable ${name} is not set`);
    return value ?? null;
  }
  if (raw.pass === undefined) return null;
  return problems.string(`${section}.pass`, raw.pass, '') || null;
}

const IMAP_KEYS = [
  'host',
  'port',
  'secure',
  'user',
  'pass',
  'passEnv',
  'mailbox',
  'processedMailbox',
  'quarantineMailbox',
  'pollIntervalMs',
  'rejectUnauthorized',
];

function imapOf(problems: ConfigProblems, value: unknown, env: Record<string, string | undefined>): ImapConfig | null {
  const raw = problems.object('imap', value, IMAP_KEYS);
  if (!raw) return null;
  if (raw.host === undefined) problems.add('imap.host', 'required');
  if (raw.user === undefined) problems.add('imap.user', 'required');
  const secure = problems.boolean('imap.secure', raw.secure, false);
  const pass = password(problems, 'imap', raw, env);
  if (pass === null && raw.pass === undefined && raw.passEnv === undefined)
    problems.add('imap.pass', 'required (or passEnv)');
  return {
    host: problems.string('imap.host', raw.host, 'localhost'),
    port: problems.integer('imap.port', raw.port, secure ? 993 : 143, 1, 65535),
    secure,
    user: problems.string('imap.user', raw.user, ''),
    pass: pass ?? '',
    mailbox: problems.string('imap.mailbox', raw.mailbox, 'INBOX'),
    processedMailbox:
      raw.processedMailbox === null ? null : problems.string('imap.processedMailbox', raw.processedMailbox, '') || null,
    quarantineMailbox: problems.string('imap.quarantineMailbox', raw.quarantineMailbox, 'Quarantine') || 'Quarantine',
    pollIntervalMs: problems.integer('imap.pollIntervalMs', raw.pollIntervalMs, 60_000, 100),
    rejectUnauthorized: problems.boolean('imap.rejectUnauthorized', raw.rejectUnauthorized, true),
  };
}

const SMTP_KEYS = ['host', 'port', 'secure', 'ignoreTLS', 'user', 'pass', 'passEnv', 'rejectUnauthorized'];

function smtpOf(problems: ConfigProblems, value: unknown, env: Record<string, string | undefined>): SmtpConfig | null {
  const raw = problems.object('smtp', value, SMTP_KEYS);
  if (!raw) return null;
  if (raw.host === undefined) problems.add('smtp.host', 'required');
  const secure = problems.boolean('smtp.secure', raw.secure, false);
  const user = raw.user === undefined ? null : problems.string('smtp.user', raw.user, '') || null;
  const pass = password(problems, 'smtp', raw, env);
  if ((user === null) !== (pass === null))
    problems.add(user ? 'smtp.pass' : 'smtp.user', 'user and pass go together (both or neither)');
  return {
    host: problems.string('smtp.host', raw.host, 'localhost'),
    port: problems.integer('smtp.port', raw.port, secure ? 465 : 587, 1, 65535),
    secure,
    ignoreTLS: problems.boolean('smtp.ignoreTLS', raw.ignoreTLS, false),
    user,
    pass,
    rejectUnauthorized: problems.boolean('smtp.rejectUnauthorized', raw.rejectUnauthorized, true),
  };
}
