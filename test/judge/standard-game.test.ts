// A whole standard game by mail through the embedded mail directory: create, join seven, two
// years of orders, results received by everyone exactly once, even when a mail arrives twice.
import { readdirSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { adjustmentsDue } from '../../src/judge/progress.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { listSeats } from '../../src/store/players.js';
import { getAccount } from '../../src/store/accounts.js';
import { botOrders } from './bot.js';
import { createWorld, type World } from './world.js';

const PLAYERS = ['anna', 'bert', 'cleo', 'dirk', 'emma', 'finn', 'gina'].map((n) => `${n}@players.test`);
const GM = 'gm@example.test';
let world: World | null = null;
afterEach(() => world?.close());

async function setUp(w: World): Promise<Map<string, string>> {
  expect(await w.send(GM, 'CREATE classic gmsecret standard\nTIMING MOVE 48 RETREAT 12 ADJUST 12\nFORM')).toContain(
    'Game classic is open',
  );
  for (const p of PLAYERS)
    expect(await w.send(p, `JOIN classic pw-${p.slice(0, 4)}`)).toContain('You joined game classic');
  expect(await w.send(GM, 'SIGNON master@classic gmsecret\nACTIVATE')).toContain('has started');
  const game = findGameByName(w.db, 'classic')!;
  const byAddress = new Map<string, string>();
  for (const seat of listSeats(w.db, game.id)) byAddress.set(getAccount(w.db, seat.accountId)!.address, seat.power!);
  return byAddress;
}

async function playPhase(w: World, powers: Map<string, string>): Promise<string> {
  const variant = loadVariant('standard');
  const game = findGameByName(w.db, 'classic')!;
  const record = currentPhase(w.db, game.id)!;
  for (const [address, power] of powers) {
    const lines = botOrders(variant, record.position, power, adjustmentsDue(w.db, game.id, record));
    if (!lines.length) continue;
    const reply = await w.send(
      address,
      [
        `SIGNON ${power}@classic pw-${address.slice(0, 4)}`,
        ...lines,
        'SIGNOFF',
        '',
        '> quoted old mail',
        '> A PAR - MOS',
      ].join('\n'),
    );
    expect(reply, reply).not.toContain('rejected');
  }
  return record.phase;
}

describe('a standard game by mail', () => {
  it('plays two years; every player, the GM and the observer get each result exactly once', async () => {
    const w = (world = createWorld());
    const powers = await setUp(w);
    expect(await w.send('watcher@example.test', 'OBSERVE classic watchpw')).toContain('You observe game classic');
    expect(new Set(powers.values()).size).toBe(7);

    const played: string[] = [];
    for (let guard = 0; guard < 12; guard++) {
      const game = findGameByName(w.db, 'classic')!;
      const phase = currentPhase(w.db, game.id)!.phase;
      if (phase.startsWith('S1903')) break;
      played.push(await playPhase(w, powers));
      // Every order set was complete, so the phase processed at once, without waiting for the deadline.
      expect(currentPhase(w.db, game.id)!.phase).not.toBe(phase);
    }
    expect(played).toContain('F1902M');
    expect(played.filter((p) => p.endsWith('M'))).toEqual(['S1901M', 'F1901M', 'S1902M', 'F1902M']);

    for (const address of [...powers.keys(), GM, 'watcher@example.test']) {
      const subjects = (await w.hand.list(address))
        .map((m) => m.subject)
        .filter((s) => s.startsWith('Diplomacy results'));
      expect(subjects, address).toEqual(played.map((p) => `Diplomacy results classic ${p}`));
    }
    const mails = await w.mails([...powers.keys()][0]);
    const fall = mails.find((m) => m.subject === 'Diplomacy results classic F1901M')!.text;
    expect(fall).toContain('Movement results for Fall of 1901.  (classic.F1901M)');
    expect(fall).toContain('Ownership of supply centers:');
  });

  it('takes in a mail delivered twice only once', async () => {
    const w = (world = createWorld());
    const powers = await setUp(w);
    const [address, power] = [...powers][0];
    await w.hand.send(address, 'wait please', `SIGNON ${power}@classic pw-${address.slice(0, 4)}\nSET WAIT`);
    const processed = join(w.root, 'processed');
    const before = new Set(readdirSync(processed));
    await w.settle();
    const file = readdirSync(processed).find((f) => !before.has(f))!;
    // The same file arrives again under another name (a second delivery with the same Message-ID).
    copyFileSync(join(processed, file), join(w.root, 'inbox', `zz-${file}`));
    const results = await w.settle();
    expect(results.map((r) => r.outcome)).toEqual(['duplicate']);
    const replies = (await w.hand.list(address)).filter((m) => m.subject === 'Re: wait please');
    expect(replies).toHaveLength(1);
    const game = findGameByName(w.db, 'classic')!;
    // Results go out once even if the processing path runs again for the same phase.
    await playPhase(w, powers);
    expect(currentPhase(w.db, game.id)!.phase).toBe('S1901M'); // the wait flag holds the phase
    w.advance(49);
    await w.settle();
    expect(currentPhase(w.db, game.id)!.phase).toBe('F1901M');
    await w.settle();
    const results1901 = w.outboxRows().filter((r) => r.dedupeKey === 'results:classic:S1901M');
    expect(results1901).toHaveLength(1);
    expect(w.errors).toEqual([]);
  });
});
