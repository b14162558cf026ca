// JOIN, OBSERVE and TAKEOVER check the password of the sender's own address, so a forged From could
// use them to guess a player's password: they share SIGNON's allowance of wrong passwords.
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

describe('password guessing through JOIN and OBSERVE', { timeout: 60_000 }, () => {
  it('counts wrong passwords of the address and refuses further guesses unchecked, even the right one', async () => {
    const w = (world = createWorld());
    await w.send('gm@example.test', 'CREATE first gmpass1 standard\nFORM');
    await w.send('gm@example.test', 'CREATE second gmpass2 standard\nFORM');
    expect(await w.send('anna@players.test', 'JOIN first secret-anna')).toContain('You joined game first');

    for (let n = 1; n <= 5; n++) {
      const reply = await w.send('anna@players.test', `OBSERVE second guess-${n}`);
      expect(reply).toContain('that is not the password of this address');
    }
    const locked = await w.send('anna@players.test', 'OBSERVE second secret-anna');
    expect(locked).toContain('too many wrong passwords; this was refused without checking the password');
    expect(locked).not.toContain('You observe');
    expect(await w.send('anna@players.test', 'JOIN second guess-6')).toContain('too many wrong passwords');

    // An hour later one more attempt is allowed, and the right password works again.
    w.advance(1.1);
    expect(await w.send('anna@players.test', 'OBSERVE second secret-anna')).toContain('You observe game second');
  });
});
