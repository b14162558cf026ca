// `chancery init | run | process | status | demo`: running the judge.
import type { Command } from 'commander';
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CONFIG_FILE_NAME, loadConfig } from '../config/load.js';
import { startDaemon, processFromCli } from '../judge/daemon.js';
import { runDemo } from '../judge/demo.js';
import { deadlineOf, formatDeadline, gameZone } from '../judge/lifecycle/deadlines.js';
import { lateness } from '../judge/progress.js';
import { judgeIdentity } from '../mail/service.js';
import { createMailService } from '../mail/service.js';
import { handleMail } from '../judge/handler.js';
import { openDatabase } from '../store/database.js';
import { acquireRunLock } from '../store/run-lock.js';
import { findGameByName, listGames } from '../store/games.js';
import { currentPhase } from '../store/phases.js';
import { listSeats } from '../store/players.js';

const DEFAULT_CONFIG = {
  judge: { address: 'judge@chancery.localhost', name: 'Chancery Judge', domain: 'chancery.localhost' },
  database: '.chancery/judge.sqlite',
  mail: { transport: 'directory', directory: '.chancery/mail' },
};

export function register(program: Command): void {
  program
    .command('init')
    .description(`write ${CONFIG_FILE_NAME} (if missing) and create the database`)
    .option('-c, --config <file>', 'configuration file', CONFIG_FILE_NAME)
    .action((opts: { config: string }) => {
      const file = resolve(opts.config);
      if (!existsSync(file)) {
        writeFileSync(file, `${JSON.stringify(DEFAULT_CONFIG, null, 2)}\n`);
        console.log(`wrote ${file}`);
      } else console.log(`${file} exists; left as it is`);
      const config = loadConfig(file);
      openDatabase(config.database).close();
      console.log(`database ready: ${config.database}`);
      console.log(`mail: ${config.mail.transport === 'directory' ? `embedded mail directory ${config.mail.directory}` : 'IMAP + SMTP'}`);
    });

  program
    .command('run')
    .description('run the judge: read mail, process deadlines, send mail (until Ctrl-C)')
    .option('-c, --config <file>', 'configuration file')
    .option('--tick <seconds>', 'how often deadlines are checked', '30')
    .action(async (opts: { config?: string; tick: string }) => {
      const config = loadConfig(opts.config);
      const lock = acquireRunLock(config.database);
      const db = openDatabase(config.database);
      const daemon = startDaemon(db, config, { tickMs: Math.max(1, Number(opts.tick)) * 1000 });
      const where = config.mail.transport === 'directory' ? config.mail.directory : 'IMAP/SMTP';
      console.log(`chancery judge ${config.judge.address} running (pid ${process.pid}, ${where}); Ctrl-C or SIGTERM stops it`);
      await new Promise<void>((done) => {
        // The mail being taken in finishes (it is one transaction), the outbox finishes its current
        // delivery, then the database closes and the lock goes.
        const stop = (signal: string) => {
          console.log(`${signal}: stopping after the current mail`);
          daemon.stop().finally(() => {
            db.close();
            lock.release();
            console.log('stopped');
            done();
          });
        };
        process.once('SIGINT', () => stop('SIGINT'));
        process.once('SIGTERM', () => stop('SIGTERM'));
      });
    });

  program
    .command('process <game> [phase]')
    .description('process the current phase now, defaulting missing orders (like PROCESS!)')
    .option('-c, --config <file>', 'configuration file')
    .action(async (name: string, phase: string | undefined, opts: { config?: string }) => {
      const config = loadConfig(opts.config);
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
    .description('list the games, or show one game: phase, deadline, missing orders')
    .option('-c, --config <file>', 'configuration file')
    .action((name: string | undefined, opts: { config?: string }) => {
      const config = loadConfig(opts.config);
      const db = openDatabase(config.database);
      try {
        const games = name ? [findGameByName(db, name)] : listGames(db);
        if (name && !games[0]) throw new Error(`no game called ${name}`);
        for (const game of games) {
          if (!game) continue;
          const record = currentPhase(db, game.id);
          const phase = record && !record.result ? record.phase : '';
          console.log(`${game.name.padEnd(20)} ${game.variant.padEnd(12)} ${game.status.padEnd(10)} ${phase.padEnd(8)} ${phase ? formatDeadline(deadlineOf(db, game.id, phase), gameZone(game)) : ''}`);
          if (!name) continue;
          const seats = listSeats(db, game.id);
          console.log(`  players ${seats.filter((s) => s.role === 'player').length}, observers/monitors ${seats.filter((s) => s.role !== 'player').length}`);
          if (record && phase && game.status === 'active') {
            const late = lateness(db, game, record);
            console.log(`  missing orders: ${late.missing.join(', ') || 'none'}; waiting: ${late.waiting.join(', ') || 'nobody'}`);
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
