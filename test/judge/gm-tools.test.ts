// Issue 13.6: the GM's tools, by mail: the roster (who has ordered, who plays what), entering orders
// for a power (BECOME, SIGNON power@game with the game password), co-GMs (PROMOTE / DEMOTE), SET LIST /
// NOLIST, private games with a join password, preference lists and RULE AUTOSTART.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { assignPowers, readPreference } from '../../src/judge/lifecycle/preferences.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { listSeats } from '../../src/store/players.js';
import { createWorld, type World } from './world.js';
import { startStandardGame, GM, POWERS, master, playerAddress as player } from './table.js';

let world: World | null = null;
afterEach(() => world?.close());

const standardGame = (w: World, game: string) => startStandardGame(w, game);

/** The roster line of one power in a reply. */
const rosterLine = (reply: string, name: string) => reply.split('\n').find((l) => l.trim().startsWith(name)) ?? '';

describe('the GM sees who has ordered and who plays what (ROSTER / WHO, LIST game, STATUS)', () => {
  it('complete, partial and none, with addresses and seat states, never the orders unless asked', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'rost');
    await w.send(player('france'), 'SIGNON france@rost pw-france\nA Par - Bur\nA Mar - Spa\nF Bre - Mao');
    await w.send(player('england'), 'SIGNON england@rost pw-england\nF Lon - Eng');
    await w.send(GM, `${master('rost')}\nCD Turkey`);
    const day = (n: number) => new Date(Date.parse(w.now()) + n * 86_400_000).toISOString().slice(0, 10);
    await w.send(player('germany'), `SIGNON germany@rost pw-germany\nSET ABSENCE ${day(5)} TO ${day(7)}`);

    const reply = await w.send(GM, `${master('rost')}\nROSTER`);
    expect(rosterLine(reply, 'France')).toMatch(/france@players\.test\s+playing\s+complete/);
    expect(rosterLine(reply, 'England')).toMatch(/england@players\.test\s+playing\s+partial \(1 of 3 units\)/);
    expect(rosterLine(reply, 'Germany')).toMatch(/germany@players\.test\s+playing\s+none, absent \S+ to \S+/);
    expect(rosterLine(reply, 'Germany')).toContain(`absent ${day(5)} to ${day(7)}`);
    expect(rosterLine(reply, 'Turkey')).toMatch(/turkey@players\.test\s+civil disorder\s+none/);
    expect(reply).toContain('Orders complete: France');
    expect(reply).toContain('Orders partial:  England');
    expect(reply).toMatch(/No orders:\s+Austria, Germany, Italy, Russia, Turkey/);
    expect(reply).not.toMatch(/Bur|MAO|Mao/);

    // Asked for one power, the GM gets its orders.
    const france = await w.send(GM, `${master('rost')}\nWHO France`);
    expect(france).toMatch(/Orders of France in rost[\s\S]*A PAR - BUR/i);

    // njudge's LIST game for the master and the GM's STATUS carry the roster; a player's LIST does not.
    expect(await w.send(GM, `${master('rost')}\nLIST rost`)).toContain('Roster of rost');
    expect(await w.send(GM, `${master('rost')}\nSTATUS`)).toContain('Roster of rost');
    const seen = await w.send(player('italy'), 'LIST rost');
    expect(seen).not.toContain('Roster of rost');
    expect(seen).not.toContain('france@players.test');
    const refused = await w.send(player('italy'), 'SIGNON italy@rost pw-italy\nROSTER');
    expect(refused).toMatch(/ROSTER is a GM command/);
    expect(refused).not.toContain('france@players.test');
  });

  it('in a DP variant: DP sheet sent or not, never the amounts', async () => {
    const w = (world = createWorld());
    const variant = loadVariant('ambition6');
    const greats = variant.powers.filter((p) => p.kind === 'great');
    await w.send(GM, 'CREATE dprost gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
    for (const p of greats) await w.send(player(p.id), `JOIN dprost pw-${p.id} ${p.id}`);
    await w.send(GM, `${master('dprost')}\nACTIVATE`);
    const record = currentPhase(w.db, findGameByName(w.db, 'dprost')!.id)!;
    const neutral = record.position.units.find((u) => variant.powerById.get(u.power)!.kind !== 'great')!;
    const bidder = greats[0];
    const bid = `1 DP: ${neutral.type} ${neutral.loc.toUpperCase()} H`;
    expect(await w.send(player(bidder.id), `SIGNON ${bidder.id}@dprost pw-${bidder.id}\n${bid}`)).toContain(
      '1 DP line stored',
    );

    const reply = await w.send(GM, `${master('dprost')}\nROSTER`);
    expect(rosterLine(reply, bidder.name)).toContain('DP sheet sent');
    expect(rosterLine(reply, greats[1].name)).toContain('DP sheet not sent');
    expect(reply).not.toContain(bid);
  });
});

describe('the GM enters or corrects orders for a power', () => {
  it("BECOME power: stored as the power's, its player told, the results say so", async () => {
    const w = (world = createWorld());
    await standardGame(w, 'becm');
    const reply = await w.send(GM, `${master('becm')}\nBECOME France\nA Par - Bur\nA Mar H\nF Bre H`);
    expect(reply).toContain('You act for France');
    expect(reply).toMatch(/3 orders stored for France/);
    expect(reply).toMatch(/Current orders for France[\s\S]*A PAR - BUR/i);

    const told = (await w.mails(player('france'))).find(
      (m) => m.subject === 'Diplomacy game becm: the GM changed the orders of France',
    );
    expect(told?.text).toMatch(/A PAR - BUR/i);
    expect(told?.text).toContain('S1901M');
    // Nobody else is told.
    expect((await w.mails(player('germany'))).some((m) => m.subject.includes('changed the orders'))).toBe(false);

    // The player's own SIGNON shows the orders the GM entered.
    expect(await w.send(player('france'), 'SIGNON france@becm pw-france\nSTATUS')).toMatch(/A PAR - BUR/i);

    // BECOME MASTER goes back to the GM's commands; acting for a power, the GM writes no press in its name.
    const back = await w.send(
      GM,
      `${master('becm')}\nBECOME Germany\nBROADCAST\nHello from Berlin\nENDPRESS\nBECOME MASTER\nPROCESS!`,
    );
    expect(back).toMatch(/BECOME MASTER first/);
    expect(back).toContain('S1901M was processed');
    const results = (await w.mails(player('italy'))).find((m) => m.subject.startsWith('Diplomacy results becm S1901M'));
    expect(results?.text).toContain('Orders for France entered by the GM.');
    expect(results?.text).not.toContain('Germany entered by the GM');
    expect(results?.text).toMatch(/Paris -> Burgundy|A PAR - BUR|Army Paris -> Burgundy/i);
    // The game's history keeps the line.
    const history = await w.send(player('italy'), 'HISTORY becm');
    expect(history).toContain('Orders for France entered by the GM.');
  });

  it('SIGNON france@game <game password> signs the GM on as France (DPjudge); a wrong one is refused', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'dpway');
    const reply = await w.send(GM, 'SIGNON france@dpway gmpass1\nA Par - Pic');
    expect(reply).toContain('Signed on to game dpway as the GM acting for France');
    expect(reply).toMatch(/1 order stored for France/);
    expect(reply).not.toContain('gmpass1');
    const told = (await w.mails(player('france'))).find((m) =>
      m.subject.includes('the GM changed the orders of France'),
    );
    expect(told?.text).toMatch(/A PAR - PIC/i);

    expect(await w.send('someone@else.test', 'SIGNON france@dpway notthepw\nA Par - Bur')).toContain(
      'wrong game, power or password',
    );
    // The player's own password still signs on as the player, with his own standing.
    const own = await w.send(player('france'), 'SIGNON france@dpway pw-france\nA Par - Bur');
    expect(own).toContain('Signed on to game dpway as France.');
    const mails = await w.mails(player('france'));
    expect(mails.filter((m) => m.subject.includes('the GM changed the orders'))).toHaveLength(1);

    // A power in civil disorder: the GM orders for it, and its player (still reading) is told.
    await w.send(GM, `${master('dpway')}\nCD Italy`);
    const cd = await w.send(GM, 'SIGNON italy@dpway gmpass1\nA Ven H\nA Rom - Apu\nF Nap - Ion');
    expect(cd).toMatch(/3 orders stored for Italy/);
    const italy = (await w.mails(player('italy'))).find((m) =>
      m.subject.includes('the GM changed the orders of Italy'),
    );
    expect(italy?.text).toMatch(/A ROM - APU/i);
    expect(await w.send(GM, `${master('dpway')}\nROSTER`)).toMatch(
      /Italy\s+italy@players\.test\s+civil disorder\s+complete/,
    );
  });
});

describe('a co-GM (PROMOTE / DEMOTE)', () => {
  it('accepts only with the mailed code from the promoted address, then signs on with his own password', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'cogm');
    const promoted = await w.send(GM, `${master('cogm')}\nPROMOTE helper@example.org`);
    expect(promoted).toContain('helper@example.org was sent a code');
    const invite = (await w.mails('helper@example.org')).find(
      (m) => m.subject === 'Diplomacy game cogm: you are named co-GM',
    )!;
    const code = /JOIN master@cogm <your password> ([A-Z0-9]+)/.exec(invite.text)![1];
    expect(promoted).not.toContain(code);

    // A forged From without the code, the code from another address, a wrong code: all refused.
    expect(await w.send('helper@example.org', 'JOIN master@cogm helperpw')).toContain('the code the judge mailed you');
    expect(await w.send('thief@example.net', `JOIN master@cogm thiefpw ${code}`)).toMatch(
      /no promotion of thief@example\.net/,
    );
    expect(await w.send('helper@example.org', 'JOIN master@cogm helperpw WRONGCODE1')).toMatch(/matches that code/);
    expect(await w.send('thief@example.net', 'SIGNON master@cogm thiefpw\nPAUSE')).toContain(
      'wrong game, power or password',
    );

    expect(await w.send('helper@example.org', `JOIN master@cogm helperpw ${code}`)).toContain(
      'You are a co-GM of cogm',
    );
    expect((await w.mails(GM)).some((m) => m.subject === 'Diplomacy game cogm: new co-GM')).toBe(true);
    // The code is used up.
    expect(await w.send('thief@example.net', `JOIN master@cogm thiefpw ${code}`)).toMatch(/no promotion/);

    const roster = await w.send('helper@example.org', 'SIGNON master@cogm helperpw\nROSTER');
    expect(roster).toContain('Signed on to game cogm as GM.');
    expect(roster).toContain('Co-GMs: helper@example.org');
    expect(await w.send('helper@example.org', 'SIGNON master@cogm helperpw\nPROMOTE other@example.org')).toMatch(
      /not a co-GM/,
    );
    // A co-GM plays no power: he may not take over a vacant one.
    await w.send(GM, `${master('cogm')}\nCD Austria`);
    expect(await w.send('helper@example.org', 'TAKEOVER austria@cogm helperpw2')).toMatch(/you are a GM of cogm/);
    // Past the deadline, the late powers are the co-GM's business too.
    w.advance(73);
    await w.settle();
    const late = (await w.mails('helper@example.org')).find((m) => m.subject === 'Diplomacy late powers cogm S1901M');
    expect(late?.text).toContain('England');
    expect((await w.mails(GM)).some((m) => m.subject === 'Diplomacy late powers cogm S1901M')).toBe(true);
    // A co-GM's PREVIEW is his alone.
    expect(await w.send('helper@example.org', 'SIGNON master@cogm helperpw\nPREVIEW')).toContain('mailed to you alone');
    const previewOf = async (address: string) =>
      (await w.mails(address)).some((m) => m.subject.startsWith('Diplomacy preview cogm'));
    expect(await previewOf('helper@example.org')).toBe(true);
    expect(await previewOf(GM)).toBe(false);
    expect(await w.send('helper@example.org', 'SIGNON master@cogm helperpw\nPROCESS!')).toContain(
      'S1901M was processed',
    );
    expect(
      (await w.mails('helper@example.org')).some((m) => m.subject.startsWith('Diplomacy results cogm S1901M')),
    ).toBe(true);

    expect(await w.send(GM, `${master('cogm')}\nDEMOTE helper@example.org`)).toContain('no longer a co-GM');
    expect(
      (await w.mails('helper@example.org')).some((m) => m.subject === 'Diplomacy game cogm: co-GM seat ended'),
    ).toBe(true);
    expect(await w.send('helper@example.org', 'SIGNON master@cogm helperpw\nPAUSE')).toContain(
      'wrong game, power or password',
    );
  });
});

describe('listing and private games', () => {
  it('SET NOLIST hides the game from LIST and SET LIST shows it again', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE shown gmpass1 standard\nFORM');
    expect(await w.send('anyone@example.test', 'LIST')).toMatch(/^shown\s/m);
    expect(await w.send(GM, `${master('shown')}\nSET NOLIST`)).toContain('left out of LIST');
    expect(await w.send('anyone@example.test', 'LIST')).not.toMatch(/^shown\s/m);
    expect(await w.send(GM, `${master('shown')}\nSET LIST`)).toContain('shown in LIST');
    expect(await w.send('anyone@example.test', 'LIST')).toMatch(/^shown\s/m);
    expect(await w.send('anna@players.test', 'SIGNON master@shown wrongpw\nSET NOLIST')).toContain(
      'wrong game, power or password',
    );
  });

  it('a PRIVATE game is joined and observed only with its join password', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE hidden gmpass1 standard\nRULE POWER_CHOICE\nPRIVATE club-secret\nFORM');
    expect(await w.send('anyone@example.test', 'LIST')).not.toMatch(/^hidden\s/m);
    expect(await w.send('anna@players.test', 'LIST hidden')).toContain('Private: JOIN hidden <password> [power] <join');
    expect(await w.send('anna@players.test', 'JOIN hidden annapw')).toMatch(/game hidden is private/);
    expect(await w.send('anna@players.test', 'JOIN hidden annapw france wrong-secret')).toMatch(/wrong join password/);
    const joined = await w.send('anna@players.test', 'JOIN hidden annapw france club-secret');
    expect(joined).toContain('You joined game hidden as France');
    expect(joined).not.toContain('club-secret');
    expect(await w.send('bob@players.test', 'JOIN hidden bobpw club-secret germany')).toMatch(/wrong join password/);
    expect(await w.send('bob@players.test', 'OBSERVE hidden bobpw')).toMatch(/game hidden is private/);
    expect(await w.send('bob@players.test', 'OBSERVE hidden bobpw club-secret')).toContain('You observe game hidden');

    // The GM changes it: SET NOPRIVATE opens it, SET PRIVATE closes it with a new password.
    expect(await w.send(GM, `${master('hidden')}\nSET NOPRIVATE`)).toContain('needs no join password');
    expect(await w.send('carl@players.test', 'JOIN hidden carlpw italy')).toContain('You joined game hidden as Italy');
    const closed = await w.send(GM, `${master('hidden')}\nSET PRIVATE new-secret`);
    expect(closed).toContain('is private');
    expect(closed).not.toContain('new-secret');
    expect(await w.send('dora@players.test', 'JOIN hidden dorapw russia club-secret')).toMatch(/wrong join password/);
    expect(await w.send('dora@players.test', 'JOIN hidden dorapw russia new-secret')).toContain(
      'You joined game hidden as Russia',
    );
  });

  it('a join password is checked by the same guard as SIGNON: guesses are counted, then refused unchecked', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE guarded gmpass1 standard\nRULE POWER_CHOICE\nPRIVATE club-secret\nFORM');
    for (let i = 0; i < 5; i++)
      expect(await w.send('eve@players.test', `JOIN guarded evepw france guess-${i}`)).toMatch(/wrong join password/);
    // The sixth attempt is refused before its password is read, the right one too, and it is never echoed.
    const locked = await w.send('eve@players.test', 'JOIN guarded evepw france club-secret');
    expect(locked).toMatch(/too many wrong passwords/);
    expect(locked).not.toContain('club-secret');
    expect(locked).not.toContain('You joined');
    // The same allowance as SIGNON's: a SIGNON guess from the same sender is refused unchecked too.
    expect(await w.send('eve@players.test', 'SIGNON master@guarded gmpass1')).toMatch(/too many wrong passwords/);
  });

  it('TAKEOVER of a vacant power in a private game needs the join password too', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE closed gmpass1 standard\nRULE POWER_CHOICE\nPRIVATE club-secret\nFORM');
    for (const p of POWERS) await w.send(player(p), `JOIN closed pw-${p} ${p} club-secret`);
    expect(await w.send(GM, `${master('closed')}\nACTIVATE`)).toContain('has started');
    await w.send(player('italy'), 'SIGNON italy@closed pw-italy\nRESIGN');
    expect(await w.send('new@players.test', 'TAKEOVER italy@closed newpw')).toMatch(/game closed is private/);
    expect(await w.send('new@players.test', 'TAKEOVER italy@closed newpw wrong-secret')).toMatch(/wrong join password/);
    expect(await w.send('new@players.test', 'TAKEOVER italy@closed newpw club-secret')).toContain(
      'You took over Italy',
    );
  });
});

describe('preference lists and RULE AUTOSTART', () => {
  it('ACTIVATE gives each player his first choice when they differ, and settles a clash fairly', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE prefs gmpass1 standard\nFORM');
    const people = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    for (const p of people) expect(await w.send(player(p), `JOIN prefs pw-${p}`)).toContain('SET PREFERENCE');
    const wishes: Record<string, string> = {
      p1: 'SET PREFERENCE Turkey, Russia',
      p2: 'SET PREFERENCE RT', // njudge letters: Russia, then Turkey
      p3: 'SET PREFERENCE E[FG]',
      p4: 'SET PREFERENCE France, Germany',
    };
    for (const [p, line] of Object.entries(wishes)) {
      const reply = await w.send(player(p), `SIGNON prefs pw-${p}\n${line}`);
      expect(reply, reply).toContain('Your preference for game prefs');
    }
    expect(await w.send(player('p3'), 'SIGNON prefs pw-p3\nSET PREFERENCE E[FG')).toMatch(/without its "\]"/);
    expect(await w.send(GM, `${master('prefs')}\nROSTER`)).toMatch(/p3@players\.test\s+preference E\[FG\]/);
    expect(await w.send(GM, `${master('prefs')}\nACTIVATE`)).toContain('has started');
    const powerOf = async (p: string) =>
      (await w.mails(player(p))).find((m) => / you are /.test(m.subject))?.subject.replace(/.* you are /, '');
    expect(await powerOf('p1')).toBe('Turkey');
    expect(await powerOf('p2')).toBe('Russia');
    expect(await powerOf('p3')).toBe('England');
    expect(await powerOf('p4')).toBe('France');
    expect(await w.send(player('p5'), 'SIGNON prefs pw-p5\nSET PREFERENCE Italy')).toMatch(/has started/);
  });

  it('the dealing minimises the squared ranks, is deterministic, and without lists is the seeded shuffle', () => {
    const free = ['france', 'germany', 'england'];
    // Both want France first; the second choices differ: one gets France, the other his second choice.
    const clash = { '1': [['france'], ['germany']], '2': [['france'], ['england']] };
    const dealt = assignPowers([1, 2, 3], free, clash, 'seed-a');
    expect(new Set([dealt.get(1), dealt.get(2)])).toEqual(
      new Set(dealt.get(1) === 'france' ? ['france', 'england'] : ['germany', 'france']),
    );
    expect(assignPowers([1, 2, 3], free, clash, 'seed-a')).toEqual(dealt);
    // Who wins a clash of equal lists depends on the seed, not on the join order.
    const same = { '1': [['france'], ['england']], '2': [['france'], ['england']] };
    const winner = (seed: string) =>
      assignPowers([1, 2], ['france', 'england'], same, seed).get(1) === 'france' ? 1 : 2;
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(winner))).toEqual(new Set([1, 2]));
    // Nobody is pushed to his third choice so that another gets his first rather than his second.
    const squared = {
      '1': [['france'], ['germany'], ['england']],
      '2': [['germany'], ['england'], ['france']],
      '3': [['germany'], ['france'], ['england']],
    };
    const fair = assignPowers([1, 2, 3], free, squared, 'seed-b');
    const rank = (id: number) => squared[String(id) as '1'].findIndex((g) => g.includes(fair.get(id)!));
    expect(Math.max(rank(1), rank(2), rank(3))).toBeLessThanOrEqual(1);
    // Without lists: seat i gets the i-th power of the seeded shuffle, as before.
    expect([...assignPowers([5, 6, 7], free, {}, 'x').values()]).toEqual(free);
  });

  it('reads names, adjectives, njudge letters with [level] groups, and two-letter initials', () => {
    const standard = loadVariant('standard');
    expect(readPreference(standard, ['French,', 'Germany,', 'R'])).toEqual([['france'], ['germany'], ['russia']]);
    expect(readPreference(standard, ['E[FGR]T'])).toEqual([['england'], ['france', 'germany', 'russia'], ['turkey']]);
    expect(readPreference(standard, ['Austria', 'Italy'])).toEqual([['austria'], ['italy']]);
    expect(readPreference(standard, ['*'])).toEqual([]);
    expect(readPreference(standard, ['FF'])).toBe('France is named twice');
    expect(readPreference(standard, ['FQ'])).toMatch(/"Q" is not the initial of a power/);
    const succession = loadVariant('succession');
    const byInitial = (i: string) => succession.powers.find((p) => p.initial === i)!.id;
    expect(readPreference(succession, ['ENFR[HAKU]'])).toEqual([
      [byInitial('EN')],
      [byInitial('FR')],
      [byInitial('HA'), byInitial('KU')],
    ]);
  });

  it('RULE AUTOSTART starts the game when the last power is taken', async () => {
    const w = (world = createWorld());
    expect(await w.send(GM, 'CREATE auto gmpass1 standard\nRULE AUTOSTART\nFORM')).toContain('was created');
    for (const p of POWERS.slice(0, -1))
      expect(await w.send(player(p), `JOIN auto pw-${p}`)).toContain('when the last power is taken');
    expect(findGameByName(w.db, 'auto')!.status).toBe('forming');
    // The last JOIN starts the game once its address is confirmed (the world answers the code).
    await w.send(player('turkey'), 'JOIN auto pw-turkey');
    const replies = (await w.mails(player('turkey'))).filter((m) => m.subject.startsWith('Re:'));
    expect(replies.at(-1)?.text).toContain('the game has started (RULE AUTOSTART)');
    const game = findGameByName(w.db, 'auto')!;
    expect(game.status).toBe('active');
    expect(listSeats(w.db, game.id).every((s) => s.power !== null)).toBe(true);
    expect((await w.mails(player('austria'))).some((m) => m.subject === 'Diplomacy game auto starting')).toBe(true);
    expect((await w.mails(GM)).some((m) => m.subject === 'Diplomacy game auto starting')).toBe(true);
  });
});
