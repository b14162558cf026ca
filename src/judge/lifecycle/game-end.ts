// How a game ended, kept with the game so SUMMARY can say it: a victory or a year-cap draw at
// processing, a draw or concession by vote, the GM's TERMINATE. One place records it, one words it.
import type { Variant } from '../../core/map/variant.js';
import type { Db } from '../../store/database.js';
import { getGame } from '../../store/games.js';
import { setGameSettings } from '../../store/games.js';
import { andList } from '../../render/wrap.js';
import { powerName } from '../../core/map/display-names.js';
import { readSettings, type GameEnding } from '../settings.js';

export function recordEnding(db: Db, gameId: number, ending: GameEnding | null): void {
  const game = getGame(db, gameId);
  if (!game) return;
  setGameSettings(db, gameId, { ...readSettings(game.settings), ending });
}

/** "Ended in F1910M: drawn among France and Russia (year cap)." */
export function endingText(variant: Variant, ending: GameEnding): string {
  const names = andList(ending.powers.map((p) => powerName(variant, p)));
  const what = {
    victory: `${names} won`,
    draw: `drawn among ${names} by agreement`,
    concession: `conceded to ${names}`,
    'year-cap': `drawn among ${names} at the year cap`,
    terminated: 'terminated by the GM',
  }[ending.how];
  return `Ended in ${ending.phase}: ${what}.`;
}
