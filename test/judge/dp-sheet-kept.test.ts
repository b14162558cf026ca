// Issue 10 (mail path): a mail whose only DP line is refused leaves the stored DP sheet in place,
// as a mail with only bad order lines leaves the stored orders.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { listSeats } from '../../src/store/players.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

describe('the stored DP sheet', () => {
  it('survives a mail whose DP lines are all refused', async () => {
    const w = (world = createWorld());
    const variant = loadVariant('ambition6');
    const greats = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
    await w.send('gm@example.test', 'CREATE sheets gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
    for (const p of greats) await w.send(`${p}@players.test`, `JOIN sheets pw-${p} ${p}`);
    expect(await w.send('gm@example.test', 'SIGNON master@sheets gmpass1\nACTIVATE')).toContain('has started');
    const game = findGameByName(w.db, 'sheets')!;
    expect(listSeats(w.db, game.id).length).toBe(greats.length);
    const neutral = currentPhase(w.db, game.id)!.position.units.find(
      (u) => variant.powerById.get(u.power)!.kind !== 'great',
    )!;
    const power = greats[0];
    const signon = `SIGNON ${power}@sheets pw-${power}`;
    const good = `1 DP: ${neutral.type} ${neutral.loc.toUpperCase()} H`;
    expect(await w.send(`${power}@players.test`, `${signon}\n${good}`)).toContain('1 DP line stored');
    const refused = await w.send(
      `${power}@players.test`,
      `${signon}\n99 DP: ${neutral.type} ${neutral.loc.toUpperCase()} H`,
    );
    expect(refused).toContain('budget exceeded');
    expect(refused).toContain(
      'No valid DP line in this mail; the DP sheet stored before for this phase (if any) stands.',
    );
    const status = await w.send(`${power}@players.test`, `${signon}\nSTATUS`);
    expect(status).toContain(good);
  });
});
