// Which powers' orders the GM entered in a phase (BECOME, or SIGNON power@game with a master
// password), kept in the game's settings so that the phase's results say so to everyone.
import type { Db } from '../../store/database.js';
import { getGame, setGameSettings, type Game } from '../../store/games.js';
import { readSettings } from '../settings.js';
import { variantOf } from '../variants.js';
import { powerName } from '../../core/map/display-names.js';

export function recordGmEntry(db: Db, gameId: number, phase: string, power: string): void {
  const game = getGame(db, gameId);
  if (!game) return;
  const settings = readSettings(game.settings);
  const entered = settings.gmOrders ?? {};
  const powers = entered[phase] ?? [];
  if (powers.includes(power)) return;
  setGameSettings(db, game.id, { ...settings, gmOrders: { ...entered, [phase]: [...powers, power] } });
}

/** The line the results of `phase` carry for the powers whose orders the GM entered; '' for none. */
export function gmOrdersLine(game: Game, phase: string): string {
  const powers = readSettings(game.settings).gmOrders?.[phase] ?? [];
  if (!powers.length) return '';
  const variant = variantOf(game.variant);
  const names = powers.map((p) => powerName(variant, p));
  return `Orders for ${names.join(', ')} entered by the GM.`;
}

/**
 * Orders in advance for `phase` were stored for `power`: by the GM acting for it (`byGm`), or by its
 * player, whose own set replaces the GM's and with it the mark.
 */
export function markGmAdvance(db: Db, gameId: number, phase: string, power: string, byGm: boolean): void {
  const game = getGame(db, gameId);
  if (!game) return;
  const settings = readSettings(game.settings);
  const marked = settings.gmAdvance ?? {};
  const powers = (marked[phase] ?? []).filter((p) => p !== power);
  if (byGm) powers.push(power);
  if (powers.length === (marked[phase] ?? []).length && byGm === (marked[phase] ?? []).includes(power)) return;
  setGameSettings(db, game.id, { ...settings, gmAdvance: { ...marked, [phase]: powers } });
}

/** Whether the GM entered the advance set of `power` for `phase` now read; the mark goes with the set. */
export function takeGmAdvanceMark(db: Db, gameId: number, phase: string, power: string): boolean {
  const game = getGame(db, gameId);
  const byGm = Boolean(game && readSettings(game.settings).gmAdvance?.[phase]?.includes(power));
  if (byGm) markGmAdvance(db, gameId, phase, power, false);
  return byGm;
}
