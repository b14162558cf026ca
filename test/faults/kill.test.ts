// The judge killed (SIGKILL) over and over while it takes in mail, processes phases and sends
// results: a standard game by mail, its judge a real process on the embedded mail directory, restarted
// after every kill. Kills fall at seeded random moments and at the named crash points of
// src/mail/crash-point.ts. For one phase the outgoing transport is down as well. At the end every
// mail must have been answered exactly once, every order stored, every phase processed once and every
// results mail delivered to each recipient; a mail is delivered again (same Message-ID) only where
// a kill fell between the transport's acceptance and the outbox marking it sent (at least once).
// Reproduce a run with CHANCERY_FAULT_SEED=<seed> (printed when the test fails);
// CHANCERY_FAULT_DEBUG=1 prints the progress phase by phase.
import { confirmLineIn } from '../../src/judge/gate/address-proof.js';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { adjustmentsDue } from '../../src/judge/progress.js';
import { CRASH_POINTS } from '../../src/mail/crash-point.js';
import { DELIVERY_LOG } from '../../src/mail/directory-sender.js';
import { mailDirectoryLayout } from '../../src/mail/mail-directory.js';
import { parseIncoming } from '../../src/mail/parse.js';
import { getAccount } from '../../src/store/accounts.js';
import { openDatabase, type Db } from '../../src/store/database.js';
import { findGameByName, type Game } from '../../src/store/games.js';
import { getOrders } from '../../src/store/orders.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase, phaseHistory } from '../../src/store/phases.js';
import { listSeats } from '../../src/store/players.js';
import { botOrders } from '../judge/bot.js';
import { JudgeProcess, type CrashAt } from './judge-process.js';
import { seededRandom } from '../harness/random.js';

const SEED = Number(process.env.CHANCERY_FAULT_SEED ?? 20261121);
const JUDGE = 'judge@faults.test';
const GM = 'gm@faults.test';
const PLAYERS = ['anna', 'bert', 'cleo', 'dirk', 'emma', 'finn', 'gina'].map((n) => `${n}@players.test`);
const WATCHER = 'watcher@players.test';
/** Phases are played until there were this many kills, and at least MIN_PHASES phases. */
const MIN_KILLS = 50;
const MIN_PHASES = 5;
const MAX_PHASES = 20;
/** Kills per round at most, so they spread over the phases; then a judge is let to finish the round. */
const KILLS_PER_ROUND = 10;
/** Random kills fall this long after the judge is up: about as long as a round of work takes. */
const KILL_WINDOW_MS = 300;
// Generous: a machine busy with other work starts node + tsx slowly.
// A deadline falls on a whole minute (SET DEADLINE rounds up), so a deadline round may wait up to a minute.
const ROUND_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface FedMail {
  file: string;
  messageId: string;
  from: string;
  /** For order mails: what was ordered, to find in the store afterwards. */
  orders?: { phase: string; power: string; lines: string[] };
}

interface Trial {
  round: string;
  kind: 'random' | CrashAt['point'];
  /** Work was left undone at the moment of the kill: the kill interrupted the judge. */
  interrupted: boolean;
}

class FaultRun {
  readonly root = mkdtempSync(join(tmpdir(), 'chancery-faults-'));
  readonly mail = mailDirectoryLayout(join(this.root, 'mail'));
  readonly db: Db;
  readonly random = seededRandom(SEED);
  readonly fed: FedMail[] = [];
  readonly trials: Trial[] = [];
  readonly judgeOutput: string[] = [];
  private readonly pool: JudgeProcess[] = [];
  private sequence = 0;
  private crashTurn = 0;

  constructor() {
    // The test's own connection: it migrates the file first and reads the judge's state throughout.
    this.db = openDatabase(join(this.root, 'judge.sqlite'));
    mkdirSync(this.mail.inbox, { recursive: true });
  }

  /** Drops a mail into the judge's inbox; names sort in the order the mails are fed. */
  async feed(from: string, body: string, orders?: FedMail['orders']): Promise<void> {
    const number = ++this.sequence;
    const messageId = `<fault-${SEED}-${number}@players.test>`;
    const raw = await new MailComposer({
      from,
      to: JUDGE,
      subject: `mail ${number}`,
      text: body,
      messageId,
      date: new Date(),
    })
      .compile()
      .build();
    const file = `${String(number).padStart(5, '0')}-${from.split('@')[0]}.eml`;
    writeFileSync(join(this.mail.inbox, `.${file}.tmp`), raw);
    renameSync(join(this.mail.inbox, `.${file}.tmp`), join(this.mail.inbox, file));
    this.fed.push({ file, messageId, from, orders });
  }

  inboxFiles(): string[] {
    return readdirSync(this.mail.inbox).filter((f) => f.endsWith('.eml') && !f.startsWith('.'));
  }

  loggedCount(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM mail_log').get() as { n: number }).n;
  }

  game(): Game {
    return findGameByName(this.db, 'classic')!;
  }

  /** Everything fed is taken in and moved, and nothing waits in the outbox. */
  settled(): boolean {
    if (this.inboxFiles().length > 0 || this.loggedCount() < this.fed.length) return false;
    return (this.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE status = 'queued'").get() as { n: number }).n === 0;
  }

  /**
   * Runs judges one after the other until `done`, killing each at a random moment or at its crash
   * point. The random moments spread wider with each judge of the round, so that slow work (a
   * deadline to wait for, a machine under load) still gets done.
   */
  async runRound(round: string, done: () => boolean): Promise<void> {
    const started = Date.now();
    for (let judgeInRound = 0; !done(); judgeInRound++) {
      if (Date.now() - started > ROUND_TIMEOUT_MS)
        throw new Error(`round ${round} did not finish (seed ${SEED}); ${this.describe()}`);
      const judge = this.nextJudge();
      const enough =
        this.trials.filter((t) => t.round === round).length >= KILLS_PER_ROUND || this.interrupting() >= MIN_KILLS;
      let crashed: boolean;
      try {
        await judge.loaded;
        judge.go();
        await judge.ready;
        if (judge.crashAt || enough) await this.until(() => done() || !judge.running, ROUND_TIMEOUT_MS);
        else await Promise.race([sleep(this.random() * KILL_WINDOW_MS * (1 + judgeInRound / 4)), judge.exited]);
      } finally {
        crashed = judge.diedByItself;
        await judge.kill();
        this.judgeOutput.push(...judge.output);
      }
      if (crashed && !judge.crashAt)
        throw new Error(`the judge died on its own (seed ${SEED}):\n${judge.output.join('\n')}`);
      // Gone from the inbox but never taken in: no later judge can find these mails again.
      if (this.inboxFiles().length === 0 && this.loggedCount() < this.fed.length)
        throw new Error(`mails lost (seed ${SEED}); ${this.describe()}`);
      if (!crashed && (judge.crashAt || enough)) continue; // it finished the round: no kill
      this.trials.push({ round, kind: judge.crashAt?.point ?? 'random', interrupted: !done() });
    }
  }

  interrupting(): number {
    return this.trials.filter((t) => t.interrupted).length;
  }

  /** The state a round got stuck in, for its failure message. */
  describe(): string {
    const inbox = readdirSync(this.mail.inbox);
    const log = this.db.prepare('SELECT file_name, outcome, detail FROM mail_log ORDER BY id').all() as Array<
      Record<string, string>
    >;
    const outbox = listOutbox(this.db).filter((m) => m.status !== 'sent');
    return [
      `inbox: ${inbox.join(' ') || 'empty'}`,
      `mail log: ${log.length} of ${this.fed.length} fed; ${log
        .filter((l) => l.outcome !== 'processed')
        .map((l) => `${l.file_name} ${l.outcome} ${l.detail}`)
        .join('; ')}`,
      `outbox not sent: ${outbox.map((m) => `${m.dedupeKey} ${m.status} ${m.attempts} ${m.lastError}`).join('; ') || 'none'}`,
      `game: ${JSON.stringify(this.game() && { status: this.game().status, phase: currentPhase(this.db, this.game().id)?.phase })}`,
      `judge log:\n${this.judgeOutput.slice(-30).join('\n')}`,
    ].join('\n');
  }

  private nextJudge(): JudgeProcess {
    // Two judges load ahead (node + tsx take most of a second), so a restart takes milliseconds.
    while (this.pool.length < 2) this.pool.push(new JudgeProcess(this.root, this.nextCrash()));
    const judge = this.pool.shift()!;
    this.pool.push(new JudgeProcess(this.root, this.nextCrash()));
    return judge;
  }

  /** About every third judge crashes at a named point, taking the points in turn. */
  private nextCrash(): CrashAt | null {
    if (this.random() >= 1 / 3) return null;
    const point = CRASH_POINTS[this.crashTurn++ % CRASH_POINTS.length];
    return { point, count: 1 + Math.floor(this.random() * 2) };
  }

  async until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
    const start = Date.now();
    while (!condition()) {
      if (Date.now() - start > timeoutMs) return false;
      await sleep(10);
    }
    return true;
  }

  async close(): Promise<void> {
    await Promise.all(this.pool.map((judge) => judge.kill()));
    this.db.close();
    rmSync(this.root, { recursive: true, force: true });
  }
}

interface Delivered {
  recipient: string;
  messageId: string | null;
  inReplyTo: string | null;
  subject: string;
  text: string;
}

async function deliveredMails(run: FaultRun): Promise<Delivered[]> {
  const out: Delivered[] = [];
  for (const recipient of readdirSync(run.mail.outbox)) {
    for (const file of readdirSync(join(run.mail.outbox, recipient)).filter(
      (f) => f.endsWith('.eml') && !f.startsWith('.'),
    )) {
      const mail = await parseIncoming(readFileSync(join(run.mail.outbox, recipient, file)), {
        maxBytes: Number.MAX_SAFE_INTEGER,
      });
      out.push({
        recipient,
        messageId: mail.messageId,
        inReplyTo: mail.inReplyTo,
        subject: mail.subject,
        text: mail.text,
      });
    }
  }
  return out;
}

/** "<Message-ID> <recipient>" -> how many times the transport delivered that mail to that reader. */
function deliveryCounts(run: FaultRun): Map<string, number> {
  const out = new Map<string, number>();
  const log = join(run.mail.root, DELIVERY_LOG);
  if (!existsSync(log)) return out;
  for (const key of readFileSync(log, 'utf8').split('\n').filter(Boolean)) out.set(key, (out.get(key) ?? 0) + 1);
  return out;
}

let run: FaultRun | null = null;
afterAll(async () => {
  await run?.close();
});

describe('the judge killed at random points', () => {
  it(
    `loses nothing and repeats only what a kill cut short, over ${MIN_KILLS}+ kills (seed ${SEED})`,
    { timeout: 600_000 },
    async () => {
      const t0 = Date.now();
      const r = (run = new FaultRun());
      const variant = loadVariant('standard');
      const password = (address: string) => `pw-${address.split('@')[0]}`;

      await r.feed(GM, 'CREATE classic gmsecret standard\nTIMING MOVE 48 RETREAT 12 ADJUST 12\nFORM');
      for (const player of PLAYERS) await r.feed(player, `JOIN classic ${password(player)}`);
      await r.feed(WATCHER, 'OBSERVE classic watchpw');
      await r.runRound('joined', () => r.settled());
      // Each newcomer answers the code in the judge's reply to him (src/judge/gate/address-proof.ts).
      for (const address of [GM, ...PLAYERS, WATCHER]) {
        const codes = listOutbox(r.db)
          .filter((m) => m.to.includes(address))
          .map((m) => confirmLineIn(m.body));
        const code = codes.filter((c): c is string => c !== null).at(-1);
        if (code) await r.feed(address, code);
      }
      await r.feed(GM, 'SIGNON master@classic gmsecret\nACTIVATE');
      await r.runRound('setup', () => r.settled() && r.game()?.status === 'active');

      const game = r.game();
      const powerOf = new Map(
        listSeats(r.db, game.id)
          .filter((s) => s.power)
          .map((s) => [getAccount(r.db, s.accountId)!.address, s.power!]),
      );
      expect(powerOf.size).toBe(7);

      let outage: { resultsWaiting: number; lastError: string | null } | null = null;
      const modes = ['ready', 'process', 'deadline'] as const;
      const interrupting = () => r.interrupting();
      for (let round = 0; round < MIN_PHASES || (interrupting() < MIN_KILLS && round < MAX_PHASES); round++) {
        const record = currentPhase(r.db, game.id)!;
        const sets = [...powerOf].map(([address, power]) => ({
          address,
          power,
          lines: botOrders(variant, record.position, power, adjustmentsDue(r.db, game.id, record)),
        }));
        const ordering = sets.filter((s) => s.lines.length > 0);
        // Rotates how the phase gets processed: all orders in, the GM's PROCESS!, or its deadline.
        const mode = ordering.length === 0 ? 'process' : modes[round % modes.length];
        for (const [index, set] of ordering.entries()) {
          const wait = mode !== 'ready' && index === 0 ? ['SET WAIT'] : [];
          const body = [`SIGNON ${set.power}@classic ${password(set.address)}`, ...wait, ...set.lines, 'SIGNOFF'].join(
            '\n',
          );
          await r.feed(set.address, body, { phase: record.phase, power: set.power, lines: set.lines });
        }
        await r.feed(WATCHER, 'LIST classic');
        if (mode === 'process') await r.feed(GM, `SIGNON master@classic gmsecret\nPROCESS! ${record.phase}`);
        if (mode === 'deadline') await r.feed(GM, 'SIGNON master@classic gmsecret\nSET DEADLINE +0.0002h');

        const processed = () => currentPhase(r.db, game.id)!.phase !== record.phase;
        const transportDown = round === 1;
        if (transportDown) {
          // The outgoing transport fails: the outbox folder is a file now, so every delivery throws.
          renameSync(r.mail.outbox, `${r.mail.outbox}.away`);
          writeFileSync(r.mail.outbox, 'not a folder');
          const waiting = () => listOutbox(r.db, { status: 'queued' });
          const resultsWaiting = () =>
            waiting().filter((m) => m.subject === `Diplomacy results classic ${record.phase}`);
          await r.runRound(
            `${record.phase} transport down`,
            () => processed() && resultsWaiting().length > 0 && waiting().every((m) => m.attempts >= 2),
          );
          outage = { resultsWaiting: resultsWaiting().length, lastError: waiting()[0].lastError };
          rmSync(r.mail.outbox);
          renameSync(`${r.mail.outbox}.away`, r.mail.outbox);
        }
        await r.runRound(record.phase, () => r.settled() && processed());
        if (process.env.CHANCERY_FAULT_DEBUG)
          console.log(`${record.phase} ${mode}: ${interrupting()} kills so far, ${Date.now() - t0} ms`);
      }

      const failure = `seed ${SEED}; judge log:\n${r.judgeOutput.slice(-40).join('\n')}`;
      // The kills: enough of them, each interrupting unfinished work, and every crash point hit.
      expect(interrupting(), failure).toBeGreaterThanOrEqual(MIN_KILLS);
      for (const point of CRASH_POINTS)
        expect(
          r.trials.some((t) => t.kind === point),
          `${point} never fired; ${failure}`,
        ).toBe(true);
      expect(
        r.judgeOutput.filter((line) => /stderr|failed|postponed|mail intake|mail delivery/.test(line)),
        failure,
      ).toEqual([]);

      // The transport outage: results waited in the outbox and went out afterwards (checked below).
      expect(outage!.resultsWaiting, failure).toBe(1);
      expect(outage!.lastError, failure).toMatch(/ENOTDIR|EEXIST/);

      const delivered = await deliveredMails(r);
      const logged = r.db.prepare('SELECT message_id AS messageId, outcome FROM mail_log').all() as Array<{
        messageId: string;
        outcome: string;
      }>;
      for (const mail of r.fed) {
        // Taken in once, processed, and answered exactly once, to its sender.
        expect(
          logged.filter((l) => l.messageId === mail.messageId).map((l) => l.outcome),
          `${mail.file}; ${failure}`,
        ).toEqual(['processed']);
        const replies = delivered.filter((d) => d.inReplyTo === mail.messageId);
        expect(
          replies.map((d) => d.recipient),
          `${mail.file}; ${failure}`,
        ).toEqual([mail.from]);
        // Every order mail was accepted in full, and its orders are the stored set of that phase.
        if (mail.orders) {
          expect(replies[0].text, mail.file).not.toMatch(/rejected/i);
          const stored = getOrders(r.db, game.id, mail.orders.phase, mail.orders.power);
          expect(stored?.lines, `${mail.file}; ${failure}`).toEqual(mail.orders.lines);
        }
      }
      expect(logged).toHaveLength(r.fed.length);

      // Each phase processed once, in order, and its results delivered once to each of the game list.
      const history = phaseHistory(r.db, game.id);
      const processedPhases = history.filter((p) => p.result).map((p) => p.phase);
      expect(new Set(history.map((p) => p.phase)).size).toBe(history.length);
      expect(processedPhases.length).toBeGreaterThanOrEqual(MIN_PHASES);
      const gameList = [...powerOf.keys(), GM, WATCHER];
      for (const phase of processedPhases) {
        const subject = `Diplomacy results classic ${phase}`;
        expect(
          listOutbox(r.db).filter((m) => m.subject === subject),
          phase,
        ).toHaveLength(1);
        const copies = delivered
          .filter((d) => d.subject === subject)
          .map((d) => d.recipient)
          .sort();
        expect(copies, `${phase}; ${failure}`).toEqual([...gameList].sort());
      }
      const resultSubjects = new Set(
        delivered.filter((d) => d.subject.startsWith('Diplomacy results')).map((d) => d.subject),
      );
      expect([...resultSubjects].sort()).toEqual(processedPhases.map((p) => `Diplomacy results classic ${p}`).sort());

      // Every queued mail went out, each exactly once per recipient (the Message-ID names the copy).
      const outbox = listOutbox(r.db);
      expect(outbox.filter((m) => m.status !== 'sent').map((m) => m.dedupeKey)).toEqual([]);
      for (const mail of outbox) {
        const expected = [...new Set([...mail.to, ...mail.cc, ...(mail.bcc ?? [])].filter((a) => a !== JUDGE))].sort();
        const copies = delivered
          .filter((d) => d.messageId === mail.messageId)
          .map((d) => d.recipient)
          .sort();
        expect(copies, `${mail.dedupeKey}; ${failure}`).toEqual(expected);
      }
      expect(delivered).toHaveLength(
        outbox.reduce((n, m) => n + new Set([...m.to, ...m.cc, ...(m.bcc ?? [])].filter((a) => a !== JUDGE)).size, 0),
      );
      // The files above show each copy once even when it was sent twice (a resend overwrites its file):
      // the transport's delivery log counts every delivery. The outbox is at least once, so a repeat
      // is allowed only where a kill could fall between the transport's acceptance and marking the row
      // sent (the crash point outbox-after-send, or a random kill), or where the transport outage failed
      // a mail halfway through its recipients; each repeat keeps its Message-ID.
      const deliveries = deliveryCounts(r);
      const known = new Set(outbox.map((m) => m.messageId));
      expect([...deliveries.keys()].filter((k) => !known.has(k.split(' ')[0]))).toEqual([]);
      const repeated = new Set([...deliveries].filter(([, n]) => n > 1).map(([k]) => k.split(' ')[0]));
      const couldRepeat = r.trials.filter((t) => t.kind === 'outbox-after-send' || t.kind === 'random').length + 1;
      expect(repeated.size, `${[...repeated].join(', ')}; ${failure}`).toBeLessThanOrEqual(couldRepeat);
      console.log(
        `fault run seed ${SEED}: ${r.trials.length} kills, ${interrupting()} interrupting work ` +
          `(${CRASH_POINTS.map((p) => `${p} ${r.trials.filter((t) => t.kind === p).length}`).join(', ')}), ` +
          `${r.fed.length} mails, ${processedPhases.length} phases, ${delivered.length} mails delivered, ` +
          `${[...deliveries.values()].reduce((a, b) => a + b, 0) - delivered.length} deliveries repeated ` +
          `(${repeated.size} mails)`,
      );
    },
  );
});
