// The names players read for a map's powers and places, in one place with one fallback: an id the
// map does not know is shown as itself (a place in capitals, as orders write it), never "undefined".
// Powers added during a game (minors of a power in civil disorder) are named by passing the variant
// in play (rules/variant/powers-in-play.ts `variantInPlay`).
import type { Loc, PowerId } from '../types.js';
import { provinceOf } from '../types.js';
import type { Variant } from './variant.js';

/** "France"; the id itself for a power the variant does not know. */
export function powerName(variant: Pick<Variant, 'powerById'>, power: PowerId): string {
  return variant.powerById.get(power)?.name ?? power;
}

/** "Spain (south coast)", else the province's name ("Spain"), else the id in capitals ("SPA/SC"). */
export function placeName(variant: Pick<Variant, 'map'>, loc: Loc): string {
  return variant.map.locName.get(loc) ?? variant.map.locName.get(provinceOf(loc)) ?? loc.toUpperCase();
}
