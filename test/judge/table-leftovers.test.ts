// Issue 13, the leftovers: small defects a table of players found, each checked on the mail a player
// or the GM gets.
import { afterEach, describe, expect, it } from 'vitest';
import { ordersProgressText } from '../../src/judge/progress.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { createWorld, type World } from './world.js';
import { GM, POWERS, master, playerAddress, signon, startStandardGame } from './table.js';

const SLOW = { timeout: 60_000 };

let world: World | null = null;
afterEach(() => world?.close());

/** The mails to `who` whose subject contains `subject`. */
async function mailsAbout(w: World, who: string, subject: string) {
  return (await w.mails(who)).filter((m) => m.subject.includes(subject));
}

describe('a player whose power is in civil disorder', SLOW, () => {
  it('sends no press, except to the GM', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'idle');
    expect(await w.send(GM, `${master('idle')}\nCD france`)).toContain('France is in civil disorder');
    const before = (await mailsAbout(w, playerAddress('italy'), 'press')).length;
    const refused = await w.send(
      playerAddress('france'),
      `${signon('france', 'idle')}\nPRESS TO Italy\nStill here\nENDPRESS\nBROADCAST\nHello all\nENDPRESS`,
    );
    expect(refused).toContain('France is in civil disorder');
    expect(refused).toContain('TAKEOVER france@idle');
    expect(refused).toContain('REVIVE');
    expect(refused).not.toContain('Press sent');
    expect(refused).not.toContain('Broadcast sent');
    expect(await mailsAbout(w, playerAddress('italy'), 'press')).toHaveLength(before);

    const toGm = await w.send(
      playerAddress('france'),
      `${signon('france', 'idle')}\nPRESS TO Master\nREVIVE me\nENDPRESS`,
    );
    expect(toGm).toContain('Press sent to Master');
    expect((await mailsAbout(w, GM, 'Diplomacy press idle')).at(-1)?.text).toContain('REVIVE me');
  });
});

describe('the "game is over" mail', SLOW, () => {
  it('gives the final supply centre counts of every power', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'peace');
    for (const p of POWERS) await w.send(playerAddress(p), `${signon(p, 'peace')}\nSET DRAW`);
    const over = (await mailsAbout(w, playerAddress('england'), 'is over')).at(-1);
    expect(over?.text).toContain('The game is drawn among');
    expect(over?.text).toContain('Supply centers and units:');
    expect(over?.text).toMatch(/Austria: +3 Supply centers, +3 Units\./);
    expect(over?.text).toMatch(/Russia: +4 Supply centers, +4 Units\./);
  });
});

describe("the GM's copy of an observer's press", SLOW, () => {
  it('names the observer, while the players see only "Observer"', async () => {
    const w = (world = createWorld());
    const watcher = 'watcher@elsewhere.test';
    await startStandardGame(w, 'seen', { settings: ['RULE OBSERVER_PRESS', 'RULE GM_READS_PRESS'] });
    expect(await w.send(watcher, 'OBSERVE seen watchpw')).toContain('You observe game seen');

    const sent = await w.send(watcher, 'SIGNON seen watchpw\nBROADCAST\nNice opening\nENDPRESS');
    expect(sent).toContain('Broadcast sent');
    const playerCopy = (await mailsAbout(w, playerAddress('italy'), 'Diplomacy press seen')).at(-1);
    expect(playerCopy?.text).toContain('Nice opening');
    expect(playerCopy?.text).not.toContain(watcher);
    const gmCopy = (await mailsAbout(w, GM, 'Diplomacy press seen')).at(-1);
    expect(gmCopy?.text).toContain('Nice opening');
    expect(gmCopy?.text).toContain(watcher);

    // Private press the GM reads under GM_READS_PRESS, and press to the GM alone, name him too.
    await w.send(watcher, 'SIGNON seen watchpw\nPRESS TO Italy\nPsst\nENDPRESS');
    expect((await mailsAbout(w, playerAddress('italy'), 'Diplomacy press seen')).at(-1)?.text).not.toContain(watcher);
    const eavesdropped = (await mailsAbout(w, GM, 'Diplomacy press seen')).at(-1);
    expect(eavesdropped?.text).toContain('Psst');
    expect(eavesdropped?.text).toContain(watcher);
    await w.send(watcher, 'SIGNON seen watchpw\nPRESS TO Master\nA question\nENDPRESS');
    const asked = (await mailsAbout(w, GM, 'Diplomacy press seen')).at(-1);
    expect(asked?.text).toContain('A question');
    expect(asked?.text).toContain(watcher);
  });
});

describe('the orders a judgekeeper sees missing (chancery status)', SLOW, () => {
  it('tells powers with no orders from those with part of them', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'halfway');
    await w.send(playerAddress('france'), `${signon('france', 'halfway')}\nA PAR H\nA MAR H`);
    await w.send(playerAddress('russia'), `${signon('russia', 'halfway')}\nA MOS H\nA WAR H\nF SEV H\nF STP/SC H`);
    await w.send(playerAddress('italy'), `${signon('italy', 'halfway')}\nA VEN H\nA ROM H\nF NAP H`);
    const game = findGameByName(w.db, 'halfway')!;
    expect(ordersProgressText(w.db, game, currentPhase(w.db, game.id)!)).toBe(
      'none from Austria, England, Germany, Turkey; partial from France (2 of 3 units)',
    );
  });
});

describe('RULE AUTOSTART', SLOW, () => {
  it('mails the game start before any "you are X" mail', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE auto gmpass1 standard\nRULE AUTOSTART\nFORM');
    for (const p of POWERS) await w.send(playerAddress(p), `JOIN auto pw-${p}`);
    for (const p of POWERS) {
      const subjects = (await w.mails(playerAddress(p))).map((m) => m.subject);
      const start = subjects.indexOf('Diplomacy game auto starting');
      const power = subjects.findIndex((s) => s.startsWith('Diplomacy game auto: you are'));
      expect(start, subjects.join('\n')).toBeGreaterThanOrEqual(0);
      expect(power, subjects.join('\n')).toBeGreaterThan(start);
    }
  });
});
