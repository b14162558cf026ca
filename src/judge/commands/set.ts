// SET WAIT / NOWAIT / ABSENCE / NOABSENCE / ADDRESS / PASSWORD / DRAW / NODRAW / CONCEDE / NOCONCEDE,
// and the GM's SET TIMING / SET GRACE. (SET DEADLINE is the GM's too: master.ts.)
import { suggest } from '../../core/map/names.js';
import { getAccount } from '../../store/accounts.js';
import { requestAddressMove } from '../gate/address-proof.js';
import { getGame, setGameSettings } from '../../store/games.js';
import { currentPhase } from '../../store/phases.js';
import { hashPasswordSync, MIN_PASSWORD_LENGTH } from '../../store/passwords.js';
import { listSeats, setSeatAbsence, setSeatPassword, setSeatWait } from '../../store/players.js';
import {
  absenceRanges,
  deadlineChangeMail,
  formatDeadline,
  gameTiming,
  phaseClock,
  setDeadline,
} from '../lifecycle/deadlines.js';
import { applyTiming, readSettings, timingOf } from '../settings.js';
import { isOpenDay, moveToOpenDay } from '../timing/deadline.js';
import { describeTiming, timingLine } from '../timing/parse.js';
import { ALL_DAYS } from '../timing/rules.js';
import { dateKey, daysBetween, localParts, parseDateKey, type LocalDate } from '../timing/zone.js';
import { setDeadlineCommand } from './master.js';
import { announceDeadline, type Session, type Signon } from './session.js';
import type { CommandItem } from './tokenize.js';
import { readSetWord, SET_WORDS } from './verbs.js';
import { setZone } from './zone.js';
import { setPress } from './set-press.js';
import { setPressCopy } from './press-copy.js';
import { playerDeadline, playersSetDeadlines } from './player-deadlines.js';
import { setLateCountCommand } from './late-count.js';
import { vote } from './votes.js';
import { GM_TOOL_SETTINGS, setGmTool } from './gm-tools.js';
import { powerName } from '../../core/map/display-names.js';

export function set(s: Session, cmd: CommandItem): void {
  const fail = (reason: string, suggestion?: string) => s.reply.reject(cmd.line, cmd.shown, reason, suggestion);
  const word = cmd.args[0];
  if (!word) return fail('SET what? e.g. SET WAIT, SET ABSENCE 2026-07-01 TO 2026-07-10');
  const { sub, used } = readSetWord(cmd.args);
  const rest = cmd.args.slice(used);
  const key = word.toUpperCase() === 'NO' && cmd.args[1] ? `NO${cmd.args[1].toUpperCase()}` : word.toUpperCase();
  if (!sub)
    return fail(
      `unknown setting "${word}"`,
      suggest(key, Object.keys(SET_WORDS), 2)
        .map((w) => `SET ${w}`)
        .join(' or ') || undefined,
    );
  const on = s.signon;
  if (!on) return fail(`SET ${sub} needs SIGNON first`);
  // Under RULE PLAYER_DEADLINES a player's SET DEADLINE is his agreement to an extension; else the GM's.
  if (sub === 'DEADLINE' && on.role === 'player' && !on.gm && playersSetDeadlines(on.game))
    return playerDeadline(s, on, rest, fail);
  if (sub === 'DEADLINE') return setDeadlineCommand(s, cmd, on, rest);
  if (GM_TOOL_SETTINGS.has(sub)) return setGmTool(s, cmd, sub, rest);
  if (sub === 'PASSWORD') return setPassword(s, on, rest, fail);
  if (sub === 'ADDRESS') return setAddress(s, on, rest, fail);
  if (sub === 'TIMING' || sub === 'GRACE')
    return setTiming(s, on, sub, sub === 'GRACE' ? ['GRACE', ...rest] : rest, fail);
  if (sub === 'ZONE' || sub === 'NOZONE') return setZone(s, on, rest, sub === 'NOZONE', fail);
  if (sub === 'PRESS') return setPress(s, on, rest, fail);
  if (sub === 'LATE') return setLateCountCommand(s, on, rest, fail);
  if (sub === 'PRESS COPY' || sub === 'NOPRESS COPY') return setPressCopy(s, on, sub === 'PRESS COPY', rest, fail);
  if (on.role !== 'player' || on.seatId === null || !on.power) return fail(`SET ${sub} is for players`);
  if (sub === 'WAIT' || sub === 'NOWAIT') {
    setSeatWait(s.db, on.seatId, sub === 'WAIT');
    s.touched.add(on.game.id);
    return s.reply.ok(
      sub === 'WAIT'
        ? 'WAIT set: the phase will not process before its deadline.'
        : 'WAIT removed: the phase may process as soon as all orders are in.',
    );
  }
  if (sub === 'ABSENCE' || sub === 'NOABSENCE') return setAbsence(s, on, sub === 'ABSENCE' ? rest : null, fail);
  return vote(s, on, sub, rest, fail);
}

type Fail = (reason: string, suggestion?: string) => void;

function setPassword(s: Session, on: Signon, rest: string[], fail: Fail): void {
  if (on.role === 'master') return fail('the game password cannot be changed by mail');
  if (on.seatId === null || !rest[0]) return fail('SET PASSWORD needs the new password');
  if (rest[0].length < MIN_PASSWORD_LENGTH) return fail(`a password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  setSeatPassword(s.db, on.seatId, hashPasswordSync(rest[0]));
  const seat = on.power ? powerName(on.variant, on.power) : `your ${on.role} seat`;
  s.reply.ok(`Your password for ${seat} in game ${on.game.name} was changed (each seat has its own).`);
}

function setAddress(s: Session, on: Signon, rest: string[], fail: Fail): void {
  if (on.role === 'master' || on.seatId === null) return fail('SET ADDRESS is for players and observers');
  const seat = listSeats(s.db, on.game.id).find((x) => x.id === on.seatId);
  const target = (rest[0] ?? s.sender).trim();
  if (rest.length > 1 || !/^[^\s@<>,;:"()[\]]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(target)) {
    return fail(`"${rest.join(' ') || target}" is not one e-mail address (SET ADDRESS takes exactly one)`);
  }
  if (!seat) return fail('your seat is gone');
  const current = getAccount(s.db, seat.accountId)?.address;
  if (current?.toLowerCase() === target.toLowerCase()) return fail(`your seat is at ${target} already`);
  const refused = requestAddressMove(s, on, target);
  if (refused) fail(refused);
}

/**
 * SET TIMING <TIMING words> (and SET GRACE n): the GM changes the game's timing. It applies from the
 * next deadline on; the current one stands (SET DEADLINE moves it).
 */
function setTiming(s: Session, on: Signon, sub: string, words: string[], fail: Fail): void {
  if (on.role !== 'master') return fail(`SET ${sub} is the GM's: SIGNON master@${on.game.name} <game password> first`);
  const game = getGame(s.db, on.game.id);
  if (!game) return fail('the game is gone');
  if (game.status === 'completed' || game.status === 'terminated') return fail(`game ${game.name} is ${game.status}`);
  const settings = readSettings(game.settings);
  const problem = applyTiming(settings, words);
  if (problem) return fail(problem);
  setGameSettings(s.db, game.id, { ...settings });
  s.touched.add(game.id);
  s.signon = { ...on, game: getGame(s.db, game.id) ?? game };
  s.reply.ok(
    `The timing of game ${game.name} is now: ${timingLine(timingOf(settings))}\nIt applies from the next deadline ` +
      `on; the current deadline stands (SET DEADLINE moves it).`,
  );
  s.reply.section(`Timing of game ${game.name}`, describeTiming(timingOf(settings)));
}

/**
 * SET ABSENCE from [TO to]: dates in the game's time zone. No deadline falls on those days; if the
 * current one does, it moves past the absence and everyone is told (without the absent player's
 * name). An absence lasts at most the game's RULE MAX_ABSENCE days, counted from today.
 */
function setAbsence(s: Session, on: Signon, rest: string[] | null, fail: Fail): void {
  if (rest === null) {
    // The days already granted stay counted.
    const seat = listSeats(s.db, on.game.id).find((x) => x.id === on.seatId);
    const granted = (seat?.absence as { granted?: number } | null)?.granted;
    setSeatAbsence(s.db, on.seatId as number, granted ? { granted } : null);
    return s.reply.ok('Your absence was removed; deadlines already set stay where they are.');
  }
  const usage = "write SET ABSENCE 2026-07-01 TO 2026-07-10 (dates as YYYY-MM-DD, in the game's time zone)";
  const fromText = rest[0];
  const toText = rest[1]?.toUpperCase() === 'TO' ? rest[2] : rest.length === 1 ? fromText : undefined;
  const from = fromText ? parseDateKey(fromText) : null;
  const to = toText ? parseDateKey(toText) : null;
  if (!from || !to || rest.length > 3) return fail(usage);
  if (daysBetween(from, to) < 0) return fail('the absence ends before it starts');
  const game = getGame(s.db, on.game.id) ?? on.game;
  const { rules } = gameTiming(game);
  const now = localParts(Date.parse(s.now), rules.zone);
  const today = { year: now.year, month: now.month, day: now.day };
  if (daysBetween(today, to) < 0)
    return fail(`the absence is over already (today is ${dateKey(today)} in ${rules.zone})`);
  const max = readSettings(game.settings).maxAbsenceDays;
  if (max === 0) return fail(`game ${game.name} allows no absences`);
  const days = daysBetween(daysBetween(today, from) > 0 ? from : today, to) + 1;
  if (days > max)
    return fail(
      `an absence may last at most ${max} days in game ${game.name}, counted from today; this one has ${days}`,
    );
  // Over the whole game a player gets at most twice MAX_ABSENCE days, counting only days not already
  // granted: otherwise SET ABSENCE renewed every day would push the deadline forever.
  const seat = listSeats(s.db, game.id).find((x) => x.id === on.seatId);
  const previous = (seat?.absence ?? null) as { from?: string; to?: string; granted?: number } | null;
  const start = daysBetween(today, from) > 0 ? from : today;
  const fresh = days - overlapDays(start, to, previous);
  const granted = (previous?.granted ?? 0) + fresh;
  if (granted > 2 * max) {
    const left = Math.max(0, 2 * max - (previous?.granted ?? 0));
    return fail(
      `absences in game ${game.name} may add up to ${2 * max} days; you have ${left} left and this one adds ${fresh}`,
    );
  }
  setSeatAbsence(s.db, on.seatId as number, { from: fromText, to: toText, granted });
  s.reply.ok(
    `Absence recorded from ${fromText} to ${toText} (${rules.zone}): no deadline of game ${game.name} will fall on ` +
      `those days.`,
  );
  pushCurrentDeadline(s, game);
}

/** Days of [from, to] that the previous absence already covered. */
function overlapDays(from: LocalDate, to: LocalDate, previous: { from?: string; to?: string } | null): number {
  const pFrom = previous?.from ? parseDateKey(previous.from) : null;
  const pTo = previous?.to ? parseDateKey(previous.to) : null;
  if (!pFrom || !pTo) return 0;
  const start = daysBetween(pFrom, from) > 0 ? from : pFrom;
  const end = daysBetween(pTo, to) < 0 ? to : pTo;
  return Math.max(0, daysBetween(start, end) + 1);
}

/** Moves the running deadline off the days of an absence it falls in, and tells everyone. */
function pushCurrentDeadline(s: Session, game: NonNullable<ReturnType<typeof getGame>>): void {
  if (game.status !== 'active') return;
  const phase = currentPhase(s.db, game.id)?.phase;
  if (!phase) return;
  const clock = phaseClock(s.db, game.id, phase);
  if (clock.state !== 'running' || Date.parse(clock.deadline) <= Date.parse(s.now)) return;
  const { rules } = gameTiming(game);
  const absences = absenceRanges(s.db, game.id);
  const p = localParts(Date.parse(clock.deadline), rules.zone);
  // Only an absence moves it: a deadline the GM put on another closed day stays where it is.
  if (isOpenDay(p, { ...rules, days: ALL_DAYS, holidays: [] }, absences)) return;
  const moved = new Date(moveToOpenDay(Date.parse(clock.deadline), rules, absences)).toISOString();
  setDeadline(s.db, game, phase, moved, s.now);
  announceDeadline(s, deadlineChangeMail(s.db, game, phase, moved, s.now, 'because a player will be absent then'));
  s.reply.ok(
    `The deadline for ${phase} fell in your absence and moved to ${formatDeadline(moved, rules.zone)}; everyone was ` +
      `told, without your name.`,
  );
}
