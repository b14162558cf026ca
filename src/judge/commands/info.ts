// LIST, HELP, STATUS and MAP: answers only, nothing changes. POSITION, HISTORY and SUMMARY: board-info.ts.
import { findGameByName, listGames, type Game } from '../../store/games.js';
import { currentPhase, findPhase } from '../../store/phases.js';
import { listSeats } from '../../store/players.js';
import { deadlineOf, formatDeadline, gameTiming, gameZone, timeLeft } from '../lifecycle/deadlines.js';
import { describeTiming } from '../timing/parse.js';
import { greatPowers } from '../lifecycle/seats.js';
import { unknownGame } from '../lifecycle/target.js';
import { isPrivate, privateReadRefusal } from '../lifecycle/private-game.js';
import { waitingLine } from '../waiting.js';
import { describePress } from '../press-options.js';
import { describeRules } from '../game-rules.js';
import { readSettings } from '../settings.js';
import { renderTemplate } from '../template.js';
import { knownVariants, variantOf } from '../variants.js';
import { boardAttachment } from '../board-mail.js';
import { canDrawBoard } from '../../render/map/index.js';
import { parsePhaseCode } from '../../core/types.js';
import { dpConfig } from '../../core/dp/config.js';
import { boardSection } from './board-info.js';
import { ownVoteLine } from './votes.js';
import { seatStateWord } from './roster-report.js';
import type { Session } from './session.js';
import type { CommandItem } from './tokenize.js';
import { powerName } from '../../core/map/display-names.js';
import { andList } from '../../render/wrap.js';

function gameFor(s: Session, cmd: CommandItem): Game | null {
  const name = cmd.args[0];
  if (!name) {
    if (s.signon) return s.signon.game;
    s.reply.reject(cmd.line, cmd.shown, `${cmd.word} needs a game name (or SIGNON first)`);
    return null;
  }
  const game = findGameByName(s.db, name);
  if (!game) s.reply.reject(cmd.line, cmd.shown, unknownGame(s.db, name));
  return game;
}

/** Seat states whose power wants a new player (TAKEOVER): vacant (resigned, ejected) or in civil disorder. */
const WANTING = new Set(['cd', 'resigned', 'dummy']);

/** The Great Powers of a running game that need a replacement, in map order. */
function replacementsWanted(s: Session, game: Game): string[] {
  if (game.status !== 'active' && game.status !== 'paused') return [];
  const variant = variantOf(game.variant);
  const seats = listSeats(s.db, game.id);
  return greatPowers(variant)
    .filter((p) => seats.some((x) => x.power === p && WANTING.has(x.status)))
    .map((p) => powerName(variant, p));
}

/** A game anyone may join now: forming and open with places free, or running with a power to take over. */
function joinable(s: Session, game: Game): boolean {
  if (game.status === 'forming') {
    const players = listSeats(s.db, game.id).filter((x) => x.role === 'player').length;
    return readSettings(game.settings).open && players < greatPowers(variantOf(game.variant)).length;
  }
  return replacementsWanted(s, game).length > 0;
}

function gameLine(s: Session, game: Game): string {
  const players = listSeats(s.db, game.id).filter((x) => x.role === 'player').length;
  const needed = greatPowers(variantOf(game.variant)).length;
  const phase = currentPhase(s.db, game.id)?.phase ?? '';
  const wanted = replacementsWanted(s, game);
  const state =
    game.status === 'forming'
      ? `forming, ${players}/${needed} players${readSettings(game.settings).open ? '' : ', not open yet'}`
      : `${game.status} ${phase}${wanted.length ? `, needs a replacement for ${andList(wanted)} (TAKEOVER)` : ''}`;
  return `${game.name.padEnd(20)} ${game.variant.padEnd(12)} ${state}`;
}

const LIST_USAGE = 'LIST game, or LIST [OPEN] [variant]';

export function list(s: Session, cmd: CommandItem): void {
  const filters = cmd.args.length && (cmd.args.length > 1 || !findGameByName(s.db, cmd.args[0])) ? cmd.args : null;
  if (filters) return listGamesFiltered(s, cmd, filters);
  if (cmd.args[0]) {
    const game = gameFor(s, cmd);
    if (!game) return;
    const variant = variantOf(game.variant);
    const settings = readSettings(game.settings);
    const phase = currentPhase(s.db, game.id)?.phase;
    const deadline = phase ? deadlineOf(s.db, game.id, phase) : null;
    const seats = listSeats(s.db, game.id);
    const lines = [gameLine(s, game), `Variant: ${variant.title}`, `Press: ${describePress(settings)}`];
    lines.push(describeRules(game));
    if (settings.description) lines.push(`About: ${settings.description}`);
    if (isPrivate(game)) lines.push(`Private: JOIN ${game.name} <password> [power] <join password from the GM>`);
    if (phase)
      lines.push(
        `Phase: ${phase}   Deadline: ` +
          `${formatDeadline(deadline, gameZone(game))}${deadline ? ` (${timeLeft(deadline, s.now)})` : ''}`,
      );
    lines.push(describeTiming(gameTiming(game)));
    if (phase && settings.awaitingRelease === phase)
      lines.push(`The deadline has passed; the results of ${phase} wait for the GM's release (RULE MANUAL_PROCESS).`);
    const waiting = privateReadRefusal(s, game) ? null : waitingLine(s.db, game);
    if (waiting) lines.push(waiting);
    const nameOf = (p: string) => powerName(variant, p);
    // As wide as the longest name, so "Poland-Lithuania" keeps the column.
    const width = Math.max(12, ...greatPowers(variant).map((p) => nameOf(p).length + 1));
    for (const p of greatPowers(variant)) {
      const seat = seats.find((x) => x.power === p);
      if (seat)
        lines.push(`  ${nameOf(p).padEnd(width)} ${seat.status === 'active' ? 'played' : seatStateWord(seat.status)}`);
    }
    const watchers = seats.filter((x) => x.role !== 'player').length;
    if (watchers) lines.push(`Observers and monitors: ${watchers}`);
    s.reply.section(`Game ${game.name}`, lines.join('\n'));
    // As both classic judges do, LIST of a game shows its board (a private game's only to its readers).
    if (!privateReadRefusal(s, game)) boardSection(s, game);
    return;
  }
  listGamesFiltered(s, cmd, []);
}

/** LIST, LIST OPEN (games one may join or take over now), LIST ambition6, LIST OPEN succession. */
function listGamesFiltered(s: Session, cmd: CommandItem, words: string[]): void {
  let open = false;
  let variant: string | null = null;
  for (const word of words.map((w) => w.toLowerCase())) {
    if (word === 'open' && !open) open = true;
    else if (knownVariants().includes(word) && !variant) variant = word;
    else if (words.length === 1)
      return s.reply.reject(cmd.line, cmd.shown, `${unknownGame(s.db, word)} (${LIST_USAGE})`);
    else
      return s.reply.reject(
        cmd.line,
        cmd.shown,
        `"${word}" is neither OPEN nor a variant (${knownVariants().join(', ')}): ${LIST_USAGE}`,
      );
  }
  const games = listGames(s.db).filter(
    (g) =>
      (g.status === 'forming' || g.status === 'active' || g.status === 'paused') &&
      !readSettings(g.settings).unlisted &&
      (!variant || g.variant === variant) &&
      (!open || joinable(s, g)),
  );
  const filter = [open && 'OPEN', variant].filter(Boolean).join(', ');
  const none = `(no ${variant ? `${variant} ` : ''}games ${open ? 'to join or take over' : 'open or running'})`;
  s.reply.section(
    filter ? `Games on this judge (${filter})` : 'Games on this judge',
    games.length ? games.map((g) => gameLine(s, g)).join('\n') : none,
  );
}

export { history, position, summary } from './board-info.js';

export function help(s: Session): void {
  s.reply.section('Commands', renderTemplate('help', { variants: knownVariants().join(', ') }));
}

export function status(s: Session, cmd: CommandItem): void {
  if (!s.signon) return s.reply.reject(cmd.line, cmd.shown, 'STATUS needs SIGNON first');
  if (s.signon.role === 'player') {
    // The standing closes every reply to a player, after this mail's own orders are stored.
    if (s.signon.game.status === 'active') {
      const dp = dpConfig(s.signon.variant).allowance !== undefined ? ' and DP' : '';
      s.reply.ok(`STATUS: your orders${dp} are listed at the end of this reply.`);
      const vote = ownVoteLine(s, s.signon);
      if (vote) s.reply.ok(vote);
      return;
    }
    s.reply.section(`Status of ${s.signon.game.name}`, `game ${s.signon.game.name} is ${s.signon.game.status}`);
    return;
  }
  list(s, { ...cmd, args: [s.signon.game.name] });
}

/**
 * MAP [game] [phase]: a picture of the board. A processed phase is drawn with its orders and
 * results; the open phase as it stands. The picture is drawn when the reply is sent.
 */
export function map(s: Session, cmd: CommandItem): void {
  const phaseWord = cmd.args.find((a, i) => i > 0 || (parsePhaseCode(a) !== null && !findGameByName(s.db, a)));
  const gameArgs = phaseWord && cmd.args[0] === phaseWord ? { ...cmd, args: [] } : cmd;
  const game = gameFor(s, gameArgs);
  if (!game) return;
  const closed = privateReadRefusal(s, game);
  if (closed) return s.reply.reject(cmd.line, cmd.shown, closed);
  const variant = variantOf(game.variant);
  if (!canDrawBoard(variant))
    return s.reply.reject(cmd.line, cmd.shown, `there is no map art for ${variant.title} yet`);
  const record = phaseWord ? findPhase(s.db, game.id, phaseWord.toUpperCase()) : currentPhase(s.db, game.id);
  if (!record) {
    const why = phaseWord
      ? `game ${game.name} has no phase ${phaseWord.toUpperCase()}`
      : `game ${game.name} has not started`;
    return s.reply.reject(cmd.line, cmd.shown, why);
  }
  s.attachments.push(...boardAttachment(game, record.phase, true));
  const what = record.result ? 'with its orders and results' : 'as it stands';
  s.reply.ok(`The map of game ${game.name}, ${record.phase} (${what}), is attached.`);
}
