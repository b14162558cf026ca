// ROLLFORWARD plays again what ROLLBACK undid: with nothing changed in between, the game ends up
// exactly where it was (history, position, pending orders), and each replayed phase's results go
// out once more under a key of their own, never twice under one.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { adjustmentsDue } from '../../src/judge/progress.js';
import { tick } from '../../src/judge/tick.js';
import { findGameByName } from '../../src/store/games.js';
import { listOrders } from '../../src/store/orders.js';
import { currentPhase, phaseHistory } from '../../src/store/phases.js';
import { rolledBackPhases } from '../../src/store/rolled-back.js';
import { botOrders } from './bot.js';
import { createWorld, JUDGE, type World } from './world.js';

const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const GM = 'gm@example.test';
const AS_GM = 'SIGNON master@rfgame gmpass1';
// A whole game by mail takes a few seconds; more when the machine is busy.
const WORLD_TIMEOUT_MS = 60_000;
let world: World | null = null;
afterEach(() => world?.close());

async function started(w: World) {
  await w.send(GM, 'CREATE rfgame gmpass1 standard\nRULE POWER_CHOICE\nFORM');
  for (const p of POWERS) await w.send(`${p}@players.test`, `JOIN rfgame pw-${p} ${p}`);
  await w.send(GM, `${AS_GM}\nACTIVATE`);
}

const gameId = (w: World) => findGameByName(w.db, 'rfgame')!.id;

/** The bots of `powers` send their orders for the current phase. */
async function order(w: World, powers: string[]) {
  const record = currentPhase(w.db, gameId(w))!;
  for (const p of powers) {
    const lines = botOrders(loadVariant('standard'), record.position, p, adjustmentsDue(w.db, gameId(w), record));
    if (lines.length) await w.send(`${p}@players.test`, [`SIGNON ${p}@rfgame pw-${p}`, ...lines].join('\n'));
  }
}

/**
 * Every power but Turkey orders, then the GM processes: Turkey's silence keeps the phase from
 * processing by itself, except where he has nothing to order (adjustments without a build for him).
 */
async function playPhase(w: World): Promise<string> {
  const record = currentPhase(w.db, gameId(w))!;
  await order(w, POWERS.slice(0, -1));
  if (currentPhase(w.db, gameId(w))!.seq === record.seq) {
    expect(await w.send(GM, `${AS_GM}\nPROCESS! ${record.phase}`)).toContain(`${record.phase} was processed`);
  }
  return record.phase;
}

/** What must come back: every phase with its position and result, and the open phase's orders. */
function snapshot(w: World) {
  const id = gameId(w);
  const history = phaseHistory(w.db, id).map((p) => ({ phase: p.phase, position: p.position, result: p.result }));
  const open = currentPhase(w.db, id)!.phase;
  const orders = listOrders(w.db, id, open).map(({ power, lines, normalised }) => ({ power, lines, normalised }));
  return { history, open, orders };
}

const resultKeys = (w: World) =>
  w
    .outboxRows()
    .filter((r) => r.subject.startsWith('Diplomacy results'))
    .map((r) => r.dedupeKey);

describe('ROLLFORWARD', () => {
  it(
    'after ROLLBACK gives back the very same game, and resends each replayed result once, under a fresh key',
    async () => {
      const w = (world = createWorld());
      await started(w);
      const played: string[] = [];
      for (let i = 0; i < 4; i++) played.push(await playPhase(w));
      // Orders already given for the open phase are part of the game too.
      await order(w, ['austria', 'france', 'russia']);
      const before = snapshot(w);
      expect(before.orders.map((o) => o.power)).toEqual(['austria', 'france', 'russia']);
      const ordersOf = (phase: string) =>
        listOrders(w.db, gameId(w), phase).map(({ power, lines, normalised }) => ({ power, lines, normalised }));
      const playedOrders = played.map(ordersOf);

      expect(await w.send(GM, `${AS_GM}\nROLLBACK ${played[0]}`)).toContain(
        `Game rfgame is back at ${played[0]}. ROLLFORWARD [phase] processes the 4 phase(s) undone again`,
      );
      expect(currentPhase(w.db, gameId(w))!.phase).toBe(played[0]);
      expect(listOrders(w.db, gameId(w), before.open)).toEqual([]);

      // One phase at a time without a phase named; the next phase's orders are back at once.
      const one = await w.send(GM, `${AS_GM}\nROLLFORWARD`);
      expect(one).toContain(`${played[0]} processed again with the orders given before the rollback`);
      expect(currentPhase(w.db, gameId(w))!.phase).toBe(played[1]);
      expect(playedOrders[1].length).toBeGreaterThan(0);
      expect(ordersOf(played[1])).toEqual(playedOrders[1]);

      const rest = await w.send(GM, `${AS_GM}\nROLLFORWARD ${before.open}`);
      expect(rest).toContain(`${played.slice(1).join(', ')} processed again`);
      expect(rest).toContain(
        `${before.open} was the open phase at the rollback; the orders given for it then are back in place.`,
      );
      expect(snapshot(w)).toEqual(before);
      expect(rolledBackPhases(w.db, gameId(w))).toEqual([]);

      // Each phase's results: once as played, once as replayed, never a key twice.
      const keys = resultKeys(w);
      expect(new Set(keys).size).toBe(keys.length);
      for (const phase of played) {
        expect(keys.filter((k) => k.startsWith(`results:rfgame:${phase}`))).toEqual([
          `results:rfgame:${phase}`,
          `results:rfgame:${phase}:after-rollback-1`,
        ]);
      }
      const replayed = w
        .outboxRows()
        .filter((r) => r.dedupeKey.endsWith(':after-rollback-1') && r.dedupeKey.startsWith('results:'));
      for (const mail of replayed) {
        expect(mail.body).toContain('ROLLFORWARD: the GM has processed this phase again');
        expect(mail.to).toEqual([JUDGE.address]);
        expect(mail.bcc).toHaveLength(8);
      }
      // Turkey, who never ordered, reads every phase's results twice. (Mails queued in the same
      // millisecond have no order among them in his mail folder, so the lists are compared sorted.)
      const subjects = (await w.hand.list('turkey@players.test'))
        .map((m) => m.subject)
        .filter((s) => s.startsWith('Diplomacy results'));
      expect(subjects.sort()).toEqual([...played, ...played].map((p) => `Diplomacy results rfgame ${p}`).sort());

      // Nothing is left to replay, and the clock processes nothing again.
      expect(await w.send(GM, `${AS_GM}\nROLLFORWARD`)).toContain('nothing to roll forward');
      tick(w.db, w.now(), JUDGE);
      expect(resultKeys(w)).toEqual(keys);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'stops where the board has changed: that phase is left to the players and the rest is forgotten',
    async () => {
      const w = (world = createWorld());
      await started(w);
      const played = [await playPhase(w), await playPhase(w)];
      const open = currentPhase(w.db, gameId(w))!.phase;
      await w.send(GM, `${AS_GM}\nROLLBACK ${played[0]}`);
      // France changes his mind for the first phase: all his units hold.
      const france = currentPhase(w.db, gameId(w))!.position.units.filter((u) => u.power === 'france');
      await w.send(
        'france@players.test',
        ['SIGNON france@rfgame pw-france', ...france.map((u) => `${u.type} ${u.loc.toUpperCase()} H`)].join('\n'),
      );

      const reply = await w.send(GM, `${AS_GM}\nROLLFORWARD ${open}`);
      expect(reply).toContain(`${played[0]} processed again`);
      expect(reply).toContain(
        `The position of ${played[1]} is not the one it had before the rollback, so it was not processed`,
      );
      expect(currentPhase(w.db, gameId(w))!.phase).toBe(played[1]);
      expect(currentPhase(w.db, gameId(w))!.result).toBeNull();
      expect(listOrders(w.db, gameId(w), played[1])).toEqual([]);
      expect(rolledBackPhases(w.db, gameId(w))).toEqual([]);
      expect(await w.send(GM, `${AS_GM}\nROLLFORWARD`)).toContain('nothing to roll forward');
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'continues after a PROCESS given between ROLLBACK and ROLLFORWARD, and refuses phases it never undid',
    async () => {
      const w = (world = createWorld());
      await started(w);
      const played = [await playPhase(w), await playPhase(w), await playPhase(w)];
      const before = snapshot(w);
      await w.send(GM, `${AS_GM}\nROLLBACK ${played[0]}`);
      expect(await w.send(GM, `${AS_GM}\nROLLFORWARD S1950M`)).toContain(
        'S1950M is not one of the rolled-back phases after',
      );
      expect(await w.send(GM, `${AS_GM}\nPROCESS! ${played[0]}`)).toContain(`${played[0]} was processed`);
      // PROCESS! brought back the next phase's orders (same board); ROLLFORWARD goes on from there.
      const reply = await w.send(GM, `${AS_GM}\nROLLFORWARD ${before.open}`);
      expect(reply).toContain(`${played.slice(1).join(', ')} processed again`);
      expect(snapshot(w).history).toEqual(before.history);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'ROLLBACK to a phase whose orders are all in holds it from early processing until an order changes',
    async () => {
      const w = (world = createWorld());
      await started(w);
      await order(w, POWERS);
      expect(currentPhase(w.db, gameId(w))!.phase).toBe('F1901M');
      expect(await w.send(GM, `${AS_GM}\nROLLBACK S1901M`)).toContain('Game rfgame is back at S1901M');
      // Every power's orders stand and nobody waits, yet the clock leaves the phase to the GM and players.
      tick(w.db, w.now(), JUDGE);
      tick(w.db, w.now(), JUDGE);
      expect(currentPhase(w.db, gameId(w))!.phase).toBe('S1901M');
      // One player sends his orders again: the phase is complete and changed, and processes at once.
      await order(w, ['turkey']);
      expect(currentPhase(w.db, gameId(w))!.phase).toBe('F1901M');
    },
    WORLD_TIMEOUT_MS,
  );
});
