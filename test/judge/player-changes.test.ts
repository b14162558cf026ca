// Issue 13.2: no silent changes of player. RESIGN, EJECT, CD, REVIVE and TAKEOVER are told to every
// player and observer by power (never by address), and to the player concerned; results mark the
// units that got no order; the late notice tells the table which powers are late (unless HIDE_LATE).
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { deadlineOf } from '../../src/judge/lifecycle/deadlines.js';
import { adjustmentsDue } from '../../src/judge/progress.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { botOrders } from './bot.js';
import { createWorld, type World } from './world.js';
import { startStandardGame, GM, POWERS, master, playerAddress as address } from './table.js';

const OBSERVER = 'watcher@example.test';
const SLOW = { timeout: 60_000 };
const HOUR = 3_600_000;

let world: World | null = null;
afterEach(() => world?.close());

const standardGame = (w: World, game: string, settings: string[] = []) =>
  startStandardGame(w, game, {
    settings,
    beforeStart: async () => {
      expect(await w.send(OBSERVER, `OBSERVE ${game} pw-watch`)).toContain('You observe game');
    },
  });

/** The bot's orders for the power, all of them or the first `limit`. */
async function order(w: World, game: string, power: string, limit?: number): Promise<void> {
  const id = findGameByName(w.db, game)!.id;
  const record = currentPhase(w.db, id)!;
  const lines = botOrders(
    loadVariant(record.position.variant),
    record.position,
    power,
    adjustmentsDue(w.db, id, record),
  );
  await w.send(address(power), [`SIGNON ${power}@${game} pw-${power}`, ...lines.slice(0, limit)].join('\n'));
}

const withSubject = async (w: World, who: string, subject: string) =>
  (await w.mails(who)).filter((m) => m.subject === subject);

describe('changes of player are told to the table (issue 13.2)', SLOW, () => {
  it('RESIGN, TAKEOVER, EJECT, CD, REVIVE: the table learns the power; only the GM an address', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'table');
    const readers = [address('austria'), OBSERVER, GM];
    // The GM's copy names the addresses, as his ROSTER does (table-gm-side.test.ts).
    const table = (who: string) => who !== GM;

    await w.send(address('france'), 'SIGNON france@table pw-france\nRESIGN');
    for (const who of readers) {
      const [notice] = await withSubject(w, who, 'Diplomacy game table: France resigned');
      expect(notice?.text).toContain("The player of France has resigned from game 'table'.");
      expect(notice.text).toContain('TAKEOVER france@table <password>');
      if (table(who)) expect(notice.text).not.toContain(address('france'));
    }

    expect(await w.send('newcomer@players.test', 'TAKEOVER france@table pw-new1')).toContain('You took over France');
    for (const who of readers) {
      const [notice] = await withSubject(w, who, 'Diplomacy game table: France taken over');
      expect(notice?.text).toContain("France in game 'table' has a new player.");
      if (table(who)) expect(notice.text).not.toContain('newcomer@players.test');
    }
    expect(await withSubject(w, 'newcomer@players.test', 'Diplomacy game table: France taken over')).toEqual([]);

    expect(await w.send(GM, `${master('table')}\nEJECT Germany`)).toContain('Germany was ejected');
    const [ejected] = await withSubject(w, address('germany'), 'Diplomacy game table: Germany player removed');
    expect(ejected?.text).toContain("The GM has ejected you from game 'table', where you played Germany.");
    for (const who of readers) {
      const [notice] = await withSubject(w, who, 'Diplomacy game table: Germany player removed');
      expect(notice?.text).toContain('The GM has removed the player of Germany');
      if (table(who)) expect(notice.text).not.toContain(address('germany'));
    }

    await w.send(GM, `${master('table')}\nCD Italy`);
    const italyCd = await withSubject(w, address('italy'), 'Diplomacy game table: Italy in civil disorder');
    expect(italyCd).toHaveLength(1);
    expect(italyCd[0].text).toContain('The GM has put your power, Italy, in civil disorder');
    for (const who of readers) {
      const [notice] = await withSubject(w, who, 'Diplomacy game table: Italy in civil disorder');
      expect(notice?.text).toContain("The GM has put Italy in civil disorder in game 'table'");
      if (table(who)) expect(notice.text).not.toContain(address('italy'));
    }

    await w.send(GM, `${master('table')}\nREVIVE Italy`);
    const [revived] = await withSubject(w, address('italy'), 'Diplomacy game table: Italy played again');
    expect(revived?.text).toContain("The GM has given Italy in game 'table' back to you");
    const [told] = await withSubject(w, address('austria'), 'Diplomacy game table: Italy played again');
    expect(told?.text).toContain("Italy in game 'table' is played again by its player.");

    // A player who takes back his own power is not announced as a new player.
    await w.send(GM, `${master('table')}\nCD Russia`);
    expect(await w.send(address('russia'), 'TAKEOVER russia@table pw-russia2')).toContain('You took over Russia');
    expect(await withSubject(w, address('austria'), 'Diplomacy game table: Russia taken over')).toEqual([]);
    const [back] = await withSubject(w, address('austria'), 'Diplomacy game table: Russia played again');
    expect(back?.text).toContain("Russia in game 'table' is played again by its player.");
    expect(w.errors).toEqual([]);
  });
});

describe('units without orders in the results (issue 13.2)', SLOW, () => {
  it('a Great Power unit its player left unordered is marked (*no order*); ordered units are not', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'nmr');
    for (const p of ['austria', 'england', 'france', 'germany', 'italy']) await order(w, 'nmr', p);
    await order(w, 'nmr', 'russia', 1);
    await w.send(GM, `${master('nmr')}\nPROCESS! S1901M`);
    const [results] = await withSubject(w, address('france'), 'Diplomacy results nmr S1901M');
    const lines = results.text.split('\n');
    for (const line of lines.filter((l) => l.startsWith('Turkey: '))) expect(line).toMatch(/HOLD\.  \(\*no order\*\)$/);
    const russian = lines.filter((l) => l.startsWith('Russia: '));
    expect(russian.filter((l) => l.includes('(*no order*)'))).toHaveLength(3);
    for (const line of lines.filter((l) => /^(Austria|England|France|Germany|Italy): /.test(l)))
      expect(line).not.toContain('no order');
  });

  it("a DP game marks the Great Powers' unordered units, never the neutral units nobody bid on", async () => {
    const w = (world = createWorld());
    const variant = loadVariant('ambition6');
    const greats = variant.powers.filter((p) => p.kind === 'great');
    await w.send(GM, 'CREATE bids gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
    for (const p of greats) await w.send(address(p.id), `JOIN bids pw-${p.id} ${p.id}`);
    expect(await w.send(GM, `${master('bids')}\nACTIVATE`)).toContain('has started');
    await w.send(GM, `${master('bids')}\nPROCESS!`);
    const [results] = await withSubject(w, address(greats[0].id), 'Diplomacy results bids S1763M');
    const unitLines = results.text
      .split('\n')
      .filter((l) => /^[\w .'-]+: (Army|Fleet) /.test(l) && !l.includes('can retreat'));
    const greatNames = new Set(greats.map((p) => p.name));
    const neutral = unitLines.filter((l) => !greatNames.has(l.slice(0, l.indexOf(':'))));
    const great = unitLines.filter((l) => greatNames.has(l.slice(0, l.indexOf(':'))));
    expect(neutral.length).toBeGreaterThan(0);
    expect(great.length).toBeGreaterThan(0);
    for (const line of neutral) expect(line).not.toContain('no order');
    for (const line of great) expect(line).toContain('(*no order*)');
  });
});

describe('the late notice tells the table (issue 13.2)', SLOW, () => {
  async function lateAtDeadline(w: World, game: string, settings: string[]): Promise<void> {
    await standardGame(w, game, ['TIMING MOVE 48 GRACE 24 LATE CD', ...settings]);
    for (const p of POWERS.slice(0, 5)) await order(w, game, p);
    const due = deadlineOf(w.db, findGameByName(w.db, game)!.id, 'S1901M')!;
    w.advance((Date.parse(due) - Date.parse(w.now())) / HOUR + 1 / 60);
    await w.settle();
  }

  it('names the late powers to players on time and observers; each late player learns who else is late', async () => {
    const w = (world = createWorld());
    await lateAtDeadline(w, 'tardy', []);
    for (const who of [address('france'), OBSERVER]) {
      const [notice] = await withSubject(w, who, 'Diplomacy powers late tardy S1901M');
      expect(notice?.text).toContain('and orders are missing from: Russia, Turkey.');
      expect(notice.text).toContain('Late orders are still accepted until');
      expect(notice.text).not.toContain('@');
    }
    expect(await withSubject(w, address('russia'), 'Diplomacy powers late tardy S1901M')).toEqual([]);
    expect(await withSubject(w, GM, 'Diplomacy powers late tardy S1901M')).toEqual([]);
    const [russia] = await withSubject(w, address('russia'), 'Diplomacy late notice tardy S1901M');
    expect(russia?.text).toContain('Orders are also missing from: Turkey.');

    // Under LATE CD the end of the grace period puts both in civil disorder: the table is told.
    w.advance(24);
    await w.settle();
    // Both in one notice; each of the two hears of the other.
    for (const who of [address('france'), OBSERVER, GM]) {
      const [notice] = await withSubject(w, who, 'Diplomacy game tardy: Russia and Turkey in civil disorder');
      expect(notice?.text).toContain(
        "Russia and Turkey sent no orders by the end of the grace period in game 'tardy' and are in civil disorder",
      );
    }
    expect(await withSubject(w, address('turkey'), 'Diplomacy game tardy: Russia in civil disorder')).toHaveLength(1);
    expect(await withSubject(w, address('turkey'), 'Diplomacy game tardy: Turkey in civil disorder')).toEqual([]);
    expect(await withSubject(w, address('turkey'), 'Diplomacy grace period over tardy S1901M')).toHaveLength(1);
  });

  it('RULE HIDE_LATE keeps the late powers between each of them and the GM', async () => {
    const w = (world = createWorld());
    await lateAtDeadline(w, 'hidden', ['RULE HIDE_LATE']);
    expect(await withSubject(w, address('france'), 'Diplomacy powers late hidden S1901M')).toEqual([]);
    expect(await withSubject(w, OBSERVER, 'Diplomacy powers late hidden S1901M')).toEqual([]);
    const [russia] = await withSubject(w, address('russia'), 'Diplomacy late notice hidden S1901M');
    expect(russia?.text).toContain('orders for Russia have not been received');
    expect(russia.text).not.toContain('Turkey');
    expect((await withSubject(w, GM, 'Diplomacy late powers hidden S1901M'))[0]?.text).toContain('Turkey');
  });
});
