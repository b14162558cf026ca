// Issue 19, "the table, second round": each item checked on the mail a player or the GM gets.
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { readPosition } from '../../src/core/position/index.js';
import { renderResults } from '../../src/render/results.js';
import { durationText } from '../../src/judge/timing/duration.js';
import { createWorld, type World } from './world.js';
import { GM, POWERS, master, playerAddress, signon, startStandardGame } from './table.js';

const SLOW = { timeout: 60_000 };

let world: World | null = null;
afterEach(() => world?.close());

/** The mails to `who` whose subject contains `subject` and whose text contains `text`. */
async function mailsWith(w: World, who: string, subject: string, text = '') {
  return (await w.mails(who)).filter((m) => m.subject.includes(subject) && m.text.includes(text));
}

describe('PRESS TO everyone but (issue 19.4)', SLOW, () => {
  it('PRESS TO -France and PRESS TO ALL BUT France reach every other power and never France', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'allbut');
    const dash = await w.send(
      playerAddress('england'),
      `${signon('england', 'allbut')}\nPRESS TO -France\nNot a word to Paris.\nENDPRESS`,
    );
    expect(dash).toContain('Press sent to Austria, Germany, Italy, Russia, Turkey');
    expect(await mailsWith(w, playerAddress('france'), 'press', 'Not a word to Paris.')).toHaveLength(0);
    expect(await mailsWith(w, playerAddress('england'), 'press', 'Not a word to Paris.')).toHaveLength(0);
    for (const p of POWERS.filter((p) => p !== 'france' && p !== 'england')) {
      expect(await mailsWith(w, playerAddress(p), 'press', 'Not a word to Paris.')).toHaveLength(1);
    }

    const but = await w.send(
      playerAddress('england'),
      `${signon('england', 'allbut')}\nPRESS TO ALL BUT France, Germany\nNor to Berlin.\nENDPRESS`,
    );
    expect(but).toContain('Press sent to Austria, Italy, Russia, Turkey');
    expect(await mailsWith(w, playerAddress('germany'), 'press', 'Nor to Berlin.')).toHaveLength(0);
    expect(await mailsWith(w, playerAddress('italy'), 'press', 'Nor to Berlin.')).toHaveLength(1);
  });

  it('refuses a list it cannot read instead of guessing', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'dashes');
    const odd = await w.send(
      playerAddress('england'),
      `${signon('england', 'dashes')}\nPRESS TO Italy, -France\nHello\nENDPRESS\nPRESS TO ALL BUT\nHi\nENDPRESS`,
    );
    expect(odd).toContain('a dash means "everyone but" only before the first name');
    expect(odd).toContain('name the powers left out');
    expect(odd).not.toContain('Press sent');
    expect(await mailsWith(w, playerAddress('france'), 'press')).toHaveLength(0);
    expect(await mailsWith(w, playerAddress('italy'), 'press')).toHaveLength(0);
  });
});

describe('the copy of a sign-on from another address (issue 19.5)', SLOW, () => {
  it("carries only its own game's part of the reply, never another game's roster", async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'first');
    const otherGm = 'other-gm@example.test';
    const joiner = 'secret-joiner@elsewhere.test';
    expect(await w.send(otherGm, 'CREATE second gm2pass standard\nFORM')).toContain('created');
    await w.send(joiner, 'JOIN second joinerpw');
    const reply = await w.send(otherGm, `SIGNON master@second gm2pass\nROSTER\n${master('first')}\nROSTER`);
    expect(reply).toContain(joiner);
    const copies = await mailsWith(w, GM, 'sign-on from another address');
    expect(copies).toHaveLength(1);
    const copy = copies[0].text;
    expect(copy).toContain(`from ${otherGm}`);
    expect(copy).toContain('Signed on to game first as GM.');
    expect(copy).toContain(playerAddress('france'));
    expect(copy).not.toContain(joiner);
    expect(copy).not.toContain('game second');
  });
});

/** Orders for one power, then the GM processes the phase with the rest defaulted. */
async function play(w: World, game: string, orders: Record<string, string[]>): Promise<void> {
  for (const [p, lines] of Object.entries(orders)) {
    const reply = await w.send(playerAddress(p), [signon(p, game), ...lines].join('\n'));
    expect(reply).not.toContain('rejected');
  }
  const phase = await w.send(GM, `${master(game)}\nPROCESS!`);
  expect(phase).not.toContain('rejected');
}

describe('builds left unused (issue 19.6)', SLOW, () => {
  it('Germany owes three and sends one: the reply says two remain and are waived', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'builds');
    await play(w, 'builds', {
      germany: ['F Kie - Den', 'A Mun - Ruh', 'A Ber - Kie'],
      france: ['F Bre - Mao'],
    });
    await play(w, 'builds', { germany: ['F Den H', 'A Ruh - Bel', 'A Kie - Hol'], france: ['F Mao - Por'] });
    const one = await w.send(playerAddress('germany'), `${signon('germany', 'builds')}\nBuild A Ber`);
    expect(one).toContain('1 order stored for Germany (W1901A)');
    expect(one).toContain('2 builds are still unused and will be waived');
    expect(one).toContain('send the whole set again');
    expect(one).not.toContain('Every build and removal is given');
    const all = await w.send(
      playerAddress('germany'),
      `${signon('germany', 'builds')}\nBuild A Ber\nBuild A Mun\nBuild F Kie`,
    );
    expect(all).toContain('Every build and removal is given.');
  });
});

/** An A&E v6.01 game started by mail, every Great Power played (players `<power>@players.test`). */
async function startEmpire(w: World, game: string): Promise<string[]> {
  const greats = loadVariant('ambition6')
    .powers.filter((p) => p.kind === 'great')
    .map((p) => p.id);
  await w.send(GM, `CREATE ${game} gmpass1 ambition6\nRULE POWER_CHOICE\nFORM`);
  for (const p of greats) await w.send(playerAddress(p), `JOIN ${game} pw-${p} ${p}`);
  expect(await w.send(GM, `${master(game)}\nACTIVATE`)).toContain('has started');
  return greats;
}

describe('a DP line whose order is invalid is kept as a bid (issue 19.1, A&E v6.01 §II example 5)', SLOW, () => {
  it('France wins Hesse-Westphalia with an invalid order: the unit holds, published invalid', async () => {
    const w = (world = createWorld());
    await startEmpire(w, 'hesse');
    const france = await w.send(playerAddress('france'), `${signon('france', 'hesse')}\n3 DP: A hew - bav`);
    expect(france).toContain('1 DP line stored (3 of 3 DP)');
    expect(france).toContain('is kept as a bid, but its order is invalid');
    expect(france).toContain('cannot reach Bavaria');
    expect(france).toContain('the army in Hesse-Westphalia holds');
    expect(france).not.toContain('rejected');
    const prussia = await w.send(
      playerAddress('prussia'),
      `${signon('prussia', 'hesse')}\nA ber - han\n1 DP: A hew S A ber - han`,
    );
    expect(prussia).toContain('1 DP line stored');
    expect(await w.send(GM, `${master('hesse')}\nPROCESS!`)).not.toContain('rejected');
    const [results] = await mailsWith(w, playerAddress('britain'), 'results');
    expect(results.text).toContain('Hesse-Westphalia: Army Hesse-Westphalia -> Bavaria.  (*invalid*)');
    expect(results.text).toMatch(/Prussia: +Army Berlin -> Hanover\.  \(\*bounce\*\)/);
    expect(results.text).not.toContain('dislodged');
    expect(results.text).not.toMatch(/\bDP\b/);
  });

  it('a religion breach is a bid too: Spain 2 DP outweighs Turkey 1 DP, and the Tunisian fleet holds', async () => {
    const w = (world = createWorld());
    await startEmpire(w, 'faith');
    // The seed's case from the starting board: Barcelona's fleet stands in for one in the Western Mediterranean.
    const spain = await w.send(playerAddress('spain'), `${signon('spain', 'faith')}\n2 DP: F tun S F brc - alg`);
    expect(spain).toContain('is kept as a bid, but its order is invalid (religion rule: a Muslim minor');
    expect(spain).not.toContain('rejected');
    await w.send(playerAddress('turkey'), `${signon('turkey', 'faith')}\n1 DP: F tun - ion`);
    await w.send(GM, `${master('faith')}\nPROCESS!`);
    const [results] = await mailsWith(w, playerAddress('britain'), 'results');
    expect(results.text).toMatch(/Tunis: +Fleet Tunis SUPPORT .*(\n.*)?\(\*invalid\*\)/);
    expect(results.text).not.toContain('Fleet Tunis -> Ionian');
  });
});

describe("S&L's year cap and A&E's straits, as players read them (issue 19.3)", SLOW, () => {
  it("LIST shows the variant's own ten-year cap, and a GM's cap or NONE instead", async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE legacy gmpass1 succession\nFORM');
    await w.send(GM, 'CREATE capless gmpass1 succession\nRULE YEAR_CAP NONE\nFORM');
    await w.send(GM, 'CREATE short gmpass1 standard\nRULE YEAR_CAP 3\nFORM');
    const legacy = (await w.send(playerAddress('x'), 'LIST legacy')).replace(/\s+/g, ' ');
    expect(legacy).toContain("drawn among the survivors after 10 years (the variant's default; RULE YEAR_CAP NONE");
    const capless = await w.send(playerAddress('x'), 'LIST capless');
    expect(capless).not.toContain('drawn among the survivors');
    expect((await w.send(playerAddress('x'), 'LIST short')).replace(/\s+/g, ' ')).toContain(
      'drawn among the survivors after 3 years (YEAR_CAP)',
    );
  });

  it('a board already past the cap names the last year, not the year played', () => {
    const variant = loadVariant('succession');
    const { position } = readPosition(
      'variant succession\nphase Fall 1715\nFrance: A par\n  owns par\nSweden: F sto\n  owns sto\n',
      { variant },
    );
    const read = readPhaseOrders(variant, position, 'France: A par H\nSweden: F sto H', 'f1715');
    const text = renderResults(variant, position, adjudicate(variant, position, read.orders)).replace(/\s+/g, ' ');
    expect(text).toContain('The game is past its last year, 1712, and is drawn among France and Sweden.');
    const atCap = readPosition('variant succession\nphase Fall 1712\nFrance: A par\n  owns par\n', { variant });
    const last = renderResults(variant, atCap.position, adjudicate(variant, atCap.position, [])).replace(/\s+/g, ' ');
    expect(last).toContain('The game has reached its last year, 1712,');
  });

  it('a move or support over a closed strait is refused naming the strait, by mail', async () => {
    const w = (world = createWorld());
    await startEmpire(w, 'straits');
    // Spain: A Madrid to Andalusia in Spring; Britain's fleet stays in Gibraltar (A&E v6.01 example 13).
    await w.send(playerAddress('spain'), `${signon('spain', 'straits')}\nA mad - and\nF brc - wes`);
    await w.send(GM, `${master('straits')}\nPROCESS!`);
    const reply = await w.send(
      playerAddress('spain'),
      `${signon('spain', 'straits')}\nA and - mor\nA and S F wes - mor`,
    );
    expect(reply).toContain('the strait between Andalusia and Morocco is closed to the army in Andalusia');
    expect(reply).toContain('is in Gibraltar');
    expect(reply).toContain('write "via convoy" to be convoyed');
    expect(reply).not.toContain('no convoy');
    expect(reply).not.toContain('cannot reach');
  });
});

describe('GET and VERSION (issue 19.7)', SLOW, () => {
  it('GET RULES, INFO and MAP answer by mail for all five variants, without signing on', async () => {
    const w = (world = createWorld());
    const who = 'newcomer@elsewhere.test';
    const help = await w.send(who, 'HELP');
    expect(help).toContain('GET RULES|INFO|MAP variant');
    expect(help).toContain('Variants: 1648, ambition5, ambition6, standard, succession');
    for (const id of ['standard', 'ambition5', 'ambition6', '1648', 'succession']) {
      const variant = loadVariant(id);
      const rules = await w.send(who, `GET RULES ${id}`);
      expect(rules).toContain(`Rules of ${variant.title}`);
      expect(rules).toContain(`Starts in ${variant.startYear}; ${variant.victoryCentres} supply centres win.`);
      expect(rules).not.toContain('no summary written');
      const info = await w.send(who, `GET INFO ${id}`);
      const great = variant.powers.find((p) => p.kind === 'great')!;
      expect(info).toContain(`  ${great.name} (${great.adjective}, ${great.initial})`);
      const centre = variant.map.provinces.find((p) => p.centre)!;
      expect(info).toContain(`  ${centre.id.toUpperCase().padEnd(5)} ${centre.name}, ${centre.terrain} *`);
      const before = (await w.mails(who)).length;
      const map = await w.send(who, `GET MAP ${id}`);
      expect(map).toContain(`The map of ${variant.title}, its starting position, is attached`);
      const [mail] = (await w.mails(who)).slice(before);
      const picture = (await simpleParser(mail.raw)).attachments.find((a) => a.filename === `${id}-start.png`);
      expect(picture?.contentType).toBe('image/png');
      expect(picture!.size).toBeGreaterThan(1000);
    }
    expect(await w.send(who, 'GET RULES narnia')).toContain('unknown variant "narnia"');
    expect(await w.send(who, 'VERSION')).toMatch(/Chancery \d+\.\d+\.\d+\. Variants: 1648, ambition5/);
  });
});

describe('LIST marks games that need a replacement and filters (issue 19.8)', SLOW, () => {
  it('LIST names the vacant and civil-disorder powers; LIST OPEN and LIST <variant> filter', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'running');
    await w.send(GM, 'CREATE forming gmpass1 succession\nFORM');
    await w.send(GM, 'CREATE closed gmpass1 ambition6');
    const who = 'looker@elsewhere.test';
    const before = await w.send(who, 'LIST');
    expect(before).toMatch(/running +standard +active S1901M\n/);
    expect(await w.send(who, 'LIST OPEN')).not.toContain('running ');

    await w.send(GM, `${master('running')}\nCD italy`);
    await w.send(playerAddress('france'), `${signon('france', 'running')}\nRESIGN`);
    const all = await w.send(who, 'LIST');
    expect(all).toContain('active S1901M, needs a replacement for France and Italy (TAKEOVER)');
    const open = await w.send(who, 'LIST OPEN');
    expect(open).toContain('Games on this judge (OPEN)');
    expect(open).toContain('needs a replacement for France and Italy');
    expect(open).toMatch(/forming +succession +forming, 0\/\d+ players/);
    expect(open).not.toContain('closed ');

    const legacy = await w.send(who, 'LIST succession');
    expect(legacy).toContain('forming ');
    expect(legacy).not.toContain('running ');
    expect(await w.send(who, 'LIST OPEN standard')).toContain('running ');
    expect(await w.send(who, 'LIST OPEN 1648')).toContain('(no 1648 games to join or take over)');
    expect(await w.send(who, 'LIST OPEN narnia')).toContain('"narnia" is neither OPEN nor a variant');
    // A game's own name still lists that game.
    expect(await w.send(who, 'LIST running')).toContain('Variant: Standard Diplomacy');
  });
});

describe('replies players misread (issue 19.22)', SLOW, () => {
  it('SET DEADLINE from a player, press to oneself, an ejected player, a resignation before the start', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'words');
    const deadline = await w.send(playerAddress('france'), `${signon('france', 'words')}\nSET DEADLINE +48H`);
    expect(deadline).toContain('SET DEADLINE is a GM command');
    expect(deadline).not.toContain('SET is a GM command');

    const self = await w.send(playerAddress('france'), `${signon('france', 'words')}\nPRESS TO France\nhi\nENDPRESS`);
    expect(self).toContain('you play France: press goes to other powers');
    expect(self).not.toContain('nobody plays');

    await w.send(GM, `${master('words')}\nEJECT france`);
    const ejected = await w.send(playerAddress('france'), signon('france', 'words'));
    expect(ejected).toContain('the GM ejected you from France in words');
    expect(ejected).not.toContain('you resigned');

    await w.send(GM, 'CREATE early gmpass1 standard\nRULE POWER_CHOICE\nFORM');
    await w.send(playerAddress('bob'), 'JOIN early pw-bob italy');
    await w.send(playerAddress('bob'), 'SIGNON italy@early pw-bob\nRESIGN');
    const [notice] = await mailsWith(w, GM, 'early: resignation');
    expect(notice.text).toContain(`The player ${playerAddress('bob')} (who had chosen Italy) left game early`);
    expect(notice.text).not.toContain('your place');
  });
});

describe('the end of a game in words (issue 19.28)', SLOW, () => {
  it('SUMMARY says how the game ended: a year-cap draw, a draw by vote, a termination', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'capped', { settings: ['RULE YEAR_CAP 1'] });
    await w.send(GM, `${master('capped')}\nPROCESS!`);
    await w.send(GM, `${master('capped')}\nPROCESS!`);
    const capped = (await w.send(GM, 'SUMMARY capped')).replace(/\s+/g, ' ');
    expect(capped).toContain(
      'Ended in F1901M: drawn among Austria, England, France, Germany, Italy, Russia and Turkey at the year cap.',
    );

    await startStandardGame(w, 'agreed');
    for (const p of POWERS.slice(0, -1)) await w.send(playerAddress(p), `${signon(p, 'agreed')}\nSET DRAW`);
    // The last vote ends the game; the orders above it in the same mail are stored, not "game is completed".
    const last = await w.send(playerAddress('turkey'), `${signon('turkey', 'agreed')}\nA con - bul\nSET DRAW`);
    expect(last).not.toContain('rejected');
    expect(last).toContain('1 order stored for Turkey');
    expect((await w.send(GM, 'SUMMARY agreed')).replace(/\s+/g, ' ')).toContain(
      'Ended in S1901M: drawn among Austria, England, France, Germany, Italy, Russia and Turkey by agreement.',
    );

    await startStandardGame(w, 'stopped');
    await w.send(GM, `${master('stopped')}\nTERMINATE`);
    expect(await w.send(GM, 'SUMMARY stopped')).toContain('Ended in S1901M: terminated by the GM.');
  });
});

describe('ROLLBACK of the phase that ended the game (issue 19.27)', SLOW, () => {
  it('ROLLBACK F1901M and a plain ROLLBACK reopen the final phase of a capped game', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'finale', { settings: ['RULE YEAR_CAP 1'] });
    await w.send(GM, `${master('finale')}\nPROCESS!`);
    await w.send(GM, `${master('finale')}\nPROCESS!`);
    expect(await w.send(GM, 'SUMMARY finale')).toContain('(completed)');
    const named = await w.send(GM, `${master('finale')}\nROLLBACK F1901M`);
    expect(named).toContain('Game finale is back at F1901M and running again');
    expect(await w.send(GM, 'SUMMARY finale')).not.toContain('Ended in');
    await w.send(GM, `${master('finale')}\nPROCESS!`);
    const plain = await w.send(GM, `${master('finale')}\nROLLBACK`);
    expect(plain).toContain('Game finale is back at F1901M');
    expect(plain).not.toContain('S1901M');
  });
});

describe('RULE VICTORY (issue 19.12)', SLOW, () => {
  it('a game won at 6 centres: Germany wins after Fall 1901; LIST shows the rule', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'quick', { settings: ['RULE VICTORY 6'] });
    expect((await w.send(GM, 'LIST quick')).replace(/\s+/g, ' ')).toContain('6 supply centres win (VICTORY)');
    await play(w, 'quick', { germany: ['F Kie - Den', 'A Mun - Ruh', 'A Ber - Kie'] });
    await play(w, 'quick', { germany: ['F Den H', 'A Ruh - Bel', 'A Kie - Hol'] });
    const [results] = (await mailsWith(w, playerAddress('italy'), 'results quick F1901M')).slice(-1);
    expect(results.text).toContain('Germany (6 supply centres) has won the game.');
    expect(results.text).toMatch(/Germany: +6 Supply centers, +3 Units\. +\(\* VICTORY!! \*\)/);
    expect(await w.send(GM, 'SUMMARY quick')).toContain('Ended in F1901M: Germany won.');
    expect(await w.send(GM, 'CREATE toomuch gmpass1 standard\nRULE VICTORY 40')).toContain(
      'RULE VICTORY 40: standard has only 34 supply centres',
    );
  });
});

describe('"did you mean" only for typos, a signature line is no order (issue 19.20, 19.21)', SLOW, () => {
  it('suggests commands for typos only; a lone word is no order; a name under the orders is a signature', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'typos');
    const who = 'stranger@elsewhere.test';
    expect(await w.send(who, 'STAUTS')).toContain('did you mean: STATUS');
    for (const word of ['REGISTER', 'WHOIS', 'UNSTART', 'FORCE BEGIN']) {
      const reply = await w.send(who, word);
      expect(reply, word).toContain('unknown command');
      expect(reply, word).not.toContain('did you mean');
    }
    const orders = await w.send(
      playerAddress('england'),
      `${signon('england', 'typos')}\nF lon - nth\nUNDO\nENDIF\nBob`,
    );
    expect(orders).toContain('unknown command "UNDO" (and not an order)');
    expect(orders).toContain('unknown command "ENDIF" (and not an order)');
    expect(orders).not.toContain('NAO');
    expect(orders).not.toContain('did you mean');
    expect(orders).toContain('Line 5 ("Bob") was read as your signature, not as an order.');
    expect(orders).toContain('1 order stored for England');
  });
});

describe('words after a SIGNON password (issue 19.20)', SLOW, () => {
  it('SIGNON germany@g pw A Kie - Hol signs on and says the order was not read', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'extra');
    const reply = await w.send(playerAddress('germany'), 'SIGNON germany@extra pw-germany A Kie - Hol');
    expect(reply).toContain('Signed on to game extra as Germany.');
    expect(reply).toContain('the words after the password were not read ("A Kie - Hol")');
    expect(reply).not.toContain('pw-germany');
  });
});

describe('press footers and small words (issue 19.23, in part)', SLOW, () => {
  it('no DP words in a standard game; nothing to order is said so; the time left is rounded', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'small');
    await w.send(playerAddress('france'), `${signon('france', 'small')}\nA par - bur`);
    const cleared = await w.send(playerAddress('france'), `${signon('france', 'small')}\nCLEAR\nSTATUS`);
    expect(cleared).toContain('CLEAR: the orders of France for S1901M were withdrawn.');
    expect(cleared).toContain('STATUS: your orders are listed at the end of this reply.');
    expect(cleared).not.toMatch(/\bDP\b/);
    await play(w, 'small', { france: ['A par - bur', 'F bre - mao'] });
    await play(w, 'small', { france: ['F mao - por'] });
    // Winter 1901: France builds; Italy has nothing to adjust.
    const italy = await w.send(playerAddress('italy'), `${signon('italy', 'small')}\nSTATUS`);
    expect(italy).toContain('nothing to order this phase');
    expect(italy).not.toContain('(none)');
    expect(durationText(2 * 60_000 + 59_000)).toBe('3 minutes');
  });
});

describe('FORM of a private game (issue 19.23)', SLOW, () => {
  it('tells the GM that players need the join password, never echoing it', async () => {
    const w = (world = createWorld());
    const reply = await w.send(GM, 'CREATE hidden gmpass1 standard\nRULE POWER_CHOICE\nPRIVATE secretjoin\nFORM');
    expect(reply).toContain('players may JOIN hidden <password> <power> <join password> (give them the join password)');
    expect(reply).not.toContain('secretjoin');
  });
});
