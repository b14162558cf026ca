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
