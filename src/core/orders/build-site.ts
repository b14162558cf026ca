// Where a power may build. Kept apart so that variant rule modules (extra home centres,
// "no-build" centres, the 1648 emperor) can replace this basic test.
import type { Variant } from '../map/variant.js';
import type { Position, PowerId, ProvinceId } from '../types.js';
import { provinceOf } from '../types.js';

/** Why `power` may not build in `province`, or null when the site is fine. */
export function buildSiteProblem(variant: Variant, position: Position, power: PowerId, province: ProvinceId): string | null {
  const def = variant.powerById.get(power);
  const name = variant.map.byId.get(province)?.name ?? province;
  if (!def || !def.home.includes(province)) return `${name} is not a home centre of ${def?.name ?? power}`;
  if (position.owners[province] !== power) return `${def.name} does not own ${name} now`;
  if (position.units.some((u) => provinceOf(u.loc) === province)) return `${name} is occupied`;
  return null;
}
