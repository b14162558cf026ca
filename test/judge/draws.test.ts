// Issue 13.1: draws and concessions by mail. Votes last one phase and go with the player who cast
// them; a draw includes every surviving power (DIAS) unless RULE NO_DIAS; a concession goes only to
// the largest power.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { createWorld, type World } from './world.js';
import { startStandardGame, GM, POWERS, master, signon, playerAddress as address } from './table.js';

const SLOW = { timeout: 60_000 };
const ALL = 'Austria, England, France, Germany, Italy, Russia and Turkey';

let world: World | null = null;
afterEach(() => world?.close());

const standardGame = (w: World, game: string, settings: string[] = []) => startStandardGame(w, game, { settings });

async function vote(w: World, game: string, power: string, words: string): Promise<string> {
  return w.send(address(power), `${signon(power, game)}\nSET ${words}`);
}

const status = (w: World, game: string) => findGameByName(w.db, game)!.status;
const overMail = async (w: World, who: string, game: string) =>
  (await w.mails(who)).find((m) => m.subject === `Diplomacy game ${game} is over`);

describe('draws (issue 13.1)', SLOW, () => {
  it('includes every surviving power, vacant and in civil disorder too, once every player votes for it', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'dias');
    await w.send(address('england'), `${signon('england', 'dias')}\nRESIGN`);
    await w.send(GM, `${master('dias')}\nCD Turkey`);
    const voters = POWERS.filter((p) => p !== 'england' && p !== 'turkey');
    const first = await vote(w, 'dias', voters[0], 'DRAW');
    expect(first).toContain(`Your vote for S1901M is recorded: draw among all surviving powers (${ALL})`);
    for (const p of voters.slice(1, -1)) expect(await vote(w, 'dias', p, 'DRAW')).not.toContain('drawn');
    expect(status(w, 'dias')).toBe('active');
    const last = await vote(w, 'dias', voters[voters.length - 1], 'DRAW');
    expect(last).toContain(`The game is drawn among ${ALL}.`);
    expect(status(w, 'dias')).toBe('completed');
    for (const who of [address('france'), address('turkey'), GM]) {
      expect((await overMail(w, who, 'dias'))?.text).toContain(`The game is drawn among ${ALL}.`);
    }
  });

  it('a vote lasts one phase: processing and ROLLBACK clear it', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'brief');
    for (const p of POWERS.slice(0, -1)) await vote(w, 'brief', p, 'DRAW');
    expect(await w.send(GM, `${master('brief')}\nPROCESS! S1901M`)).toContain('S1901M was processed');
    expect(await vote(w, 'brief', 'turkey', 'DRAW')).toContain('Your vote for F1901M is recorded');
    expect(status(w, 'brief')).toBe('active');

    // Six vote again in F1901M; the GM rolls back and replays S1901M: F1901M starts with no votes.
    for (const p of POWERS.slice(0, -1)) await vote(w, 'brief', p, 'DRAW');
    await w.send(GM, `${master('brief')}\nROLLBACK S1901M`);
    await w.send(GM, `${master('brief')}\nPROCESS! S1901M`);
    expect(currentPhase(w.db, findGameByName(w.db, 'brief')!.id)!.phase).toBe('F1901M');
    expect(await vote(w, 'brief', 'italy', 'DRAW')).not.toContain('drawn');
    expect(await vote(w, 'brief', 'turkey', 'DRAW')).not.toContain('drawn');
    expect(status(w, 'brief')).toBe('active');
    for (const p of POWERS.filter((x) => x !== 'italy' && x !== 'turkey')) await vote(w, 'brief', p, 'DRAW');
    expect(status(w, 'brief')).toBe('completed');
  });

  it('a new player does not inherit the vote of the one he replaces', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'heir');
    await vote(w, 'heir', 'france', 'DRAW');
    await w.send(GM, `${master('heir')}\nEJECT France`);
    expect(await w.send('newcomer@players.test', 'TAKEOVER france@heir pw-new1')).toContain('You took over France');
    for (const p of POWERS.filter((x) => x !== 'france')) await vote(w, 'heir', p, 'DRAW');
    expect(status(w, 'heir')).toBe('active');
    const last = await w.send('newcomer@players.test', 'SIGNON france@heir pw-new1\nSET DRAW');
    expect(last).toContain(`The game is drawn among ${ALL}.`);
  });

  it('a DIAS game refuses a draw naming powers; RULE NO_DIAS draws among the powers every player names', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'plain');
    const refused = await vote(w, 'plain', 'france', 'DRAW France Germany');
    expect(refused).toContain('a draw in game plain includes every surviving power');
    expect(refused).toContain('RULE NO_DIAS');

    await standardGame(w, 'named', ['RULE NO_DIAS']);
    expect(await vote(w, 'named', 'france', 'DRAW France')).toContain('a draw names at least two powers');
    expect(await vote(w, 'named', 'france', 'DRAW Germany, France')).toContain('draw among France and Germany');
    // One player wants a three-way draw: no agreement yet.
    expect(await vote(w, 'named', 'germany', 'DRAW France Germany Italy')).not.toContain('drawn');
    for (const p of POWERS.filter((x) => x !== 'france' && x !== 'germany'))
      await vote(w, 'named', p, 'DRAW France Germany');
    expect(status(w, 'named')).toBe('active');
    const last = await vote(w, 'named', 'germany', 'DRAW F G');
    expect(last).toContain('The game is drawn among France and Germany.');
    expect((await overMail(w, address('turkey'), 'named'))?.text).toContain(
      'The game is drawn among France and Germany.',
    );
  });
});

describe('draws in a DP game (issue 13.1)', SLOW, () => {
  it('leave out a power in permanent civil disorder, whose player does not vote', async () => {
    const w = (world = createWorld());
    const greats = loadVariant('ambition6').powers.filter((p) => p.kind === 'great');
    await w.send(GM, 'CREATE empire gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
    for (const p of greats) await w.send(address(p.id), `JOIN empire pw-${p.id} ${p.id}`);
    expect(await w.send(GM, `${master('empire')}\nACTIVATE`)).toContain('has started');
    expect(await w.send(GM, `${master('empire')}\nCD britain PERMANENT`)).toContain('permanent civil disorder');
    expect(await vote(w, 'empire', 'britain', 'DRAW')).toContain('Britain is in permanent civil disorder');
    const others = greats.filter((p) => p.id !== 'britain');
    for (const p of others) await vote(w, 'empire', p.id, 'DRAW');
    const names = others.map((p) => p.name);
    const drawn = `The game is drawn among ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}.`;
    expect((await overMail(w, address('britain'), 'empire'))?.text).toContain(drawn);
    expect(status(w, 'empire')).toBe('completed');
  });
});

describe('concessions (issue 13.1)', SLOW, () => {
  it('go only to the largest power, with the reason; all others conceding make it the winner', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'yield');
    const refused = await vote(w, 'yield', 'england', 'CONCEDE France');
    expect(refused).toContain('a concession goes only to the largest power: Russia with 4 centres (France has 3)');
    expect(await vote(w, 'yield', 'russia', 'CONCEDE Turkey')).toContain('a concession goes only to the largest power');
    const others = POWERS.filter((p) => p !== 'russia');
    for (const p of others.slice(0, -1))
      expect(await vote(w, 'yield', p, 'CONCEDE Russia')).toContain('concede to Russia');
    expect(status(w, 'yield')).toBe('active');
    expect(await vote(w, 'yield', others[others.length - 1], 'CONCEDE Russia')).toContain(
      'Every other player conceded: Russia wins the game.',
    );
    expect((await overMail(w, address('russia'), 'yield'))?.text).toContain('Russia wins the game.');
    expect(status(w, 'yield')).toBe('completed');
  });
});
