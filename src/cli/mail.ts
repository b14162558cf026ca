// `chancery mail send|list|show`: playing a player by hand over the embedded mail directory.
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config/load.js';

/** The mail hand, loaded when a mail command runs (it brings the mail parser and composer). */
async function handFor(opts: { config?: string; dir?: string }) {
  const config = loadConfig(opts.config);
  const { createMailHand } = await import('../mail/hand.js');
  return createMailHand(opts.dir ?? config.mail.directory, { judgeAddress: config.judge.address });
}

export function register(program: Command): void {
  const mail = program
    .command('mail')
    .description('send and read mail on the embedded mail directory, as a player would');
  mail
    .command('send <from> <subject> <file>')
    .description('send a mail to the judge; <file> holds the body ("-" reads standard input)')
    .option('-c, --config <file>', 'configuration file')
    .option('-d, --dir <folder>', 'mail directory (default: from the configuration)')
    .action(async (from: string, subject: string, file: string, opts: { config?: string; dir?: string }) => {
      const body = readFileSync(file === '-' ? 0 : file, 'utf8');
      const sent = await (await handFor(opts)).send(from, subject, body);
      console.log(`queued for the judge as ${sent.file}; the running judge (chancery run) answers it`);
    });
  mail
    .command('list <address>')
    .description('the mails the judge sent to <address>, oldest first')
    .option('-c, --config <file>', 'configuration file')
    .option('-d, --dir <folder>', 'mail directory (default: from the configuration)')
    .action(async (address: string, opts: { config?: string; dir?: string }) => {
      const list = await (await handFor(opts)).list(address);
      if (!list.length) console.log(`no mail for ${address}`);
      for (const m of list)
        console.log(`${String(m.number).padStart(3)}  ${m.date?.toISOString() ?? ''}  ${m.subject}`);
    });
  mail
    .command('show <address> [n]')
    .description('show mail number n (default: the newest) sent to <address>')
    .option('-c, --config <file>', 'configuration file')
    .option('-d, --dir <folder>', 'mail directory (default: from the configuration)')
    .action(async (address: string, n: string | undefined, opts: { config?: string; dir?: string }) => {
      const m = await (await handFor(opts)).show(address, n === undefined ? undefined : Number(n));
      console.log(`From: ${m.from}\nSubject: ${m.subject}\nDate: ${m.date?.toISOString() ?? ''}\n\n${m.text}`);
    });
}
