// The judge exactly as the daemon builds it (config defaults, createMailService, handleMail, the
// apology on a crash, the tick), on a temporary mail directory, with a standard game in progress.
// deliver() drops raw bytes into the inbox and returns what the judge did with them; snapshot()
// reads the game state a hostile mail must not touch, one string per row, keyed for diffing.
import { mkdtempSync, rmSync, writeFileSync, renameSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../src/config/load.js';
import type { JudgeConfig } from '../../src/config/types.js';
import { apologyFor, handleMail } from '../../src/judge/handler.js';
import { REPLY_OPENING } from '../../src/judge/template.js';
import { confirmLineIn } from '../../src/judge/gate/address-proof.js';
import { tick } from '../../src/judge/tick.js';
import { createMailHand } from '../../src/mail/hand.js';
import type { DirectoryInbox } from '../../src/mail/directory-inbox.js';
import type { IntakeResult } from '../../src/mail/intake.js';
import { mailDirectoryLayout } from '../../src/mail/mail-directory.js';
import { createMailService, type MailService } from '../../src/mail/service.js';
import { openDatabase, type Db } from '../../src/store/database.js';
import { isKnownCorrespondent } from '../../src/judge/gate/known-sender.js';
import type { OutboxMail } from '../../src/store/outbox.js';

export const JUDGE_ADDRESS = 'judge@example.test';
export const GAME = 'hostile';
export const GM = { address: 'gm@example.test', password: 'gm-pass-1' };
export const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'] as const;
export const playerAddress = (power: string) => `${power}@players.test`;
export const playerPassword = (power: string) => `pw-${power}`;

export interface Delivery {
  results: IntakeResult[];
  /** Every mail the judge queued for this delivery (replies, notices, results), in order. */
  sent: OutboxMail[];
}

export type Judge = Awaited<ReturnType<typeof createJudge>>;

export async function createJudge() {
  const root = mkdtempSync(join(tmpdir(), 'chancery-hostile-'));
  const configFor = (mail: Record<string, unknown>): JudgeConfig =>
    parseConfig(
      {
        judge: { address: JUDGE_ADDRESS, name: 'Test Judge' },
        database: join(root, 'judge.sqlite'),
        mail: { directory: join(root, 'mail'), ...mail },
      },
      { baseDir: root, source: null },
    );
  const config = configFor({});
  const db = openDatabase(config.database);
  const service = createMailService(db, handleMail, config, {
    onHandlerError: (mail) => apologyFor(mail),
    knownSender: isKnownCorrespondent,
    ownOpening: REPLY_OPENING,
  });
  const layout = mailDirectoryLayout(config.mail.directory);
  mkdirSync(layout.inbox, { recursive: true });
  let fileNumber = 0;

  /** Runs one inbox scan, the tick and the outbox, as the daemon's loop does. */
  async function settle(via: MailService = service): Promise<Delivery> {
    const results = await (via.inbox as DirectoryInbox).processAll();
    const sent = results.flatMap((r) => r.queued);
    tick(db, new Date().toISOString(), service.judge);
    await service.outbox.runOnce();
    return { results, sent };
  }

  async function deliver(raw: Buffer, via: MailService = service): Promise<Delivery> {
    const file = `${String(++fileNumber).padStart(6, '0')}.eml`;
    writeFileSync(join(layout.inbox, `.${file}.tmp`), raw);
    renameSync(join(layout.inbox, `.${file}.tmp`), join(layout.inbox, file));
    return settle(via);
  }

  // The game: a GM, seven players who chose their powers, started; Spring 1901 waits for orders.
  const hand = createMailHand(config.mail.directory, { judgeAddress: JUDGE_ADDRESS });
  const send = async (from: string, body: string): Promise<string> => {
    await hand.send(from, 'setup', body);
    const { results } = await settle();
    if (results.some((r) => r.outcome !== 'processed'))
      throw new Error(`setup mail not processed: ${JSON.stringify(results.map((r) => r.entry))}`);
    const text = results
      .flatMap((r) => r.queued)
      .map((m) => m.body)
      .join('\n');
    // A newcomer answers the code the judge mailed him, as a player reading his mail does.
    const code = confirmLineIn(text);
    if (code) await send(from, code);
    return text;
  };
  await send(GM.address, `CREATE ${GAME} ${GM.password} standard\nRULE POWER_CHOICE\nFORM`);
  for (const power of POWERS) await send(playerAddress(power), `JOIN ${GAME} ${playerPassword(power)} ${power}`);
  const started = await send(GM.address, `SIGNON master@${GAME} ${GM.password}\nACTIVATE`);
  if (!started.includes('has started')) throw new Error(`the game did not start:\n${started}`);

  return {
    root,
    db,
    service,
    deliver,
    /** Another inbox on the same database and mail directory with other mail settings (e.g. maxBytes). */
    serviceWith(mail: Record<string, unknown>): MailService {
      return createMailService(db, handleMail, configFor(mail), {
        onHandlerError: (m) => apologyFor(m),
        knownSender: isKnownCorrespondent,
        ownOpening: REPLY_OPENING,
      });
    },
    snapshot: () => snapshot(db),
    async close() {
      await service.stop();
      db.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The state hostile mail must not change, keyed "table/natural key" so that a diff names what
 * changed: accounts (with password hashes), games (status, settings, GM), seats, phases, orders,
 * DP sheets and press. Bookkeeping (mail_log, outbox, rate_buckets, jobs) is left out.
 */
export function snapshot(db: Db): Map<string, string> {
  const rows = new Map<string, string>();
  const put = (key: string, value: unknown) => rows.set(key, JSON.stringify(value));
  const all = (sql: string) => db.prepare(sql).all() as Record<string, unknown>[];
  for (const r of all('SELECT address, password_hash FROM accounts'))
    put(`accounts/${String(r.address).toLowerCase()}`, r);
  for (const r of all(
    'SELECT g.name, g.status, g.settings_json, a.address AS gm FROM games g LEFT JOIN accounts a ON a.id = g.gm_account_id',
  ))
    put(`games/${r.name}`, r);
  for (const r of all(
    `SELECT g.name AS game, p.power, p.role, p.status, p.wait, p.absence_json, a.address FROM game_players p
     JOIN games g ON g.id = p.game_id JOIN accounts a ON a.id = p.account_id`,
  ))
    put(`seats/${r.game}/${r.power ?? `${r.role}:${r.address}`}`, r);
  for (const r of all(
    'SELECT g.name AS game, p.seq, p.phase, p.result_json FROM phases p JOIN games g ON g.id = p.game_id',
  ))
    put(`phases/${r.game}/${r.seq}`, r);
  for (const r of all(
    'SELECT g.name AS game, o.phase, o.power, o.normalised_json FROM orders o JOIN games g ON g.id = o.game_id',
  ))
    put(`orders/${r.game}/${r.phase}/${r.power}`, r);
  for (const r of all(
    `SELECT g.name AS game, d.phase, d.power, group_concat(d.unit || '=' || d.amount) AS sheet FROM dp_allocations d
     JOIN games g ON g.id = d.game_id GROUP BY d.game_id, d.phase, d.power`,
  ))
    put(`dp/${r.game}/${r.phase}/${r.power}`, r);
  for (const r of all(
    'SELECT g.name AS game, p.id, p.from_power, p.to_json, p.body FROM press p JOIN games g ON g.id = p.game_id',
  ))
    put(`press/${r.game}/${r.id}`, r);
  return rows;
}

/** Keys added, removed or changed between two snapshots. */
export function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}

let plainSerial = 0;

/** A plain mail as a player's client sends it (a fresh Message-ID each time). */
export function plainMail(from: string, body: string, subject = `mail ${plainSerial + 1}`): Buffer {
  plainSerial += 1;
  const headers = [
    `From: <${from}>`,
    `To: ${JUDGE_ADDRESS}`,
    `Subject: ${subject}`,
    `Message-ID: <plain-${plainSerial}@test>`,
  ];
  return Buffer.from([...headers, '', body, ''].join('\r\n'));
}

/** Replaces the Message-ID so that one corpus file can be sent again as a new mail. */
export function withMessageId(raw: Buffer, id: string): Buffer {
  const text = raw.toString('latin1');
  const replaced = text.replace(/^Message-ID:[^\r\n]*/im, `Message-ID: <${id}@corpus.test>`);
  if (replaced === text) throw new Error('mail has no Message-ID header to replace');
  return Buffer.from(replaced, 'latin1');
}
