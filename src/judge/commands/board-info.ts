// The board by mail: POSITION (and LIST game) shows the board as it stands, HISTORY the results of a
// range of phases with the broadcasts sent during them, SUMMARY the centre counts at each year's end
// and who played which power. Answers only; nothing changes. What is secret stays secret: private
// press, DP amounts (bid charts only after the game), and addresses under RULE NO_REVEAL.
import type { Variant } from '../../core/map/variant.js';
import { variantInPlay } from '../../core/rules/variant/powers-in-play.js';
import { parsePhaseCode, phaseCode, type PowerId, type Position } from '../../core/types.js';
import { renderBoard } from '../../render/position-listing.js';
import { powersInOrder } from '../../render/ownership.js';
import { renderResults } from '../../render/results.js';
import { getAccount } from '../../store/accounts.js';
import type { Db } from '../../store/database.js';
import { findGameByName, type Game } from '../../store/games.js';
import { currentPhase, phaseHistory, type PhaseRecord } from '../../store/phases.js';
import { listSeats } from '../../store/players.js';
import { listPress, type PressItem } from '../../store/press.js';
import { phaseText } from '../../core/position/names.js';
import { dpRevealText } from '../dp-mail.js';
import { gmOrdersLine } from '../lifecycle/gm-entered.js';
import { JUDGE_ID } from '../lifecycle/start.js';
import { replacementsOf, seatChangeLines } from '../lifecycle/replacements.js';
import { privateReadRefusal } from '../lifecycle/private-game.js';
import { unknownGame } from '../lifecycle/target.js';
import { readSettings } from '../settings.js';
import { variantOf } from '../variants.js';
import { endingText } from '../lifecycle/game-end.js';
import { OFFICIAL_SENDER } from './press.js';
import { lateNote, seatStateWord } from './roster-report.js';
import type { Session } from './session.js';
import type { CommandItem } from './tokenize.js';
import { powerName } from '../../core/map/display-names.js';

const isOver = (game: Game) => game.status === 'completed' || game.status === 'terminated';

/** The game named first, or the one signed on to when the first word is not a game (a keyword, a phase). */
function targetGame(s: Session, cmd: CommandItem): { game: Game; rest: string[] } | null {
  const [first, ...rest] = cmd.args;
  if (first) {
    const game = findGameByName(s.db, first);
    const closed = game && privateReadRefusal(s, game);
    if (closed) {
      s.reply.reject(cmd.line, cmd.shown, closed);
      return null;
    }
    if (game) return { game, rest };
    const keyword = /^(FROM|TO)$/i.test(first) || parsePhaseCode(first) !== null;
    if (!keyword || !s.signon) {
      s.reply.reject(cmd.line, cmd.shown, unknownGame(s.db, first));
      return null;
    }
  }
  if (!s.signon) {
    s.reply.reject(cmd.line, cmd.shown, `${cmd.word} needs a game name (or SIGNON first)`);
    return null;
  }
  return { game: s.signon.game, rest: cmd.args };
}

/** The board now: the open phase's position, or after the last phase of a finished game, where it ended. */
function boardNow(db: Db, game: Game): Position | null {
  const record = currentPhase(db, game.id);
  if (!record) return null;
  return record.result ? record.result.next : record.position;
}

/** The board of a running or finished game as a reply section; nothing for a game not started. */
export function boardSection(s: Session, game: Game): boolean {
  const position = boardNow(s.db, game);
  if (!position) return false;
  s.reply.section(`Position of ${game.name}`, renderBoard(variantOf(game.variant), position, { game: game.name }));
  return true;
}

/** POSITION [game]: units, dislodged units and their retreats, centres, counts and adjustments due. */
export function position(s: Session, cmd: CommandItem): void {
  const target = targetGame(s, cmd);
  if (!target) return;
  if (target.rest.length)
    return s.reply.reject(cmd.line, cmd.shown, 'POSITION takes only a game name: POSITION [game]');
  if (!boardSection(s, target.game))
    s.reply.reject(cmd.line, cmd.shown, `game ${target.game.name} has not started: there is no board yet`);
}

/** Reads `[FROM phase] [TO phase]`; a phase must be one the game has processed. */
function phaseRange(words: string[], done: PhaseRecord[]): { from: number; to: number } | { error: string } {
  let from = 0;
  let to = done.length - 1;
  for (let i = 0; i < words.length; i += 2) {
    const key = words[i].toUpperCase();
    const code = words[i + 1]?.toUpperCase();
    if (key !== 'FROM' && key !== 'TO')
      return { error: `"${words[i]}" is not FROM or TO: HISTORY game [FROM phase] [TO phase]` };
    const phase = code ? parsePhaseCode(code) : null;
    if (!phase) return { error: `${key} needs a phase such as S1901M, F1902R or W1903A` };
    const wanted = phaseCode(phase);
    const at = done.findIndex((r) => r.phase === wanted);
    if (at < 0) return { error: `phase ${wanted} has not been processed in this game` };
    if (key === 'FROM') from = at;
    else to = at;
  }
  if (from > to) return { error: `FROM ${done[from].phase} comes after TO ${done[to].phase}` };
  return { from, to };
}

/** Broadcasts and the GM's announcements only: private press stays with its readers. */
function isPublic(item: PressItem): boolean {
  return item.to.length === 1 && item.to[0] === 'all';
}

function pressText(variant: Variant, item: PressItem, phaseName: string): string {
  const body = item.body.split('\n').map((l) => `  ${l}`.trimEnd());
  if (item.from === OFFICIAL_SENDER) {
    // An OFFICIAL notice keeps the subject the GM gave it (archived with it).
    const subject = item.shownFrom ? `: ${item.shownFrom}` : '';
    return [`Official notice from the GM during ${phaseName}${subject}`, '', ...body].join('\n');
  }
  const sender = item.shownFrom ?? (item.from === 'master' ? 'Master' : powerName(variant, item.from));
  return [`Broadcast from ${sender} during ${phaseName}:`, '', ...body].join('\n');
}

/**
 * A reader's own private press for his HISTORY: what he sent and what was sent to him, as he saw it
 * (grey and fake press keep their mask), from the time he took his seat (a replacement does not read
 * his predecessor's talks). Only for a sign-on by the seat's own password (or the GM's) in this mail.
 */
function ownPress(s: Session, game: Game): { mine: (p: PressItem) => boolean; text: OwnText } | null {
  const on = s.signon;
  if (!on || on.game.id !== game.id || on.gm?.coMasterAccountId) return null;
  const variant = variantOf(game.variant);
  if (on.role === 'master') return ownArchive(variant, 'master', 'Master', '');
  if (on.role !== 'player' || on.proof !== 'password' || !on.power || on.seatId === null) return null;
  const seat = listSeats(s.db, game.id).find((x) => x.id === on.seatId);
  const since = replacementsOf(readSettings(game.settings))
    .filter((r) => r.power === on.power && r.toAccountId === seat?.accountId)
    .map((r) => r.at)
    .at(-1);
  return ownArchive(variant, on.power, powerName(variant, on.power), since ?? '');
}

type OwnText = (item: PressItem, phaseName: string) => string;

function ownArchive(variant: Variant, id: string, name: string, since: string) {
  const mine = (p: PressItem) => p.sentAt >= since && (p.from === id || p.to.includes(name));
  const text: OwnText = (item, phaseName) => {
    const body = item.body.split('\n').map((l) => `  ${l}`.trimEnd());
    const to = item.to.join(', ');
    const head =
      item.from === id
        ? `Your press to ${to} during ${phaseName}${item.shownFrom ? ` (shown as from ${item.shownFrom})` : ''}:`
        : `Press from ${item.shownFrom ?? senderName(variant, item.from)} to ${to} during ${phaseName}:`;
    return [head, '', ...body].join('\n');
  };
  return { mine, text };
}

const senderName = (variant: Variant, from: string) => (from === 'master' ? 'Master' : powerName(variant, from));

const RULER = '='.repeat(70);

/**
 * HISTORY game [FROM phase] [TO phase]: the results of each phase in the range, each preceded by the
 * broadcasts sent while it was open. Without TO, the range runs to now, with the broadcasts of the
 * phase still open. The DP bid charts follow once the game is over, as the end-of-game mail has them.
 */
export function history(s: Session, cmd: CommandItem): void {
  const target = targetGame(s, cmd);
  if (!target) return;
  const { game } = target;
  const variant = variantOf(game.variant);
  const records = phaseHistory(s.db, game.id);
  const done = records.filter((r) => r.result);
  const range = done.length
    ? phaseRange(target.rest, done)
    : target.rest.length
      ? { error: 'no phase has been processed yet' }
      : { from: 0, to: -1 };
  if ('error' in range) return s.reply.reject(cmd.line, cmd.shown, range.error);
  const own = ownPress(s, game);
  const press = listPress(s.db, game.id).filter((p) => isPublic(p) || own?.mine(p));
  const pressOf = (code: string, name: string) =>
    press.filter((p) => p.phase === code).map((p) => (isPublic(p) ? pressText(variant, p, name) : own!.text(p, name)));
  const toTheEnd = !target.rest.some((w) => w.toUpperCase() === 'TO');
  const settings = readSettings(game.settings);
  const order = variant.powers.map((p) => p.id);
  const changesIn = (phase: string) => {
    const lines = seatChangeLines(settings, order, (p) => powerName(variant, p), phase);
    return lines.length ? [`Changes of player during ${phase}:\n${lines.map((l) => `  ${l}`).join('\n')}`] : [];
  };
  // One block per phase: its broadcasts, then its results; the blocks apart by a ruler.
  const blocks: string[][] = [];
  const before = range.from === 0 ? pressOf('FORMING', 'the forming of the game') : [];
  for (const record of done.slice(range.from, range.to + 1)) {
    const results = renderResults(variant, record.position, record.result!, {
      game: game.name,
      judge: JUDGE_ID,
    }).trimEnd();
    // The results mail said whose orders the GM entered (BECOME); the history says it too.
    const entered = gmOrdersLine(game, record.phase);
    const resultsBlock = entered ? `${entered}\n\n${results}` : results;
    blocks.push([
      ...(blocks.length ? [] : before),
      ...pressOf(record.phase, phaseText(record.position.phase)),
      ...changesIn(record.phase),
      resultsBlock,
    ]);
  }
  const open = records.at(-1);
  const openPress =
    toTheEnd && open && !open.result ? pressOf(open.phase, `${phaseText(open.position.phase)} (open now)`) : [];
  const openChanges = toTheEnd && open && !open.result ? changesIn(open.phase) : [];
  if (openPress.length || openChanges.length || (!blocks.length && before.length))
    blocks.push([...(blocks.length ? [] : before), ...openPress, ...openChanges]);
  const reveal = isOver(game) ? dpRevealText(s.db, game) : '';
  // How the game ended, once it has (the same words as SUMMARY's).
  const ending = toTheEnd && settings.ending ? endingText(variant, settings.ending) : '';
  const text = blocks.map((b) => b.join('\n\n')).join(`\n\n${RULER}\n\n`);
  const body = [text || '(no phase processed yet)', ending, reveal].filter(Boolean).join('\n\n');
  const shown = done.length && range.to >= range.from ? ` (${done[range.from].phase} to ${done[range.to].phase})` : '';
  s.reply.section(`History of ${game.name}${shown}`, body);
}

/** Centres owned by each power when each year ended (after its Fall and any retreats). */
function centresAtYearEnd(records: PhaseRecord[]): { year: number; owners: Record<string, PowerId> }[] {
  const byYear = new Map<number, Record<string, PowerId>>();
  for (const r of records) {
    if (!r.result || r.position.phase.season !== 'fall') continue;
    // Only once the Fall is complete (no retreats pending) have the centres changed hands.
    if (r.result.next.phase.season === 'fall') continue;
    byYear.set(r.position.phase.year, r.result.next.owners);
  }
  return [...byYear].map(([year, owners]) => ({ year, owners }));
}

const countOf = (owners: Record<string, PowerId>, power: PowerId) =>
  Object.values(owners).filter((o) => o === power).length;

/**
 * One row per power, one column per year; years beyond the line width go into a further block. In DP
 * variants the minor powers (neutrals whose units DP bids move) follow under their own heading, those
 * that held a centre at some point of the table.
 */
function centreTable(variant: Variant, records: PhaseRecord[]): string[] {
  const powers = powersInOrder(variant).filter((p) => p.kind === 'great');
  const columns = [
    { head: 'Start', owners: records[0].position.owners },
    ...centresAtYearEnd(records).map((y) => ({ head: String(y.year), owners: y.owners })),
  ];
  const held = new Set(columns.flatMap((c) => Object.values(c.owners)));
  const minors = powersInOrder(variant).filter((p) => p.kind !== 'great' && held.has(p.id));
  const nameWidth = Math.max(5, ...[...powers, ...minors].map((p) => p.name.length + (minors.includes(p) ? 2 : 0))) + 1;
  const cell = 6;
  const perBlock = Math.max(1, Math.floor((75 - nameWidth) / cell));
  const lines: string[] = [];
  for (let at = 0; at < columns.length; at += perBlock) {
    const block = columns.slice(at, at + perBlock);
    if (at) lines.push('');
    lines.push(`${'Power'.padEnd(nameWidth)}${block.map((c) => c.head.padStart(cell)).join('')}`);
    const row = (name: string, id: PowerId) =>
      `${name.padEnd(nameWidth)}${block.map((c) => String(countOf(c.owners, id)).padStart(cell)).join('')}`;
    for (const p of powers) lines.push(row(p.name, p.id));
    if (minors.length) lines.push('Minor powers (neutral, their units moved by DP bids):');
    for (const p of minors) lines.push(row(`  ${p.name}`, p.id));
  }
  return lines;
}

/**
 * SUMMARY game: centre counts at the start and at each year's end, the players (addresses once the
 * game is over, never under RULE NO_REVEAL) and the replacements recorded (who took over which power
 * in which phase).
 */
export function summary(s: Session, cmd: CommandItem): void {
  const target = targetGame(s, cmd);
  if (!target) return;
  const { game } = target;
  const settings = readSettings(game.settings);
  const records = phaseHistory(s.db, game.id);
  const last = records.at(-1);
  const variant = last
    ? variantInPlay(variantOf(game.variant), last.result?.next ?? last.position)
    : variantOf(game.variant);
  const lines = [`Variant: ${variant.title}`, ''];
  if (records.length)
    lines.push('Supply centers at the start and at the end of each year:', '', ...centreTable(variant, records));
  else lines.push('The game has not started.');
  // REVEAL: the GM of a NO_REVEAL game showed the players once it ended.
  const addressesShown = isOver(game) && (!settings.noReveal || Boolean(settings.revealed));
  const address = (accountId: number) => getAccount(s.db, accountId)?.address ?? '?';
  const shownAddress = (accountId: number) => (addressesShown ? address(accountId) : '');
  // In the map's order of the powers, as every table of the game is (an unassigned seat last).
  const order = variant.powers.map((p) => p.id);
  const rank = (power: string | null) => (power && order.includes(power) ? order.indexOf(power) : order.length);
  const seats = listSeats(s.db, game.id)
    .filter((x) => x.role === 'player')
    .sort((a, b) => rank(a.power) - rank(b.power));
  const nameOf = (power: string | null) => (power ? powerName(variant, power) : 'unassigned');
  const width = Math.max(12, ...seats.map((x) => nameOf(x.power).length + 1));
  // "active" as before; the other states in the table's words (an ejected player's power is vacant).
  const stateOf = (status: string) => (status === 'active' ? status : seatStateWord(status));
  lines.push('', 'Players:');
  for (const seat of seats) {
    const state = stateOf(seat.status).padEnd(9);
    const row = `  ${nameOf(seat.power).padEnd(width)} ${state} ${shownAddress(seat.accountId)}`.trimEnd();
    const late = lateNote(seat).replace(/^, (.*)$/, ' ($1)');
    lines.push(`${row}${late}`);
  }
  if (!addressesShown) {
    lines.push(
      settings.noReveal && isOver(game)
        ? '  (RULE NO_REVEAL: addresses are shown only if the GM sends REVEAL)'
        : settings.noReveal
          ? '  (RULE NO_REVEAL: addresses are never shown)'
          : '  (addresses are shown when the game is over)',
    );
  }
  // RULE QUIET: changes of player stay untold until the game is over.
  const untold = settings.quiet && !isOver(game);
  const replacements = untold ? [] : replacementsOf(settings);
  lines.push('', 'Replacements:');
  if (untold) lines.push('  (RULE QUIET: shown when the game is over)');
  else if (!replacements.length) lines.push('  none');
  for (const r of replacements) {
    const who = addressesShown
      ? `: ${address(r.fromAccountId)} replaced by ${address(r.toAccountId)}`
      : ' by a new player';
    lines.push(`  ${nameOf(r.power)} taken over in ${r.phase}${who}`);
  }
  const changes = seatChangeLines(settings, order, (p) => nameOf(p));
  lines.push('', 'Changes of player:', ...(changes.length ? changes.map((l) => `  ${l}`) : ['  none']));
  if (settings.ending) lines.push('', endingText(variant, settings.ending));
  s.reply.section(`Summary of ${game.name} (${game.status})`, lines.join('\n'));
}
