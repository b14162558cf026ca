// LIST game's "Rules:" line: the game's RULEs besides press and timing (which LIST shows on lines of
// their own), so a player knows before he joins how draws go, whether late powers are named, etc.
import { yearCapInForce } from '../core/adjudicate/index.js';
import { readSettings, type CdOrderRules } from './settings.js';
import type { Game } from '../store/games.js';
import { variantOf } from './variants.js';

export function describeRules(game: Game): string {
  const settings = readSettings(game.settings);
  const rules = [
    settings.noDias ? 'players name the powers of a draw (NO_DIAS)' : 'a draw includes every surviving power (DIAS)',
    settings.powerChoice && 'players choose their power (POWER_CHOICE)',
    settings.autoStart && 'the game starts when the last power is taken (AUTOSTART)',
    settings.hideLate && 'the table is not told which powers are late (HIDE_LATE)',
    settings.noReveal &&
      (settings.revealed
        ? "players' addresses were hidden until the GM revealed them (NO_REVEAL, REVEAL)"
        : "players' addresses are never shown (NO_REVEAL)"),
    settings.showWaiting && 'anyone may see which powers have not yet ordered (SHOW_WAITING)',
    settings.manualProcess && "results wait for the GM's release after the deadline (MANUAL_PROCESS)",
    settings.quiet && 'the table is not told of changes of player (QUIET)',
    cdOrdersText(settings.cdOrders),
    settings.victoryCentres
      ? `${settings.victoryCentres} supply centres win (VICTORY)`
      : `${variantOf(game.variant).victoryCentres} supply centres win`,
    yearCapText(game, settings.yearCap),
    `absences up to ${settings.maxAbsenceDays} days (MAX_ABSENCE)`,
  ];
  return `Rules: ${rules.filter(Boolean).join('; ')}.`;
}

/** RULE CD_SUPPORTS / CD_RETREATS / CD_BUILDS in words. */
function cdOrdersText(rules: CdOrderRules | undefined): string | null {
  const parts = [
    rules?.supports && "their units support each other's holds (CD_SUPPORTS)",
    rules?.retreats && 'they retreat toward their centres (CD_RETREATS)',
    rules?.builds && 'they build in free home centres (CD_BUILDS)',
  ].filter(Boolean);
  return parts.length ? `for powers in civil disorder or vacant, ${parts.join(', ')}` : null;
}

/** The cap in force, the GM's or the variant's own (S&L's ten years), so a player joining knows it. */
function yearCapText(game: Game, gameCap: number | null | undefined): string | null {
  const years = yearCapInForce(variantOf(game.variant), gameCap);
  if (years === null) return null;
  const whose = gameCap === undefined ? `the variant's default; RULE YEAR_CAP NONE lifts it` : 'YEAR_CAP';
  return `drawn among the survivors after ${years} years (${whose})`;
}
