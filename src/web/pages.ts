// The HTML pages: the game list, a game's board, a processed phase, a variant. Words and texts come
// from src/render (the board and results texts players know from mail); facts from ./public.ts only.
import { initialPosition } from '../core/adjudicate/phase.js';
import type { Variant } from '../core/map/variant.js';
import type { Position } from '../core/types.js';
import { phaseText } from '../core/position/names.js';
import { formatDeadline } from '../judge/lifecycle/deadlines.js';
import { knownVariants, variantOf } from '../judge/variants.js';
import { renderBoard } from '../render/position-listing.js';
import { unitName } from '../render/phrases.js';
import { powerName } from '../core/map/display-names.js';
import { renderPosition } from '../render/results.js';
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { deadlineHtml, esc, page, pager, seg } from './html.js';
import type { MapCache } from './maps.js';
import {
  boardNow,
  centreCounts,
  phasePage,
  processedPhase,
  publicBidCharts,
  publicGames,
  publicPress,
  summarise,
  type GameSummary,
  type Paging,
  type PublicPress,
} from './public.js';

/** A page's body and the newest moment its facts changed (Last-Modified), when known. */
export interface Doc {
  body: string;
  type: string;
  modified?: string | null;
}

const HTML = 'text/html; charset=utf-8';
const newest = (...isos: (string | null | undefined)[]) =>
  isos.filter((x): x is string => !!x).reduce<string | null>((a, b) => (a && a > b ? a : b), null);

function seatsCell(s: GameSummary): string {
  if (s.status === 'forming') {
    const need = s.powers - s.players;
    return need > 0 ? `<span class="need">${need} of ${s.powers} places open</span>` : 'all places taken';
  }
  if (!s.openSeats.length) return s.finished ? '' : 'none';
  return s.openSeats
    .map((o) => `<span class="need">${esc(o.name)} needs a replacement (${esc(o.state)})</span>`)
    .join('<br>');
}

function gameRow(s: GameSummary): string {
  const deadline = s.deadline ? deadlineHtml(s.deadline, formatDeadline(s.deadline, s.zone)) : '';
  return (
    `<tr><td><a href="/games/${seg(s.name)}">${esc(s.name)}</a></td>` +
    `<td><a href="/variants/${seg(s.variant)}">${esc(s.variantTitle)}</a></td>` +
    `<td>${esc(s.finished ? s.status : (s.phaseLabel ?? s.status))}${s.status === 'paused' ? ' (paused)' : ''}</td>` +
    `<td class="hide-narrow">${deadline}</td><td>${seatsCell(s)}</td></tr>`
  );
}

const GAME_TABLE_HEAD =
  '<thead><tr><th scope="col">Game</th><th scope="col">Variant</th><th scope="col">Phase</th>' +
  '<th scope="col" class="hide-narrow">Deadline</th><th scope="col">Open seats</th></tr></thead>';

export function gamesPage(db: Db, paging: Paging): Doc {
  const pageNo = paging.page;
  const { games, pages } = publicGames(db, paging);
  const summaries = games.map((g) => summarise(db, g));
  const table = (list: GameSummary[], caption: string) =>
    list.length
      ? `<div class="scroll"><table><caption class="muted">${caption}</caption>${GAME_TABLE_HEAD}<tbody>` +
        `${list.map(gameRow).join('')}</tbody></table></div>`
      : '<p>None.</p>';
  const running = summaries.filter((s) => !s.finished);
  const finished = summaries.filter((s) => s.finished);
  const body = [
    '<p>The public games on this judge. To play, mail the judge: <kbd>LIST</kbd>, then ' +
      '<kbd>JOIN game password</kbd> (<kbd>HELP</kbd> lists every command). Deadlines are shown in your ' +
      'own time zone.</p>',
    '<h2 id="running">Forming and running</h2>',
    table(running, 'Games forming or being played'),
    '<h2 id="finished">Finished</h2>',
    table(finished, 'Games that ended'),
    pager('/', pageNo, pages),
  ].join('\n');
  return { body: page({ title: 'Games', body }), type: HTML, modified: newest(...games.map((g) => g.createdAt)) };
}

/** Accessible text for a board picture: what a sighted reader sees at a glance. */
function boardAlt(variant: Variant, game: Game, position: Position, what: string): string {
  const units = position.units.length;
  const centres = Object.keys(position.owners).length;
  const label = `Map of ${game.name}, ${phaseText(position.phase)}${what}`;
  return `${label}: ${units} units on the board, ${centres} owned centres`;
}

function unitList(variant: Variant, position: Position): string {
  const byPower = new Map<string, string[]>();
  for (const u of position.units) {
    const list = byPower.get(u.power) ?? [];
    list.push(unitName(variant, u.type, u.loc));
    byPower.set(u.power, list);
  }
  const items = [...byPower].map(
    ([p, list]) => `<li><b>${esc(powerName(variant, p))}:</b> ${esc(list.join(', '))}</li>`,
  );
  return `<details><summary>The units as text</summary><ul class="plain">${items.join('')}</ul></details>`;
}

function mapFigure(id: string, svg: string | null, alt: string, href: string): string {
  if (!svg) return '<p class="muted">There is no map art for this variant yet.</p>';
  return (
    `<figure><div class="map" id="${esc(id)}" role="img" aria-label="${esc(alt)}">${svg}</div>` +
    `<figcaption>${esc(alt)}. <button type="button" data-zoom="${esc(id)}" aria-pressed="false" hidden>` +
    `Zoom</button> <a href="${esc(href)}">Open the map on its own</a> (your browser zooms it).</figcaption></figure>`
  );
}

function centreTable(game: Game, position: Position): string {
  const rows = centreCounts(game, position)
    .map((r) => `<tr><td>${esc(r.name)}</td><td>${r.centres}</td><td>${r.units}</td></tr>`)
    .join('');
  return (
    '<table class="counts"><caption class="muted">Supply centres and units</caption><thead><tr>' +
    `<th scope="col">Power</th><th scope="col">Centres</th><th scope="col">Units</th></tr></thead><tbody>${rows}` +
    '</tbody></table>'
  );
}

function pressHeading(p: PublicPress): string {
  if (!p.official) return `Broadcast from ${esc(p.from)}`;
  return `Official notice from the GM${p.subject ? `: ${esc(p.subject)}` : ''}`;
}

function pressHtml(items: PublicPress[]): string {
  return items
    .map((p) => `<article class="press"><h3>${pressHeading(p)}</h3>` + `<pre>${esc(p.body)}</pre></article>`)
    .join('\n');
}

/** RULE SHOW_WAITING: who has not yet ordered (never what anyone ordered). */
function waitingText(names: string[]): string {
  return names.length ? names.join(', ') : 'nobody: every power that owes orders has sent them';
}

export function gamePage(db: Db, game: Game, paging: Paging, maps: MapCache): Doc {
  const pageNo = paging.page;
  const s = summarise(db, game);
  const variant = variantOf(game.variant);
  const base = `/games/${seg(game.name)}`;
  const parts: string[] = [];
  const facts = [
    ['Variant', `<a href="/variants/${seg(s.variant)}">${esc(s.variantTitle)}</a>`],
    ['State', esc(s.status)],
    ...(s.phaseLabel ? [['Phase', esc(`${s.phaseLabel} (${s.phase})`)]] : []),
    ['Deadline', s.deadline ? deadlineHtml(s.deadline, formatDeadline(s.deadline, s.zone)) : 'none'],
    ['Press', esc(s.press)],
    ['Rules', esc(s.rules.replace(/^Rules: /, ''))],
    ['Open seats', seatsCell(s) || 'none'],
    ...(s.waitingFor ? [['Waiting for orders from', esc(waitingText(s.waitingFor))]] : []),
    ...(s.description ? [['About', esc(s.description)]] : []),
  ];
  parts.push(
    `<table class="facts"><tbody>${facts.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`).join('')}` +
      '</tbody></table>',
  );
  parts.push(
    `<p>Play by mail: <kbd>LIST ${esc(game.name)}</kbd> for this game, ` +
      (s.status === 'forming'
        ? `<kbd>JOIN ${esc(game.name)} password</kbd> to join, `
        : s.openSeats.length
          ? `<kbd>TAKEOVER power@${esc(game.name)} password</kbd> for an open seat, `
          : '') +
      `<kbd>OBSERVE ${esc(game.name)} password</kbd> to watch, <kbd>HELP</kbd> for the rest.</p>`,
  );
  const now = boardNow(db, game);
  let modified: string | null = game.createdAt;
  if (now) {
    const { position, record } = now;
    const svg = maps.svg(variant, { gameName: game.name, position });
    parts.push(`<h2 id="the-board">The board${s.finished ? ' at the end' : ''}</h2>`);
    parts.push(mapFigure('board-map', svg, boardAlt(variant, game, position, ''), `${base}/map.svg`));
    parts.push(unitList(variant, position), centreTable(game, position));
    parts.push(
      `<details><summary>The board as text</summary>` +
        `<pre>${esc(renderBoard(variant, position, { game: game.name }))}</pre></details>`,
    );
    modified = newest(modified, record.processedAt);
    const open = !record.result ? publicPress(db, game, record.phase) : [];
    if (open.length) parts.push(`<h2>Broadcasts during ${esc(phaseText(record.position.phase))}</h2>`, pressHtml(open));
  } else {
    parts.push('<p>The game has not started: there is no board yet.</p>');
  }
  const { phases, pages } = phasePage(db, game, paging);
  const done = phases.filter((p) => p.processedAt);
  const phaseItem = (p: { phase: string }) => `<li><a href="${base}/${seg(p.phase)}">${esc(p.phase)}</a></li>`;
  parts.push('<h2 id="phases">Phases</h2>');
  parts.push(
    done.length ? `<ol class="phases">${done.map(phaseItem).join('')}</ol>` : '<p>No phase has been processed yet.</p>',
  );
  parts.push(pager(base, pageNo, pages));
  const charts = publicBidCharts(db, game);
  if (charts) parts.push('<h2>Diplomacy Points bid charts</h2>', `<pre>${esc(charts)}</pre>`);
  const latest = done.at(-1);
  const links = [
    { rel: 'alternate', href: `${base}/feed.atom`, type: 'application/atom+xml', title: `Results of ${game.name}` },
    { rel: 'alternate', href: `/api/games/${seg(game.name)}`, type: 'application/json' },
    ...(latest ? [{ rel: 'prev', href: `${base}/${seg(latest.phase)}` }] : []),
  ];
  return {
    body: page({ title: `Game ${game.name}`, links, body: parts.join('\n') }),
    type: HTML,
    // Who has ordered (SHOW_WAITING) changes between processings: such a page is compared by its ETag alone.
    modified: s.waitingFor ? null : newest(modified, latest?.processedAt),
  };
}

export function phaseHtml(db: Db, game: Game, code: string, maps: MapCache): Doc | null {
  const p = processedPhase(db, game, code);
  if (!p) return null;
  const base = `/games/${seg(game.name)}`;
  const svg = maps.svg(p.variant, { gameName: game.name, position: p.record.position, result: p.result });
  const alt = boardAlt(p.variant, game, p.record.position, ' with its orders (failed ones dashed)');
  const prev = p.previous ? `${base}/${seg(p.previous.phase)}` : null;
  // The phase after the last processed one is the open phase: its page is the game's board.
  const next = p.next ? (p.next.processedAt ? `${base}/${seg(p.next.phase)}` : base) : null;
  const nextName = p.next?.processedAt ? p.next.phase : 'the board now';
  const steps =
    `<nav class="steps" aria-label="Phases">` +
    `${prev ? `<a href="${prev}">← ${esc(p.previous!.phase)}</a>` : '<span></span>'}` +
    `<span class="muted">← → keys step through the phases</span>` +
    `${next ? `<a href="${next}">${esc(nextName)} →</a>` : '<span></span>'}` +
    '</nav>';
  const press = publicPress(db, game, p.record.phase);
  const body = [
    steps,
    mapFigure('phase-map', svg, alt, `${base}/${seg(p.record.phase)}/map.svg`),
    '<h2 id="results">Results</h2>',
    `<pre>${esc(p.text)}</pre>`,
    ...(press.length ? ['<h2 id="press">Broadcasts during the phase</h2>', pressHtml(press)] : []),
    steps,
  ].join('\n');
  const links = [
    ...(prev ? [{ rel: 'prev', href: prev }] : []),
    ...(next ? [{ rel: 'next', href: next }] : []),
    { rel: 'alternate', href: `/api/games/${seg(game.name)}/phases/${seg(p.record.phase)}`, type: 'application/json' },
  ];
  return {
    body: page({
      title: `${game.name}: ${p.label}`,
      trail: [[`Game ${game.name}`, base]],
      links,
      body,
    }),
    type: HTML,
    modified: newest(p.record.processedAt, ...press.map((x) => x.sentAt)),
  };
}

export function variantPage(id: string, maps: MapCache): Doc | null {
  if (!knownVariants().includes(id)) return null;
  const variant = variantOf(id);
  const start = initialPosition(variant);
  const svg = maps.svg(variant, { gameName: '', position: start });
  const powers = variant.powers
    .map(
      (p) =>
        `<tr><td>${esc(p.name)}</td><td>${esc(p.initial)}</td><td>${esc(p.kind)}</td>` +
        `<td>${esc(p.home.map((h) => h.toUpperCase()).join(' '))}</td></tr>`,
    )
    .join('');
  const provinces = variant.map.provinces
    .map(
      (p) =>
        `<tr><td><code>${esc(p.id.toUpperCase())}</code></td><td>${esc(p.name)}</td><td>${esc(p.terrain)}` +
        `${p.centre ? ', supply centre' : ''}${p.coasts.length ? `, coasts ${esc(p.coasts.join(' '))}` : ''}</td></tr>`,
    )
    .join('');
  const rules = variant.rules.map((r) => `<li><code>${esc([r.id, ...r.args].join(' '))}</code></li>`).join('');
  const body = [
    `<p>${esc(variant.title)}: ${variant.powers.filter((p) => p.kind === 'great').length} Great Powers, ` +
      `${variant.map.provinces.filter((p) => p.centre).length} supply centres, ${variant.victoryCentres} to win; ` +
      `the game starts in ${variant.startYear}.</p>`,
    `<p class="muted">${esc(variant.source)}</p>`,
    rules ? `<h2>Rules</h2><ul>${rules}</ul>` : '',
    '<h2>The start</h2>',
    mapFigure(
      'start-map',
      svg,
      `Map of ${variant.title} at the start: ${start.units.length} units`,
      `/variants/${seg(id)}/map.svg`,
    ),
    `<details><summary>The starting position as text</summary>` +
      `<pre>${esc(renderPosition(variant, start))}</pre></details>`,
    '<h2>Powers</h2>',
    '<div class="scroll"><table><thead><tr><th scope="col">Power</th><th scope="col">Letter</th>' +
      '<th scope="col">Kind</th>' +
      `<th scope="col">Home centres</th></tr></thead><tbody>${powers}</tbody></table></div>`,
    '<h2>Provinces and their abbreviations</h2>',
    `<div class="scroll"><table><thead><tr><th scope="col">Abbreviation</th><th scope="col">Name</th>` +
      `<th scope="col">Kind</th></tr></thead><tbody>${provinces}</tbody></table></div>`,
  ].join('\n');
  return { body: page({ title: variant.title, trail: [['Variants', '/variants']], body }), type: HTML };
}

export function variantsPage(): Doc {
  const items = knownVariants()
    .map((id) => `<li><a href="/variants/${seg(id)}">${esc(variantOf(id).title)}</a></li>`)
    .join('');
  return { body: page({ title: 'Variants', body: `<ul>${items}</ul>` }), type: HTML };
}

/** The board's SVG on its own (the "open the map" links), or null where no picture exists. */
export function mapSvg(db: Db, game: Game, code: string | null, maps: MapCache): Doc | null {
  const variant = variantOf(game.variant);
  if (code === null) {
    const now = boardNow(db, game);
    const svg = now && maps.svg(variant, { gameName: game.name, position: now.position });
    return svg ? { body: svg, type: 'image/svg+xml', modified: now!.record.processedAt } : null;
  }
  const p = processedPhase(db, game, code);
  const svg = p && maps.svg(variant, { gameName: game.name, position: p.record.position, result: p.result });
  return svg ? { body: svg, type: 'image/svg+xml', modified: p!.record.processedAt } : null;
}

export function variantMapSvg(id: string, maps: MapCache): Doc | null {
  if (!knownVariants().includes(id)) return null;
  const variant = variantOf(id);
  const svg = maps.svg(variant, { gameName: '', position: initialPosition(variant) });
  return svg ? { body: svg, type: 'image/svg+xml' } : null;
}
