// Issue 13 as a table of players uses it, by mail: whole games played with the features together
// (preferences at JOIN, orders in advance beside the open phase's, the GM acting for a power, zones,
// press rules, previews), each reply and notice read as a player reads it.
import { afterEach, describe, expect, it } from 'vitest';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { listSeats } from '../../src/store/players.js';
import { createWorld, type World } from './world.js';
import { startStandardGame, GM, POWERS, master } from './table.js';

let world: World | null = null;
afterEach(() => world?.close());

const addr = (p: string) => `${p}@players.test`;
const signon = (p: string, game: string) => `SIGNON ${p}@${game} pw-${p}`;

const standardGame = (w: World, game: string, rules: string[] = []) => startStandardGame(w, game, { settings: rules });

function phaseOf(w: World, game: string): string {
  return currentPhase(w.db, findGameByName(w.db, game)!.id)!.phase;
}

/** A HOLD for every unit of the power on the current board. */
function holds(w: World, game: string, power: string): string[] {
  const record = currentPhase(w.db, findGameByName(w.db, game)!.id)!;
  return record.position.units.filter((u) => u.power === power).map((u) => `${u.type} ${u.loc} H`);
}

/** One movement phase: each power sends its scripted lines, or holds; the phase is then complete. */
async function movement(w: World, game: string, scripted: Record<string, string[]> = {}): Promise<void> {
  for (const p of POWERS) await w.send(addr(p), [signon(p, game), ...(scripted[p] ?? holds(w, game, p))].join('\n'));
}

/** The "What the judge did" bullets of a reply, in order. */
const bullets = (reply: string) => reply.split('\n').filter((l) => l.startsWith('* '));

describe('joining with a preference in the same mail', () => {
  it('JOIN game pw then SET PREFERENCE (and SET ZONE) in one mail: both taken, the deal honours it', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE prefjoin gmpass1 standard\nFORM');
    const people = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    const wants = ['Turkey', 'Russia', 'England', 'France', 'Germany', 'Italy', 'Austria'];
    for (const [i, p] of people.entries()) {
      const reply = await w.send(addr(p), `JOIN prefjoin pw-${p}\nSET PREFERENCE ${wants[i]}\nSET ZONE Asia/Tokyo`);
      expect(reply).toContain('You joined game prefjoin');
      expect(reply).toContain(`Your preference for game prefjoin: ${wants[i]}`);
      expect(reply).toContain('Your time zone in game prefjoin is now Asia/Tokyo');
      expect(reply).not.toContain('rejected');
    }
    await w.send(GM, `${master('prefjoin')}\nACTIVATE`);
    const game = findGameByName(w.db, 'prefjoin')!;
    const byAddress = new Map(
      listSeats(w.db, game.id)
        .filter((s) => s.role === 'player')
        .map((s) => [s.accountId, s.power]),
    );
    // Everyone named a different power: everyone gets his own.
    for (const [i, p] of people.entries()) {
      const told = (await w.mails(addr(p))).find((m) => m.subject.startsWith('Diplomacy game prefjoin: you are'));
      expect(told?.subject).toBe(`Diplomacy game prefjoin: you are ${wants[i]}`);
    }
    expect(byAddress.size).toBe(7);
  });
});

describe('orders in advance beside the open phase', () => {
  it('the reply tells what was stored in the order the player wrote it', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'inorder');
    const reply = await w.send(
      addr('austria'),
      [signon('austria', 'inorder'), 'A Bud - Ser', 'A Vie - Gal', 'F Tri H', 'PHASE W1901A', 'Build A Bud'].join('\n'),
    );
    const said = bullets(reply);
    const open = said.findIndex((l) => l.includes('3 orders stored for Austria (S1901M)'));
    const later = said.findIndex((l) => l.includes('1 order stored in advance for Winter 1901 Adjustment'));
    expect(open).toBeGreaterThan(-1);
    expect(later).toBeGreaterThan(open);

    // Written the other way round, the advance section comes first.
    const first = bullets(
      await w.send(
        addr('austria'),
        [signon('austria', 'inorder'), 'PHASE W1901A', 'Build A Bud', 'PHASE S1901M', 'A Bud - Ser'].join('\n'),
      ),
    );
    const cleared = bullets(
      await w.send(addr('austria'), [signon('austria', 'inorder'), 'CLEAR', 'PHASE W1901A', 'Build A Vie'].join('\n')),
    );
    expect(cleared[1]).toContain('CLEAR: the orders of Austria for S1901M were withdrawn.');
    expect(cleared[2]).toContain('1 order stored in advance for Winter 1901 Adjustment (W1901A)');
    const a = first.findIndex((l) => l.includes('stored in advance for Winter 1901'));
    const b = first.findIndex((l) => l.includes('1 order stored for Austria (S1901M)'));
    expect(a).toBeGreaterThan(-1);
    expect(b).toBeGreaterThan(a);
  });

  it("the GM sees a player's advance orders in ROSTER power, and nobody else does", async () => {
    const w = (world = createWorld());
    await standardGame(w, 'gmsees');
    await w.send(addr('russia'), [signon('russia', 'gmsees'), 'F Sev - Rum', 'PHASE W1901A', 'Build F Sev'].join('\n'));
    const gm = await w.send(GM, `${master('gmsees')}\nROSTER Russia`);
    expect(gm).toMatch(
      /Orders of Russia in gmsees[\s\S]*F SEV - RUM[\s\S]*for Winter 1901 Adjustment \(W1901A\):\n\s+Build F Sev/,
    );
    const other = await w.send(addr('turkey'), `${signon('turkey', 'gmsees')}\nROSTER Russia\nSTATUS`);
    expect(other).not.toContain('Build F Sev');
  });

  it('advance orders the GM enters for a power are his when their phase opens; its player is told', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'gmadv');
    const gm = await w.send(
      GM,
      [master('gmadv'), 'BECOME Italy', 'PHASE W1901A', 'Build F Nap', 'BECOME MASTER'].join('\n'),
    );
    expect(gm).toContain('1 order stored in advance for Winter 1901 Adjustment (W1901A)');
    // Italy's player hears of it at once, as of any order the GM enters.
    const told = (await w.mails(addr('italy'))).filter((m) => m.subject.includes('the GM changed the orders of Italy'));
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain('W1901A');
    expect(told[0].text).toMatch(/for Winter 1901 Adjustment \(W1901A\):\n\s+Build F Nap/);

    // Spring and Fall: Italy takes Tunis, so it has a build in the winter; nobody else has one.
    await movement(w, 'gmadv', { italy: ['F Nap - Ion', 'A Rom H', 'A Ven H'] });
    await movement(w, 'gmadv', { italy: ['F Ion - Tun', 'A Rom H', 'A Ven H'] });
    // Italy's build was its whole duty, so the winter was complete when it opened.
    expect(phaseOf(w, 'gmadv')).toBe('S1902M');
    const results = (await w.mails(addr('france'))).find((m) => m.subject === 'Diplomacy results gmadv W1901A');
    expect(results?.text).toMatch(/Italy:\s+Builds? a fleet in Naples/i);
    expect(results?.text).toContain('Orders for Italy entered by the GM.');
    const used = (await w.mails(addr('italy'))).find((m) => m.subject === 'Diplomacy advance orders gmadv W1901A');
    expect(used?.text).toContain('the orders the GM entered for you in advance for Winter 1901 Adjustment');
  });

  it("a player's own advance set replaces the GM's, and the results then do not say the GM entered it", async () => {
    const w = (world = createWorld());
    await standardGame(w, 'gmrep');
    await w.send(GM, [master('gmrep'), 'BECOME Italy', 'PHASE W1901A', 'Build F Nap', 'BECOME MASTER'].join('\n'));
    await movement(w, 'gmrep', { italy: ['F Nap - Ion', 'A Rom H', 'A Ven H', 'PHASE W1901A', 'Build A Nap'] });
    await movement(w, 'gmrep', { italy: ['F Ion - Tun', 'A Rom H', 'A Ven H'] });
    expect(phaseOf(w, 'gmrep')).toBe('S1902M');
    const results = (await w.mails(addr('france'))).find((m) => m.subject === 'Diplomacy results gmrep W1901A');
    expect(results?.text).toMatch(/Italy:\s+Builds? an army in Naples/i);
    expect(results?.text).not.toContain('entered by the GM');
  });
});

describe("a player's PREVIEW in every kind of phase", () => {
  /** The preview section of a reply. */
  const previewOf = (reply: string) => reply.slice(reply.indexOf('PRIVATE PREVIEW'));

  it('says what his units do unordered in a retreat and a winter; DP only in DP games', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'peeks');
    const spring = previewOf(
      await w.send(addr('austria'), `${signon('austria', 'peeks')}\nA Bud - Ser\nF Tri H\nPREVIEW`),
    );
    expect(spring).toContain('What would happen with your 2 stored orders if every other unit holds.');
    expect(spring).not.toMatch(/DP|neutral/);
    await movement(w, 'peeks', {
      austria: ['A Bud - Ser', 'A Vie H', 'F Tri H'],
      italy: ['A Ven - Tyr', 'A Rom - Ven', 'F Nap H'],
    });
    await movement(w, 'peeks', { italy: ['A Ven - Tri', 'A Tyr S A Ven - Tri', 'F Nap H'] });
    expect(phaseOf(w, 'peeks')).toBe('F1901R');

    const retreat = previewOf(await w.send(addr('austria'), `${signon('austria', 'peeks')}\nPREVIEW`));
    expect(retreat).toContain('What would happen with no stored orders (your dislodged units disband)');
    expect(retreat).not.toContain('your units hold');
    expect(retreat).toMatch(/^Austria: +Fleet Trieste DISBAND\./m);
    const one = previewOf(await w.send(addr('austria'), `${signon('austria', 'peeks')}\nF Tri - Alb\nPREVIEW`));
    expect(one).toContain('What would happen with your 1 stored order if every other dislodged unit disbands.');
    expect(phaseOf(w, 'peeks')).toBe('W1901A');

    // Italy took Trieste: one build; unordered, it is waived.
    const winter = previewOf(await w.send(addr('italy'), `${signon('italy', 'peeks')}\nPREVIEW`));
    expect(winter).toContain('What would happen with no stored orders (your builds are waived)');
    expect(winter).not.toContain('your units hold');
  });
});

describe('press under the press rules, as the table writes it', () => {
  it('AFTER_ORDERS refuses early press in one plain sentence, and the same mail may order first', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'after', ['RULE PRESS GREY AFTER_ORDERS']);
    const reply = await w.send(
      addr('austria'),
      [signon('austria', 'after'), 'PRESS TO Italy', 'too early', 'ENDPRESS', 'A Bud - Ser', 'A Vie H', 'F Tri H']
        .concat(['PRESS TO Italy GREY', 'now', 'ENDPRESS'])
        .join('\n'),
    );
    expect(reply).toContain(
      'game after allows press only once your orders for S1901M are complete (RULE PRESS AFTER_ORDERS); ' +
        'units still unordered: A BUD, A VIE, F TRI. Orders placed above the press in the same mail count',
    );
    expect(reply).toContain('Press sent to Italy (grey: your name was not shown)');
    const italy = (await w.mails(addr('italy'))).filter((m) => m.subject === 'Diplomacy press after S1901M');
    expect(italy.map((m) => m.text.includes('now'))).toEqual([true]);
    expect(italy[0].text).not.toMatch(/Austria|too early/);
  });
});

describe('reminders and late notices to a player who sent part of his orders', () => {
  it('say his orders are incomplete, never that none were received', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'partial', ['TIMING MOVE 3D WARN 4H GRACE 12H']);
    await w.send(addr('france'), `${signon('france', 'partial')}\nA Par - Bur`);
    w.advance(69);
    await w.settle();
    w.advance(4);
    await w.settle();
    const mails = await w.mails(addr('france'));
    const reminder = mails.find((m) => m.subject === 'Diplomacy deadline reminder partial S1901M');
    expect(reminder?.text).toContain(
      "The deadline for game 'partial' is approaching and the orders for France (S1901M) are not complete yet.",
    );
    expect(reminder?.text).toContain('Units still unordered: F BRE, A MAR.');
    const late = mails.find((m) => m.subject === 'Diplomacy late notice partial S1901M');
    expect(late?.text).toMatch(
      /and the orders received for France are not complete\.\nUnits still unordered: F BRE, A MAR\./,
    );
    expect(late?.text).not.toContain('have not been received');
    // Germany sent nothing: its notices say so.
    const germany = (await w.mails(addr('germany'))).find((m) => m.subject === 'Diplomacy late notice partial S1901M');
    expect(germany?.text).toContain('and orders for Germany have not been received.');
  });
});

describe('PREVIEW from a player who is not signed on', () => {
  it('tells him to sign on to his power, not that PREVIEW is for the GM', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'nosign');
    const bare = await w.send(addr('italy'), 'PREVIEW');
    expect(bare).toContain('PREVIEW needs SIGNON first: SIGNON <power>@<game> <password> previews your own orders');
    expect(bare).not.toContain('GM command');
    const typo = await w.send(addr('italy'), 'SIGNON italy@nosign wrong-pw\nA Ven H\nPREVIEW');
    expect(typo).toMatch(/line 3: PREVIEW\n\s+-> ignored: the SIGNON above failed/);
    await w.send('watcher@players.test', 'OBSERVE nosign pw-watch');
    const observer = await w.send('watcher@players.test', 'SIGNON nosign pw-watch\nPREVIEW');
    expect(observer).toContain("PREVIEW previews a power's orders: an observer has none");
    expect(observer).not.toContain('GM command');
  });
});

describe('several powers fall into civil disorder at the end of one grace period', () => {
  it('each reader gets one notice naming them all (a late player: the others), not one mail per power', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'lapse', ['TIMING MOVE 3D GRACE 12H LATE CD']);
    await w.send('obs@players.test', 'OBSERVE lapse pw-obs');
    for (const p of ['austria', 'england', 'france', 'germany'])
      await w.send(addr(p), [signon(p, 'lapse'), ...holds(w, 'lapse', p)].join('\n'));
    w.advance(73);
    await w.settle();
    w.advance(13);
    await w.settle();
    expect(phaseOf(w, 'lapse')).toBe('F1901M');
    const subject = 'Diplomacy game lapse: Italy, Russia and Turkey in civil disorder';
    for (const who of [addr('france'), 'obs@players.test', GM]) {
      const cd = (await w.mails(who)).filter((m) => m.subject.includes('in civil disorder'));
      expect(cd.map((m) => m.subject)).toEqual([subject]);
      expect(cd[0].text).toContain(
        "Italy, Russia and Turkey sent no orders by the end of the grace period in game 'lapse' and are in " +
          'civil disorder:',
      );
      expect(cd[0].text).toMatch(/Anyone may take one over:\n {2}TAKEOVER italy@lapse <password>\n/);
      expect(cd[0].text).toMatch(/\n {2}TAKEOVER turkey@lapse <password>\n/);
      expect(cd[0].text).not.toContain('@players.test');
    }
    // Russia's player has his own grace-period mail, and one notice naming the two others.
    const russia = (await w.mails(addr('russia'))).filter((m) => m.subject.includes('in civil disorder'));
    expect(russia.map((m) => m.subject)).toEqual(['Diplomacy game lapse: Italy and Turkey in civil disorder']);
    expect(
      (await w.mails(addr('russia'))).filter((m) => m.subject.startsWith('Diplomacy grace period over')),
    ).toHaveLength(1);
  });
});

describe('the foot of a press mail tells its reader how to answer under the game rules', () => {
  const foot = (text: string) => text.slice(text.lastIndexOf('-- \n'));

  it('PRESS TO Master in a no-press game, BROADCAST under NO_PARTIAL, PRESS TO a power otherwise', async () => {
    const w = (world = createWorld());
    for (const [game, rule] of [
      ['silent', 'RULE PRESS NONE'],
      ['public', 'RULE NO_PARTIAL'],
      ['open', 'RULE PRESS WHITE'],
    ]) {
      await standardGame(w, game, [rule]);
      await w.send(GM, `${master(game)}\nBROADCAST\nWelcome, all.\nENDPRESS`);
      const [mail] = (await w.mails(addr('italy'))).filter((m) => m.subject === `Diplomacy press ${game} S1901M`);
      expect(mail?.text).toContain('Welcome, all.');
      const expected = {
        silent: 'To answer, send SIGNON and PRESS TO Master ... ENDPRESS to the judge (no press between players here).',
        public: 'To answer, send SIGNON and BROADCAST ... ENDPRESS to the judge (only broadcasts here).',
        open: 'To answer, send SIGNON and PRESS TO <power> ... ENDPRESS to the judge.',
      }[game];
      expect(foot(mail.text)).toContain(expected);
    }
  });
});

describe('a deadline moved by an absence', () => {
  it('is told to the table in the zone of each reader, signed like every other notice of the game', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'away', ['TIMING ZONE Europe/Berlin AT 20:00']);
    await w.send(addr('france'), `${signon('france', 'away')}\nSET ZONE America/Los_Angeles`);
    const day = (n: number) => new Date(Date.parse(w.now()) + n * 86_400_000).toISOString().slice(0, 10);
    const reply = await w.send(addr('italy'), `${signon('italy', 'away')}\nSET ABSENCE ${day(2)} TO ${day(4)}`);
    expect(reply).toContain('everyone was told, without your name');
    const [moved] = (await w.mails(addr('france'))).filter(
      (m) => m.subject === 'Diplomacy deadline changed away S1901M',
    );
    expect(moved?.text).toContain('has been changed because a player will be absent then.');
    expect(moved.text).toMatch(/\(your time: \w{3} \d+ \w{3} 2026 \d\d:\d\d America\/Los_Angeles, UTC-08:00\)/);
    expect(moved.text).not.toMatch(/Italy|italy@/);
    expect(moved.text).toContain("-- \nChancery judge, game 'away'. Send HELP for the list of commands.");
  });
});

describe('late powers are named in the order of the map', () => {
  it('whatever order the powers were dealt in', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE dealt gmpass1 standard\nFORM');
    const people = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    const wants = ['Turkey', 'Russia', 'Italy', 'Germany', 'France', 'England', 'Austria'];
    for (const [i, p] of people.entries()) await w.send(addr(p), `JOIN dealt pw-${p}\nSET PREFERENCE ${wants[i]}`);
    await w.send(GM, `${master('dealt')}\nACTIVATE`);
    w.advance(73);
    await w.settle();
    const [notice] = (await w.mails(addr('p1'))).filter((m) => m.subject === 'Diplomacy late notice dealt S1901M');
    expect(notice?.text).toContain('Orders are also missing from: Austria, England, France, Germany, Italy, Russia.');
    const [gm] = (await w.mails(GM)).filter((m) => m.subject === 'Diplomacy late powers dealt S1901M');
    expect(gm?.text.indexOf('Austria')).toBeLessThan(gm.text.indexOf('Turkey'));
  });
});

describe('SET ZONE twice in one mail', () => {
  it('each answer shows the deadline in the zone it set', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'zones');
    const reply = await w.send(
      addr('france'),
      `${signon('france', 'zones')}\nSET ZONE Asia/Tokyo\nSET ZONE America/New_York`,
    );
    const [tokyo, york] = bullets(reply).filter((l) => l.includes('Your time zone'));
    expect(tokyo).toMatch(/now Asia\/Tokyo: .*\(your time: .* Asia\/Tokyo, UTC\+09:00\)\.$/);
    expect(york).toMatch(/now America\/New_York: .*\(your time: .* America\/New_York, UTC-05:00\)\.$/);
  });
});

describe('the last JOIN of a RULE AUTOSTART game', () => {
  it('has the preference written after it in the same mail honoured before the powers are dealt', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE autopref gmpass1 standard\nRULE AUTOSTART\nFORM');
    for (const p of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) await w.send(addr(p), `JOIN autopref pw-${p}`);
    const last = await w.send(addr('p7'), 'JOIN autopref pw-p7\nSET PREFERENCE Turkey');
    expect(last).toContain('Your preference for game autopref: Turkey');
    expect(last).not.toContain('rejected');
    // His seat counts once his address is confirmed: the reply to his CONFIRM starts the game.
    const confirmed = (await w.mails(addr('p7'))).filter((m) => m.subject.startsWith('Re:')).at(-1)!.text;
    expect(confirmed).toContain('the game has started (RULE AUTOSTART)');
    const told = (await w.mails(addr('p7'))).find((m) => m.subject.startsWith('Diplomacy game autopref: you are'));
    expect(told?.subject).toBe('Diplomacy game autopref: you are Turkey');
  });
});

describe('orders and a PREVIEW in one mail', () => {
  it('the reply does not say both that the orders were stored and that nothing was stored', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'both');
    const reply = await w.send(addr('austria'), `${signon('austria', 'both')}\nA Bud - Ser\nPREVIEW`);
    expect(reply).toContain('1 order stored for Austria (S1901M)');
    expect(reply).not.toMatch(/nothing (has been|was) stored/);
    expect(reply).toContain(
      "PREVIEW of Austria's orders for S1901M is below: it changes nothing and goes to you alone.",
    );
    expect(reply).toContain('PRIVATE PREVIEW for Austria, game both, S1901M (to you alone; it changes nothing)');
  });
});

describe("a player's standing says what his unordered units will do in this phase", () => {
  it('they hold in a movement phase and disband in a retreat phase', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'fate');
    const spring = await w.send(addr('austria'), `${signon('austria', 'fate')}\nA Bud - Ser`);
    expect(spring).toContain('Units still unordered: A VIE, F TRI (they will hold).');
    await movement(w, 'fate', {
      austria: ['A Bud - Ser', 'A Vie H', 'F Tri H'],
      italy: ['A Ven - Tyr', 'A Rom - Ven', 'F Nap H'],
    });
    await movement(w, 'fate', { italy: ['A Ven - Tri', 'A Tyr S A Ven - Tri', 'F Nap H'] });
    const retreat = await w.send(addr('austria'), `${signon('austria', 'fate')}\nSTATUS`);
    expect(retreat).toContain('Units still unordered: F TRI (it will disband).');
  });
});
