// The record of replacements: each TAKEOVER of a power notes the power, the phase then open and the
// accounts before and after. SUMMARY lists them; it shows addresses only once the game is over and
// never under RULE NO_REVEAL.
import type { Db } from '../../store/database.js';
import { getGame, setGameSettings } from '../../store/games.js';
import { currentPhase } from '../../store/phases.js';
import { readSettings, type Replacement, type SeatChangeRecord } from '../settings.js';

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

/** Notes a change of player in the phase open now; SUMMARY and HISTORY list them (seatChangeLines). */
export function recordSeatChange(db: Db, gameId: number, power: string, change: SeatChangeRecord['change']): void {
  const game = getGame(db, gameId);
  if (!game) return;
  const settings = readSettings(game.settings);
  const phase = currentPhase(db, gameId)?.phase ?? 'FORMING';
  const entry: SeatChangeRecord = { power, phase, change };
  setGameSettings(db, gameId, { ...settings, seatChanges: [...(settings.seatChanges ?? []), entry] });
}

const CHANGE_WORDS: Record<SeatChangeRecord['change'], string> = {
  resign: 'its player resigned',
  eject: 'its player was removed by the GM',
  cd: 'put in civil disorder by the GM',
  lapsed: 'in civil disorder after the grace period',
  revive: 'played again by its player (REVIVE)',
  takeover: 'taken over by a new player',
  permanent: 'in permanent civil disorder',
};

/**
 * "S1902M  France: its player resigned": the changes of player, by phase, within a phase in the map's order
 * of the powers (`order`: the variant's power ids), as SUMMARY and HISTORY show them. Never an address.
 */
export function seatChangeLines(
  settings: { seatChanges?: SeatChangeRecord[] },
  order: string[],
  nameOf: (power: string) => string,
  phase?: string,
): string[] {
  const rank = (p: string) => (order.indexOf(p) < 0 ? order.length : order.indexOf(p));
  const changes = (settings.seatChanges ?? [])
    .map((c, at) => ({ ...c, at }))
    .filter((c) => phase === undefined || c.phase === phase);
  // Stable within a power: two changes of one power in a phase keep the order they happened in.
  const phases = [...new Set(changes.map((c) => c.phase))];
  changes.sort(
    (a, b) => phases.indexOf(a.phase) - phases.indexOf(b.phase) || rank(a.power) - rank(b.power) || a.at - b.at,
  );
  return changes.map((c) => `${c.phase}  ${nameOf(c.power)}: ${CHANGE_WORDS[c.change]}`);
}
