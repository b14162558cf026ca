// OPTIONS [game] [unit…]: every legal order of the sender's units for the open phase (retreats in
// a retreat phase, build sites or removals in a winter; in a DP game, the DP lines a neutral unit he
// names may be given), from the core's one legality (src/core/options). An answer only; it reads
// nothing but the board every player sees.
import { phaseOptions } from '../../core/options/index.js';
import { readUnitText, splitUnitTexts } from '../../core/orders/unit-text.js';
import { provinceOf, type ProvinceId } from '../../core/types.js';
import { optionsText } from '../../render/options.js';
import { powerName, placeName } from '../../core/map/display-names.js';
import { findGameByName, getGame } from '../../store/games.js';
import { currentPhase } from '../../store/phases.js';
import { phaseText } from '../../core/position/names.js';
import { variantOf } from '../variants.js';
import type { Session, Signon } from './session.js';
import type { CommandItem } from './tokenize.js';

/** The gate lets only a player (or the GM acting for a power) run it: the signon names a power. */
export function options(s: Session, cmd: CommandItem): void {
  const on = s.signon as Signon;
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  let words = cmd.args;
  const named = words[0] ? findGameByName(s.db, words[0]) : null;
  if (named) {
    if (named.id !== on.game.id) return fail(`you are signed on to ${on.game.name}, not ${named.name}`);
    words = words.slice(1);
  }
  const game = getGame(s.db, on.game.id) ?? on.game;
  const record = currentPhase(s.db, game.id);
  if (game.status !== 'active' || !record || record.result)
    return fail(`game ${game.name} has no phase waiting for orders`);
  const variant = variantOf(game.variant);
  const position = record.position;
  let provinces: ProvinceId[] | undefined;
  if (words.length) {
    provinces = [];
    for (const text of splitUnitTexts(words)) {
      const read = readUnitText(variant, text);
      if ('error' in read) return fail(`${read.error}: OPTIONS [game] [unit…], e.g. OPTIONS F Spa, A Par`);
      provinces.push(read.province);
    }
  }
  const power = on.power as string;
  const found = phaseOptions(variant, position, { power, provinces });
  const listed = new Set(found.units.map((u) => provinceOf(u.unit.loc)));
  const missing = provinces?.filter((p) => !listed.has(p) && position.phase.type !== 'adjustment') ?? [];
  if (missing.length) {
    const where = missing.map((p) => placeName(variant, p)).join(', ');
    return fail(`no unit you may order in ${where} in this phase`);
  }
  const heading = `Legal orders for ${powerName(variant, power)}, game ${game.name}, ${phaseText(position.phase)}`;
  s.reply.section(heading, optionsText(variant, found));
}
