// What the web shows of a game: the one place that decides it. Every page, JSON document and feed is
// built from these views, never from the store directly, so a secret (an address, the open phase's
// orders, a DP amount, a grey press author, a vote, a password hash) cannot reach a page by accident:
// the views simply do not carry them. The rule is the mail's: nothing a non-player could not read
// by LIST, HISTORY or SUMMARY.
import type { PhaseResult } from '../core/adjudicate/result.js';
import type { Variant } from '../core/map/variant.js';
import { variantInPlay } from '../core/rules/variant/powers-in-play.js';
import type { PowerId, Position } from '../core/types.js';
import { phaseText } from '../core/position/names.js';
import { dpRevealText } from '../judge/dp-mail.js';
import { deadlineOf, gameZone } from '../judge/lifecycle/deadlines.js';
import { GAME_NAME } from '../judge/lifecycle/create.js';
import { gmOrdersLine } from '../judge/lifecycle/gm-entered.js';
import { greatPowers } from '../judge/lifecycle/seats.js';
import { JUDGE_ID } from '../judge/lifecycle/start.js';
import { seatStateWord } from '../judge/commands/roster-report.js';
import { OFFICIAL_SENDER } from '../judge/commands/press.js';
import { describePress } from '../judge/press-options.js';
import { describeRules } from '../judge/game-rules.js';
import { readSettings } from '../judge/settings.js';
import { waitingFor } from '../judge/waiting.js';
import { variantOf } from '../judge/variants.js';
import { powerName } from '../core/map/display-names.js';
import { renderResults } from '../render/results.js';
import type { Db } from '../store/database.js';
import { findGameByName, getGame, listGames, type Game } from '../store/games.js';
import {
  countPhases,
  currentPhase,
  findPhase,
  latestProcessedPhases,
  neighbourPhases,
  phaseIndex,
  type PhaseIndexEntry,
  type PhaseRecord,
} from '../store/phases.js';
import { listSeats } from '../store/players.js';
import { listPress } from '../store/press.js';
import { compareNames } from '../core/map/names.js';

export const PHASE_CODE = /^[SFW]\d{4}[MRA]$/;
/**
 * Which page of a list is asked for, and how long pages are: a game's phases (HTML and JSON; a
 * 100-year game stays a few pages) and the games.
 */
export interface Paging {
  page: number;
  phases: number;
  games: number;
}
export const PAGE_SIZES = { phases: 60, games: 100 };

export const isOver = (game: Game) => game.status === 'completed' || game.status === 'terminated';

/**
 * Unlisted games (and so private ones, which PRIVATE makes unlisted) are left out of LIST for people
 * outside them; the web has no one inside, so they do not exist here.
 */
function isPublic(game: Game): boolean {
  const settings = readSettings(game.settings);
  return !settings.unlisted && !settings.joinPasswordHash;
}

/** The game by name when the web may show it; null for a missing, private or unlisted one alike. */
export function publicGame(db: Db, name: string): Game | null {
  if (!GAME_NAME.test(name)) return null;
  const game = findGameByName(db, name);
  return game && isPublic(game) ? game : null;
}

/** The address of the game's page on the site at `baseUrl`, or null when the site does not show it. */
export function gamePageUrl(db: Db, baseUrl: string, gameId: number): string | null {
  const game = getGame(db, gameId);
  return game && isPublic(game) ? `${baseUrl.replace(/\/+$/, '')}/games/${encodeURIComponent(game.name)}` : null;
}

export interface OpenSeat {
  power: PowerId;
  name: string;
  /** "vacant", "civil disorder", "permanent CD", or "not taken" in a forming game. */
  state: string;
}

export interface GameSummary {
  name: string;
  variant: string;
  variantTitle: string;
  status: Game['status'];
  finished: boolean;
  /** The phase open for orders (null before the start and after the end). */
  phase: string | null;
  phaseLabel: string | null;
  /** ISO instant of the open phase's deadline, null when none runs (forming, paused, over). */
  deadline: string | null;
  zone: string;
  description: string;
  press: string;
  rules: string;
  /** Powers that need a player: not taken while forming, vacant or in civil disorder once running. */
  openSeats: OpenSeat[];
  players: number;
  powers: number;
  /** RULE SHOW_WAITING only: the played powers that have not yet ordered the open phase; null otherwise. */
  waitingFor: string[] | null;
}

export function summarise(db: Db, game: Game): GameSummary {
  const variant = variantOf(game.variant);
  const settings = readSettings(game.settings);
  const record = currentPhase(db, game.id);
  const open = record && !record.result && !isOver(game) ? record : null;
  const seats = listSeats(db, game.id).filter((s) => s.role === 'player');
  const greats = greatPowers(variant);
  const openSeats: OpenSeat[] = [];
  if (game.status === 'forming') {
    // Before the start, seats may not have powers yet (no POWER_CHOICE): count the empty places.
    const taken = new Set(seats.map((s) => s.power).filter(Boolean));
    const free = greats.filter((p) => !taken.has(p)).slice(0, Math.max(0, greats.length - seats.length));
    for (const p of free) openSeats.push({ power: p, name: powerName(variant, p), state: 'not taken' });
  } else if (!isOver(game)) {
    for (const seat of seats)
      if (seat.power && seat.status !== 'active')
        openSeats.push({ power: seat.power, name: powerName(variant, seat.power), state: seatStateWord(seat.status) });
  }
  return {
    name: game.name,
    variant: variant.id,
    variantTitle: variant.title,
    status: game.status,
    finished: isOver(game),
    phase: open?.phase ?? null,
    phaseLabel: open ? phaseText(open.position.phase) : null,
    deadline: open && game.status === 'active' ? deadlineOf(db, game.id, open.phase) : null,
    zone: gameZone(game),
    description: settings.description,
    press: describePress(settings),
    rules: describeRules(game),
    openSeats,
    players: seats.length,
    powers: greats.length,
    waitingFor: waitingFor(db, game),
  };
}

/** The public games, running and forming first (by name), finished ones after; one page of them. */
export function publicGames(db: Db, { page, games: size }: Paging): { games: Game[]; pages: number } {
  const all = listGames(db).filter(isPublic);
  all.sort((a, b) => Number(isOver(a)) - Number(isOver(b)) || compareNames(a.name, b.name));
  const pages = Math.max(1, Math.ceil(all.length / size));
  return { games: all.slice((page - 1) * size, page * size), pages };
}

/** The board as it stands: the open phase's start, or where a finished game ended. */
export function boardNow(db: Db, game: Game): { record: PhaseRecord; position: Position } | null {
  const record = currentPhase(db, game.id);
  if (!record) return null;
  return { record, position: record.result ? record.result.next : record.position };
}

/** One page of the game's phases; only processed ones link to a results page. */
export function phasePage(
  db: Db,
  game: Game,
  { page, phases: size }: Paging,
): { phases: PhaseIndexEntry[]; pages: number } {
  const total = countPhases(db, game.id);
  const pages = Math.max(1, Math.ceil(total / size));
  return { phases: phaseIndex(db, game.id, { offset: (page - 1) * size, limit: size }), pages };
}

export interface PublicPress {
  /** Who the readers saw: a power's name, "Master", the grey press's anonymous sender, the GM's notice. */
  from: string;
  official: boolean;
  /** The GM's subject of an OFFICIAL notice, if he gave one. */
  subject: string | null;
  body: string;
  sentAt: string;
}

/**
 * The broadcasts of a phase, as every player's mailbox got them. Private press stays with its
 * readers; a grey or fake sender is only ever the name the readers saw (shownFrom), never `from`.
 */
export function publicPress(db: Db, game: Game, phase: string): PublicPress[] {
  const variant = variantOf(game.variant);
  return listPress(db, game.id, { phase })
    .filter((p) => p.to.length === 1 && p.to[0] === 'all')
    .map((p) => {
      const official = p.from === OFFICIAL_SENDER;
      const from = official ? 'the GM' : (p.shownFrom ?? (p.from === 'master' ? 'Master' : powerName(variant, p.from)));
      return { from, official, subject: official ? p.shownFrom : null, body: p.body, sentAt: p.sentAt };
    });
}

export interface ProcessedPhase {
  game: Game;
  variant: Variant;
  record: PhaseRecord;
  result: PhaseResult;
  label: string;
  /** The results mail's text (with the line naming powers whose orders the GM entered). */
  text: string;
  previous: PhaseIndexEntry | null;
  next: PhaseIndexEntry | null;
}

/** A processed phase of a public game; null for a phase still open (its orders are secret) or unknown. */
export function processedPhase(db: Db, game: Game, code: string): ProcessedPhase | null {
  if (!PHASE_CODE.test(code)) return null;
  const record = findPhase(db, game.id, code);
  if (!record?.result) return null;
  return describeProcessed(db, game, record);
}

function describeProcessed(db: Db, game: Game, record: PhaseRecord): ProcessedPhase {
  const variant = variantOf(game.variant);
  const result = record.result!;
  const results = renderResults(variant, record.position, result, { game: game.name, judge: JUDGE_ID }).trimEnd();
  const entered = gmOrdersLine(game, record.phase);
  const { previous, next } = neighbourPhases(db, game.id, record.seq);
  return {
    game,
    variant,
    record,
    result,
    label: phaseText(record.position.phase),
    text: entered ? `${entered}\n\n${results}` : results,
    previous,
    next,
  };
}

/** The newest processed phases, for the Atom feed. */
export function recentResults(db: Db, game: Game, limit: number): ProcessedPhase[] {
  return latestProcessedPhases(db, game.id, limit).map((r) => describeProcessed(db, game, r));
}

/** The DP bid charts: public once the game is over, as the end-of-game mail and HISTORY show them. */
export function publicBidCharts(db: Db, game: Game): string {
  return isOver(game) ? dpRevealText(db, game) : '';
}

/** Centre counts of a position, per power in play, largest first. */
export function centreCounts(
  game: Game,
  position: Position,
): { power: PowerId; name: string; centres: number; units: number }[] {
  const variant = variantInPlay(variantOf(game.variant), position);
  const rows = variant.powers.map((p) => ({
    power: p.id,
    name: p.name,
    centres: Object.values(position.owners).filter((o) => o === p.id).length,
    units: position.units.filter((u) => u.power === p.id).length,
  }));
  return rows.filter((r) => r.centres || r.units).sort((a, b) => b.centres - a.centres || compareNames(a.name, b.name));
}
