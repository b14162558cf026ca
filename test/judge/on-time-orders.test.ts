// Issue 11.1: a mail's arrival decides whether it was on time. Orders that reached the inbox while
// the judge was down are taken in before the deadline that passed meanwhile is processed: they are
// used, the power is not defaulted, and the reply does not speak of the next phase.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { loadVariant } from '../../src/core/map/load.js';
import { startDaemon, type Daemon } from '../../src/judge/daemon.js';
import { GRACE_JOB, PROCESS_JOB } from '../../src/judge/lifecycle/deadlines.js';
import { createMailHand } from '../../src/mail/hand.js';
import { getAccount } from '../../src/store/accounts.js';
import { openDatabase, type Db } from '../../src/store/database.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase, findPhase } from '../../src/store/phases.js';
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

describe('orders that arrived while the judge was down', () => {
  it('are used for the phase whose deadline passed before the judge came back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chancery-ontime-'));
    const config = parseConfig(
      {
        judge: { address: JUDGE, name: 'Judge', domain: 'example.test' },
        database: 'judge.sqlite',
        mail: { transport: 'directory', directory: 'mail', rateLimit: false, inboxPollMs: 20, outboxPollMs: 20 },
      },
      { baseDir: dir, source: null },
    );
    const db: Db = openDatabase(config.database);
    let daemon: Daemon = startDaemon(db, config, { tickMs: 50, log: () => undefined });
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
    expect(await ask(GM, 'CREATE ontime gmsecret standard\nFORM')).toContain('is open');
    for (const p of PLAYERS) expect(await ask(p, `JOIN ontime pw-${p.slice(0, 4)}`)).toContain('You joined');
    expect(await ask(GM, 'SIGNON master@ontime gmsecret\nACTIVATE')).toContain('has started');
    const game = findGameByName(db, 'ontime')!;
    const record = currentPhase(db, game.id)!;
    await daemon.stop();

    // While the judge is down: every power's orders arrive, then the deadline passes.
    const variant = loadVariant('standard');
    const seats = listSeats(db, game.id);
    const france = seats.find((s) => s.power === 'france')!;
    // Only France orders: the phase waits for its deadline, not for the last orders.
    for (const seat of [france]) {
      const address = getAccount(db, seat.accountId)!.address;
      const lines = botOrders(variant, record.position, seat.power!, []);
      await hand.send(
        address,
        'orders',
        [`SIGNON ${seat.power}@ontime pw-${address.slice(0, 4)}`, ...lines].join('\n'),
      );
    }
    const franceAddress = getAccount(db, france.accountId)!.address;
    const repliesBefore = (await hand.list(franceAddress)).length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const deadline = new Date().toISOString();
    const moved = db.prepare("UPDATE jobs SET due_at = ? WHERE game_id = ? AND status = 'pending' AND kind = ?");
    expect(moved.run(deadline, game.id, PROCESS_JOB).changes).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));

    const log: string[] = [];
    daemon = startDaemon(db, config, { tickMs: 50, log: (line) => log.push(line) });
    // The deadline finds France on time (its mail came first) and the six others late.
    const late = await waitFor(() => log.find((line) => line.includes(': late: ')), 'the late notice');
    expect(late).not.toMatch(/France/);
    expect(late).toMatch(/Austria/);
    const graceEnd = db.prepare("UPDATE jobs SET due_at = ? WHERE game_id = ? AND status = 'pending' AND kind = ?");
    expect(graceEnd.run(new Date().toISOString(), game.id, GRACE_JOB).changes).toBe(1);
    await waitFor(() => currentPhase(db, game.id)!.phase !== record.phase, `${record.phase} to be processed`);
    const processed = findPhase(db, game.id, record.phase)!;
    const frenchOutcomes = processed.result!.outcomes.filter((o) => o.order.power === 'france');
    expect(frenchOutcomes.some((o) => o.notes.includes('no order'))).toBe(false);
    expect(frenchOutcomes.some((o) => o.order.kind === 'move')).toBe(true);
    const reply = await waitFor(
      async () => (await hand.list(franceAddress)).slice(repliesBefore).find((m) => m.subject.startsWith('Re:')),
      'the reply to France',
    );
    const text = (await hand.show(franceAddress, reply.number)).text;
    expect(text).not.toMatch(/next phase/i);
  }, 60_000);
});
