// Retreat options of a unit written as dislodged in a hand-made position, computed as the
// adjudicator would: reachable, not occupied, not the attacker's origin, not a standoff.
import { Reach } from '../legality/index.js';
import { geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import type { RuleContext } from '../rules/ruleset.js';
import type { Loc, Position, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';

function reachFor(variant: Variant, position: Position): { reach: Reach; ctx: RuleContext } {
  const rules = rulesFor(variant);
  const ctx: RuleContext = { variant, geometry: geometry(variant), position, bids: [] };
  return { reach: new Reach(ctx.geometry, ctx, rules.cross), ctx };
}

/** Every location the unit's move rules allow it to retreat to, before occupation is considered. */
export function reachableRetreats(variant: Variant, position: Position, unit: Unit): Loc[] {
  return reachFor(variant, position).reach.retreatLocs(unit);
}

/** False for units the variant destroys instead of letting them retreat (neutral units in DP variants). */
export function mayRetreat(variant: Variant, position: Position, unit: Unit): boolean {
  const { ctx } = reachFor(variant, position);
  return rulesFor(variant).mayRetreat(ctx, unit);
}

export function retreatOptions(
  variant: Variant,
  position: Position,
  unit: Unit,
  attackerFrom: ProvinceId | null,
  standoffs: ProvinceId[] = [],
): Loc[] {
  const occupied = new Set(position.units.map((u) => provinceOf(u.loc)));
  return reachableRetreats(variant, position, unit).filter((l) => {
    const p = provinceOf(l);
    return p !== attackerFrom && !occupied.has(p) && !standoffs.includes(p);
  });
}
