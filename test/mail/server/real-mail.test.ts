// The judge against real mail servers (Dovecot IMAP + an SMTP relay, from test/setup/): ten players
// play two years of Ambition & Empire v6 with Diplomacy Points, every mail over SMTP and IMAP.
// Checked: everyone receives each phase's results exactly once, no results mail names another
// reader (the list is in Bcc), and no DP line of a player reaches any mailbox but his own and the
// GM's (through the bid chart). It starts a mail server of its own, for its twelve mailboxes; the
// project's globalSetup has installed Dovecot already.
import { confirmLineIn } from '../../../src/judge/gate/address-proof.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { loadVariant } from '../../../src/core/map/load.js';
import { startDaemon, type Daemon } from '../../../src/judge/daemon.js';
import { adjustmentsDue } from '../../../src/judge/progress.js';
import { openDatabase, type Db } from '../../../src/store/database.js';
import { findGameByName } from '../../../src/store/games.js';
import { currentPhase } from '../../../src/store/phases.js';
import { startMailServer, type MailServer } from '../../setup/mail-harness.js';
import { readMailbox, sendAsPlayer, waitFor } from './helpers.js';
import { botOrders } from '../../judge/bot.js';

const variant = loadVariant('ambition6');
const POWERS = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
const JUDGE = 'judge-real@example.test';
const GM = 'gm-real@example.test';
const playerOf = (power: string) => `${power}-real@example.test`;

let server: MailServer;
let db: Db;
let daemon: Daemon;
let dir: string;

beforeAll(async () => {
  const users = [JUDGE, GM, ...POWERS.map(playerOf)].map((address) => ({
    address,
    password: `${address.split('@')[0]}-mailpw`,
  }));
  server = await startMailServer({ users });
  dir = mkdtempSync(join(tmpdir(), 'chancery-real-'));
  const config = parseConfig(
    {
      judge: { address: JUDGE, name: 'Chancery Judge', domain: 'example.test' },
      database: 'judge.sqlite',
      mail: { transport: 'server', rateLimit: false, outboxPollMs: 200 },
      imap: {
        host: server.host,
        port: server.imapPort,
        user: JUDGE,
        pass: `${JUDGE.split('@')[0]}-mailpw`,
        pollIntervalMs: 200,
      },
      smtp: {
        host: server.host,
        port: server.smtpPort,
        ignoreTLS: true,
        user: JUDGE,
        pass: `${JUDGE.split('@')[0]}-mailpw`,
      },
    },
    { baseDir: dir, source: null },
  );
  db = openDatabase(config.database);
  daemon = startDaemon(db, config, { tickMs: 300, log: () => undefined });
  daemon.service.inbox.on('error', () => undefined);
}, 120_000);

afterAll(async () => {
  await daemon?.stop();
  db?.close();
  await server?.stop({ grace: 0 });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Sends a mail and waits for the judge's reply to it (matched by subject). */
async function ask(from: string, subject: string, body: string): Promise<string> {
  await sendAsPlayer(server, from, JUDGE, subject, body);
  const reply = await waitFor(
    async () => (await readMailbox(server, from)).find((m) => m.parsed.subject === `Re: ${subject}`),
    `reply to ${subject}`,
    30_000,
  );
  const text = reply.parsed.text ?? '';
  // A newcomer answers the code in the judge's reply to him (src/judge/gate/address-proof.ts).
  const code = confirmLineIn(text);
  if (code) await ask(from, `confirm for ${from}`, code);
  return text;
}

describe('ten players, two years of A&E v6 over real mail', () => {
  it('delivers every result once to everyone and keeps DP sheets secret', async () => {
    expect(await ask(GM, 'create', 'CREATE realgame gm-game-pw ambition6\nRULE POWER_CHOICE\nFORM')).toContain(
      'is open',
    );
    await Promise.all(
      POWERS.map(async (p) =>
        expect(await ask(playerOf(p), `join ${p}`, `JOIN realgame pw-${p} ${p}`)).toContain('You joined'),
      ),
    );
    expect(await ask(GM, 'activate', 'SIGNON master@realgame gm-game-pw\nACTIVATE')).toContain('has started');
    const game = findGameByName(db, 'realgame')!;

    const played: string[] = [];
    const dpLines = new Map<string, string[]>();
    for (let turn = 0; turn < 14; turn++) {
      const record = currentPhase(db, game.id)!;
      if (record.position.phase.year >= 1765 || findGameByName(db, 'realgame')!.status !== 'active') break;
      const neutrals = record.position.units.filter((u) => variant.powerById.get(u.power)!.kind !== 'great');
      await Promise.all(
        POWERS.map(async (power, i) => {
          const lines = botOrders(variant, record.position, power, adjustmentsDue(db, game.id, record));
          // One neutral unit per power, so each DP line belongs to exactly one player.
          const unit = neutrals[i];
          if (record.position.phase.type === 'movement' && unit) {
            const bid = `1 DP: ${unit.type} ${unit.loc.toUpperCase()} H`;
            lines.push(bid);
            dpLines.set(power, [...(dpLines.get(power) ?? []), bid]);
          }
          if (lines.length)
            await ask(
              playerOf(power),
              `${record.phase} ${power}`,
              [`SIGNON ${power}@realgame pw-${power}`, ...lines].join('\n'),
            );
        }),
      );
      const moved = await waitFor(
        () => currentPhase(db, game.id)!.seq !== record.seq || findGameByName(db, 'realgame')!.status !== 'active',
        `${record.phase} to process`,
        5_000,
      ).catch(() => false);
      // Builds the variant refuses (third home centres...) leave a power incomplete: the GM processes.
      if (!moved)
        await ask(GM, `process ${record.phase}`, `SIGNON master@realgame gm-game-pw\nPROCESS! ${record.phase}`);
      played.push(record.phase);
    }
    expect(played.filter((p) => p.endsWith('M'))).toEqual(['S1763M', 'F1763M', 'S1764M', 'F1764M']);

    const expected = played.map((p) => `Diplomacy results realgame ${p}`);
    const boxes = new Map<string, Awaited<ReturnType<typeof readMailbox>>>();
    for (const address of [GM, ...POWERS.map(playerOf)]) {
      const box = await waitFor(
        async () => {
          const mails = await readMailbox(server, address);
          return mails.filter((m) => m.parsed.subject.startsWith('Diplomacy results')).length >= expected.length
            ? mails
            : null;
        },
        `results for ${address}`,
        30_000,
      );
      boxes.set(address, box);
      const results = box.filter((m) => m.parsed.subject.startsWith('Diplomacy results'));
      expect(
        results.map((m) => m.parsed.subject),
        address,
      ).toEqual(expected);
      for (const mail of results) {
        expect(mail.parsed.to, `${address}: ${mail.parsed.subject}`).toEqual([JUDGE]);
        const named = [GM, ...POWERS.map(playerOf)].filter((other) => other !== address && mail.raw.includes(other));
        expect(named, `${address}'s copy of ${mail.parsed.subject} names others`).toEqual([]);
      }
    }
    for (const [power, lines] of dpLines) {
      for (const [address, box] of boxes) {
        for (const mail of box) {
          const leaks = lines.filter((line) => mail.parsed.text.includes(line));
          if (!leaks.length) continue;
          const ownReply = address === playerOf(power) && mail.parsed.subject.startsWith('Re: ');
          const gmChart = address === GM && mail.parsed.subject.startsWith('Diplomacy bid chart');
          expect(ownReply || gmChart, `${leaks[0]} of ${power} seen by ${address} in "${mail.parsed.subject}"`).toBe(
            true,
          );
        }
      }
    }
    const charts = async () =>
      (await readMailbox(server, GM)).filter((m) => m.parsed.subject.startsWith('Diplomacy bid chart'));
    await waitFor(async () => (await charts()).length >= 4, 'four bid charts for the GM', 30_000);
    expect((await charts()).map((m) => m.parsed.subject)).toEqual(
      played.filter((p) => p.endsWith('M')).map((p) => `Diplomacy bid chart realgame ${p}`),
    );
  }, 300_000);
});
