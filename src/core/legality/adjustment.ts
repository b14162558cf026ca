// The one definition of a legal build and removal. The count of builds and removals a power has
// is the adjudicator's business (adjudicate/adjustment.ts); where and what may be built is here.
import type { RuleContext, Ruleset } from '../rules/ruleset.js';
import type { BuildOrder, Position, PowerId, ProvinceId, RemoveOrder } from '../types.js';
import { coastOf, provinceOf } from '../types.js';
import type { LegalityReason } from '../reasons.js';
import { orderedUnit } from './movement.js';
import type { LegalityScope } from './scope.js';
import type { Judged } from './verdict.js';
import { refused } from './verdict.js';

/** Vacant, owned centres where a power may build now, given the sites it already built in this winter. */
export function buildSites(
  ctx: RuleContext,
  rules: Required<Ruleset>,
  position: Position,
  power: PowerId,
  built: ProvinceId[] = [],
): ProvinceId[] {
  const def = ctx.variant.powerById.get(power);
  if (!def) return [];
  const homes = rules.homeCentres(ctx, power, def.home);
  const occupied = new Set(position.units.map((u) => provinceOf(u.loc)));
  for (const b of built) occupied.add(b);
  const owned = homes.filter((c) => position.owners[c] === power);
  return rules.buildSites(ctx, power, owned, built).filter((c) => !occupied.has(c));
}

/** A build: a unit the site can hold, on a site the power may build on now (`built`: sites used this winter). */
export function judgeBuild(scope: LegalityScope, order: BuildOrder, built: ProvinceId[] = []): Judged<BuildOrder> {
  const { variant } = scope.ctx;
  const province = variant.map.byId.get(provinceOf(order.loc));
  if (!province) return refused({ code: 'unknown-place', place: order.loc });
  if (province.terrain === 'sea' || province.terrain === 'impassable')
    return refused({ code: 'build-not-land', province: province.id, terrain: province.terrain });
  let loc = province.id;
  const coast = coastOf(order.loc);
  if (order.type === 'F') {
    if (province.terrain === 'land') return refused({ code: 'fleet-built-inland', province: province.id });
    if (province.coasts.length) {
      if (!coast)
        return refused(
          { code: 'build-coast-missing', province: province.id },
          province.coasts.map((c) => ({ ...order, loc: `${province.id}/${c}` })),
        );
      if (!province.coasts.includes(coast)) return refused({ code: 'unknown-coast', province: province.id, coast });
      loc = `${province.id}/${coast}`;
    } else if (coast) return refused({ code: 'unknown-coast', province: province.id, coast });
  }
  const problem = buildSiteProblem(scope, order.power, province.id, built);
  if (problem) return refused(problem);
  return { order: { kind: 'build', power: order.power, type: order.type, loc } };
}

/** Why `power` may not build in `province` now, or null when the site is fine. */
function buildSiteProblem(
  scope: LegalityScope,
  power: PowerId,
  province: ProvinceId,
  built: ProvinceId[],
): LegalityReason | null {
  const { ctx, rules } = scope;
  const { variant, position } = ctx;
  const def = variant.powerById.get(power);
  if (!def) return { code: 'build-site-unknown-power', power };
  if (buildSites(ctx, rules, position, power, built).includes(province)) return null;
  if (built.includes(province)) return { code: 'build-site-used', province };
  const homes = rules.homeCentres(ctx, power, def.home);
  // A centre the power could claim as an extra home (A&E by building, S&L §7.1 by naming) is a
  // build site but for its occupant: say so instead of calling it "not a home centre".
  const claimable = () =>
    rules
      .buildSites(
        ctx,
        power,
        homes.filter((c) => position.owners[c] === power),
        built,
      )
      .includes(province);
  if (!homes.includes(province) && !claimable()) return { code: 'build-site-not-home', province, power };
  if (position.owners[province] !== power) return { code: 'build-site-not-owned', province, power };
  if (position.units.some((u) => provinceOf(u.loc) === province)) return { code: 'build-site-occupied', province };
  return { code: 'build-site-refused', province, power };
}

/** A removal: a unit of the power's own, of the type written. */
export function judgeRemove(scope: LegalityScope, order: RemoveOrder): Judged<RemoveOrder> {
  const found = orderedUnit(scope, order);
  if ('reason' in found) return refused(found.reason);
  const { power, type, loc } = found.unit;
  return { order: { kind: 'remove', power, type, loc } };
}
