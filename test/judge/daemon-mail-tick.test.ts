// The daemon checks for phases ready to process shortly after mail comes in, without waiting for
// its timer: a burst of mail shares one such check instead of paying one per mail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { loadVariant } from '../../src/core/map/load.js';
import { startDaemon, type Daemon } from '../../src/judge/daemon.js';
import { createMailHand } from '../../src/mail/hand.js';
import { getAccount } from '../../src/store/accounts.js';
import { openDatabase, type Db } from '../../src/store/database.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { listSeats } from '../../src/store/players.js';
import { botOrders } from './bot.js';
import { waitFor } from './wait-for.js';

const JUDGE = 'judge@example.test';
const GM = 'gm@example.test';
const PLAYERS = ['anna', 'bert', 'cleo', 'dirk', 'emma', 'finn', 'gina'].map((n) => `${n}@players.test`);

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('the daemon after mail', () => {
  it('processes a phase whose last orders just came in long before its next timer tick', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chancery-daemon-'));
    const config = parseConfig(
      {
        judge: { address: JUDGE, name: 'Judge', domain: 'example.test' },
        database: 'judge.sqlite',
        mail: { transport: 'directory', directory: 'mail', rateLimit: false, inboxPollMs: 20, outboxPollMs: 20 },
      },
      { baseDir: dir, source: null },
    );
    const db: Db = openDatabase(config.database);
    // The timer alone would not tick again within the test: only the tick after mail can process.
    const daemon: Daemon = startDaemon(db, config, { tickMs: 10 * 60_000, log: () => undefined });
    cleanup = async () => {
      await daemon.stop();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    };
    const hand = createMailHand(config.mail.directory, { judgeAddress: JUDGE });
    const ask = async (from: string, body: string) => {
      const before = (await hand.list(from)).length;
      await hand.send(from, 'cmd', body);
      const reply = await waitFor(
        async () => (await hand.list(from)).slice(before).find((m) => m.subject.startsWith('Re:')),
        `reply to ${from}`,
      );
      return (await hand.show(from, reply.number)).text;
    };

    expect(await ask(GM, 'CREATE quick gmsecret standard\nFORM')).toContain('is open');
    for (const p of PLAYERS) expect(await ask(p, `JOIN quick pw-${p.slice(0, 4)}`)).toContain('You joined');
    expect(await ask(GM, 'SIGNON master@quick gmsecret\nACTIVATE')).toContain('has started');
    const game = findGameByName(db, 'quick')!;
    const record = currentPhase(db, game.id)!;
    const variant = loadVariant('standard');
    // Every player's orders at once: one burst of mail.
    await Promise.all(
      listSeats(db, game.id).map((seat) => {
        const address = getAccount(db, seat.accountId)!.address;
        const lines = botOrders(variant, record.position, seat.power!, []);
        return hand.send(
          address,
          'orders',
          [`SIGNON ${seat.power}@quick pw-${address.slice(0, 4)}`, ...lines].join('\n'),
        );
      }),
    );
    await waitFor(() => currentPhase(db, game.id)!.phase !== record.phase, `${record.phase} to be processed`);
    expect(currentPhase(db, game.id)!.phase).toBe('F1901M');
  }, 30_000);
});
