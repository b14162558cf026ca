// Facts the legality looks up about powers: names are data of the variant (for the parser's own
// sentences), neutrality is a rule fact. The legality's reasons carry ids; src/render words them.
import type { Variant } from '../map/variant.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import type { Loc, Position, PowerId } from '../types.js';

export function placeName(variant: Variant, loc: Loc): string {
  return variant.map.locName.get(loc) ?? loc;
}

/** Minors created during the game (civil disorder) are looked up in the position. */
export function powerName(variant: Variant, position: Position, power: PowerId): string {
  return variantInPlay(variant, position).powerById.get(power)?.name ?? power;
}

export function isNeutralPower(variant: Variant, position: Position, power: PowerId): boolean {
  const kind = variantInPlay(variant, position).powerById.get(power)?.kind;
  return kind === 'minor' || kind === 'affiliate';
}
