// Issue 22.6: with web.baseUrl, a public game's results and start mails carry its page's address,
// which the site serves; a private game's mails carry none (its page does not exist). The game page
// links back to the mail commands.
import { afterEach, describe, expect, it } from 'vitest';
import type { WebServer } from '../../src/web/server.js';
import { GM, master, playerAddress, startStandardGame } from '../judge/table.js';
import { createWorld, type World } from '../judge/world.js';
import { get, startGameAs, startSite } from './site.js';

const BASE = 'https://judge.example.org/diplomacy';
let world: World | null = null;
let site: WebServer | null = null;
afterEach(async () => {
  await site?.close();
  world?.close();
  site = world = null;
});

describe('links between the mails and the site (issue 22.6)', { timeout: 60_000 }, () => {
  it('puts the game page in the start and results mails of a public game, above the signature', async () => {
    const w = (world = createWorld({ judge: { webBaseUrl: BASE } }));
    await startStandardGame(w, 'linked');
    expect(await w.send(GM, `${master('linked')}\nPROCESS! S1901M`)).toContain('was processed');
    await startGameAs('other-gm@example.test', w, 'closed', { settings: ['PRIVATE club99'], joinWord: 'club99' });
    const mails = await w.mails(playerAddress('austria'));
    const line = `The game on the web: ${BASE}/games/linked`;
    const start = mails.find((m) => m.subject === 'Diplomacy game linked starting')!;
    const results = mails.find((m) => m.subject === 'Diplomacy results linked S1901M')!;
    for (const mail of [start, results]) {
      expect(mail.text).toContain(line);
      const signature = mail.text.lastIndexOf('\n-- \n');
      if (signature >= 0) expect(mail.text.indexOf(line)).toBeLessThan(signature);
    }
    // Replies and private games: no link.
    expect(mails.filter((m) => m.subject.startsWith('Re:')).some((m) => m.text.includes(BASE))).toBe(false);
    const closed = mails.find((m) => m.subject === 'Diplomacy game closed starting')!;
    expect(closed.text).not.toContain(BASE);

    // The address is the site's own page for the game, which tells how to play by mail.
    site = await startSite(w, { baseUrl: BASE });
    const page = await get(site, new URL(`${BASE}/games/linked`).pathname.replace('/diplomacy', ''));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<kbd>OBSERVE linked password</kbd>');
    expect(page.text).toContain('<kbd>HELP</kbd>');
    const feed = await get(site, '/games/linked/feed.atom');
    expect(feed.text).toContain(`<link rel="alternate" type="text/html" href="${BASE}/games/linked/S1901M"/>`);
  });

  it('sends no link without web.baseUrl', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'plain');
    const mails = await w.mails(playerAddress('austria'));
    expect(mails.some((m) => m.text.includes('The game on the web'))).toBe(false);
  });
});
