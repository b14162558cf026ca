// EXPLAIN by mail (issue 20 item 3): a player gets the reasons for his own power's orders in a
// processed phase, the GM every power's; through the mail directory.
import { afterEach, describe, expect, it } from 'vitest';
import { GM, master, playerAddress, signon, startStandardGame } from './table.js';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

describe('EXPLAIN by mail', () => {
  it("gives a player the reasons for his own orders only, the GM every power's", async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'why');
    await w.send(playerAddress('france'), `${signon('france', 'why')}\nA Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao`);
    await w.send(playerAddress('germany'), `${signon('germany', 'why')}\nA Mun - Bur\nA Ber - Kie\nF Kie - Den`);
    expect(await w.send(GM, `${master('why')}\nPROCESS! S1901M`)).toContain('S1901M was processed');

    const german = await w.send(playerAddress('germany'), `${signon('germany', 'why')}\nEXPLAIN why S1901M`);
    expect(german).toContain('Why, for Germany: game why, Spring 1901 Movement (S1901M)');
    expect(german).toContain('Germany: Army Munich -> Burgundy.  (*bounce*)');
    expect(german).toContain('      - bounced with the French Army Paris: strength 1 against 2');
    expect(german).not.toMatch(/^France: /m);

    const french = await w.send(playerAddress('france'), `${signon('france', 'why')}\nEXPLAIN`);
    expect(french).toContain('France: Army Paris -> Burgundy.');
    expect(french).toContain('      - supported by the French Army Marseilles');
    expect(french).toContain('      - moved with strength 2 against 1');
    expect(french).toContain('      - support given to the French Army Paris');

    const gm = await w.send(GM, `${master('why')}\nEXPLAIN S1901M`);
    expect(gm).toContain('Why, for every power');
    expect(gm).toMatch(/^France: Army Paris -> Burgundy\.$/m);
    expect(gm).toMatch(/^Germany: Army Munich -> Burgundy\./m);

    expect(await w.send(playerAddress('germany'), `${signon('germany', 'why')}\nEXPLAIN F1901M`)).toContain(
      'phase F1901M has not been processed',
    );
    expect(await w.send('nobody@else.test', 'EXPLAIN why')).toContain('EXPLAIN needs SIGNON first');
  });
});
