// DP secrecy in an Ambition & Empire (v6) game: a player's DP lines appear only in his own reply
// and in the GM's bid chart; every other mail the judge sends is searched for them.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { adjustmentsDue } from '../../src/judge/progress.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { botOrders } from './bot.js';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

/** An Ambition & Empire game whose first movement phase was processed with one DP line from each great power. */
async function bidOnePhase(w: World) {
  const variant = loadVariant('ambition6');
  const greats = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
  await w.send('gm@example.test', 'CREATE empire gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
  for (const p of greats) expect(await w.send(`${p}@players.test`, `JOIN empire pw-${p} ${p}`)).toContain('You joined');
  expect(await w.send('gm@example.test', 'SIGNON master@empire gmpass1\nACTIVATE')).toContain('has started');
  const game = findGameByName(w.db, 'empire')!;
  const record = currentPhase(w.db, game.id)!;
  const neutrals = record.position.units.filter((u) => variant.powerById.get(u.power)!.kind !== 'great');

  const sheets = new Map<string, string>();
  for (const [i, power] of greats.entries()) {
    const unit = neutrals[i];
    const line = `1 DP: ${unit.type} ${unit.loc.toUpperCase()} H`;
    sheets.set(power, line);
    const orders = botOrders(variant, record.position, power, adjustmentsDue(w.db, game.id, record));
    const reply = await w.send(
      `${power}@players.test`,
      [`SIGNON ${power}@empire pw-${power}`, ...orders, line].join('\n'),
    );
    expect(reply, reply).toContain('1 DP line stored');
    expect(reply).toContain(line);
  }
  expect(currentPhase(w.db, game.id)!.phase).not.toBe(record.phase);
  return { record, sheets };
}

describe('Diplomacy Points stay secret', () => {
  it('shows each DP sheet only to its owner and the GM', async () => {
    const w = (world = createWorld());
    const { record, sheets } = await bidOnePhase(w);
    const rows = w.outboxRows();
    const chart = rows.filter((r) => r.subject.startsWith('Diplomacy bid chart'));
    // Every reader of the chart, in To, Cc or Bcc: the GM alone.
    expect(chart.map((r) => [...r.to, ...r.cc, ...r.bcc])).toEqual([['gm@example.test']]);
    for (const [power, line] of sheets) {
      const seenBy = rows.filter((r) => r.body.includes(line));
      for (const row of seenBy)
        expect(
          row.kind === 'reply' && row.to[0] === `${power}@players.test`,
          `${line} in ${row.subject} to ${row.to}`,
        ).toBe(true);
      // The GM's chart lists the bid's order as given, with the bidder's column.
      expect(chart[0].body).toMatch(new RegExp(`^${line.replace('1 DP: ', '')}\\s+<- given`, 'm'));
    }
    const results = rows.find((r) => r.dedupeKey === `results:empire:${record.phase}`)!;
    expect(results.body).not.toMatch(/\bDP\b|Diplomacy Points/);
  });

  it('HISTORY shows nobody the bids while the game runs', async () => {
    const w = (world = createWorld());
    await bidOnePhase(w);
    for (const reader of ['reader@else.test', 'britain@players.test']) {
      const history = await w.send(reader, 'HISTORY empire');
      expect(history).toContain('Movement');
      expect(history).not.toMatch(/\bDP\b|Diplomacy Points/);
    }
  });
});
