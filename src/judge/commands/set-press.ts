// SET PRESS: the GM changes the game's press rules after CREATE, as njudge lets the master do. The
// words are those of RULE PRESS (and the press RULEs); the whole table is told the new rules, and
// HISTORY shows the change among the GM's official notices.
import { getGame, setGameSettings } from '../../store/games.js';
import { currentPhase } from '../../store/phases.js';
import { recordPress } from '../../store/press.js';
import { gameNotice, pressRecipients, unique } from '../lifecycle/roster.js';
import { describePress, replacePressRules } from '../press-options.js';
import { readSettings } from '../settings.js';
import { OFFICIAL_SENDER } from './press.js';
import type { Session, Signon } from './session.js';

export function setPress(s: Session, on: Signon, words: string[], fail: (reason: string) => void): void {
  if (on.role !== 'master') return fail(`SET PRESS is the GM's: SIGNON master@${on.game.name} <game password> first`);
  const game = getGame(s.db, on.game.id) ?? on.game;
  if (game.status === 'completed' || game.status === 'terminated') return fail(`game ${game.name} is ${game.status}`);
  const settings = readSettings(game.settings);
  const before = describePress(settings);
  const problem = replacePressRules(settings, words);
  if (problem) return fail(problem);
  // Nothing changes: nobody is written to.
  if (describePress(settings) === before)
    return s.reply.ok(`The press rules of game ${game.name} are already: ${before}.`);
  setGameSettings(s.db, game.id, { ...settings });
  const changed = getGame(s.db, game.id) ?? game;
  s.signon = { ...on, game: changed };
  const rules = describePress(settings);
  s.reply.ok(`The press rules of game ${game.name} are now: ${rules}. Everyone in the game was told.`);
  const body = `The GM changed the press rules of game '${game.name}'. From now on, press is:\n  ${rules}.`;
  // Told to those who read press (players, observers, GMs); monitors get results only.
  const readers = unique(pressRecipients(s.db, changed).map((r) => r.address));
  const notice = gameNotice(s.db, changed, `Diplomacy game ${game.name}: press rules changed`, body, readers);
  // Kept with the GM's official notices, so HISTORY shows when the rules changed.
  const phase = currentPhase(s.db, game.id)?.phase ?? 'FORMING';
  recordPress(s.db, {
    gameId: game.id,
    phase,
    from: OFFICIAL_SENDER,
    to: ['all'],
    body,
    shownFrom: 'press rules changed',
  });
  if (notice) s.mails.push(notice);
}
