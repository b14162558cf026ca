// Issue 10: the year cap is the GM's choice per game (RULE YEAR_CAP n|NONE at CREATE); at the cap
// the results say the game is drawn and name the survivors, and no winter is announced.
import { afterEach, describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { readPosition } from '../../src/core/position/index.js';
import { renderResults } from '../../src/render/results.js';
import { findGameByName } from '../../src/store/games.js';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const GM = 'gm@example.test';
const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];

describe('RULE YEAR_CAP', () => {
  it('a one-year game is drawn among the survivors after Fall 1901, with no builds', async () => {
    const w = (world = createWorld());
    expect(await w.send(GM, 'CREATE capped gmpass1 standard\nRULE POWER_CHOICE\nRULE YEAR_CAP 1\nFORM')).toContain(
      'is open',
    );
    for (const p of POWERS) await w.send(`${p}@players.test`, `JOIN capped pw-${p} ${p}`);
    await w.send(GM, 'SIGNON master@capped gmpass1\nACTIVATE');
    await w.send('france@players.test', 'SIGNON france@capped pw-france\nA MAR - SPA');
    await w.send(GM, 'SIGNON master@capped gmpass1\nPROCESS!');
    await w.send(GM, 'SIGNON master@capped gmpass1\nPROCESS!');
    const results = (await w.mails('italy@players.test')).find((m) => m.subject === 'Diplomacy results capped F1901M');
    const flat = (results?.text ?? '').replace(/\s+/g, ' ');
    expect(flat).toContain(
      'The game has reached its last year, 1901, and is drawn among Austria, England, France, Germany, Italy, Russia and Turkey.',
    );
    expect(results?.text).toContain('The game is over.');
    expect(results?.text).toMatch(/France:\s+4 Supply centers/);
    expect(results?.text).not.toMatch(/Builds/);
    expect(findGameByName(w.db, 'capped')!.status).toBe('completed');
  });

  it('the variant default (S&L: ten years) holds unless the game says NONE', () => {
    const variant = loadVariant('succession');
    const { position } = readPosition(
      'variant succession\nphase Fall 1712\nFrance: A par\n  owns par\nSweden: F sto\n  owns sto\n',
      { variant },
    );
    const capped = adjudicate(variant, position, []);
    expect(capped.gameOver).toBe(true);
    expect(capped.drawn).toEqual(['france', 'sweden']);
    expect(renderResults(variant, position, capped)).toMatch(/is drawn among France and\s+Sweden\./);
    const open = adjudicate(variant, position, [], { yearCap: null });
    expect(open.gameOver).toBe(false);
  });

  it('refuses a cap that is no number of years', async () => {
    const w = (world = createWorld());
    expect(await w.send(GM, 'CREATE bad gmpass1 standard\nRULE YEAR_CAP soon')).toContain(
      'RULE YEAR_CAP takes a number of years (1 or more) or NONE',
    );
  });
});
