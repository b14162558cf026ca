// The record of replacements: each TAKEOVER of a power notes the power, the phase then open and the
// accounts before and after. SUMMARY lists them; it shows addresses only once the game is over and
// never under RULE NO_REVEAL.
import type { Db } from '../../store/database.js';
import { getGame, setGameSettings } from '../../store/games.js';
import { currentPhase } from '../../store/phases.js';
import { readSettings, type Replacement } from '../settings.js';

export function recordReplacement(
  db: Db,
  gameId: number,
  power: string,
  fromAccountId: number,
  toAccountId: number,
  at: string,
): void {
  const game = getGame(db, gameId);
  if (!game) return;
  // Read afresh: earlier commands of the same mail may have changed the settings since.
  const settings = readSettings(game.settings);
  const phase = currentPhase(db, gameId)?.phase ?? 'FORMING';
  const entry: Replacement = { power, phase, at, fromAccountId, toAccountId };
  setGameSettings(db, gameId, { ...settings, replacements: [...(settings.replacements ?? []), entry] });
}

export function replacementsOf(settings: { replacements?: Replacement[] }): Replacement[] {
  return settings.replacements ?? [];
}
