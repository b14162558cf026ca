// Issue 19, the commands players and GMs expect (items 9, 10, 11, 17, 18): each by raw mail through
// the mail directory, each attacked as a forger would.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { adjustmentsDue } from '../../src/judge/progress.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { botOrders } from './bot.js';
import { startSite, get } from '../web/site.js';
import { createWorld, type World } from './world.js';
import { GM, POWERS, master, playerAddress, signon, startStandardGame } from './table.js';

const SLOW = { timeout: 60_000 };

let world: World | null = null;
afterEach(() => world?.close());

/** The mails to `who` whose subject contains `subject` and whose text contains `text`. */
async function mailsWith(w: World, who: string, subject: string, text = '') {
  return (await w.mails(who)).filter((m) => m.subject.includes(subject) && m.text.includes(text));
}

describe('PURGE and RENAME by the GM (issue 19.18)', SLOW, () => {
  it('PURGE deletes a terminated game, tells its players, and its web page goes; never a running game', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'doomed');
    const running = await w.send(GM, `${master('doomed')}\nPURGE doomed gmpass1`);
    expect(running).toContain('game doomed is active; TERMINATE it first');
    expect(running).not.toMatch(/PURGE.*gmpass1/);
    expect(running).toMatch(/PURGE \*{8}/);
    expect(findGameByName(w.db, 'doomed')).not.toBeNull();
    const site = await startSite(w);
    try {
      expect((await get(site, '/games/doomed')).status).toBe(200);
      expect(await w.send(GM, `${master('doomed')}\nTERMINATE`)).toContain('terminated');
      const purged = await w.send(GM, `${master('doomed')}\nPURGE doomed\nSTATUS`);
      expect(purged).toContain('Game doomed is purged');
      expect(findGameByName(w.db, 'doomed')).toBeNull();
      const count = (t: string) => w.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number };
      for (const table of ['game_players', 'phases', 'orders', 'press', 'jobs']) expect(count(table).n, table).toBe(0);
      for (const p of POWERS) expect(await mailsWith(w, playerAddress(p), 'doomed purged')).toHaveLength(1);
      expect((await get(site, '/games/doomed')).status).toBe(404);
      expect(await w.send(playerAddress('france'), signon('france', 'doomed'))).toContain('rejected');
    } finally {
      await site.close();
    }
  });

  it('a PURGE must name the game; a password in any place is never echoed', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE forming1 gmpass1 standard\nFORM');
    const bare = await w.send(GM, `${master('forming1')}\nPURGE gmpass1\nPURGE\nRENAME gmpass1 newname`);
    expect(bare).not.toContain('gmpass1 ');
    expect(bare).not.toMatch(/gmpass1$/m);
    expect(bare).toContain('name the game you are signed on to: PURGE forming1');
    expect(findGameByName(w.db, 'forming1')).not.toBeNull();
    await w.send(GM, `${master('forming1')}\nPROMOTE co@else.test`);
    const code = /JOIN master@forming1 <your password> (\S+)/.exec(
      (await w.mails('co@else.test')).at(-1)?.text ?? '',
    )?.[1];
    expect(await w.send('co@else.test', `JOIN master@forming1 copass1 ${code}`)).toContain('You are a co-GM');
    const co = await w.send('co@else.test', 'SIGNON master@forming1 copass1\nPURGE forming1\nRENAME forming1 mine');
    expect(co).toContain('PURGE is for the GM who holds the game password, not a co-GM');
    expect(co).toContain('RENAME is for the GM who holds the game password, not a co-GM');
    expect(findGameByName(w.db, 'forming1')).not.toBeNull();
    const stranger = await w.send('forger@else.test', 'PURGE forming1 gmpass1\nRENAME forming1 mine gmpass1');
    expect(stranger).toContain('PURGE is a GM command');
    expect(stranger).not.toContain('gmpass1');
    expect(await w.send(GM, `${master('forming1')}\nPURGE forming1 gmpass1`)).toContain('Game forming1 is purged');
  });

  it('RENAME moves the game, its sign-on, its mail and its web page to the new name', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'oldname');
    const site = await startSite(w);
    try {
      const taken = await w.send(GM, 'CREATE other1 gmpass1 standard');
      expect(taken).toContain('created');
      expect(await w.send(GM, `${master('oldname')}\nRENAME oldname other1`)).toContain(
        'a game called "other1" already exists',
      );
      expect(await w.send(GM, `${master('oldname')}\nRENAME oldname 9bad`)).toContain('is not a good game name');
      const renamed = await w.send(GM, `${master('oldname')}\nRENAME oldname newname secretword`);
      expect(renamed).toContain('Game oldname is now called newname');
      expect(renamed).not.toContain('secretword');
      expect(await mailsWith(w, playerAddress('italy'), 'oldname is now newname')).toHaveLength(1);
      expect(await w.send(playerAddress('france'), `${signon('france', 'newname')}\nA Par - Bur`)).toContain(
        'Signed on',
      );
      expect(await w.send(playerAddress('france'), signon('france', 'oldname'))).toContain('rejected');
      expect(await w.send(GM, `SIGNON master@newname gmpass1\nPROCESS!`)).toContain('was processed');
      const [results] = await mailsWith(w, playerAddress('italy'), 'results');
      expect(results.subject).toContain('newname');
      expect((await get(site, '/games/newname')).status).toBe(200);
      expect((await get(site, '/games/oldname')).status).toBe(404);
    } finally {
      await site.close();
    }
  });

  it('a forged From with 100 PURGE and RENAME lines changes nothing and costs one reply', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'target');
    const lines = Array.from({ length: 50 }, () => 'PURGE target gmpass0\nRENAME target mine gmpass0').join('\n');
    const before = w.outboxRows().length;
    const reply = await w.send(GM, `SIGNON master@target wrongpass\n${lines}`);
    expect(reply).not.toContain('gmpass0');
    expect(reply).not.toContain('wrongpass');
    expect(findGameByName(w.db, 'target')?.status).toBe('active');
    expect(findGameByName(w.db, 'mine')).toBeNull();
    // The forger's one mail caused its reply only (and perhaps the owner's code), no notice to the table.
    expect(w.outboxRows().length - before).toBeLessThanOrEqual(2);
    for (const p of POWERS) expect(await mailsWith(w, playerAddress(p), 'purged')).toHaveLength(0);
  });
});

/** Every power but those named orders (the bot's legal orders) for the open phase. */
async function orderAllBut(w: World, game: string, missing: string[]): Promise<string> {
  const g = findGameByName(w.db, game)!;
  const record = currentPhase(w.db, g.id)!;
  for (const power of POWERS.filter((p) => !missing.includes(p))) {
    const lines = botOrders(loadVariant('standard'), record.position, power, adjustmentsDue(w.db, g.id, record));
    if (lines.length) await w.send(playerAddress(power), [signon(power, game), ...lines].join('\n'));
  }
  return record.phase;
}

describe('the late count per player (issue 19.17, njudge)', SLOW, () => {
  it('counts each missed deadline once per phase; ROSTER and SUMMARY show it; the GM may correct it', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'tardy');
    await orderAllBut(w, 'tardy', ['england', 'italy']);
    w.advance(3 * 24 + 1);
    await w.settle();
    expect(await mailsWith(w, playerAddress('england'), 'late notice')).toHaveLength(1);
    // The GM gives the phase a new deadline; it passes too: the same phase is counted once.
    await w.send(GM, `${master('tardy')}\nSET DEADLINE +1H`);
    w.advance(2);
    await w.settle();
    let roster = await w.send(GM, `${master('tardy')}\nROSTER`);
    expect(roster).toMatch(/England .*none, late 1 time$/m);
    expect(roster).toMatch(/Italy .*none, late 1 time$/m);
    expect(roster).not.toMatch(/France .*late/);
    // Italy orders now; the grace ends, England falls into civil disorder, the phase is processed.
    await orderAllBut(
      w,
      'tardy',
      POWERS.filter((p) => p !== 'italy'),
    );
    w.advance(25);
    await w.settle();
    const next = await orderAllBut(w, 'tardy', ['england', 'italy', 'germany']);
    expect(next).not.toBe('S1901M');
    w.advance(3 * 24 + 1);
    await w.settle();
    roster = await w.send(GM, `${master('tardy')}\nROSTER`);
    expect(roster).toMatch(/Germany .*late 1 time$/m);
    const summary = await w.send('reader@else.test', 'SUMMARY tardy');
    // A power in civil disorder is not waited for: England's count stays.
    expect(summary).toMatch(/England +civil disorder +\(late 1 time\)/);
    expect(summary).toMatch(/Italy +active +\(late 2 times\)/);
    expect(summary).toMatch(/France +active$/m);

    const fixed = await w.send(
      GM,
      `${master('tardy')}\nSET LATE COUNT Italy 0\nSET LATE COUNT Spain 1\nSET LATE COUNT Italy -3`,
    );
    expect(fixed).toContain("Italy's late count is now 0 (was 2).");
    expect(fixed).toContain('"Spain" is not a power of');
    expect(fixed).toContain('the count is a whole number');
    expect(await w.send('reader@else.test', 'SUMMARY tardy')).toMatch(/Italy +active$/m);
  });

  it('a player, or a forged From with 100 lines, cannot clear his late count', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'forged');
    await orderAllBut(w, 'forged', ['england']);
    w.advance(3 * 24 + 1);
    await w.settle();
    const player = await w.send(playerAddress('england'), `${signon('england', 'forged')}\nSET LATE COUNT England 0`);
    expect(player).toContain('SET LATE is a GM command');
    const lines = Array.from({ length: 100 }, () => 'SET LATE COUNT England 0').join('\n');
    const forged = await w.send(GM, `SIGNON master@forged not-the-password\n${lines}`);
    expect(forged).not.toContain('late count is now');
    expect(await w.send(GM, `${master('forged')}\nROSTER`)).toMatch(/England .*late 1 time$/m);
  });
});

describe("a copy of one's own press, and one's own press in HISTORY (issue 19.9)", SLOW, () => {
  it('SET PRESS COPY puts each press, as its readers got it, in the reply; SET NOPRESS COPY stops it', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'copies');
    const on = await w.send(
      playerAddress('england'),
      `${signon('england', 'copies')}\nSET PRESS COPY\nPRESS TO France\nShall we share the Channel?\nENDPRESS`,
    );
    expect(on).toContain('PRESS COPY set');
    expect(on).toContain('Copy of your press to France (S1901M)');
    expect(on).toContain('Shall we share the Channel?');
    const [got] = await mailsWith(w, playerAddress('france'), 'press', 'Shall we share the Channel?');
    expect(on).toContain(got.text.trim().split('\n')[0]);
    const off = await w.send(
      playerAddress('england'),
      `${signon('england', 'copies')}\nSET NO PRESS COPY\nPRESS TO France\nNever mind.\nENDPRESS`,
    );
    expect(off).toContain('PRESS COPY removed');
    expect(off).toContain('Press sent to France.');
    expect(off).not.toContain('Never mind.');
    // Germany never asked: no copy. The GM's SET PRESS still sets the press rules.
    const germany = await w.send(
      playerAddress('germany'),
      `${signon('germany', 'copies')}\nBROADCAST\nHello all\nENDPRESS`,
    );
    expect(germany).not.toContain('Copy of your press');
    expect(await w.send(playerAddress('germany'), `${signon('germany', 'copies')}\nSET PRESS GREY`)).toContain(
      'SET PRESS is a GM command',
    );
    expect(await w.send(GM, `${master('copies')}\nSET PRESS GREY`)).toContain('The press rules of game copies are now');
  });

  it("HISTORY shows a player his own private press, sent and received, never others'", async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'archive');
    const press = (from: string, to: string, text: string) =>
      w.send(playerAddress(from), `${signon(from, 'archive')}\nPRESS TO ${to}\n${text}\nENDPRESS`);
    await press('england', 'France', 'From London with love.');
    await press('france', 'England', 'Paris answers London.');
    await press('germany', 'Italy', 'A secret between Berlin and Rome.');
    await w.send(playerAddress('russia'), `${signon('russia', 'archive')}\nBROADCAST\nPeace to all.\nENDPRESS`);
    const mine = await w.send(playerAddress('england'), `${signon('england', 'archive')}\nHISTORY archive`);
    expect(mine).toContain('Your press to France during Spring 1901 Movement (open now):');
    expect(mine).toContain('From London with love.');
    expect(mine).toContain('Press from France to England during Spring 1901 Movement (open now):');
    expect(mine).toContain('Paris answers London.');
    expect(mine).toContain('Peace to all.');
    expect(mine).not.toContain('A secret between Berlin and Rome.');
    const anyone = await w.send('reader@else.test', 'HISTORY archive');
    expect(anyone).toContain('Peace to all.');
    expect(anyone).not.toContain('From London with love.');
    expect(anyone).not.toContain('Paris answers London.');
  });

  it('a forged From (wrong password, 100 lines) reads no private press and sets no copy', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'forgery');
    await w.send(playerAddress('england'), `${signon('england', 'forgery')}\nPRESS TO France\nOur plan.\nENDPRESS`);
    const lines = Array.from({ length: 50 }, () => 'SET PRESS COPY\nHISTORY forgery').join('\n');
    const forged = await w.send(playerAddress('england'), `SIGNON england@forgery wrong-pass\n${lines}`);
    expect(forged).not.toContain('Our plan.');
    expect(forged).not.toContain('PRESS COPY set');
    const game = findGameByName(w.db, 'forgery')!;
    expect((game.settings as { pressCopies?: number[] }).pressCopies ?? []).toHaveLength(0);
    // The GM acting for a power reads the GM's archive, not the power's.
    const acting = await w.send(GM, `${master('forgery')}\nBECOME England\nHISTORY forgery`);
    expect(acting).not.toContain('Our plan.');
  });
});

describe('RULE PLAYER_DEADLINES: the players extend the deadline by agreement (issue 19.10, DPjudge)', SLOW, () => {
  const agree = (w: World, power: string, game: string, words: string) =>
    w.send(playerAddress(power), `${signon(power, game)}\nSET DEADLINE ${words}`);

  it('moves the deadline only when every power still playing agrees to the same hours, within the cap', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'extend', { settings: ['RULE PLAYER_DEADLINES 48 1'] });
    const first = await agree(w, 'england', 'extend', '+24H');
    expect(first).toContain('Your agreement to extend S1901M by 24 hours is recorded; still to agree: Austria, France');
    const [asked] = await mailsWith(w, GM, 'deadline extension asked');
    expect(asked.text).toContain('England agrees to extend the deadline of S1901M by 24 hours');
    expect(await mailsWith(w, playerAddress('turkey'), 'deadline extension asked')).toHaveLength(1);
    // The same agreement again, ten times in one mail, is answered and tells the table nothing more.
    const again = await w.send(
      playerAddress('england'),
      `${signon('england', 'extend')}\n${Array.from({ length: 10 }, () => 'SET DEADLINE +24H').join('\n')}`,
    );
    expect(again).toContain('Your agreement to extend S1901M by 24 hours stands; still to agree: Austria, France');
    expect(await mailsWith(w, playerAddress('turkey'), 'deadline extension asked')).toHaveLength(1);
    expect(await agree(w, 'france', 'extend', '+72H')).toContain('allows at most 48 hours');
    expect(await agree(w, 'france', 'extend', '2026-12-01 12:00')).toContain('players agree to an extension');
    // France agrees to another length: England's 24 hours does not count for it.
    expect(await agree(w, 'france', 'extend', '+2D')).toContain('still to agree: Austria, England, Germany');
    // A power in civil disorder is not asked.
    await w.send(GM, `${master('extend')}\nCD Turkey`);
    // Any way a duration is written elsewhere (SET NMR, TIMING) says the same 48 hours here.
    const written = { austria: '+48H', england: '+ 1D 24H', germany: '+2880M', italy: '+ 48' };
    for (const [p, hours] of Object.entries(written)) await agree(w, p, 'extend', hours);
    expect(await mailsWith(w, GM, 'deadline changed')).toHaveLength(0);
    const last = await agree(w, 'russia', 'extend', '+48h');
    expect(last).toContain('Every power agreed: the deadline for S1901M is now Sat 28 Nov 2026 12:01 UTC');
    const [changed] = await mailsWith(w, GM, 'deadline changed');
    expect(changed.text).toContain('by 48 hours, by agreement of every power still playing');
    expect(await mailsWith(w, playerAddress('italy'), 'deadline changed')).toHaveLength(1);
    // Once a phase, as the rule says.
    expect(await agree(w, 'russia', 'extend', '+1H')).toContain('S1901M was extended once already');
    // Three days plus two: the phase waits for the new deadline.
    w.advance(3 * 24 + 1);
    await w.settle();
    expect(await mailsWith(w, playerAddress('italy'), 'late notice')).toHaveLength(0);
  });

  it("without the rule SET DEADLINE stays the GM's; observers and forged mail move nothing", async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'norule');
    expect(await agree(w, 'england', 'norule', '+24H')).toContain('SET DEADLINE is a GM command');
    await startStandardGame(w, 'ruled', { settings: ['RULE PLAYER_DEADLINES'] });
    const lines = Array.from({ length: 100 }, () => 'SET DEADLINE +48H').join('\n');
    const forged = await w.send(playerAddress('england'), `SIGNON england@ruled wrong-pass\n${lines}`);
    expect(forged).not.toContain('agreement');
    const game = findGameByName(w.db, 'ruled')!;
    expect((game.settings as { deadlineAgreements?: unknown }).deadlineAgreements).toBeUndefined();
    expect(await mailsWith(w, GM, 'deadline extension asked')).toHaveLength(0);
    expect(await w.send(GM, 'CREATE badrule gmpass1 standard\nRULE PLAYER_DEADLINES 500')).toContain(
      'RULE PLAYER_DEADLINES [hours 1-168]',
    );
  });
});

describe('conditional orders for a later phase: IF / ELSE / ENDIF (issue 19.11, njudge)', SLOW, () => {
  const FRANCE_IFS = [
    'A Par - Bur',
    'F Bre - Mao',
    'PHASE F1901M',
    'IF A Bur AND NOT A Ruh',
    'A Bur - Bel',
    'ELSE',
    'A Bur H',
    'ENDIF',
    'IF F Eng OR (A Pic AND NOT F Mao)',
    'F Mao - Spa/nc',
    'ELSE',
    'F Mao - Por',
    'ENDIF',
  ];

  it('are stored, previewed on the board the orders would make, and decided as the phase opens', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'ifs');
    const sent = await w.send(playerAddress('france'), [signon('france', 'ifs'), ...FRANCE_IFS, 'PREVIEW'].join('\n'));
    expect(sent).not.toContain('rejected');
    expect(sent).toContain('10 orders stored in advance for Fall 1901');
    expect(sent).toContain('Your conditional orders in advance for F1901M, on the board this preview ends with:');
    expect(sent).toContain('IF A Bur AND NOT A Ruh: would hold: the orders under it');
    expect(sent).toContain('IF F Eng OR (A Pic AND NOT F Mao): would fail: the ELSE orders');
    // Germany moves into the Ruhr: on the real board the first condition fails.
    await w.send(playerAddress('germany'), `${signon('germany', 'ifs')}\nA Mun - Ruh`);
    expect(await w.send(GM, `${master('ifs')}\nPROCESS!`)).toContain('was processed');
    const [used] = await mailsWith(w, playerAddress('france'), 'advance orders ifs F1901M');
    expect(used.text).toContain('IF A Bur AND NOT A Ruh: fails: the ELSE orders, if any');
    expect(used.text).toContain('IF F Eng OR (A Pic AND NOT F Mao): fails: the ELSE orders, if any');
    expect(used.text).toMatch(/Used, now your orders for F1901M:\n {2}A BUR H\n {2}F MAO - POR/);
    expect(used.text).not.toContain('Bel');
  });

  it('refuses blocks that do not pair up, conditions it cannot read, and nesting past the bound', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'badifs');
    const send = (lines: string[]) =>
      w.send(playerAddress('france'), [signon('france', 'badifs'), 'PHASE F1901M', ...lines].join('\n'));
    const open = await send(['IF A Bur', 'A Bur - Bel']);
    expect(open).toContain('IF without ENDIF: nothing was stored for F1901M');
    expect(await send(['ELSE', 'A Par H', 'ENDIF'])).toContain('ELSE without IF');
    expect(await send(['IF A Xyz', 'A Par H', 'ENDIF'])).toContain('"A Xyz" is no unit or place');
    expect(await send(['IF (A Bur', 'A Par H', 'ENDIF'])).toContain('a "(" without its ")"');
    const deep = [
      ...Array.from({ length: 5 }, () => 'IF A Par'),
      'A Par H',
      ...Array.from({ length: 5 }, () => 'ENDIF'),
    ];
    expect(await send(deep)).toContain('IF blocks nest at most 4 deep');
    const status = await w.send(playerAddress('france'), `${signon('france', 'badifs')}\nSTATUS`);
    expect(status).not.toContain('F1901M');
    // 100 lines of IFs from a forged From store nothing; a real one past the line bound is cut.
    const many = Array.from({ length: 50 }, () => 'IF A Par\nENDIF').join('\n');
    const forged = await w.send(playerAddress('france'), `SIGNON france@badifs wrong-pw\nPHASE F1901M\n${many}`);
    expect(forged).not.toContain('stored in advance');
    const flood = await send([...Array.from({ length: 30 }, () => 'IF A Par\nA Par H\nENDIF')]);
    expect(flood).toContain('at most 50 lines in advance for one phase');
  });
});
