// PRIVATE games (DPjudge's privacy password): JOIN, OBSERVE, MONITOR and TAKEOVER must give the
// game's join password as their last word, e.g. `JOIN game mypw [power] joinpw`. Wrong join passwords
// are counted like wrong SIGNON passwords (per sender and per game), so it cannot be guessed by mail.
import type { Game } from '../../store/games.js';
import { checkPassword } from '../gate/password-check.js';
import { SignonGuard } from '../gate/signon-guard.js';
import type { Session } from '../commands/session.js';
import { readSettings } from '../settings.js';

export function isPrivate(game: Game): boolean {
  return Boolean(readSettings(game.settings).joinPasswordHash);
}

/**
 * Splits the words after a JOIN's (or OBSERVE's…) own password: in a private game the last one is the
 * join password, the others (a power) stay; in other games all stay.
 */
export function splitJoinPassword(game: Game, extra: string[]): { extra: string[]; joinPassword: string | null } {
  if (!isPrivate(game) || extra.length === 0) return { extra, joinPassword: null };
  return { extra: extra.slice(0, -1), joinPassword: extra[extra.length - 1] };
}

/**
 * The TAKEOVER line a notice shows for a vacant power: in a private game it ends with the join
 * password (never its value), which TAKEOVER needs there as its last word.
 */
export function takeoverCommand(game: Game, power: string, password = '<password>'): string {
  const join = isPrivate(game) ? ' <join password from the GM>' : '';
  return `TAKEOVER ${power}@${game.name} ${password}${join}`;
}

/** Why the sender may not enter `game` with `joinPassword`, or null when he may. */
export function privateGameRefusal(s: Session, game: Game, joinPassword: string | null, usage: string): string | null {
  const hash = readSettings(game.settings).joinPasswordHash;
  if (!hash) return null;
  const why = `game ${game.name} is private: ${usage}, with the join password its GM gave you as the last word`;
  if (!joinPassword) return why;
  const guard = new SignonGuard(s.db, s.sender, Date.parse(s.now), s.origin, s.addressProven);
  const verdict = checkPassword(s, guard, game, {
    target: { key: `join:${game.id}`, owner: null },
    password: joinPassword,
    check: hash,
    what: `the join password of game ${game.name}`,
    wrong: `wrong join password for the private game ${game.name}`,
  });
  return verdict === true ? null : verdict;
}

/**
 * Why the sender may not read a private game's history, board and press (HISTORY, POSITION, SUMMARY,
 * MAP, LIST's board), or null when he may: in a private game OBSERVE and MONITOR need the join
 * password, so only those signed on to it (its players, observers, monitors and GMs) read it.
 */
export function privateReadRefusal(s: Session, game: Game): string | null {
  if (!isPrivate(game) || s.signon?.game.id === game.id) return null;
  return (
    `game ${game.name} is private: only its players, observers and GM read its history and board ` +
    `(SIGNON to it first, or OBSERVE ${game.name} <password> <join password>)`
  );
}
