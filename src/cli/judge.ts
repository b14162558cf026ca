// `chancery init | run | process | status | demo`: running the judge.
import { powerName } from '../core/map/display-names.js';
import type { Command } from 'commander';
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CONFIG_FILE_NAME, loadConfig } from '../config/load.js';
import type { CheckResult } from '../mail/check.js';

// Each command loads what it uses when it runs (the store, the mail judge, the mail servers'
// clients): `chancery --help` or `chancery adjudicate` never pays for SQLite, mailparser or nodemailer.
const store = () => import('../store/database.js');

const DEFAULT_CONFIG = {
  judge: { address: 'judge@chancery.localhost', name: 'Chancery Judge', domain: 'chancery.localhost' },
  database: '.chancery/judge.sqlite',
  mail: { transport: 'directory', directory: '.chancery/mail' },
};

function hostAndPort(value: string, fallbackPort: number): { host: string; port: number } {
  const [host, port] = value.split(':');
  return { host, port: port ? Number(port) : fallbackPort };
}

/** The config `chancery init` writes: the embedded mail directory, or IMAP + SMTP when asked. */
function initialConfig(opts: {
  address?: string;
  imap?: string;
  smtp?: string;
  user?: string;
}): Record<string, unknown> {
  const address = opts.address ?? DEFAULT_CONFIG.judge.address;
  const judge = { address, name: 'Chancery Judge', domain: address.split('@')[1] ?? 'chancery.localhost' };
  if (!opts.imap && !opts.smtp) return { ...DEFAULT_CONFIG, judge };
  if (!opts.imap || !opts.smtp)
    throw new Error('--imap and --smtp go together: the judge reads by one and sends by the other');
  const imap = hostAndPort(opts.imap, 993);
  const smtp = hostAndPort(opts.smtp, 587);
  const user = opts.user ?? address;
  return {
    judge,
    database: DEFAULT_CONFIG.database,
    mail: { transport: 'server', directory: DEFAULT_CONFIG.mail.directory },
    imap: {
      ...imap,
      secure: imap.port === 993,
      user,
      passEnv: 'JUDGE_IMAP_PASSWORD',
      mailbox: 'INBOX',
      processedMailbox: 'Processed',
    },
    smtp: { ...smtp, secure: smtp.port === 465, user, passEnv: 'JUDGE_SMTP_PASSWORD' },
  };
}

interface InitOptions {
  config: string;
  address?: string;
  imap?: string;
  smtp?: string;
  user?: string;
  force?: boolean;
}

/**
 * The environment with stand-ins for the mail passwords: init and status need the database, not the mail
 * servers, and the passwords may not be in this shell's environment (a systemd unit's EnvironmentFile).
 */
function withPasswordPlaceholders(): Record<string, string | undefined> {
  // The environment is read only for passEnv (config/load.ts): any name it gives stands in as "-".
  return new Proxy({ ...process.env }, { get: (env, name: string) => env[name] ?? '-' });
}

export function register(program: Command): void {
  program
    .command('init')
    .description(`write ${CONFIG_FILE_NAME} (if missing) and create the database; docs/operation.md explains every key`)
    .option('-c, --config <file>', 'configuration file', CONFIG_FILE_NAME)
    .option('--address <address>', "the judge's own mail address")
    .option('--imap <host[:port]>', 'read mail by IMAP from this server (993 = TLS) instead of the mail directory')
    .option('--smtp <host[:port]>', 'send mail through this SMTP server (465 = TLS, 587 = STARTTLS)')
    .option('--user <login>', 'login for both servers (default: the judge address)')
    .option('--force', 'replace an existing configuration file with the one these options describe')
    .action(async (opts: InitOptions) => {
      const file = resolve(opts.config);
      // Server options asked for a config this file may not be: never run the old one as if it were.
      const asked = Boolean(opts.imap || opts.smtp || opts.address || opts.user);
      if (existsSync(file) && asked && !opts.force) {
        console.error(
          `${file} exists and was left as it is, so the options given (--imap, --smtp, --address, --user) ` +
            'were NOT applied.\nRun again with --force to replace it, or with -c <new file> to write another one.',
        );
        process.exitCode = 1;
        return;
      }
      if (!existsSync(file) || opts.force) {
        writeFileSync(file, `${JSON.stringify(initialConfig(opts), null, 2)}\n`);
        console.log(`wrote ${file}`);
        if (opts.imap)
          console.log('the passwords are read from the environment: JUDGE_IMAP_PASSWORD and JUDGE_SMTP_PASSWORD');
      } else console.log(`${file} exists; left as it is`);
      const config = loadConfig(file, { env: withPasswordPlaceholders() });
      const { openDatabase } = await store();
      openDatabase(config.database).close();
      console.log(`database ready: ${config.database}`);
      const mail =
        config.mail.transport === 'directory' ? `embedded mail directory ${config.mail.directory}` : 'IMAP + SMTP';
      console.log(`mail: ${mail}`);
      if (config.mail.transport === 'server')
        console.log('next: chancery check -c ' + opts.config + ' (logs in to both servers)');
    });

  program
    .command('check')
    .description('check the configuration: the database opens, and (for IMAP/SMTP) both servers accept the login')
    .option('-c, --config <file>', 'configuration file')
    .action(async (opts: { config?: string }) => {
      const config = loadConfig(opts.config);
      const { openDatabase } = await store();
      const { checkImap, checkSmtp } = await import('../mail/check.js');
      const results: CheckResult[] = [];
      try {
        openDatabase(config.database).close();
        results.push({ what: 'database', ok: true, message: `ok: ${config.database}` });
      } catch (error) {
        results.push({ what: 'database', ok: false, message: `${config.database}: ${(error as Error).message}` });
      }
      if (config.mail.transport === 'server' && config.imap && config.smtp) {
        results.push(await checkImap(config.imap), await checkSmtp(config.smtp));
      } else {
        results.push({
          what: 'mail',
          ok: true,
          message: `embedded mail directory ${config.mail.directory} (no servers to check)`,
        });
      }
      for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.what}: ${r.message}`);
      if (results.some((r) => !r.ok)) process.exitCode = 1;
    });

  program
    .command('run')
    .description('run the judge: read mail, process deadlines, send mail (until Ctrl-C)')
    .option('-c, --config <file>', 'configuration file')
    .option('--tick <seconds>', 'how often deadlines are checked', '30')
    .action(async (opts: { config?: string; tick: string }) => {
      (await import('../render/map/draw-pool.js')).keepHeapSmall();
      const config = loadConfig(opts.config);
      const { openDatabase } = await store();
      const { acquireRunLock } = await import('../store/run-lock.js');
      const { startDaemon } = await import('../judge/daemon.js');
      const lock = acquireRunLock(config.database);
      const db = openDatabase(config.database);
      const daemon = startDaemon(db, config, { tickMs: Math.max(1, Number(opts.tick)) * 1000 });
      const where = config.mail.transport === 'directory' ? config.mail.directory : 'IMAP/SMTP';
      // The web site (web.port) reads the same database on its own read-only connection.
      const site = config.web.port === null ? null : await (await import('./web.js')).startSite(config);
      const stopped = new Promise<void>((done) => {
        // The mail being taken in finishes (it is one transaction), the outbox finishes its current
        // delivery, then the database closes and the lock goes.
        const stop = (signal: string) => {
          console.log(`${signal}: stopping after the current mail`);
          Promise.all([daemon.stop(), site?.close()]).finally(() => {
            db.close();
            lock.release();
            console.log('stopped');
            done();
          });
        };
        process.once('SIGINT', () => stop('SIGINT'));
        process.once('SIGTERM', () => stop('SIGTERM'));
      });
      // Said once the signals are heard: a supervisor that stops the judge as soon as it reads this line
      // gets a clean stop, never the default end of a process killed by a signal.
      console.log(
        `chancery judge ${config.judge.address} running (pid ${process.pid}, ${where}); Ctrl-C or SIGTERM stops it`,
      );
      if (site) console.log(`web site: ${site.url}/`);
      await stopped;
    });

  program
    .command('process <game> [phase]')
    .description('process the current phase now, defaulting missing orders (like PROCESS!)')
    .option('-c, --config <file>', 'configuration file')
    .action(async (name: string, phase: string | undefined, opts: { config?: string }) => {
      const config = loadConfig(opts.config);
      const { openDatabase } = await store();
      const { processFromCli } = await import('../judge/daemon.js');
      const { createMailService, judgeIdentity } = await import('../mail/service.js');
      const { handleMail } = await import('../judge/handler.js');
      const db = openDatabase(config.database);
      try {
        const outcome = processFromCli(db, judgeIdentity(config), name, phase);
        if (!outcome.processed) throw new Error(`nothing processed: ${outcome.reason}`);
        console.log(`${name} ${outcome.phase} processed; ${outcome.mails.length} mail(s) queued`);
        const service = createMailService(db, handleMail, config);
        const sent = await service.outbox.runOnce();
        console.log(`sent ${sent.sent}, retrying ${sent.retrying}, failed ${sent.failed}`);
        await service.stop();
      } finally {
        db.close();
      }
    });

  program
    .command('status [game]')
    .description('list the games, or show one game: phase, deadline, missing and partial orders, powers nobody plays')
    .option('-c, --config <file>', 'configuration file')
    .action(async (name: string | undefined, opts: { config?: string }) => {
      const config = loadConfig(opts.config, { env: withPasswordPlaceholders() });
      const { openDatabase } = await store();
      const { findGameByName, listGames } = await import('../store/games.js');
      const { currentPhase } = await import('../store/phases.js');
      const { listSeats } = await import('../store/players.js');
      const { gameWaitsFor } = await import('../judge/game-waits.js');
      const { lateness, ordersProgressText } = await import('../judge/progress.js');
      const { seatStateWord } = await import('../judge/commands/roster-report.js');
      const { variantOf } = await import('../judge/variants.js');
      const db = openDatabase(config.database);
      try {
        const games = name ? [findGameByName(db, name)] : listGames(db);
        if (name && !games[0]) throw new Error(`no game called ${name}`);
        for (const game of games) {
          if (!game) continue;
          const record = currentPhase(db, game.id);
          const phase = record && !record.result ? record.phase : '';
          const columns = [game.name.padEnd(20), game.variant.padEnd(12), game.status.padEnd(10), phase.padEnd(8)];
          console.log(`${columns.join(' ')} ${gameWaitsFor(db, game)}`);
          if (!name) continue;
          const seats = listSeats(db, game.id);
          const players = seats.filter((s) => s.role === 'player').length;
          console.log(`  players ${players}, observers/monitors ${seats.length - players}`);
          // Powers nobody plays now: the judgekeeper sees at once which need a player or the GM.
          const variant = variantOf(game.variant);
          const unplayed = seats
            .filter((x) => x.role === 'player' && x.power && x.status !== 'active')
            .map((x) => `${powerName(variant, x.power!)} (${seatStateWord(x.status)})`);
          if (unplayed.length) console.log(`  not played: ${unplayed.join(', ')}`);
          if (record && phase && game.status === 'active') {
            const waiting = lateness(db, game, record).waiting.join(', ') || 'nobody';
            console.log(`  orders: ${ordersProgressText(db, game, record)}; waiting: ${waiting}`);
          }
        }
        if (!games.length) console.log('no games yet');
      } finally {
        db.close();
      }
    });

  program
    .command('demo')
    .description('a whole first turn by mail on the embedded mail directory (no servers needed)')
    .option('-d, --dir <folder>', 'where to put the demo (replaced if it exists)', '.chancery-demo')
    .action(async (opts: { dir: string }) => {
      const { runDemo } = await import('../judge/demo.js');
      const report = await runDemo(opts.dir);
      console.log(report.transcript.join('\n'));
      console.log(`\n===== The results mail ${report.player} (${report.power}) received =====\n`);
      console.log(report.results);
      console.log(`Every mail is a file under ${report.root}:`);
      console.log(`  inbox/ processed/   mail sent to the judge`);
      console.log(`  outbox/<address>/   mail the judge sent, one folder per recipient`);
      console.log(`Read them with: chancery mail list ${report.player} --dir ${report.root}`);
    });
}
