// Order mails end to end through real mail servers: players submit over SMTP (the test relay in
// front of a private Dovecot), the judge daemon (`chancery run` with the server transport) reads its
// IMAP inbox, takes each mail in, ticks, and sends the reply over SMTP into the player's Dovecot
// mailbox. Timed from the first submission until the last reply lies in its player's Maildir.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { parseConfig } from '../../src/config/load.js';
import { startDaemon } from '../../src/judge/daemon.js';
import { listOutbox } from '../../src/store/outbox.js';
import { startMailServer } from '../../test/setup/mail-harness.js';
import { createActiveGames, orderMailBody, ownPasswords, tempDatabase } from './games.js';

const GAMES = 1000;
/** LOAD_MAILS=200 npm run bench -- dovecot: a shorter run while the judge is slow. */
const MAILS = Math.min(GAMES, Number(process.env.LOAD_MAILS ?? GAMES));
const DOMAIN = 'load.test';
const JUDGE_ADDRESS = `judge@${DOMAIN}`;
const MAIL_PASSWORD = 'mailbox-pw';
/** How long to wait for the last reply before giving up and reporting what arrived. */
const PATIENCE_MS = 15 * 60_000;

const address = (index: number, power: string) => `${power}.${index}@${DOMAIN}`;

function repliesDelivered(mailDir: string, addresses: string[]): number {
  let count = 0;
  for (const a of addresses) {
    for (const sub of ['new', 'cur']) {
      const dir = join(mailDir, a, 'Maildir', sub);
      if (existsSync(dir)) count += readdirSync(dir).length;
    }
  }
  return count;
}

export async function benchMailServers(): Promise<void> {
  execFileSync('bash', [join(import.meta.dirname, '..', '..', 'test', 'setup', 'ensure-mail-deps.sh')], {
    stdio: 'ignore',
  });
  const world = tempDatabase('chancery-bench-e2e-');
  const setupStarted = performance.now();
  // One player per game writes, with a password of his own; his power rotates so that every power gets mail.
  const powerOf = (i: number) => ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'][i % 7];
  const passwords = await ownPasswords(Array.from({ length: MAILS }, (_, i) => address(i, powerOf(i))));
  const games = createActiveGames(world.db, GAMES, { addressOf: address, ownPasswords: passwords });
  const senders = games
    .slice(0, MAILS)
    .map((game, i) => ({ game, seat: game.seats.find((s) => s.power === powerOf(i))! }));
  const users = [JUDGE_ADDRESS, ...senders.map((s) => s.seat.address)].map((a) => ({
    address: a,
    password: MAIL_PASSWORD,
  }));
  const server = await startMailServer({ users, domain: DOMAIN });
  const config = parseConfig(
    {
      judge: { address: JUDGE_ADDRESS, name: 'Load Judge', domain: DOMAIN },
      database: join(world.dir, 'judge.sqlite'),
      mail: { transport: 'server' },
      imap: { host: server.host, port: server.imapPort, user: JUDGE_ADDRESS, pass: MAIL_PASSWORD },
      smtp: { host: server.host, port: server.smtpPort, ignoreTLS: true, user: JUDGE_ADDRESS, pass: MAIL_PASSWORD },
    },
    { baseDir: world.dir, source: null },
  );
  const log: string[] = [];
  const daemon = startDaemon(world.db, config, { log: (line) => log.push(line) });
  daemon.service.inbox.on('error', (error: Error) => log.push(`imap: ${error.message}`));
  const submit = nodemailer.createTransport({
    host: server.host,
    port: server.smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 4,
    maxMessages: Infinity,
  });
  const bodies = senders.map(({ game, seat }) => orderMailBody(world.db, game, seat));
  console.log(
    `Setup: ${GAMES} active games, Dovecot with ${users.length} mailboxes, judge daemon started, in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  try {
    const started = performance.now();
    const startedAt = Date.now();
    await Promise.all(
      senders.map(({ game, seat }, i) =>
        submit.sendMail({ from: seat.address, to: JUDGE_ADDRESS, subject: `orders ${game.name}`, text: bodies[i] }),
      ),
    );
    const submitted = (performance.now() - started) / 1000;
    const mailDir = join(server.dir, 'mail');
    const recipients = senders.map((s) => s.seat.address);
    let delivered = 0;
    let processed = 0;
    while (performance.now() - started < PATIENCE_MS) {
      delivered = repliesDelivered(mailDir, recipients);
      if (delivered >= MAILS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    processed = (
      world.db.prepare("SELECT COUNT(*) AS n FROM mail_log WHERE outcome = 'processed'").get() as { n: number }
    ).n;
    const replies = listOutbox(world.db, { status: 'sent' }).filter((m) => m.kind === 'reply');
    const confirmed = replies.filter((m) => m.body.includes('orders stored for')).length;
    const since = (iso: string | null | undefined) => (iso ? ((Date.parse(iso) - startedAt) / 1000).toFixed(1) : '?');
    const lastIntake = (world.db.prepare('SELECT MAX(processed_at) AS at FROM mail_log').get() as { at: string | null })
      .at;
    const lastSent = replies
      .map((m) => m.sentAt ?? '')
      .sort()
      .pop();
    console.log(`${MAILS} order mails over SMTP -> Dovecot -> IMAP -> judge -> SMTP -> Dovecot:`);
    console.log(`  submitted in ${submitted.toFixed(1)} s (${(MAILS / submitted).toFixed(0)} mails/s into the relay)`);
    console.log(
      `  ${delivered} replies in the players' mailboxes after ${seconds.toFixed(1)} s: ${(delivered / seconds).toFixed(1)} mails per second end to end`,
    );
    console.log(
      `  the judge took in the last mail at ${since(lastIntake)} s and sent the last reply at ${since(lastSent)} s`,
    );
    console.log(
      `  mails taken in: ${processed}, replies confirming stored orders sent: ${confirmed}${
        log.some((l) => l.startsWith('imap:') || l.includes('failed'))
          ? `; problems: ${log
              .filter((l) => l.startsWith('imap:') || l.includes('failed'))
              .slice(0, 3)
              .join(' | ')}`
          : ''
      }`,
    );
  } finally {
    submit.close();
    await daemon.stop();
    world.close();
    await server.stop({ grace: 0 });
  }
}
