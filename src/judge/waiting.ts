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
  return openWaiting(db, game)?.missing ?? null;
}

/** "Waiting for orders from: Austria, England." for replies and LIST; null without the rule. */
export function waitingLine(db: Db, game: Game): string | null {
  const waiting = openWaiting(db, game);
  if (!waiting) return null;
  const { phase, missing } = waiting;
  return missing.length
    ? `Waiting for orders from: ${missing.join(', ')} (${phase}; RULE SHOW_WAITING).`
    : `Every power that owes orders for ${phase} has sent them (RULE SHOW_WAITING).`;
}

/** The open phase and the powers still owing orders for it, read once; null without the rule. */
function openWaiting(db: Db, game: Game): { phase: string; missing: string[] } | null {
  if (!readSettings(game.settings).showWaiting || game.status !== 'active') return null;
  const record = currentPhase(db, game.id);
  if (!record || record.result) return null;
  return { phase: record.phase, missing: lateness(db, game, record).missing };
}
