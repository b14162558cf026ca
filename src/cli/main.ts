#!/usr/bin/env node
// The `chancery` command line. Each group of subcommands lives in its own module.
import { Command } from 'commander';
import { register as registerVariant } from './variant.js';
import { register as registerAdjudicate } from './adjudicate.js';
import { register as registerJudge } from './judge.js';
import { register as registerMail } from './mail.js';
import { register as registerMap } from './map.js';
import { register as registerWeb } from './web.js';

const program = new Command();
program
  .name('chancery')
  .description('An email judge for Diplomacy and its Diplomacy-Points variants')
  .version('0.1.0')
  .addHelpText('after', '\nReal mail (IMAP/SMTP), every configuration key and a systemd unit: docs/operation.md');
registerVariant(program);
registerAdjudicate(program);
registerJudge(program);
registerMail(program);
registerMap(program);
registerWeb(program);

program.parseAsync(process.argv).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
