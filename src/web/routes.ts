// The site's addresses. A request is checked before any database work: only plain segments (letters,
// digits, "-", "_", ".") — so "..", encoded slashes and odd bytes never reach a lookup — a bounded
// length, and only the query words a route knows ("page"). What fails is 404 (no such address) or
// 400 (a malformed query), decided here alone.
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { gameFeed } from './atom.js';
import { SITE_CSS, SITE_JS } from './html.js';
import { gameJson, gamesJson, phaseJson } from './json.js';
import type { MapCache } from './maps.js';
import { gamePage, gamesPage, mapSvg, phaseHtml, variantMapSvg, variantPage, variantsPage, type Doc } from './pages.js';
import { PAGE_SIZES, PHASE_CODE, publicGame, type Paging } from './public.js';

export const MAX_URL_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,39}$/;
const MAX_PAGE = 10_000;

export interface RouteContext {
  db: Db;
  maps: MapCache;
  baseUrl: string;
  /** Page lengths (tests make them short). */
  pageSizes?: { phases: number; games: number };
}

export type Answer = { status: 200; doc: Doc; cacheable: boolean } | { status: 400 | 404; message: string };

const notFound: Answer = { status: 404, message: 'Not found' };
const ok = (doc: Doc | null, cacheable = true): Answer => (doc ? { status: 200, doc, cacheable } : notFound);

export const STATIC: Record<string, Doc> = {
  '/static/site.css': { body: SITE_CSS, type: 'text/css; charset=utf-8' },
  '/static/site.js': { body: SITE_JS, type: 'text/javascript; charset=utf-8' },
  '/robots.txt': { body: 'User-agent: *\nDisallow: /api/\n', type: 'text/plain; charset=utf-8' },
};

/** Reads the query: nothing, or `page=N` where the route pages. */
function pageOf(query: string, paged: boolean): number | Answer {
  if (query === '') return 1;
  const m = /^page=(\d{1,5})$/.exec(query);
  if (!paged || !m) return { status: 400, message: 'Unknown query: the only one is ?page=N on lists' };
  const page = Number(m[1]);
  return page >= 1 && page <= MAX_PAGE ? page : { status: 400, message: 'page must be from 1' };
}

export function route(ctx: RouteContext, url: string): Answer {
  if (url.length > MAX_URL_LENGTH) return { status: 400, message: 'Address too long' };
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? '' : url.slice(at + 1);
  const fixed = STATIC[path];
  if (fixed) return query ? { status: 400, message: 'No query here' } : ok(fixed);
  if (!path.startsWith('/')) return notFound;
  const parts = path === '/' ? [] : path.slice(1).split('/');
  if (parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) return notFound;
  // The lists that page: the games (HTML and JSON) and a game's phases (HTML and JSON).
  const paged =
    parts.length === 0 || (parts[0] === 'games' && parts.length === 2) || (parts[0] === 'api' && parts.length <= 3);
  const page = pageOf(query, paged);
  if (typeof page !== 'number') return page;
  const { db, maps } = ctx;
  const paging: Paging = { page, ...(ctx.pageSizes ?? PAGE_SIZES) };
  const game = (name: string): Game | null => publicGame(db, name);
  const [a, b, c, d, e] = parts;

  if (parts.length === 0) return ok(gamesPage(db, paging));
  if (a === 'variants') {
    if (parts.length === 1) return ok(variantsPage());
    if (parts.length === 2) return ok(variantPage(b, maps));
    if (parts.length === 3 && c === 'map.svg') return ok(variantMapSvg(b, maps));
    return notFound;
  }
  if (a === 'games' && parts.length >= 2) {
    const g = game(b);
    if (!g) return notFound;
    if (parts.length === 2) return ok(gamePage(db, g, paging, maps));
    if (parts.length === 3 && c === 'map.svg') return ok(mapSvg(db, g, null, maps));
    if (parts.length === 3 && c === 'feed.atom') return ok(gameFeed(db, g, ctx.baseUrl));
    if (!PHASE_CODE.test(c)) return notFound;
    if (parts.length === 3) return ok(phaseHtml(db, g, c, maps));
    if (parts.length === 4 && d === 'map.svg') return ok(mapSvg(db, g, c, maps));
    return notFound;
  }
  if (a === 'api' && b === 'games') {
    if (parts.length === 2) return ok(gamesJson(db, paging));
    const g = game(c);
    if (!g) return notFound;
    if (parts.length === 3) return ok(gameJson(db, g, paging));
    if (parts.length === 5 && d === 'phases' && PHASE_CODE.test(e)) return ok(phaseJson(db, g, e));
  }
  return notFound;
}
