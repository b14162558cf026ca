// The GM's CD power PERMANENT in an Ambition & Empire (v6) game: the stored position of the open
// phase loses the power's units and gains the new minors, everyone is told, nobody can take the
// power over, and the players can bid on the new minors at once.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { addedPowers } from '../../src/core/rules/variant/powers-in-play.js';
import { provinceOf } from '../../src/core/types.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { findSeatByPower } from '../../src/store/players.js';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const GM = 'SIGNON master@empire gmpass1';
// A dozen mails through the whole judge each; room for a loaded machine, not a performance bound.
const MAIL_HEAVY = 30_000;

async function started(w: World): Promise<string[]> {
  const greats = loadVariant('ambition6')
    .powers.filter((p) => p.kind === 'great')
    .map((p) => p.id);
  await w.send('gm@example.test', 'CREATE empire gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
  for (const p of greats) expect(await w.send(`${p}@players.test`, `JOIN empire pw-${p} ${p}`)).toContain('You joined');
  expect(await w.send('gm@example.test', `${GM}\nACTIVATE`)).toContain('has started');
  return greats;
}

describe('CD power PERMANENT', () => {
  it(
    'applies the civil disorder to the open phase, announces it, and the new minors can be bid on',
    async () => {
      const w = (world = createWorld());
      await started(w);
      const game = findGameByName(w.db, 'empire')!;

      const reply = await w.send('gm@example.test', `${GM}\nCD britain PERMANENT`);
      expect(reply).toContain(
        'Britain is in permanent civil disorder from S1763M: 4 unit(s) disbanded, 4 new minor power(s); everyone was told.',
      );

      const record = currentPhase(w.db, game.id)!;
      expect(record.phase).toBe('S1763M');
      expect(record.position.units.filter((u) => u.power === 'britain')).toEqual([]);
      expect(addedPowers(record.position).map((m) => `${m.name} ${m.units[0].type} ${m.units[0].loc}`)).toEqual([
        'Edinburgh F edi',
        'Hanover A han',
        'London F lon',
        'Liverpool A lvp',
      ]);
      expect(record.position.units.find((u) => provinceOf(u.loc) === 'han')).toEqual({
        power: 'britain-han',
        type: 'A',
        loc: 'han',
      });
      expect(record.position.owners.han).toBe('britain-han');

      const notices = w
        .outboxRows()
        .filter((r) => r.subject === 'Diplomacy game empire: Britain in permanent civil disorder');
      expect(notices).toHaveLength(1);
      expect(notices[0].bcc).toContain('britain@players.test');
      expect(notices[0].bcc).toContain('prussia@players.test');
      expect(notices[0].body).toContain('Hanover is a new minor power, with Army Hanover.');
      expect(notices[0].body).toMatch(
        /Its units are disbanded: Fleet London, Fleet Edinburgh, Army Hanover and\s+Fleet Gibraltar\./,
      );

      // Nobody plays Britain again: neither taken over nor revived, never waited for; its player still reads the results.
      expect(findSeatByPower(w.db, game.id, 'britain')!.status).toBe('disordered');
      expect(await w.send('newcomer@players.test', 'TAKEOVER britain@empire newpw')).toContain('Britain is not vacant');
      expect(await w.send('gm@example.test', `${GM}\nREVIVE britain`)).toContain('Britain is not in civil disorder');
      expect(
        await w.send('britain@players.test', 'SIGNON britain@empire pw-britain\nPRESS TO ALL\nStill here.\nENDPRESS'),
      ).toContain('Britain is in permanent civil disorder in empire');
      expect(await w.send('gm@example.test', `${GM}\nCD britain PERMANENT`)).toContain(
        'Britain is in permanent civil disorder already',
      );
      expect(await w.send('gm@example.test', `${GM}\nCD bavaria PERMANENT`)).toContain(
        'only a Great Power can be declared in permanent civil disorder',
      );

      // Prussia bids on the new Hanoverian army; the results print the order under the minor's name.
      const bid = await w.send(
        'prussia@players.test',
        'SIGNON prussia@empire pw-prussia\nA ber - mek\n1 DP: A han S A ber - mek',
      );
      expect(bid, bid).toContain('1 DP line stored');
      expect(await w.send('gm@example.test', `${GM}\nPROCESS!`)).toContain('S1763M was processed');
      const results = w.outboxRows().find((r) => r.dedupeKey === 'results:empire:S1763M')!;
      expect(results.body).toContain('Hanover: Army Hanover SUPPORT Prussian Army Berlin -> Mecklenburg.');
      expect(currentPhase(w.db, game.id)!.position.units.find((u) => provinceOf(u.loc) === 'mek')).toEqual({
        power: 'prussia',
        type: 'A',
        loc: 'mek',
      });
      expect(results.bcc).toContain('britain@players.test');
    },
    MAIL_HEAVY,
  );

  it(
    'a ROLLBACK to before the declaration gives the power back, vacant, for a TAKEOVER',
    async () => {
      const w = (world = createWorld());
      await started(w);
      const game = findGameByName(w.db, 'empire')!;
      expect(await w.send('gm@example.test', `${GM}\nPROCESS!`)).toContain('S1763M was processed');
      expect(await w.send('gm@example.test', `${GM}\nCD britain PERMANENT`)).toContain(
        'Britain is in permanent civil disorder from F1763M',
      );
      expect(await w.send('gm@example.test', `${GM}\nROLLBACK S1763M`)).toContain('is back at S1763M');
      expect(currentPhase(w.db, game.id)!.position.units.filter((u) => u.power === 'britain')).toHaveLength(4);
      expect(findSeatByPower(w.db, game.id, 'britain')!.status).toBe('cd');
      expect(await w.send('newcomer@players.test', 'TAKEOVER britain@empire newpw')).toContain('Britain');
      expect(findSeatByPower(w.db, game.id, 'britain')!.status).toBe('active');
    },
    MAIL_HEAVY,
  );

  it(
    'plain CD stays temporary',
    async () => {
      const w = (world = createWorld());
      await started(w);
      expect(await w.send('gm@example.test', `${GM}\nCD france`)).toContain(
        'France is in civil disorder: its units are defaulted until REVIVE or TAKEOVER.',
      );
      const game = findGameByName(w.db, 'empire')!;
      expect(addedPowers(currentPhase(w.db, game.id)!.position)).toEqual([]);
      expect(await w.send('gm@example.test', `${GM}\nREVIVE france`)).toContain('France is played again');
    },
    MAIL_HEAVY,
  );
});
