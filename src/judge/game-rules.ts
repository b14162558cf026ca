// LIST game's "Rules:" line: the game's RULEs besides press and timing (which LIST shows on lines of
// their own), so a player knows before he joins how draws go, whether late powers are named, etc.
import { readSettings } from './settings.js';
import type { Game } from '../store/games.js';

export function describeRules(game: Game): string {
  const settings = readSettings(game.settings);
  const rules = [
    settings.noDias ? 'players name the powers of a draw (NO_DIAS)' : 'a draw includes every surviving power (DIAS)',
    settings.powerChoice && 'players choose their power (POWER_CHOICE)',
    settings.autoStart && 'the game starts when the last power is taken (AUTOSTART)',
    settings.hideLate && 'the table is not told which powers are late (HIDE_LATE)',
    settings.noReveal && "players' addresses are never shown (NO_REVEAL)",
    typeof settings.yearCap === 'number' && `drawn among the survivors after ${settings.yearCap} years (YEAR_CAP)`,
    `absences up to ${settings.maxAbsenceDays} days (MAX_ABSENCE)`,
  ];
  return `Rules: ${rules.filter(Boolean).join('; ')}.`;
}
