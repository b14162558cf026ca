// Where a power may build: the adjudicator's own build-site rule (home centres as the variant's
// rule modules extend or restrict them), so the check at submission equals the one at processing.
import { buildSites } from '../adjudicate/adjustment.js';
import { geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import type { Position, PowerId, ProvinceId } from '../types.js';
import { provinceOf } from '../types.js';

/** Why `power` may not build in `province`, or null when the site is fine. */
export function buildSiteProblem(variant: Variant, position: Position, power: PowerId, province: ProvinceId): string | null {
  const def = variant.powerById.get(power);
  const name = variant.map.byId.get(province)?.name ?? province;
  if (!def) return `unknown power ${power}`;
  const rules = rulesFor(variant);
  const ctx = { variant, geometry: geometry(variant), position, bids: [] };
  if (buildSites(ctx, rules, position, power).includes(province)) return null;
  const homes = rules.homeCentres(ctx, power, def.home);
  // A centre the power could claim as an extra home (A&E by building, S&L §7.1 by naming) is a
  // build site but for its occupant: say so instead of calling it "not a home centre".
  const claimable = () => rules.buildSites(ctx, power, homes.filter((c) => position.owners[c] === power), []).includes(province);
  if (!homes.includes(province) && !claimable()) return `${name} is not a home centre of ${def.name}`;
  if (position.owners[province] !== power) return `${def.name} does not own ${name} now`;
  if (position.units.some((u) => provinceOf(u.loc) === province)) return `${name} is occupied`;
  return `${def.name} may not build in ${name}`;
}
