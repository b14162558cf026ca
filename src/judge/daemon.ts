// `chancery run`: the mail service (inbox + outbox) and the judge's clock, until SIGINT/SIGTERM.
import type { JudgeConfig } from '../config/types.js';
import { queueMails } from '../mail/queue.js';
import { createMailService, type MailService } from '../mail/service.js';
import type { Db } from '../store/database.js';
import { nowIso } from '../store/database.js';
import { getGame, findGameByName } from '../store/games.js';
import { apologyFor, handleMail } from './handler.js';
import { processGame, type ProcessOutcome } from './process.js';
import { tick } from './tick.js';

export interface Daemon {
  service: MailService;
  stop(): Promise<void>;
}

export function startDaemon(db: Db, config: JudgeConfig, options: { tickMs?: number; log?: (line: string) => void } = {}): Daemon {
  const log = options.log ?? ((line: string) => console.log(line));
  const service = createMailService(db, handleMail, config, { onHandlerError: (mail) => apologyFor(mail) });
  const runTick = () => {
    try {
      const report = tick(db, nowIso(), service.judge);
      for (const p of report.processed) log(`processed ${p}`);
      for (const d of report.dropped) log(`dropped deadline ${d}`);
      if (report.processed.length) service.outbox.wake();
    } catch (error) {
      log(`tick failed: ${(error as Error).message}`);
    }
  };
  service.inbox.on('mail', (result: { outcome: string; mail: { from: string | null } | null }) => {
    log(`mail from ${result.mail?.from ?? '?'}: ${result.outcome}`);
    runTick();
  });
  service.outbox.on('failed', (mail: { to: string[] }, error: Error) => log(`delivery to ${mail.to.join(', ')} failed: ${error.message}`));
  service.start();
  runTick();
  const timer = setInterval(runTick, options.tickMs ?? 30_000);
  return {
    service,
    async stop() {
      clearInterval(timer);
      await service.stop();
    },
  };
}

/** `chancery process <game>`: PROCESS! from the command line (the operator acts as GM). */
export function processFromCli(db: Db, judge: MailService['judge'], name: string, phase?: string): ProcessOutcome {
  const game = findGameByName(db, name);
  if (!game) return { processed: false, reason: `no game called ${name}`, mails: [] };
  return db.transaction(() => {
    const outcome = processGame(db, game.id, nowIso(), 'force', phase);
    if (outcome.processed) queueMails(db, outcome.mails, { judge, origin: `cli:${getGame(db, game.id)!.name}:${outcome.phase}` });
    return outcome;
  }).immediate();
}
