// RULE SHOW_WAITING (njudge's "waiting for" list): in such a game anyone who may read it sees which
// played powers have not yet given complete orders for the open phase — never what anyone ordered.
// Without the rule nothing about who has ordered is shown to players (only the GM's ROSTER says it).
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { currentPhase } from '../store/phases.js';
import { lateness } from './progress.js';
import { readSettings } from './settings.js';

/** The powers still owing orders, in map order; null when the game has no such rule or no open phase. */
export function waitingFor(db: Db, game: Game): string[] | null {
  if (!readSettings(game.settings).showWaiting || game.status !== 'active') return null;
  const record = currentPhase(db, game.id);
  if (!record || record.result) return null;
  return lateness(db, game, record).missing;
}

/** "Waiting for orders from: Austria, England." for replies and LIST; null without the rule. */
export function waitingLine(db: Db, game: Game): string | null {
  const names = waitingFor(db, game);
  if (names === null) return null;
  const phase = currentPhase(db, game.id)!.phase;
  return names.length
    ? `Waiting for orders from: ${names.join(', ')} (${phase}; RULE SHOW_WAITING).`
    : `Every power that owes orders for ${phase} has sent them (RULE SHOW_WAITING).`;
}
