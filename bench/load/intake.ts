// Mail intake without the network: order mails go through intakeMail + the judge's handler
// (parse the MIME, check the sender, SIGNON with its password check, parse and validate the orders,
// store them, queue the reply), one after another as the transports feed them. A player's first
// mail pays the full scrypt password check; his later mails find the password already verified.
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { apologyFor, handleMail } from '../../src/judge/handler.js';
import { tick } from '../../src/judge/tick.js';
import { intakeMail, type IntakeOptions } from '../../src/mail/intake.js';
import { DEFAULT_RATE_LIMIT } from '../../src/mail/rate-limit.js';
import { nowIso, type Db } from '../../src/store/database.js';
import { hashPasswordSync } from '../../src/store/passwords.js';
import {
  createActiveGames,
  defaultAddress,
  LOAD_JUDGE,
  orderMailBody,
  ownPasswords,
  PLAYER_PASSWORD,
  tempDatabase,
  type LoadGame,
} from './games.js';

const GAMES = 1000;
/** Senders with passwords of their own: hashing them takes setup time, and the rate is per mail anyway. */
const FIRST_MAILS = 250;
const TARGET_PER_SECOND = 200;
/** The run with a full tick after every mail (what the daemon did before) stops after this long. */
const TICK_RUN_BUDGET_MS = 20_000;

interface PreparedMail {
  from: string;
  raw: Buffer;
}

async function orderMails(db: Db, games: LoadGame[], seatIndex: number, label: string): Promise<PreparedMail[]> {
  return Promise.all(
    games.map(async (game) => {
      const seat = game.seats[seatIndex];
      const raw = await new MailComposer({
        from: seat.address,
        to: LOAD_JUDGE.address,
        subject: `${label} orders ${game.name} ${seat.power}`,
        text: orderMailBody(db, game, seat),
        messageId: `<${label}-${game.name}-${seat.power}@players.load.test>`,
        date: new Date(),
      })
        .compile()
        .build();
      return { from: seat.address, raw };
    }),
  );
}

async function takeIn(db: Db, mails: PreparedMail[], label: string, afterEach?: () => void, budgetMs = Infinity) {
  const options: IntakeOptions = {
    judge: LOAD_JUDGE,
    rateLimit: DEFAULT_RATE_LIMIT,
    onHandlerError: (mail) => apologyFor(mail),
  };
  const outcomes = new Map<string, number>();
  let confirmed = 0;
  let count = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (const [i, mail] of mails.entries()) {
    const result = await intakeMail(db, { file: `${label}-${i}.eml` }, mail.raw, handleMail, options);
    outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
    if (result.queued.some((q) => q.body.includes('orders stored for'))) confirmed++;
    afterEach?.();
    count++;
    if (performance.now() - started > budgetMs) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / count;
  return { count, rate: count / seconds, cpuMs, outcomes: JSON.stringify(Object.fromEntries(outcomes)), confirmed };
}

const verdict = (rate: number) => `(target >= ${TARGET_PER_SECOND}/s) ${rate >= TARGET_PER_SECOND ? 'MET' : 'MISSED'}`;

/** Wall-clock rate, and the rate the CPU time spent allows: on a busy machine the two differ. */
function rates(run: { rate: number; cpuMs: number }): string {
  return `${run.rate.toFixed(0)} mails per second ${verdict(run.rate)}; ${(1000 / run.rate).toFixed(2)} ms per mail; CPU ${run.cpuMs.toFixed(2)} ms per mail = ${(1000 / run.cpuMs).toFixed(0)} mails per CPU-second`;
}

export async function benchIntake(): Promise<void> {
  const world = tempDatabase('chancery-bench-intake-');
  try {
    const setupStarted = performance.now();
    const passwords = await ownPasswords(Array.from({ length: FIRST_MAILS }, (_, i) => defaultAddress(i, 'england')));
    const games = createActiveGames(world.db, GAMES, { ownPasswords: passwords });
    const first = await orderMails(
      world.db,
      games.slice(0, FIRST_MAILS),
      games[0].seats.findIndex((s) => s.power === 'england'),
      'first',
    );
    const again = await orderMails(world.db, games, 0, 'again');
    // Warms the remembered passwords of the senders that share one, as their earlier mails would have.
    await takeIn(world.db, await orderMails(world.db, games.slice(FIRST_MAILS, FIRST_MAILS + 1), 0, 'warm'), 'warm');
    const others = await orderMails(world.db, games, 1, 'other');
    console.log(
      `Setup: ${GAMES} active standard games, ${first.length + again.length + others.length} order mails composed in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const a = await takeIn(world.db, first, 'first');
    console.log(
      `${a.count} order mails, each the first of its sender, each sender with his own password (full scrypt check each):`,
    );
    console.log(`  ${rates(a)}`);
    console.log(`  outcomes ${a.outcomes}, replies confirming stored orders: ${a.confirmed}`);
    const probes = 10;
    const scryptCpu = process.cpuUsage();
    for (let i = 0; i < probes; i++) hashPasswordSync(PLAYER_PASSWORD);
    const spent = process.cpuUsage(scryptCpu);
    const scryptMs = (spent.user + spent.system) / 1000 / probes;
    console.log(
      `  one scrypt (N=16384, r=8) alone: ${scryptMs.toFixed(1)} ms CPU, a ceiling of ${(1000 / scryptMs).toFixed(0)} such mails per CPU-second`,
    );

    const b = await takeIn(world.db, again, 'again');
    console.log(`${b.count} order mails whose sender's password was verified before (revised orders, a second mail):`);
    console.log(`  ${rates(b)}`);
    console.log(`  outcomes ${b.outcomes}, replies confirming stored orders: ${b.confirmed}`);

    let tickMs = 0;
    const c = await takeIn(
      world.db,
      others,
      'other',
      () => {
        const t = performance.now();
        tick(world.db, nowIso(), LOAD_JUDGE);
        tickMs += performance.now() - t;
      },
      TICK_RUN_BUDGET_MS,
    );
    console.log(
      `For comparison, order mails with a full tick after each (the daemon's old way; ${c.count} mails${c.count < others.length ? `, stopped after ${TICK_RUN_BUDGET_MS / 1000} s` : ''}):`,
    );
    console.log(
      `  ${c.rate.toFixed(1)} mails per second; one tick over ${GAMES} games takes ${(tickMs / c.count).toFixed(1)} ms`,
    );
  } finally {
    world.close();
  }
}
