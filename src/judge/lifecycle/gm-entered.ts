// Which powers' orders the GM entered in a phase (BECOME, or SIGNON power@game with a master
// password), kept in the game's settings so that the phase's results say so to everyone.
import type { Db } from '../../store/database.js';
import { getGame, setGameSettings, type Game } from '../../store/games.js';
import { readSettings } from '../settings.js';
import { variantOf } from '../variants.js';

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
  const names = powers.map((p) => variant.powerById.get(p)?.name ?? p);
  return `Orders for ${names.join(', ')} entered by the GM.`;
}
