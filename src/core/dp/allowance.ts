// How many DP a power may allocate in the current movement phase.
//   per-centre n (A&E, 1648): one per centre owned, at most n.
//   home-control (S&L §8.3): +1 for holding any home centre, +1 for holding all of them, +1 for
//     holding any centre outside them. Home centres come from the composed `homeCentres` hook,
//     so an additional home centre named under §7.1 counts as home.
//   dp-first-year <power> <n> (1648): that power has n throughout the variant's first year.
// A power in permanent civil disorder (retired) has none: nobody plays it.
// Ownership changes only after Fall, so Spring and Fall of one year give the same allowance.
import type { Variant } from '../map/variant.js';
import type { RuleContext, Ruleset } from '../rules/ruleset.js';
import type { PowerId, Position, ProvinceId } from '../types.js';
import { dpConfig } from './config.js';
import { isRetired } from '../rules/variant/powers-in-play.js';
import { isGreat } from './neutrals.js';

/** Supplies a power's home centres as the variant's rules see them. */
export type HomesOf = (power: PowerId) => ProvinceId[];

export function allowanceOf(variant: Variant, position: Position, power: PowerId, homesOf: HomesOf): number {
  const mode = dpConfig(variant).allowance;
  if (!mode || position.phase.type !== 'movement' || !isGreat(variant, power) || isRetired(position, power)) return 0;
  const firstYear = dpConfig(variant).firstYear.get(power);
  if (firstYear !== undefined && position.phase.year === variant.startYear) return firstYear;
  const owned = centreCounts(position.owners).get(power) ?? 0;
  if (mode.kind === 'per-centre') return Math.min(owned, mode.max);
  const homes = homesOf(power);
  const heldHomes = homes.filter((c) => position.owners[c] === power).length;
  let dp = 0;
  if (heldHomes > 0) dp++;
  if (homes.length > 0 && heldHomes === homes.length) dp++;
  if (owned > heldHomes) dp++;
  return dp;
}

const countsCache = new WeakMap<Position['owners'], Map<PowerId, number>>();

/** Centres owned per power; cached per owners table, which positions never change in place. */
function centreCounts(owners: Position['owners']): Map<PowerId, number> {
  let counts = countsCache.get(owners);
  if (!counts) {
    counts = new Map();
    for (const c in owners) counts.set(owners[c], (counts.get(owners[c]) ?? 0) + 1);
    countsCache.set(owners, counts);
  }
  return counts;
}

/** Home centres through a composed ruleset's `homeCentres` hook. */
export function homesFrom(rules: Required<Ruleset>, ctx: RuleContext): HomesOf {
  return (power) => rules.homeCentres(ctx, power, ctx.variant.powerById.get(power)?.home ?? []);
}
