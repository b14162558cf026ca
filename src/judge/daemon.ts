// `chancery run`: the mail service (inbox + outbox) and the judge's clock, until SIGINT/SIGTERM.
import { isKnownCorrespondent } from './gate/known-sender.js';
import type { JudgeConfig } from '../config/types.js';
import { quarantineLine, type IntakeResult } from '../mail/intake.js';
import { createMailService, type MailService } from '../mail/service.js';
import { plainly } from '../mail/check.js';
import type { Db } from '../store/database.js';
import { nowIso, storageFault } from '../store/database.js';
import { getGame, findGameByName } from '../store/games.js';
import { apologyFor, handleMail } from './handler.js';
import { REPLY_OPENING } from './template.js';
import { processGame, type ProcessOutcome } from './process.js';
import { tick } from './tick.js';
import { queueForReaders } from './reader-zones.js';

export interface Daemon {
  service: MailService;
  stop(): Promise<void>;
}

/**
 * A tick looks at every game the mail changed (src/store/ready-checks.ts), so a burst of mail must not
 * cost one tick per mail: the tick after mail waits this long, and every mail in between shares it.
 * Early processing comes at most this much later; deadlines do not depend on it.
 */
const MAIL_TICK_DELAY_MS = 1000;

/** "game S1901M" for each results mail a mail caused (one per phase, whatever the number of readers). */
function phasesIn(queued: { kind: string; subject: string }[]): string[] {
  const results = queued.filter((m) => m.kind === 'result' && m.subject.startsWith('Diplomacy results '));
  return [...new Set(results.map((m) => m.subject.slice('Diplomacy results '.length)))];
}

export function startDaemon(
  db: Db,
  config: JudgeConfig,
  options: { tickMs?: number; log?: (line: string) => void } = {},
): Daemon {
  const tickMs = options.tickMs ?? 30_000;
  const log = options.log ?? ((line: string) => console.log(line));
  const service = createMailService(db, handleMail, config, {
    onHandlerError: (mail) => apologyFor(mail),
    knownSender: isKnownCorrespondent,
    ownOpening: REPLY_OPENING,
  });
  // A deadline is processed only once every mail that arrived before it has been taken in: after a
  // restart, or behind a queue of slow mail, on-time orders must not lose to the clock. The judge's
  // time is therefore the moment up to which the inbox has caught up (at most a poll behind now).
  const judgeTime = (): string | null => {
    const caughtUp = service.inbox.caughtUpTo;
    if (!caughtUp) return null;
    const now = nowIso(db);
    return caughtUp < now ? caughtUp : now;
  };
  const runTick = () => {
    const now = judgeTime();
    if (!now) return;
    try {
      const report = tick(db, now, service.judge);
      for (const p of report.processed) log(`processed ${p}`);
      for (const d of report.dropped) log(`dropped deadline ${d}`);
      for (const n of report.notices) log(`notice ${n}`);
      for (const f of report.failed) log(`tick failed for ${f} (left for the next tick)`);
      if (report.processed.length || report.notices.length) service.outbox.wake();
    } catch (error) {
      // Each game's phase is its own savepoint: what failed was rolled back and runs at the next tick.
      const fault = storageFault(db, error, 'deadline processing postponed to the next tick');
      log(fault ? fault.message : `tick failed: ${(error as Error).message}`);
    }
  };
  let mailTick: NodeJS.Timeout | null = null;
  service.inbox.on('mail', (result: Pick<IntakeResult, 'outcome' | 'mail' | 'queued'>) => {
    log(`mail from ${result.mail?.from ?? '?'}: ${result.outcome}`);
    // A GM's PROCESS (or a vote that ends the game) processes a phase inside the mail: logged as the tick's are.
    for (const phase of phasesIn(result.queued ?? []))
      log(`processed ${phase} (by the mail from ${result.mail?.from})`);
    mailTick ??= setTimeout(
      () => {
        mailTick = null;
        runTick();
      },
      Math.min(MAIL_TICK_DELAY_MS, tickMs),
    );
  });
  // Without these listeners the transports print to stderr, out of the judge's log.
  service.inbox.on('quarantined', (result: IntakeResult, where: string) => log(quarantineLine(result, where)));
  // In the words of `chancery check`: "authentication failed for judge@…", not the library's "Command failed".
  service.inbox.on('error', (error: Error) => log(`mail intake: ${plainly(error, config.imap?.user ?? null, 'imap')}`));
  service.outbox.on('error', (error: Error) =>
    log(`mail delivery: ${plainly(error, config.smtp?.user ?? null, 'smtp')}`),
  );
  service.outbox.on('refused', (mail: { messageId: string }, refused: string[]) =>
    log(`mail ${mail.messageId} was refused for ${refused.join(', ')}; the other recipients have it`),
  );
  service.outbox.on('failed', (mail: { to: string[]; bcc: string[] }, error: Error) =>
    log(`delivery to ${[...mail.to, ...mail.bcc].join(', ')} failed: ${error.message}`),
  );
  service.inbox.once('caught-up', runTick);
  service.start();
  const timer = setInterval(runTick, tickMs);
  return {
    service,
    async stop() {
      clearInterval(timer);
      if (mailTick) clearTimeout(mailTick);
      await service.stop();
    },
  };
}

/** `chancery process <game>`: PROCESS! from the command line (the operator acts as GM). */
export function processFromCli(db: Db, judge: MailService['judge'], name: string, phase?: string): ProcessOutcome {
  const game = findGameByName(db, name);
  if (!game) return { processed: false, reason: `no game called ${name}`, mails: [] };
  return db
    .transaction(() => {
      const outcome = processGame(db, game.id, nowIso(db), 'force', phase);
      if (outcome.processed)
        queueForReaders(db, outcome.mails, { judge, origin: `cli:${getGame(db, game.id)!.name}:${outcome.phase}` });
      return outcome;
    })
    .immediate();
}
