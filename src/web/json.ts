// The JSON feed (schema: docs/web.md). Built from ./public.ts like the pages; every object is written
// field by field, never by spreading a stored object, so a field added to the store later (a DP
// amount, an address) cannot leak into the feed unnoticed.
import { phaseCode, type Order, type Position } from '../core/types.js';
import { orderPhrase } from '../render/phrases.js';
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { seg } from './html.js';
import type { Doc } from './pages.js';
import {
  boardNow,
  centreCounts,
  phasePage,
  processedPhase,
  publicGames,
  publicPress,
  summarise,
  type GameSummary,
  type Paging,
} from './public.js';

export const SCHEMA_VERSION = 1;
const JSON_TYPE = 'application/json; charset=utf-8';
const doc = (value: unknown, modified?: string | null): Doc => ({
  body: `${JSON.stringify({ schema: SCHEMA_VERSION, ...(value as object) })}\n`,
  type: JSON_TYPE,
  modified,
});

function summaryJson(s: GameSummary) {
  return {
    name: s.name,
    href: `/games/${seg(s.name)}`,
    api: `/api/games/${seg(s.name)}`,
    variant: s.variant,
    variantTitle: s.variantTitle,
    status: s.status,
    finished: s.finished,
    phase: s.phase,
    deadline: s.deadline,
    zone: s.zone,
    description: s.description,
    press: s.press,
    players: s.players,
    powers: s.powers,
    openSeats: s.openSeats.map((o) => ({ power: o.power, name: o.name, state: o.state })),
    // Who has not yet ordered, only where RULE SHOW_WAITING allows it: otherwise the key is absent.
    ...(s.waitingFor ? { waitingFor: s.waitingFor } : {}),
  };
}

function positionJson(p: Position) {
  return {
    phase: phaseCode(p.phase),
    units: p.units.map((u) => ({ power: u.power, type: u.type, loc: u.loc })),
    dislodged: p.dislodged.map((u) => ({
      power: u.power,
      type: u.type,
      loc: u.loc,
      attackerFrom: u.attackerFrom,
      retreats: [...u.retreats],
    })),
    owners: Object.fromEntries(Object.entries(p.owners).map(([c, o]) => [c, o])),
  };
}

/** An order's public fields, by name: whatever else a stored order carries stays out. */
function orderJson(o: Order) {
  const out: Record<string, unknown> = { power: o.power, kind: o.kind };
  if ('type' in o) out.type = o.type;
  if ('loc' in o) out.loc = o.loc;
  if ('to' in o && o.to !== undefined) out.to = o.to;
  if ('from' in o) out.from = o.from;
  if ('target' in o) out.target = o.target;
  if ('targetType' in o && o.targetType) out.targetType = o.targetType;
  if ('viaConvoy' in o && o.viaConvoy) out.viaConvoy = true;
  return out;
}

export function gamesJson(db: Db, paging: Paging): Doc {
  const { page } = paging;
  const { games, pages } = publicGames(db, paging);
  return doc({ page, pages, games: games.map((g) => summaryJson(summarise(db, g))) });
}

export function gameJson(db: Db, game: Game, paging: Paging): Doc {
  const { page } = paging;
  const now = boardNow(db, game);
  const { phases, pages } = phasePage(db, game, paging);
  const open = now && !now.record.result ? publicPress(db, game, now.record.phase) : [];
  const summary = summarise(db, game);
  return doc(
    {
      game: summaryJson(summary),
      board: now ? positionJson(now.position) : null,
      centres: now ? centreCounts(game, now.position) : [],
      press: open.map((p) => ({
        from: p.from,
        official: p.official,
        subject: p.subject,
        body: p.body,
        sentAt: p.sentAt,
      })),
      page,
      pages,
      phases: phases.map((p) => ({
        phase: p.phase,
        processed: p.processedAt !== null,
        processedAt: p.processedAt,
        api: p.processedAt ? `/api/games/${seg(game.name)}/phases/${seg(p.phase)}` : null,
      })),
    },
    // Who has ordered changes between processings: such a document is compared by its ETag alone.
    summary.waitingFor ? null : (now?.record.processedAt ?? game.createdAt),
  );
}

export function phaseJson(db: Db, game: Game, code: string): Doc | null {
  const p = processedPhase(db, game, code);
  if (!p) return null;
  const before = p.record.position;
  const press = publicPress(db, game, p.record.phase);
  return doc(
    {
      game: game.name,
      phase: p.record.phase,
      label: p.label,
      processedAt: p.record.processedAt,
      previous: p.previous?.phase ?? null,
      next: p.next?.processedAt ? p.next.phase : null,
      position: positionJson(before),
      orders: p.result.outcomes.map((o) => ({
        ...orderJson(o.order),
        text: orderPhrase(p.variant, o.order, before.units),
        success: o.success,
        notes: [...o.notes],
        reason: o.reason ?? null,
      })),
      dislodged: p.result.dislodged.map((u) => ({
        power: u.power,
        type: u.type,
        loc: u.loc,
        retreats: [...u.retreats],
      })),
      destroyed: p.result.destroyed.map((u) => ({ power: u.power, type: u.type, loc: u.loc })),
      captured: p.result.captured.map((c) => ({ centre: c.centre, from: c.from, to: c.to })),
      adjustments: p.result.adjustments.map((a) => ({
        power: a.power,
        centres: a.centres,
        units: a.units,
        delta: a.delta,
      })),
      gameOver: p.result.gameOver,
      winners: [...p.result.winners],
      drawn: p.result.drawn ? [...p.result.drawn] : null,
      after: positionJson(p.result.next),
      centres: centreCounts(game, p.result.next),
      results: p.text,
      press: press.map((x) => ({
        from: x.from,
        official: x.official,
        subject: x.subject,
        body: x.body,
        sentAt: x.sentAt,
      })),
    },
    p.record.processedAt,
  );
}
