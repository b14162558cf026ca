// Issue 22.5: hostile clients. Nothing a client sends changes the database; odd addresses, traversal
// and huge queries get 404 or 400 before any lookup; long lists page; fresh map drawings are rationed
// and each picture is drawn once.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapCache } from '../../src/web/maps.js';
import type { WebServer } from '../../src/web/server.js';
import { GM, master, startStandardGame } from '../judge/table.js';
import { createWorld, type World } from '../judge/world.js';
import { get, startSite } from './site.js';

let w: World;
let site: WebServer;
let maps: MapCache;
const T = { timeout: 60_000 };

/** A request exactly as written (fetch would tidy "..", and refuse odd bytes or methods itself). */
function raw(method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const dataVersion = () => w.db.pragma('data_version', { simple: true }) as number;

beforeAll(async () => {
  w = createWorld();
  await startStandardGame(w, 'target');
  // Three phases processed (all units hold) and the fourth open.
  for (const phase of ['S1901M', 'F1901M', 'S1902M'])
    expect(await w.send(GM, `${master('target')}\nPROCESS! ${phase}`)).toContain('was processed');
  maps = new MapCache({ burst: 3, rendersPerSecond: 0.001 });
  site = await startSite(w, { maps, pageSizes: { phases: 2, games: 100 } });
}, 120_000);
afterAll(async () => {
  await site?.close();
  w?.close();
});

describe('hostile clients (issue 22.5)', () => {
  it('changes nothing: other methods get 405, and no GET writes to the database', T, async () => {
    const before = dataVersion();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const answer = await raw(method, '/games/target', 'ACTIVATE');
      expect(answer.status, method).toBe(405);
    }
    for (const path of ['/', '/games/target', '/games/target/S1901M', '/api/games/target', '/games/target/feed.atom'])
      expect((await raw('GET', path)).status, path).toBe(200);
    // data_version moves when another connection commits: the site's connection never did.
    expect(dataVersion()).toBe(before);
  });

  it('answers odd names, traversal and odd phases with 404', T, async () => {
    const odd = [
      '/games/../package.json',
      '/games/..%2F..%2Fetc%2Fpasswd',
      '/games/%2e%2e/%2e%2e/judge.sqlite',
      '/static/../package.json',
      '/variants/../../variants/standard/standard.variant',
      '/variants/..',
      '/variants/standard.variant',
      '/variants/nosuch',
      '/games/target/../../judge.sqlite',
      '/games/TARGET%00',
      '/games/a%20b',
      '/games/%3Cscript%3E',
      `/games/${'x'.repeat(300)}`,
      '/games/target/X1901Q',
      '/games/target/s1901m',
      '/games/target/S1901M/extra',
      '/games/target/S1901M/map.svg/more',
      '/games/target/F1902M',
      '/api/games/target/phases/../../..',
      '/api/games/target/phases/S1999M',
      '/games//target',
      '//etc/passwd',
      '/games/target/',
      '/api',
      'http://evil.test/',
    ];
    for (const path of odd) {
      const answer = await raw('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).toBe('Not found\n');
    }
  });

  it('answers unknown or malformed queries, and huge ones, with 400', T, async () => {
    for (const path of [
      '/?page=0',
      '/?page=-1',
      '/?page=abc',
      '/?page=1&page=2',
      '/?foo=bar',
      '/games/target/S1901M?page=1',
      '/static/site.css?v=1',
      `/?page=${'9'.repeat(50)}`,
      `/?${'a'.repeat(600)}`,
      `/games/target?${'x=1&'.repeat(5000)}`,
      `/?${'q'.repeat(100_000)}`,
    ])
      expect((await raw('GET', path)).status, path.slice(0, 60)).toBe(400);
  });

  it('pages a long game: each page lists a bounded number of phases', T, async () => {
    const first = await get(site, '/games/target');
    expect(first.text).toContain('page 1 of 2');
    expect(first.text).toContain('<a href="/games/target/S1901M">S1901M</a>');
    expect(first.text).not.toContain('<a href="/games/target/S1902M">');
    const second = await get(site, '/games/target?page=2');
    expect(second.text).toContain('<a href="/games/target/S1902M">S1902M</a>');
    expect(second.text).toContain('page 2 of 2');
    const json = JSON.parse((await get(site, '/api/games/target?page=2')).text);
    expect([json.page, json.pages, json.phases.map((p: { phase: string }) => p.phase)]).toEqual([
      2,
      2,
      ['S1902M', 'F1902M'],
    ]);
  });

  it('keeps the page cache within its bound in bytes, whatever addresses are asked for', T, async () => {
    const small = await startSite(w, { cacheBytes: 1 });
    try {
      const pages = ['/games/target', '/games/target/S1901M', '/games/target', '/games/target/S1901M'];
      for (const path of pages) expect((await get(small, path)).status).toBe(200);
      // Only the last answer is kept: each change of address is built again.
      expect(small.stats).toEqual({ hits: 0, misses: 4 });
      expect((await get(small, '/games/target/S1901M')).status).toBe(200);
      expect(small.stats).toEqual({ hits: 1, misses: 4 });
    } finally {
      await small.close();
    }
    // The picture cache the same way: with room for one picture, going back draws again.
    const pictures = new MapCache({ maxBytes: 1 });
    const tiny = await startSite(w, { cacheBytes: 1, maps: pictures });
    try {
      for (const path of [
        '/games/target/S1901M/map.svg',
        '/games/target/F1901M/map.svg',
        '/games/target/S1901M/map.svg',
      ])
        expect((await get(tiny, path)).status).toBe(200);
      expect(pictures.drawn).toBe(3);
    } finally {
      await tiny.close();
    }
  });

  it('draws each picture once, and rations fresh drawings (503 with Retry-After beyond)', T, async () => {
    // The board and the first page drew pictures already; the next fresh ones use up the ration.
    const answers = [];
    for (const path of ['/games/target/S1901M/map.svg', '/games/target/F1901M/map.svg', '/games/target/S1902M/map.svg'])
      answers.push((await get(site, path)).status);
    expect(answers).toContain(503);
    const busy = await get(site, '/variants/standard/map.svg');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    // A picture drawn before is served from the cache, however often it is asked for.
    const drawn = maps.drawn;
    for (let i = 0; i < 5; i++) expect((await get(site, '/games/target/map.svg')).status).toBe(200);
    expect(maps.drawn).toBe(drawn);
  });
});
