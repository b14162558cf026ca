// Issue 22.2 and 22.3: the pages and the feeds of a game played by mail, read over HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import type { WebServer } from '../../src/web/server.js';
import { createWorld, type World } from '../judge/world.js';
import { playerAddress, signon, startStandardGame } from '../judge/table.js';
import { get, linksOf, playPhase, startSite } from './site.js';

const SLOW = { timeout: 120_000 };
let world: World | null = null;
let site: WebServer | null = null;
afterEach(async () => {
  await site?.close();
  world?.close();
  site = world = null;
});

/** A standard game two phases in, with a broadcast in each phase. */
async function twoPhases(): Promise<World> {
  const w = (world = createWorld());
  await startStandardGame(w, 'webby', { settings: ['DESC A game to read on the web'] });
  await w.send(playerAddress('france'), `${signon('france', 'webby')}\nBROADCAST\nVive la France.\nENDPRESS`);
  await playPhase(w, 'webby');
  await w.send(playerAddress('germany'), `${signon('germany', 'webby')}\nBROADCAST\nGuten Tag.\nENDPRESS`);
  await playPhase(w, 'webby');
  return w;
}

describe('the site of a game (issue 22.2)', SLOW, () => {
  it('lists the game, shows its board as SVG with centre counts, and each processed phase with results', async () => {
    const w = await twoPhases();
    site = await startSite(w);
    const home = await get(site, '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.text).toContain('<a href="/games/webby">webby</a>');
    expect(home.text).toContain('Winter 1901 Adjustment');
    expect(home.text).toMatch(/<time datetime="[^"]+Z" data-local>/);
    expect(home.text).toContain('<meta name="viewport"');

    const board = await get(site, '/games/webby');
    expect(board.status).toBe(200);
    expect(board.text).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(board.text).toMatch(/role="img" aria-label="Map of webby, Winter 1901 Adjustment: 22 units/);
    expect(board.text).toMatch(/<tr><td>\w+<\/td><td>\d+<\/td><td>\d+<\/td><\/tr>/);
    expect(board.text).toContain('A game to read on the web');
    expect(board.text).toContain('<a href="/games/webby/S1901M">S1901M</a>');
    expect(board.text).toContain('<a href="/games/webby/F1901M">F1901M</a>');
    expect(board.text).toContain('<kbd>HELP</kbd>');

    // The results text is the results mail's, line for line.
    const mails = await w.mails(playerAddress('austria'));
    const mail = mails.find((m) => m.subject === 'Diplomacy results webby S1901M')!;
    const first = mail.text.split('\n').find((l) => l.startsWith('Austria: '))!;
    const spring = await get(site, '/games/webby/S1901M');
    expect(spring.status).toBe(200);
    expect(spring.text).toContain('Movement results for Spring of 1901.  (webby.S1901M)');
    expect(spring.text).toContain(first.replace(/&/g, '&amp;').replace(/>/g, '&gt;').replace(/</g, '&lt;'));
    expect(spring.text).toContain('Broadcast from France');
    expect(spring.text).toContain('Vive la France.');
    expect(spring.text).not.toContain('Guten Tag.');
    expect(spring.text).toContain('<link rel="next" href="/games/webby/F1901M">');
    expect(spring.text).not.toContain('rel="prev"');
    const fall = await get(site, '/games/webby/F1901M');
    expect(fall.text).toContain('<link rel="prev" href="/games/webby/S1901M">');
    // After the last processed phase comes the open one: its page is the board.
    expect(fall.text).toContain('<link rel="next" href="/games/webby">');
    expect(fall.text).toContain('Guten Tag.');

    const svg = await get(site, '/games/webby/S1901M/map.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.text.startsWith('<svg')).toBe(true);
    expect((await get(site, '/games/webby/map.svg')).status).toBe(200);

    const variant = await get(site, '/variants/standard');
    expect(variant.status).toBe(200);
    expect(variant.text).toContain('<td><code>VIE</code></td><td>Vienna</td>');
    expect(variant.text).toMatch(/<td>Austria<\/td><td>A<\/td><td>great<\/td>/);
    expect(variant.text).toContain('aria-label="Map of Standard');
    expect((await get(site, '/variants')).text).toContain('<a href="/variants/ambition6">');

    // Every link of every page type leads somewhere.
    for (const page of [home, board, spring, variant])
      for (const link of linksOf(page.text)) expect((await get(site, link)).status, link).toBe(200);
  });
});

describe('the feeds (issue 22.3)', SLOW, () => {
  it('serves the games, a game and a phase as JSON, and an Atom feed of the results', async () => {
    const w = await twoPhases();
    site = await startSite(w);
    const games = JSON.parse((await get(site, '/api/games')).text);
    expect(games.schema).toBe(1);
    expect(games.games).toEqual([
      expect.objectContaining({ name: 'webby', variant: 'standard', status: 'active', phase: 'W1901A', openSeats: [] }),
    ]);
    const game = JSON.parse((await get(site, '/api/games/webby')).text);
    expect(game.board.phase).toBe('W1901A');
    expect(game.board.units).toHaveLength(22);
    expect(game.phases.map((p: { phase: string }) => p.phase)).toEqual(['S1901M', 'F1901M', 'W1901A']);
    expect(game.phases[2]).toEqual({ phase: 'W1901A', processed: false, processedAt: null, api: null });
    const spring = JSON.parse((await get(site, '/api/games/webby/phases/S1901M')).text);
    expect(spring.position.units).toHaveLength(22);
    expect(spring.orders).toHaveLength(22);
    expect(spring.orders[0]).toEqual(
      expect.objectContaining({ power: 'austria', kind: expect.any(String), success: expect.any(Boolean) }),
    );
    expect(spring.results).toContain('Movement results for Spring of 1901.');
    expect(spring.press).toEqual([expect.objectContaining({ from: 'France', body: 'Vive la France.' })]);
    expect(spring.next).toBe('F1901M');
    expect((await get(site, '/api/games/webby/phases/W1901A')).status).toBe(404);
    // The documents have exactly the fields docs/web.md lists.
    const keys = (o: object) => Object.keys(o).sort();
    expect(keys(games)).toEqual(['games', 'page', 'pages', 'schema']);
    expect(keys(games.games[0])).toEqual(
      (
        'api deadline description finished href name openSeats phase players powers press status variant ' +
        'variantTitle zone'
      )
        .split(' ')
        .sort(),
    );
    expect(keys(game)).toEqual(['board', 'centres', 'game', 'page', 'pages', 'phases', 'press', 'schema']);
    expect(keys(game.board)).toEqual(['dislodged', 'owners', 'phase', 'units']);
    const phaseKeys =
      'adjustments after captured centres destroyed dislodged drawn game gameOver label next orders phase ' +
      'position press previous processedAt results schema winners';
    expect(keys(spring)).toEqual(phaseKeys.split(' ').sort());
    expect(keys(spring.press[0])).toEqual(['body', 'from', 'official', 'sentAt', 'subject']);

    const feed = await get(site, '/games/webby/feed.atom');
    expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const entries = feed.text.split('<entry>').slice(1);
    expect(entries.map((e) => /<title>([^<]+)<\/title>/.exec(e)![1])).toEqual([
      'webby: Fall 1901 Movement',
      'webby: Spring 1901 Movement',
    ]);
    expect(entries[1]).toContain('Movement results for Spring of 1901.');
  });

  it('answers 304 to a client whose ETag or date is current, and 200 again once the game moved', async () => {
    const w = await twoPhases();
    site = await startSite(w);
    for (const path of ['/', '/games/webby', '/games/webby/S1901M', '/api/games/webby', '/games/webby/feed.atom']) {
      const first = await get(site, path);
      const etag = first.headers.get('etag')!;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect((await get(site, path, { headers: { 'If-None-Match': etag } })).status, path).toBe(304);
      const modified = first.headers.get('last-modified');
      if (modified) expect((await get(site, path, { headers: { 'If-Modified-Since': modified } })).status).toBe(304);
    }
    // Large answers go gzipped to clients that take it (fetch does), with their own ETag; HEAD has no body.
    const board = await get(site, '/games/webby');
    expect(board.headers.get('content-encoding')).toBe('gzip');
    expect(board.headers.get('etag')).toMatch(/-gz"$/);
    const head = await get(site, '/games/webby', { method: 'HEAD' });
    expect([head.status, head.text, head.headers.get('etag')]).toEqual([200, '', board.headers.get('etag')]);
    const before = await get(site, '/api/games/webby');
    await playPhase(w, 'webby');
    const after = await get(site, '/api/games/webby', { headers: { 'If-None-Match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.text).board.phase).toBe(currentPhase(w.db, findGameByName(w.db, 'webby')!.id)!.phase);
  });
});
