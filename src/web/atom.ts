// An Atom feed of each game's results: one entry per processed phase, newest first, its content the
// results text the mail carried. Ids are tag: URIs, so they do not depend on the Host a client sent;
// links are absolute only when web.baseUrl is configured (relative ones resolve against the feed).
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { esc, seg } from './html.js';
import type { Doc } from './pages.js';
import { recentResults } from './public.js';

/** Entries in a feed: readers poll for the latest; the whole history is on the game page. */
const FEED_ENTRIES = 20;

export function gameFeed(db: Db, game: Game, baseUrl = ''): Doc {
  const entries = recentResults(db, game, FEED_ENTRIES);
  const created = game.createdAt.slice(0, 10);
  const id = (suffix: string) => `tag:chancery,${created}:${seg(game.name)}${suffix}`;
  const updated = entries[0]?.record.processedAt ?? game.createdAt;
  const page = `${baseUrl}/games/${seg(game.name)}`;
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>Results of ${esc(game.name)}</title>`,
    `<id>${id('')}</id>`,
    `<updated>${esc(updated)}</updated>`,
    `<link rel="alternate" type="text/html" href="${esc(page)}"/>`,
    `<link rel="self" type="application/atom+xml" href="${esc(page)}/feed.atom"/>`,
    '<author><name>Chancery judge</name></author>',
    ...entries.map((e) =>
      [
        '<entry>',
        `<title>${esc(`${game.name}: ${e.label}`)}</title>`,
        `<id>${id(`/${e.record.seq}/${e.record.phase}`)}</id>`,
        `<updated>${esc(e.record.processedAt ?? updated)}</updated>`,
        `<link rel="alternate" type="text/html" href="${esc(page)}/${seg(e.record.phase)}"/>`,
        `<content type="text">${esc(e.text)}</content>`,
        '</entry>',
      ].join('\n'),
    ),
    '</feed>',
    '',
  ].join('\n');
  return { body: xml, type: 'application/atom+xml; charset=utf-8', modified: updated };
}
