// The web site against a judge on the embedded mail directory: games are made by raw mails (as in
// test/judge), and the site is the real server on loopback, on a read-only connection to the same
// database file, asked by real HTTP requests.
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { adjustmentsDue } from '../../src/judge/progress.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { startWebServer, type WebOptions, type WebServer } from '../../src/web/server.js';
import { botOrders } from '../judge/bot.js';
import { GM, master, playerAddress, POWERS, signon, type TableOptions } from '../judge/table.js';
import type { World } from '../judge/world.js';

export function startSite(w: World, options: WebOptions = {}): Promise<WebServer> {
  return startWebServer(join(w.root, 'judge.sqlite'), { port: 0, ...options });
}

export interface Got {
  status: number;
  headers: Headers;
  text: string;
}

export async function get(site: WebServer, path: string, init: RequestInit = {}): Promise<Got> {
  const res = await fetch(`${site.url}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Every power of the standard game orders (the bot's legal orders); the phase is processed. */
export async function playPhase(w: World, game: string): Promise<string> {
  const variant = loadVariant('standard');
  const g = findGameByName(w.db, game)!;
  const record = currentPhase(w.db, g.id)!;
  for (const power of POWERS) {
    const lines = botOrders(variant, record.position, power, adjustmentsDue(w.db, g.id, record));
    if (!lines.length) continue;
    await w.send(playerAddress(power), [signon(power, game), ...lines].join('\n'));
  }
  if (currentPhase(w.db, g.id)!.phase === record.phase)
    expect(await w.send(GM, `${master(game)}\nPROCESS! ${record.phase}`)).toContain('was processed');
  return record.phase;
}

/** The site's own links in a page (href and src), in order, without repeats. */
export function linksOf(html: string): string[] {
  const found = [...html.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  return [...new Set(found.filter((h) => h.startsWith('/')))];
}

/** startStandardGame (test/judge/table.ts) for another GM: the judge lets one address run five games. */
export async function startGameAs(gm: string, w: World, game: string, options: TableOptions = {}): Promise<void> {
  const create = [`CREATE ${game} gmpass1 standard`, 'RULE POWER_CHOICE', ...(options.settings ?? []), 'FORM'];
  await w.send(gm, create.join('\n'));
  const tail = options.joinWord ? ` ${options.joinWord}` : '';
  for (const p of POWERS) await w.send(playerAddress(p), `JOIN ${game} pw-${p} ${p}${tail}`);
  expect(await w.send(gm, `${master(game)}\nACTIVATE`)).toContain('has started');
}
