// Issue 13.4: the cosmetic defects, each seen by a tester, each checked on the mail a player gets.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { createWorld, type World } from './world.js';
import { startStandardGame, GM, master } from './table.js';

let world: World | null = null;
afterEach(() => world?.close());

const standardGame = (w: World, game: string, settings = '') =>
  startStandardGame(w, game, { settings: settings.split('\n').filter(Boolean) });

describe('cosmetic defects (issue 13.4)', () => {
  it('the game-start mail states its deadline once', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'once');
    const start = (await w.mails('france@players.test')).find((m) => m.subject === 'Diplomacy game once starting')!;
    expect(start.text.match(/deadline for the first orders/g)?.length).toBe(1);
  });

  it('a suggestion says "did you mean" once; "nothing was processed" once; rejections in line order', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'words');
    const reply = await w.send(
      'england@players.test',
      'SIGNON england@words pw-england\nF Edn - Nth\nSET FOO\nF Lon - Eng',
    );
    expect(reply).not.toMatch(/did you mean: did you mean/i);
    expect(reply.indexOf('line 2:')).toBeLessThan(reply.indexOf('line 3:'));
    const processed = await w.send(GM, `${master('words')}\nPROCESS S1950M`);
    expect(processed.match(/nothing was processed/g)?.length).toBe(1);
  });

  it('a grace of minutes is written in minutes; a chosen power does not wait for an assignment', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE timed gmpass1 standard\nRULE POWER_CHOICE\nTIMING GRACE 5M\nFORM');
    const changed = await w.send(GM, `${master('timed')}\nSET GRACE 0.0833H`);
    expect(changed).toContain('GRACE 5M');
    expect(changed).not.toMatch(/GRACE 0\.0+/);
    const joined = await w.send('anna@players.test', 'JOIN timed pw-anna france');
    expect(joined).toContain('as France');
    expect(joined).not.toContain('Powers are assigned when the GM starts the game');
  });

  it('OFFICIAL subjects name the game', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'news');
    await w.send(GM, `${master('news')}\nOFFICIAL Schedule\nNo deadline over Christmas.\nENDPRESS`);
    const mail = (await w.mails('italy@players.test')).find((m) => m.text.includes('No deadline over Christmas'));
    expect(mail?.subject).toBe('Diplomacy game news: Schedule');
  });

  it('in a DP game: press to a minor says why, and TERMINATE says the bid charts are public', async () => {
    const w = (world = createWorld());
    const variant = loadVariant('ambition6');
    const greats = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
    await w.send(GM, 'CREATE empire gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
    for (const p of greats) await w.send(`${p}@players.test`, `JOIN empire pw-${p} ${p}`);
    await w.send(GM, `${master('empire')}\nACTIVATE`);
    const spain = greats.find((p) => p === 'spain')!;
    const press = await w.send(
      `${spain}@players.test`,
      `SIGNON ${spain}@empire pw-${spain}\nPRESS TO Portugal\nhello\nENDPRESS`,
    );
    expect(press).toContain('Portugal is a minor power, played by nobody');
    await w.send(GM, `${master('empire')}\nTERMINATE`);
    const notice = (await w.mails(`${spain}@players.test`)).find(
      (m) => m.subject === 'Diplomacy game empire terminated',
    );
    expect(notice?.text).toContain('bid charts of every phase are public now');
  });
});
