// Issue 13.5: the board by mail — LIST game and POSITION show the board, HISTORY a range of phases
// with the public press, SUMMARY the centres at each year's end and the replacements, never an
// address under RULE NO_REVEAL. Each checked on the mail a player gets.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { createWorld, type World } from './world.js';
import { startStandardGame, GM, master } from './table.js';

let world: World | null = null;
afterEach(() => world?.close());

const player = (power: string, game: string) => `SIGNON ${power}@${game} pw-${power}`;

const standardGame = (w: World, game: string, settings = '') =>
  startStandardGame(w, game, { settings: settings.split('\n').filter(Boolean) });

async function orders(w: World, game: string, power: string, lines: string[]): Promise<void> {
  await w.send(`${power}@players.test`, [player(power, game), ...lines].join('\n'));
}

/** Processes the phase unless it went already (a phase is processed early once every order is in). */
async function processPhase(w: World, game: string, phase: string): Promise<void> {
  if (currentPhase(w.db, findGameByName(w.db, game)!.id)?.phase !== phase) return;
  expect(await w.send(GM, `${master(game)}\nPROCESS! ${phase}`)).toContain(`${phase} was processed`);
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

/** Spring: Russia to Galicia. Fall: Austria dislodges it with support; Russia takes Rumania. */
async function russiaDislodgedInGalicia(w: World, game: string): Promise<void> {
  await orders(w, game, 'russia', ['A War - Gal']);
  await processPhase(w, game, 'S1901M');
  await orders(w, game, 'austria', ['A Vie - Gal', 'A Bud S A Vie - Gal']);
  await orders(w, game, 'russia', ['F Sev - Rum']);
  await processPhase(w, game, 'F1901M');
}

describe('the board by mail (issue 13.5)', () => {
  it('LIST game and POSITION show units, dislodged units and their retreats, centres, adjustments due', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'board');
    const listed = await w.send('someone@elsewhere.test', 'LIST board');
    expect(listed).toContain('Position for Spring of 1901 (Movement).  (board.S1901M)');
    expect(listed).toContain('Austria: Army Vienna.');
    expect(listed).toContain('Russia: Fleet St Petersburg (south coast).');
    expect(listed).toContain('Russia:     Moscow, Sevastopol, St Petersburg, Warsaw.');
    expect(listed).toMatch(/Unowned: {4}Belgium, Bulgaria/);
    expect(listed).toContain('Russia:      4 Supply centers,  4 Units.');

    await russiaDislodgedInGalicia(w, 'board');
    const retreat = await w.send('russia@players.test', `${player('russia', 'board')}\nPOSITION`);
    expect(retreat).toContain('Position for Fall of 1901 (Retreat).  (board.F1901R)');
    expect(retreat).toContain('Austria: Army Galicia.');
    expect(retreat).toContain('The following units were dislodged and must retreat or disband:');
    expect(oneLine(retreat)).toContain(
      'The Russian army in Galicia can retreat to Bohemia, Silesia, Ukraine or Warsaw.',
    );
    // Centres change hands once the Fall is complete; the dislodged army still counts as Russia's.
    expect(retreat).toContain('Russia:      4 Supply centers,  4 Units.');

    await orders(w, 'board', 'russia', ['A Gal - War']);
    await processPhase(w, 'board', 'F1901R');
    const winter = await w.send('someone@elsewhere.test', 'POSITION board');
    expect(winter).toContain('Position for Winter of 1901 (Adjustment).  (board.W1901A)');
    expect(winter).toContain('Russia: Army Warsaw.');
    expect(winter).toContain('Russia:     Moscow, Rumania, Sevastopol, St Petersburg, Warsaw.');
    expect(winter).toContain('Adjustments due this winter:');
    expect(winter).toContain('Russia:      5 Supply centers,  4 Units:  Builds   1 unit.');
    expect(winter).not.toContain('dislodged');
  });

  it('POSITION before the start is refused with the reason; LIST of a game not started has no board', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE early gmpass1 standard\nFORM');
    expect(await w.send('anna@players.test', 'POSITION early')).toContain(
      'game early has not started: there is no board yet',
    );
    expect(await w.send('anna@players.test', 'LIST early')).not.toContain('Position for');
  });

  it("in a DP variant the board lists the minors' units and never a DP amount", async () => {
    const w = (world = createWorld());
    const variant = loadVariant('ambition6');
    const greats = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
    await w.send(GM, 'CREATE dpboard gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
    for (const p of greats) await w.send(`${p}@players.test`, `JOIN dpboard pw-${p} ${p}`);
    await w.send(GM, `${master('dpboard')}\nACTIVATE`);
    const bid = await w.send('spain@players.test', `${player('spain', 'dpboard')}\n2 DP: F ALG H`);
    expect(bid).toContain('1 DP line stored');
    const board = await w.send('britain@players.test', `${player('britain', 'dpboard')}\nPOSITION`);
    expect(board).toContain('Algiers: Fleet Algiers.');
    expect(board).toContain('Savoy & Sardinia: Army Savoy.');
    // The power column is as wide as the longest name shown, so every centre list starts in one column.
    const ownership = board.slice(
      board.indexOf('Ownership of supply centers:'),
      board.indexOf('Supply centers and units:'),
    );
    const starts = ownership
      .split('\n')
      .filter((l) => /^[A-Z][^:]*: +\S/.test(l))
      .map((l) => l.search(/: +\S/) + l.match(/: +/)![0].length);
    expect(new Set(starts).size).toBe(1);
    const section = board.slice(board.indexOf('Position of dpboard'), board.indexOf('Current orders for'));
    expect(section).toContain('Supply centers and units:');
    expect(section).not.toMatch(/\bDP\b|points|allocat/i);
  });

  it('HISTORY gives the phases asked for with the broadcasts sent during them, never private press', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'annals');
    await w.send(
      'france@players.test',
      `${player('france', 'annals')}\nBROADCAST\nVive la France, says Paris.\nENDPRESS`,
    );
    await w.send(
      'england@players.test',
      `${player('england', 'annals')}\nPRESS TO France\nOur secret channel.\nENDPRESS`,
    );
    await processPhase(w, 'annals', 'S1901M');
    await w.send(
      'germany@players.test',
      `${player('germany', 'annals')}\nBROADCAST\nBerlin wishes everyone well.\nENDPRESS`,
    );
    await processPhase(w, 'annals', 'F1901M');
    await w.send(
      'italy@players.test',
      `${player('italy', 'annals')}\nBROADCAST\nRome speaks in the new year.\nENDPRESS`,
    );

    const all = await w.send('someone@elsewhere.test', 'HISTORY annals');
    expect(all).toContain('History of annals (S1901M to F1901M)');
    expect(all).toContain('Broadcast from France during Spring 1901 Movement:');
    expect(all).toContain('Vive la France, says Paris.');
    expect(all).toContain('Movement results for Spring of 1901.  (annals.S1901M)');
    expect(all).toContain('Broadcast from Germany during Fall 1901 Movement:');
    expect(all).toContain('Movement results for Fall of 1901.  (annals.F1901M)');
    expect(all).toContain('Rome speaks in the new year.');
    expect(all).not.toContain('Our secret channel.');
    // Each phase's broadcasts come before its results.
    expect(all.indexOf('Vive la France')).toBeLessThan(all.indexOf('Movement results for Spring of 1901'));
    expect(all.indexOf('Berlin wishes')).toBeGreaterThan(all.indexOf('Movement results for Spring of 1901'));
    expect(all.indexOf('Berlin wishes')).toBeLessThan(all.indexOf('Movement results for Fall of 1901'));

    const fall = await w.send('france@players.test', `${player('france', 'annals')}\nHISTORY FROM F1901M`);
    expect(fall).toContain('History of annals (F1901M to F1901M)');
    expect(fall).toContain('Berlin wishes everyone well.');
    expect(fall).toContain('Movement results for Fall of 1901.');
    expect(fall).not.toContain('Movement results for Spring of 1901.');
    expect(fall).not.toContain('Vive la France');

    const spring = await w.send('someone@elsewhere.test', 'HISTORY annals FROM S1901M TO S1901M');
    expect(spring).toContain('Vive la France');
    expect(spring).not.toContain('Movement results for Fall of 1901.');
    expect(spring).not.toContain('Rome speaks');

    expect(await w.send('someone@elsewhere.test', 'HISTORY annals FROM F1905M')).toContain(
      'phase F1905M has not been processed in this game',
    );
    expect(await w.send('someone@elsewhere.test', 'HISTORY annals FROM F1901M TO S1901M')).toContain(
      'FROM F1901M comes after TO S1901M',
    );
  });

  it('a grey broadcast stays anonymous in HISTORY', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'veiled', 'RULE PRESS GREY\n');
    const sent = await w.send(
      'italy@players.test',
      `${player('italy', 'veiled')}\nBROADCAST GREY\nWho am I?\nENDPRESS`,
    );
    expect(sent).toContain('your name was not shown');
    const history = await w.send('someone@elsewhere.test', 'HISTORY veiled');
    expect(history).toContain('Broadcast from an anonymous sender during Spring 1901 Movement (open now):');
    expect(history).toContain('Who am I?');
    expect(history).not.toContain('from Italy');
  });

  it('SUMMARY counts centres at each year end and records replacements; addresses only after the game', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'tally');
    await russiaDislodgedInGalicia(w, 'tally');
    await orders(w, 'tally', 'russia', ['A Gal - War']);
    await processPhase(w, 'tally', 'F1901R');
    await w.send('france@players.test', `${player('france', 'tally')}\nRESIGN`);
    expect(await w.send('newbie@players.test', 'TAKEOVER france@tally pw-newbie')).toContain('You took over France');

    const running = await w.send('someone@elsewhere.test', 'SUMMARY tally');
    expect(running).toMatch(/Power\s+Start\s+1901\n/);
    expect(running).toMatch(/\nRussia\s+4\s+5\n/);
    expect(running).toMatch(/\nAustria\s+3\s+3\n/);
    expect(running).toContain('France taken over in W1901A by a new player');
    expect(running).toContain('(addresses are shown when the game is over)');
    expect(running).not.toContain('@players.test');

    await w.send(GM, `${master('tally')}\nTERMINATE`);
    const over = await w.send('someone@elsewhere.test', 'SUMMARY tally');
    expect(over).toContain('France taken over in W1901A: france@players.test replaced by newbie@players.test');
    expect(over).toMatch(/France\s+active\s+newbie@players\.test/);
  });

  it('under RULE NO_REVEAL, SUMMARY never shows an address, not even after the game (until the GM sends REVEAL)', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'masked', 'RULE NO_REVEAL\n');
    await w.send('france@players.test', `${player('france', 'masked')}\nRESIGN`);
    await w.send('newbie@players.test', 'TAKEOVER france@masked pw-newbie');
    await w.send(GM, `${master('masked')}\nTERMINATE`);
    const summary = await w.send('someone@elsewhere.test', 'SUMMARY masked');
    expect(summary).toContain('France taken over in S1901M by a new player');
    expect(summary).toContain('RULE NO_REVEAL: addresses are shown only if the GM sends REVEAL');
    expect(summary).not.toMatch(/@players\.test|@example\.test/);
  });
});
