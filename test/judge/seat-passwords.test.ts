// Issue 11.3–11.5: each seat has its own password, set by the mail that takes it; an ejected player
// cannot come back; a newcomer does not inherit the previous player's orders or DP sheet.
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const GM = 'gm@example.test';
const PLAYERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const address = (power: string) => `${power}@players.test`;

async function startedGame(w: World): Promise<void> {
  await w.send(GM, 'CREATE seats gmpass1 standard\nRULE POWER_CHOICE\nFORM');
  for (const power of PLAYERS)
    expect(await w.send(address(power), `JOIN seats pw-${power} ${power}`)).toContain('You joined');
  expect(await w.send(GM, 'SIGNON master@seats gmpass1\nACTIVATE')).toContain('has started');
}

describe('seat passwords', { timeout: 60_000 }, () => {
  it('a forged OBSERVE cannot set the password the address owner later plays with', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE first gmpass1 standard\nFORM');
    await w.send(GM, 'CREATE second gmpass2 standard\nFORM');
    // A stranger writes as anna: he observes both games under a password of his choosing.
    expect(await w.send('anna@players.test', 'OBSERVE first squatter-pw')).toContain('You observe game first');
    expect(await w.send('anna@players.test', 'OBSERVE second squatter-pw')).toContain('You observe game second');
    // The real anna joins both, each with her own password; the stranger's password opens nothing of hers.
    expect(await w.send('anna@players.test', 'JOIN first anna-secret')).toContain('You joined game first');
    expect(await w.send('anna@players.test', 'JOIN second anna-other')).toContain('You joined game second');
    expect(await w.send('anna@players.test', 'SIGNON first squatter-pw')).toContain('wrong game, power or password');
    expect(await w.send('anna@players.test', 'SIGNON first anna-secret')).toContain('Signed on to game first');
    expect(await w.send('anna@players.test', 'SIGNON second anna-other')).toContain('Signed on to game second');
  });

  it('SET PASSWORD changes the password of the seat signed on to, not the others', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE first gmpass1 standard\nFORM');
    await w.send(GM, 'CREATE second gmpass2 standard\nFORM');
    await w.send('bob@players.test', 'JOIN first bob-one');
    await w.send('bob@players.test', 'JOIN second bob-two');
    const changed = await w.send('bob@players.test', 'SIGNON first bob-one\nSET PASSWORD bob-new');
    expect(changed).toContain('Your password for your player seat in game first was changed');
    expect(changed).not.toContain('bob-new');
    expect(await w.send('bob@players.test', 'SIGNON first bob-new')).toContain('Signed on to game first');
    expect(await w.send('bob@players.test', 'SIGNON second bob-two')).toContain('Signed on to game second');
  });

  it('an ejected player cannot take his seat back, and the newcomer starts without his orders', async () => {
    const w = (world = createWorld());
    await startedGame(w);
    const orders = await w.send(address('france'), 'SIGNON france@seats pw-france\nA PAR - BUR\nF BRE - MAO');
    expect(orders).toContain('2 orders stored for France');
    expect(await w.send(GM, 'SIGNON master@seats gmpass1\nEJECT france')).toContain('France was ejected');
    const back = await w.send(address('france'), 'TAKEOVER france@seats another-pw');
    expect(back).toContain('the GM ejected you from this game');
    expect(back).not.toContain('You took over');

    const newcomer = await w.send('newcomer@players.test', 'TAKEOVER france@seats fresh-pw');
    expect(newcomer).toContain('You took over France');
    expect(newcomer).not.toMatch(/PAR - BUR|BRE - MAO/);
    const stored = w.db.prepare("SELECT count(*) AS n FROM orders WHERE power = 'france'").get() as { n: number };
    expect(stored.n).toBe(0);
    expect(await w.send('newcomer@players.test', 'SIGNON france@seats fresh-pw\nA MAR H')).toContain(
      '1 order stored for France',
    );
  });
});
