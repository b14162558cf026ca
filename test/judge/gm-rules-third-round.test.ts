// Issue 19, items 13-16: the GM's rules SHOW_WAITING, MANUAL_PROCESS, QUIET (and REVEAL), and the smarter
// civil disorder of CD_SUPPORTS, CD_RETREATS and CD_BUILDS — each through raw mails in the mail directory.
import { afterEach, describe, expect, it } from 'vitest';
import { tick } from '../../src/judge/tick.js';
import { openDatabase } from '../../src/store/database.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { join } from 'node:path';
import { createWorld, JUDGE, type World } from './world.js';
import { GM, POWERS, master, playerAddress, signon, startStandardGame } from './table.js';

const SLOW = { timeout: 120_000 };

let world: World | null = null;
afterEach(() => world?.close());

const say = (w: World, power: string, game: string, lines: string) =>
  w.send(playerAddress(power), `${signon(power, game)}\n${lines}`);
const gm = (w: World, game: string, lines: string) => w.send(GM, `${master(game)}\n${lines}`);

async function mailsWith(w: World, who: string, subject: string, text = '') {
  return (await w.mails(who)).filter((m) => m.subject.includes(subject) && m.text.includes(text));
}

/** Every power holds its units (the standard opening's), so each has complete orders. */
const HOLDS: Record<string, string[]> = {
  austria: ['A Vie H', 'A Bud H', 'F Tri H'],
  england: ['F Lon H', 'F Edi H', 'A Lvp H'],
  france: ['F Bre H', 'A Par H', 'A Mar H'],
  germany: ['F Kie H', 'A Ber H', 'A Mun H'],
  italy: ['F Nap H', 'A Rom H', 'A Ven H'],
  russia: ['F Stp/sc H', 'A Mos H', 'A War H', 'F Sev H'],
  turkey: ['F Ank H', 'A Con H', 'A Smy H'],
};

describe('RULE SHOW_WAITING (issue 19.15)', SLOW, () => {
  it('tells players which powers have not yet ordered, never what anyone ordered', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'waits', { settings: ['RULE SHOW_WAITING'] });
    const first = await say(w, 'england', 'waits', 'F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor');
    expect(first).toContain('Waiting for orders from: Austria, France, Germany, Italy, Russia, Turkey (S1901M');
    // France orders in part: still waited for. England's orders never appear in another's reply.
    await say(w, 'france', 'waits', 'A Par - Bur');
    const german = await say(w, 'germany', 'waits', 'A Mun - Ruh\nF Kie - Den\nA Ber - Kie');
    expect(german).toContain('Waiting for orders from: Austria, France, Italy, Russia, Turkey (S1901M');
    expect(german).not.toMatch(/Nth|North Sea|Nwg|Bur(gundy)?\b/);
    // A player's STATUS and anyone's LIST game (a stranger's too) say the same.
    expect(await say(w, 'italy', 'waits', 'STATUS')).toContain('Waiting for orders from: Austria, France, Italy,');
    const list = await w.send('stranger@elsewhere.test', 'LIST waits');
    expect(list).toContain('Waiting for orders from: Austria, France, Italy, Russia, Turkey');
    expect(list).toContain('anyone may see which powers have not yet ordered (SHOW_WAITING)');
    expect(list).not.toMatch(/North Sea|Burgundy|Ruhr/);
  });

  it('says nothing about who has ordered in a game without the rule', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'silent');
    const reply = await say(w, 'england', 'silent', 'F Lon - Nth');
    expect(reply).not.toMatch(/waiting for|not yet ordered|SHOW_WAITING/i);
    const list = await w.send('stranger@elsewhere.test', 'LIST silent');
    expect(list).not.toMatch(/waiting for|not yet ordered|SHOW_WAITING/i);
    expect(await say(w, 'italy', 'silent', 'STATUS')).not.toMatch(/waiting for/i);
  });

  it('a hundred LISTs in one forged mail answer within the budget and mail nobody else', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'flood', { settings: ['RULE SHOW_WAITING'] });
    const before = w.outboxRows().length;
    // From forged as the French player's: the reply goes to him, and it is all that goes anywhere.
    const reply = await w.send(playerAddress('france'), Array.from({ length: 100 }, () => 'LIST flood').join('\n'));
    const answered = reply.split('Waiting for orders from').length - 1;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(100);
    // The only new mail is the reply itself.
    expect(w.outboxRows().length - before).toBe(1);
  });
});

/** Every power's orders in (all hold), then the clock passes the deadline. */
async function allOrdered(w: World, game: string, powers = POWERS): Promise<void> {
  for (const p of powers) expect(await say(w, p, game, HOLDS[p].join('\n'))).not.toContain('rejected');
}

describe('RULE MANUAL_PROCESS (issue 19.16)', SLOW, () => {
  it("holds the results after the deadline, previews them to the GM, and releases them on the GM's PROCESS", async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'manual', { settings: ['RULE MANUAL_PROCESS'] });
    const game = findGameByName(w.db, 'manual')!;
    await allOrdered(w, 'manual');
    // Every order is in, but nothing processes early.
    expect(currentPhase(w.db, game.id)!.phase).toBe('S1901M');
    w.advance(24 * 7);
    await w.settle();
    expect(currentPhase(w.db, game.id)!.result).toBeNull();
    const previews = await mailsWith(w, GM, 'Diplomacy results to release manual S1901M');
    expect(previews).toHaveLength(1);
    expect(previews[0].text).toContain('its results wait for your release');
    expect(previews[0].text).toContain('Austria: Army Vienna HOLD');
    for (const p of POWERS) expect(await mailsWith(w, playerAddress(p), 'Diplomacy results')).toHaveLength(0);
    expect(await w.send('stranger@elsewhere.test', 'LIST manual')).toContain(
      "the results of S1901M wait for the GM's release",
    );

    // Nothing twice: more ticks, a judge restarted on the same database, send no second preview.
    w.advance(24);
    await w.settle();
    const restarted = openDatabase(join(w.root, 'judge.sqlite'));
    tick(restarted, new Date(Date.parse(w.now()) + 3_600_000).toISOString(), JUDGE);
    restarted.close();
    await w.settle();
    expect(await mailsWith(w, GM, 'Diplomacy results to release')).toHaveLength(1);

    // A forger cannot release them: a player's PROCESS, a forged GM address without the password.
    expect(await say(w, 'france', 'manual', 'PROCESS')).toContain('rejected');
    expect(await w.send(GM, 'SIGNON master@manual wrongpass\nPROCESS')).toContain('rejected');
    expect(currentPhase(w.db, game.id)!.result).toBeNull();

    const release = await gm(w, 'manual', 'PROCESS S1901M\nPROCESS S1901M');
    expect(release).toContain('S1901M was processed; the results went to everyone.');
    expect(release).toContain('nothing was processed: the current phase of manual is F1901M, not S1901M');
    for (const p of POWERS)
      expect(await mailsWith(w, playerAddress(p), 'Diplomacy results manual S1901M')).toHaveLength(1);
    expect(currentPhase(w.db, game.id)!.phase).toBe('F1901M');
  });

  it('after the grace period, releases the phase with default orders for what is still missing', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'lateman', { settings: ['RULE MANUAL_PROCESS', 'TIMING GRACE 0 LATE PROCESS'] });
    await allOrdered(
      w,
      'lateman',
      POWERS.filter((p) => p !== 'turkey'),
    );
    w.advance(24 * 7);
    await w.settle();
    const preview = await mailsWith(w, GM, 'Diplomacy results to release lateman S1901M');
    expect(preview).toHaveLength(1);
    const notice = await mailsWith(w, playerAddress('turkey'), 'grace period over');
    expect(notice[0].text).toContain('when the GM releases its results (RULE MANUAL_PROCESS)');
    expect(await mailsWith(w, playerAddress('turkey'), 'Diplomacy results')).toHaveLength(0);
    // PROCESS, not PROCESS!: the held phase is released as its deadline would have processed it.
    expect(await gm(w, 'lateman', 'PROCESS')).toContain('S1901M was processed');
    const results = await mailsWith(w, playerAddress('turkey'), 'Diplomacy results lateman S1901M');
    expect(results).toHaveLength(1);
    expect(results[0].text).toMatch(/Turkey: +Fleet Ankara HOLD/);
  });
});

describe('RULE QUIET and REVEAL (issue 19.13)', SLOW, () => {
  it('under RULE QUIET the table hears of no change of player; the GM and the player concerned do', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'gunboat', { settings: ['RULE QUIET'] });
    expect(await gm(w, 'gunboat', 'CD Austria')).not.toContain('rejected');
    await say(w, 'england', 'gunboat', 'RESIGN');
    for (const p of ['france', 'germany', 'italy', 'russia', 'turkey'])
      for (const change of ['in civil disorder', 'resigned'])
        expect(await mailsWith(w, playerAddress(p), `gunboat: `, change), p).toHaveLength(0);
    expect(await mailsWith(w, GM, 'Diplomacy game gunboat: Austria in civil disorder')).toHaveLength(1);
    expect(await mailsWith(w, GM, 'Diplomacy game gunboat: England resigned')).toHaveLength(1);
    expect(await mailsWith(w, playerAddress('austria'), 'Austria in civil disorder')).toHaveLength(1);
    // SUMMARY keeps the replacements for the end of the game.
    await w.send('newcomer@players.test', 'TAKEOVER england@gunboat newpass1');
    const summary = await w.send('stranger@elsewhere.test', 'SUMMARY gunboat');
    expect(summary).toContain('(RULE QUIET: shown when the game is over)');
    expect(summary).not.toContain('England taken over');
    expect(await mailsWith(w, playerAddress('france'), 'England taken over')).toHaveLength(0);
  });

  it('REVEAL shows the players of a finished NO_REVEAL game to its table, once, and only the GM may', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'masked', { settings: ['RULE NO_REVEAL'] });
    expect(await gm(w, 'masked', 'REVEAL')).toContain('REVEAL waits for the end of the game');
    for (const p of POWERS) await say(w, p, 'masked', 'SET DRAW');
    expect(findGameByName(w.db, 'masked')!.status).toBe('completed');
    const hidden = await w.send('stranger@elsewhere.test', 'SUMMARY masked');
    expect(hidden).not.toContain(playerAddress('france'));
    expect(hidden).toContain('addresses are shown only if the GM sends REVEAL');
    // A player, a forged GM address without the password, a stranger: refused, nobody mailed.
    expect(await say(w, 'france', 'masked', 'REVEAL')).toContain('REVEAL is a GM command');
    expect(await w.send(GM, 'SIGNON master@masked wrongpass\nREVEAL')).toContain('rejected');
    expect(await w.send('stranger@elsewhere.test', 'REVEAL')).toContain('rejected');
    expect(await mailsWith(w, playerAddress('italy'), 'the players revealed')).toHaveLength(0);
    // A hundred copies in one mail: one notice.
    const reply = await gm(w, 'masked', Array.from({ length: 100 }, () => 'REVEAL').join('\n'));
    expect(reply).toContain('The players of game masked are revealed');
    expect(reply).toContain('were revealed already');
    const told = await mailsWith(w, playerAddress('italy'), 'Diplomacy game masked: the players revealed');
    expect(told).toHaveLength(1);
    expect(told[0].text).toMatch(/France +france@players\.test/);
    expect(await w.send('stranger@elsewhere.test', 'SUMMARY masked')).toContain(playerAddress('france'));
  });

  it('REVEAL is refused in a game whose addresses are not hidden', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'open');
    expect(await gm(w, 'open', 'REVEAL')).toContain('has no RULE NO_REVEAL');
  });
});

describe('smarter civil disorder: CD_SUPPORTS, CD_RETREATS, CD_BUILDS (issue 19.14)', SLOW, () => {
  it("a power in civil disorder supports its units' holds, retreats toward home and builds at home", async () => {
    const w = (world = createWorld());
    const rules = ['RULE CD_SUPPORTS', 'RULE CD_RETREATS', 'RULE CD_BUILDS'];
    await startStandardGame(w, 'cdgame', { settings: rules });
    // Spring: Russia's player sends his army to Galicia and his fleet to Rumania, then leaves the game in CD.
    await say(w, 'russia', 'cdgame', 'A War - Gal\nF Sev - Rum\nA Mos H\nF Stp/sc H');
    await gm(w, 'cdgame', 'PROCESS! S1901M');
    expect(await gm(w, 'cdgame', 'CD Russia')).not.toContain('rejected');
    // Fall: Austria dislodges the Russian army from Galicia.
    await say(w, 'austria', 'cdgame', 'A Vie - Gal\nA Bud S A Vie - Gal\nF Tri H');
    const preview = await gm(w, 'cdgame', 'PREVIEW');
    expect(preview).toContain('mailed to you alone');
    await gm(w, 'cdgame', 'PROCESS! F1901M');
    const fall = (await mailsWith(w, playerAddress('france'), 'Diplomacy results cdgame F1901M'))[0].text;
    // Each unit with a neighbour of its own supports that neighbour's hold: where legal, and only there.
    expect(fall).toMatch(/Russia: +Army Moscow SUPPORT Fleet St Petersburg \(south coast\)\./);
    expect(fall).toMatch(/Russia: +Army Galicia SUPPORT Fleet Rumania\./);
    expect(fall).toMatch(/Russia: +Fleet Rumania HOLD\./);
    // The GM's preview chose exactly the same (the phase's seed).
    const previewText = (await mailsWith(w, GM, 'Diplomacy preview cdgame F1901M'))[0].text;
    expect(previewText).toMatch(/Russia: +Army Moscow SUPPORT Fleet St Petersburg \(south coast\)\./);
    // The dislodged army retreats to Warsaw (a home centre; Silesia, Ukraine, Rumania, Bohemia lie farther).
    await gm(w, 'cdgame', 'PROCESS! F1901R');
    const retreat = (await mailsWith(w, playerAddress('france'), 'Diplomacy results cdgame F1901R'))[0].text;
    expect(retreat).toMatch(/Russia: +Army Galicia -> Warsaw\./);
    // Winter: Rumania gained, one build owed; Sevastopol is the only free home centre.
    await gm(w, 'cdgame', 'PROCESS! W1901A');
    const winter = (await mailsWith(w, playerAddress('france'), 'Diplomacy results cdgame W1901A'))[0].text;
    expect(winter).toMatch(/Russia: +Builds? an? (army|fleet) in Sevastopol\./i);
  });

  it('without the rules, a power in civil disorder holds, disbands and waives', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'plaincd');
    expect(await gm(w, 'plaincd', 'CD Austria')).not.toContain('rejected');
    await gm(w, 'plaincd', 'PROCESS! S1901M');
    const spring = (await mailsWith(w, playerAddress('france'), 'Diplomacy results plaincd S1901M'))[0].text;
    expect(spring).toMatch(/Austria: +Army Vienna HOLD\./);
    expect(spring).not.toMatch(/Austria: .*SUPPORT/);
  });
});
