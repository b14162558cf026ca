// Issue 22.4: nothing secret on the web. Games in every state are made by mail, each with secrets
// planted in it (addresses, passwords, the open phase's orders, private press, a grey broadcast's
// author, votes, DP bids); then every page, picture, feed and JSON document the site links to, and
// every address of every game, is fetched and searched for each of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { adjustmentsDue } from '../../src/judge/progress.js';
import { findGameByName, listGames } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import type { WebServer } from '../../src/web/server.js';
import { botOrders } from '../judge/bot.js';
import { GM, master, playerAddress, POWERS, signon, startStandardGame } from '../judge/table.js';
import { createWorld, type World } from '../judge/world.js';
import { get, linksOf, startGameAs, startSite, type Got } from './site.js';

const GM2 = 'second-gm@example.test';

let w: World;
let site: WebServer;
/** Every answer the site gave, by path. */
const seen = new Map<string, Got>();
const PRIVATE_PRESS = 'Meet me in Tyrolia, nobody must know';
const GREY_PRESS = 'A voice from nowhere speaks';
const OPEN_ORDER = ['A VIE - TYR', 'F TRI - ALB'];
const OPEN_ORDER_SHOWN = [/Vienna\s*(->|-)\s*Tyrolia/i, /Trieste\s*(->|-)\s*Albania/i, /VIE\s*-\s*TYR/i];
const DP_LINES: string[] = [];

const say = (power: string, game: string, lines: string) =>
  w.send(playerAddress(power), `${signon(power, game)}\n${lines}`);
const gm = (game: string, lines: string) => w.send(GM, `${master(game)}\n${lines}`);

async function plantGames(): Promise<void> {
  // Forming: three players in, with their passwords.
  await w.send(GM, 'CREATE forming gmpass1 standard\nRULE POWER_CHOICE\nFORM');
  for (const p of POWERS.slice(0, 3)) await w.send(playerAddress(p), `JOIN forming pw-${p} ${p}`);

  // Running, grey press: a processed phase, then the open phase with orders, private press, a grey
  // broadcast, a vote and an observer.
  await startStandardGame(w, 'running', { settings: ['RULE PRESS GREY'] });
  await w.send('watcher@observers.test', 'OBSERVE running watchpw');
  expect(await gm('running', 'PROCESS! S1901M')).toContain('was processed');
  // Each secret is real: the judge took it (so a leak would show it).
  expect(await say('austria', 'running', OPEN_ORDER.join('\n'))).toContain('2 orders stored for Austria');
  await say('england', 'running', `PRESS TO France\n${PRIVATE_PRESS}\nENDPRESS`);
  expect((await w.mails(playerAddress('france'))).some((m) => m.text.includes(PRIVATE_PRESS))).toBe(true);
  expect(await say('italy', 'running', `BROADCAST GREY\n${GREY_PRESS}\nENDPRESS`)).toContain('your name was not shown');
  expect(await say('germany', 'running', 'SET DRAW')).toContain('Your vote for F1901M is recorded');

  // RULE SHOW_WAITING: who has not yet ordered is public there (and only there), what was ordered never.
  await startGameAs(GM2, w, 'waiting', { settings: ['RULE SHOW_WAITING'] });
  const complete = await say('austria', 'waiting', [...OPEN_ORDER, 'A BUD H'].join('\n'));
  expect(complete).toContain('Waiting for orders from: England, France, Germany, Italy, Russia, Turkey');

  // Paused, and in civil disorder (a resigned player, a power put in CD by the GM).
  await startStandardGame(w, 'paused');
  await say('russia', 'paused', 'A MOS - UKR');
  await gm('paused', 'PAUSE');
  await startStandardGame(w, 'disorder');
  await say('england', 'disorder', 'RESIGN');
  await gm('disorder', 'CD Turkey');
  await say('austria', 'disorder', OPEN_ORDER.join('\n'));

  // Drawn: every player votes.
  await startStandardGame(w, 'drawn');
  for (const p of POWERS) await say(p, 'drawn', 'SET DRAW');
  expect(findGameByName(w.db, 'drawn')!.status).toBe('completed');

  // Private and unlisted: absent altogether.
  await startGameAs(GM2, w, 'secretclub', { settings: ['PRIVATE joinpw99'], joinWord: 'joinpw99' });
  await startGameAs(GM2, w, 'offlist', { settings: ['UNLISTED'] });

  // A DP variant in the middle of the bidding: each Great Power has stored a DP line.
  const variant = loadVariant('ambition6');
  const greats = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
  await w.send(GM2, 'CREATE empire gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
  for (const p of greats) await w.send(playerAddress(p), `JOIN empire pw-${p} ${p}`);
  expect(await w.send(GM2, `${master('empire')}\nACTIVATE`)).toContain('has started');
  const game = findGameByName(w.db, 'empire')!;
  const record = currentPhase(w.db, game.id)!;
  const neutrals = record.position.units.filter((u) => variant.powerById.get(u.power)!.kind !== 'great');
  // All but the last bid and order: the phase stays open with the bids stored.
  for (const [i, power] of greats.slice(0, -1).entries()) {
    const unit = neutrals[i];
    const line = `1 DP: ${unit.type} ${unit.loc.toUpperCase()} H`;
    DP_LINES.push(line);
    const orders = botOrders(variant, record.position, power, adjustmentsDue(w.db, game.id, record));
    expect(await say(power, 'empire', [...orders, line].join('\n'))).toContain('1 DP line stored');
  }
  expect(currentPhase(w.db, game.id)!.phase).toBe(record.phase);
}

async function walk(start: string[]): Promise<void> {
  const queue = [...start];
  while (queue.length && seen.size < 2000) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const got = await get(site, path);
    seen.set(path, got);
    if ((got.headers.get('content-type') ?? '').startsWith('text/html'))
      for (const link of linksOf(got.text)) if (!seen.has(link)) queue.push(link);
    if ((got.headers.get('content-type') ?? '').startsWith('application/json'))
      for (const m of got.text.matchAll(/"(?:api|href)":"(\/[^"]+)"/g)) if (!seen.has(m[1])) queue.push(m[1]);
  }
}

beforeAll(async () => {
  w = createWorld();
  await plantGames();
  site = await startSite(w);
  const everyAddress = listGames(w.db).flatMap((g) => {
    const phases = ['S1901M', 'F1901M', 'W1901A', currentPhase(w.db, g.id)?.phase ?? 'S1901M'];
    return [
      `/games/${g.name}`,
      `/games/${g.name}/map.svg`,
      `/games/${g.name}/feed.atom`,
      `/api/games/${g.name}`,
      ...phases.flatMap((p) => [
        `/games/${g.name}/${p}`,
        `/games/${g.name}/${p}/map.svg`,
        `/api/games/${g.name}/phases/${p}`,
      ]),
    ];
  });
  await walk(['/', '/api/games', '/variants', ...everyAddress]);
}, 300_000);

afterAll(async () => {
  await site?.close();
  w?.close();
});

describe('nothing secret (issue 22.4)', () => {
  it('walked every page, picture, feed and JSON document of the public games', () => {
    const ok = [...seen].filter(([, g]) => g.status === 200).map(([p]) => p);
    for (const game of ['forming', 'running', 'waiting', 'paused', 'disorder', 'drawn', 'empire']) {
      expect(ok, game).toContain(`/games/${game}`);
      expect(ok, game).toContain(`/api/games/${game}`);
    }
    expect(ok).toContain('/games/running/S1901M');
    expect(ok).toContain('/games/drawn/feed.atom');
    expect(ok.length).toBeGreaterThan(40);
  });

  it('lists each game in its state: open places, powers needing a replacement, paused, finished apart', () => {
    const home = seen.get('/')!.text;
    const running = home.slice(home.indexOf('id="running"'), home.indexOf('id="finished"'));
    const finished = home.slice(home.indexOf('id="finished"'));
    expect(running).toMatch(/forming<\/a>.*4 of 7 places open/);
    expect(running).toContain('England needs a replacement (vacant)');
    expect(running).toContain('Turkey needs a replacement (civil disorder)');
    expect(running).toMatch(/paused<\/a>.*\(paused\)/);
    expect(finished).toContain('<a href="/games/drawn">drawn</a>');
    expect(running).not.toContain('<a href="/games/drawn">');
    const json = JSON.parse(seen.get('/api/games/disorder')!.text);
    expect(json.game.openSeats).toEqual([
      { power: 'england', name: 'England', state: 'vacant' },
      { power: 'turkey', name: 'Turkey', state: 'civil disorder' },
    ]);
  });

  it('shows no address, password, hash, vote, open order, private press or DP bid anywhere', () => {
    const secrets: [string, RegExp][] = [
      ['an address', /[\w.+-]+@[\w-]+(\.[\w-]+)*\.test\b/i],
      ['the GM password', /gmpass1/],
      ['a player password', /pw-\w+|watchpw/],
      ['the join password', /joinpw99/],
      ['a password hash', /scrypt|passwordHash|joinPasswordHash/i],
      ['a vote', /\bvot(e|es|ed|ing)\b/i],
      ['private press', new RegExp(PRIVATE_PRESS)],
      ['a stored DP line', /\d+ DP:/],
      ['the settings', /masterPassword|settings_json|"votes"/],
      ...OPEN_ORDER_SHOWN.map((r) => ['an open order', r] as [string, RegExp]),
      ...DP_LINES.map((l) => ['a DP bid', new RegExp(l.replace(/ DP: /, '\\s*DP\\W+'))] as [string, RegExp]),
    ];
    for (const [path, got] of seen)
      for (const [what, pattern] of secrets) expect(pattern.test(got.text), `${what} in ${path}`).toBe(false);
  });

  it('says who has not yet ordered only in a game with RULE SHOW_WAITING (issue 19.15, 22.2)', () => {
    const who = /waiting for|waitingFor|not yet ordered|has ordered|SHOW_WAITING/i;
    for (const [path, got] of seen)
      if (!/\/waiting\b/.test(path) && path !== '/' && path !== '/api/games')
        expect(who.test(got.text), `who has ordered in ${path}`).toBe(false);
    expect(/waiting for orders/i.test(seen.get('/')!.text)).toBe(false);
    for (const g of JSON.parse(seen.get('/api/games')!.text).games as { name: string; waitingFor?: string[] }[])
      expect(g.waitingFor, g.name).toEqual(g.name === 'waiting' ? expect.any(Array) : undefined);
    const page = seen.get('/games/waiting')!.text;
    expect(page).toMatch(/Waiting for orders from<\/th><td>England, France, Germany, Italy, Russia, Turkey</);
    const json = JSON.parse(seen.get('/api/games/waiting')!.text);
    expect(json.game.waitingFor).toEqual(['England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey']);
    expect(JSON.parse(seen.get('/api/games/running')!.text).game).not.toHaveProperty('waitingFor');
  });

  it('keeps a grey broadcast anonymous: its text is public, its author is not', () => {
    const page = seen.get('/games/running')!.text;
    const article = page.slice(page.indexOf('<article'), page.indexOf('</article>'));
    expect(article).toContain(GREY_PRESS);
    expect(article).not.toContain('Italy');
    const json = JSON.parse(seen.get('/api/games/running')!.text);
    expect(json.press).toEqual([
      expect.objectContaining({ body: `${GREY_PRESS}\n`.trimEnd(), from: expect.any(String) }),
    ]);
    expect(json.press[0].from).not.toMatch(/italy/i);
  });

  it('answers for a private or unlisted game exactly as for a game that does not exist', async () => {
    const headers = (g: Got) => [...g.headers].filter(([k]) => k !== 'date');
    for (const name of ['secretclub', 'offlist'])
      for (const [path, got] of seen)
        if (path.includes(`/${name}`)) {
          const missing = await get(site, path.replace(name, 'nosuchgame'));
          expect([got.status, got.text, headers(got)], path).toEqual([404, missing.text, headers(missing)]);
        }
    for (const [path, got] of seen)
      if (got.status === 200) expect(/secretclub|offlist/.test(got.text), path).toBe(false);
  });

  it('shows no phase still open for orders, only processed ones', () => {
    expect(seen.get('/games/running/F1901M')!.status).toBe(404);
    expect(seen.get('/api/games/running/phases/F1901M')!.status).toBe(404);
    expect(seen.get('/games/empire/S1901M')?.status ?? 404).toBe(404);
  });
});
