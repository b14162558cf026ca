// Issue 11.1: a mail's arrival decides whether it was on time. Orders that reached the inbox while
// the judge was down are taken in before the deadline that passed meanwhile is processed: they are
// used, the power is not defaulted, and the reply does not speak of the next phase.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { GRACE_JOB, PROCESS_JOB } from '../../src/judge/lifecycle/deadlines.js';
import { getAccount } from '../../src/store/accounts.js';
import { currentPhase, findPhase } from '../../src/store/phases.js';
import { listSeats } from '../../src/store/players.js';
import { botOrders } from './bot.js';
import { passwordOf, startDaemonTable, type DaemonTable } from './daemon-table.js';
import { waitFor } from './wait-for.js';

let table: DaemonTable | null = null;
afterEach(async () => {
  await table?.close();
  table = null;
});

describe('orders that arrived while the judge was down', () => {
  it('are used for the phase whose deadline passed before the judge came back', async () => {
    const t = (table = await startDaemonTable('ontime', { tickMs: 50 }));
    const { db, hand, game } = t;
    const record = currentPhase(db, game.id)!;
    await t.stop();

    // While the judge is down, France's orders arrive, then the deadline passes. Only France orders,
    // so the phase waits for its deadline, not for the last orders.
    const variant = loadVariant('standard');
    const france = listSeats(db, game.id).find((s) => s.power === 'france')!;
    const franceAddress = getAccount(db, france.accountId)!.address;
    const lines = botOrders(variant, record.position, 'france', []);
    await hand.send(
      franceAddress,
      'orders',
      [`SIGNON france@ontime ${passwordOf(franceAddress)}`, ...lines].join('\n'),
    );
    const repliesBefore = (await hand.list(franceAddress)).length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const deadline = new Date().toISOString();
    const moved = db.prepare("UPDATE jobs SET due_at = ? WHERE game_id = ? AND status = 'pending' AND kind = ?");
    expect(moved.run(deadline, game.id, PROCESS_JOB).changes).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));

    const log: string[] = [];
    t.restart({ tickMs: 50, log: (line) => log.push(line) });
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
