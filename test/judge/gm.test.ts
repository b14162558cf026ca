// The GM's tools: PREVIEW gives exactly what PROCESS then does, and ROLLBACK replays a phase.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { adjustmentsDue } from '../../src/judge/progress.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase, phaseHistory } from '../../src/store/phases.js';
import { botOrders } from './bot.js';
import { createWorld, type World } from './world.js';

const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
let world: World | null = null;
afterEach(() => world?.close());

async function started(w: World) {
  await w.send('gm@example.test', 'CREATE gmgame gmpass1 standard\nRULE POWER_CHOICE\nFORM');
  for (const p of POWERS) await w.send(`${p}@players.test`, `JOIN gmgame pw-${p} ${p}`);
  await w.send('gm@example.test', 'SIGNON master@gmgame gmpass1\nACTIVATE');
}

/** Every power but the last sends its orders; the last one's units are left to the defaults. */
async function ordersExceptTurkey(w: World) {
  const game = findGameByName(w.db, 'gmgame')!;
  const record = currentPhase(w.db, game.id)!;
  for (const p of POWERS.slice(0, -1)) {
    const lines = botOrders(loadVariant('standard'), record.position, p, adjustmentsDue(w.db, game.id, record));
    await w.send(`${p}@players.test`, [`SIGNON ${p}@gmgame pw-${p}`, ...lines].join('\n'));
  }
}

const body = (text: string) => text.slice(text.indexOf('Movement results'), text.indexOf('The next phase'));

describe('PREVIEW and ROLLBACK', () => {
  it('PREVIEW mails the GM alone exactly what PROCESS! then sends everyone', async () => {
    const w = (world = createWorld());
    await started(w);
    await ordersExceptTurkey(w);
    const before = w.outboxRows().length;
    expect(await w.send('gm@example.test', 'SIGNON master@gmgame gmpass1\nPREVIEW')).toContain('nothing was stored');
    const preview = w
      .outboxRows()
      .slice(before)
      .filter((r) => r.subject.startsWith('Diplomacy preview'));
    // Every reader, To, Cc and Bcc: list mail goes Bcc.
    expect(preview.map((r) => [...r.to, ...r.cc, ...r.bcc])).toEqual([['gm@example.test']]);
    const game = findGameByName(w.db, 'gmgame')!;
    expect(currentPhase(w.db, game.id)!.phase).toBe('S1901M');
    await w.send('gm@example.test', 'SIGNON master@gmgame gmpass1\nPROCESS!');
    const results = w.outboxRows().find((r) => r.dedupeKey === 'results:gmgame:S1901M')!;
    expect(body(results.body)).toBe(body(preview[0].body));
    // To: the judge itself; the game list (seven players and the GM) is in Bcc only.
    expect(results.to).toEqual(['judge@example.test']);
    expect(results.bcc).toHaveLength(8);
  });

  it('ROLLBACK returns to a processed phase, keeps its orders, and replays it the same way', async () => {
    const w = (world = createWorld());
    await started(w);
    await ordersExceptTurkey(w);
    await w.send('gm@example.test', 'SIGNON master@gmgame gmpass1\nPROCESS!');
    const game = findGameByName(w.db, 'gmgame')!;
    const first = phaseHistory(w.db, game.id)[0].result!;
    expect(currentPhase(w.db, game.id)!.phase).toBe('F1901M');
    const reply = await w.send('gm@example.test', 'SIGNON master@gmgame gmpass1\nROLLBACK S1901M');
    expect(reply).toContain('Game gmgame is back at S1901M.');
    expect(currentPhase(w.db, game.id)!.phase).toBe('S1901M');
    expect(currentPhase(w.db, game.id)!.result).toBeNull();
    await w.send('gm@example.test', 'SIGNON master@gmgame gmpass1\nPROCESS! S1901M');
    expect(phaseHistory(w.db, game.id)[0].result).toEqual({ ...first });
    // The replayed phase's results went out again, under a key of their own.
    const keys = w
      .outboxRows()
      .map((r) => r.dedupeKey)
      .filter((k) => k.startsWith('results:gmgame:S1901M'));
    expect(keys).toEqual(['results:gmgame:S1901M', 'results:gmgame:S1901M:after-rollback-1']);
  });
});
