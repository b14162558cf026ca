// PURGE and RENAME (DPjudge): the GM deletes his game or gives it a new name. Both need SIGNON
// master@game in the same mail (the gate); DPjudge's password after the game is hidden in every reply
// (tokenize.ts masks it, and a line that names no game is quoted with every word after the verb hidden).
import { deleteGame, findGameByName, renameGame, type Game } from '../../store/games.js';
import { GAME_NAME } from '../lifecycle/create.js';
import { gameNotice } from '../lifecycle/roster.js';
import { asMaster } from './master.js';
import { MASK } from './secrets.js';
import type { Session } from './session.js';
import type { CommandItem } from './tokenize.js';

/** Statuses a game may be purged in: never started, or stopped by its GM. A finished game is kept. */
const PURGEABLE = new Set<Game['status']>(['forming', 'terminated']);

/** The line quoted with every word after the verb hidden: the first word may be the password. */
function unread(s: Session, cmd: CommandItem, reason: string): void {
  s.reply.reject(cmd.line, [cmd.word, ...cmd.args.map(() => MASK)].join(' '), reason);
}

/**
 * The game the line names must be the one signed on to: PURGE and RENAME say which game they mean. And
 * they are the GM's who holds the game password, as PROMOTE is: a co-GM may not delete or rename it.
 */
function namesSignedOnGame(s: Session, cmd: CommandItem, game: Game, usage: string): boolean {
  if (s.signon?.gm?.coMasterAccountId) {
    unread(s, cmd, `${cmd.word} is for the GM who holds the game password, not a co-GM`);
    return false;
  }
  const named = cmd.args[0];
  if (named && named.toLowerCase() === game.name.toLowerCase()) return true;
  const other = named ? findGameByName(s.db, named) : null;
  if (other) s.reply.reject(cmd.line, cmd.shown, `you are signed on to game ${game.name}, not ${other.name}: ${usage}`);
  else unread(s, cmd, `name the game you are signed on to: ${usage}`);
  return false;
}

export function purge(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const usage = `PURGE ${on.game.name}`;
    if (!namesSignedOnGame(s, cmd, on.game, usage)) return;
    if (!PURGEABLE.has(on.game.status)) return fail(purgeRefusal(on.game));
    const notice = gameNotice(
      s.db,
      on.game,
      `Diplomacy game ${on.game.name} purged`,
      `The GM has purged game '${on.game.name}': it is deleted from the judge with its history, ` +
        'and its web pages are gone. You need do nothing more for it.',
    );
    // The game row goes, and with it (foreign keys) its seats, phases, orders, press and jobs: the
    // notice names no game, so its outbox row outlives it.
    if (notice) s.mails.push({ ...notice, game: undefined });
    deleteGame(s.db, on.game.id);
    s.touched.delete(on.game.id);
    s.signon = null;
    s.reply.ok(`Game ${on.game.name} is purged: deleted with everything in it; its players were told.`);
  });
}

function purgeRefusal(game: Game): string {
  if (game.status === 'completed') return `game ${game.name} is completed; a finished game stays in the archive`;
  return `game ${game.name} is ${game.status}; TERMINATE it first (a running game is never deleted by one line)`;
}

export function rename(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const usage = `RENAME ${on.game.name} <new name>`;
    if (!namesSignedOnGame(s, cmd, on.game, usage)) return;
    const name = cmd.args[1];
    if (!name) return fail(`RENAME needs the new name: ${usage}`);
    if (!GAME_NAME.test(name))
      return fail(`"${name}" is not a good game name: 2 to 20 letters, digits, "-" or "_", starting with a letter`);
    const taken = findGameByName(s.db, name);
    if (taken)
      return fail(
        taken.id === on.game.id ? `the game is called ${name} already` : `a game called "${name}" already exists`,
      );
    const old = on.game.name;
    renameGame(s.db, on.game.id, name);
    const renamed = { ...on.game, name };
    const notice = gameNotice(
      s.db,
      renamed,
      `Diplomacy game ${old} is now ${name}`,
      `The GM has renamed game '${old}' to '${name}'. Sign on as <power>@${name} from now on; ` +
        `the passwords are unchanged, and the game's web pages are under its new name.`,
    );
    if (notice) s.mails.push(notice);
    s.reply.ok(`Game ${old} is now called ${name}; everyone was told.`);
  });
}
