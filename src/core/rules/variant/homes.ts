// Where a power may build: centres it may never build in, fixed extra home centres, home
// centres claimed by building (A&E), and home centres named in winter (S&L §7.1).
import { provinceOf, type PowerId, type Position, type ProvinceId } from '../../types.js';
import type { Variant } from '../../map/variant.js';
import type { RuleContext, Ruleset } from '../ruleset.js';
import type { RuleFactory } from '../registry.js';

const CLAIMS = 'extraHomes';

/** Extra home centres claimed so far, by power (kept in position.state). */
export function claimedHomes(position: Position): Record<PowerId, ProvinceId[]> {
  return (position.state[CLAIMS] as Record<PowerId, ProvinceId[]> | undefined) ?? {};
}

function checkPower(variant: Variant, id: string | undefined): PowerId {
  const p = variant.powerById.get((id ?? '').toLowerCase());
  if (!p) throw new Error(`unknown power "${id ?? ''}"`);
  return p.id;
}

function checkCentre(variant: Variant, id: string): ProvinceId {
  const c = variant.map.byId.get(id.toLowerCase());
  if (!c?.centre) throw new Error(`"${id}" is not a supply centre`);
  return c.id;
}

export const noBuild: RuleFactory = (variant, setting) => {
  const power = checkPower(variant, setting.args[0]);
  const banned = new Set(setting.args.slice(1).map((c) => checkCentre(variant, c)));
  if (!banned.size) throw new Error('expected: no-build <power> <centre>...');
  // "Not considered a home centre": it is taken from the power's home centres only, so a right to
  // build there from elsewhere (the 1648 Emperor's, in any HRE centre) still stands.
  const rules: Ruleset = {
    homeCentres: (_ctx, p, homes) => (p === power ? homes.filter((c) => !banned.has(c)) : homes),
  };
  return rules;
};

/** `extra-home fixed <power> <centres…>`: more home centres, used whenever the power owns them. */
function fixedHomes(variant: Variant, args: string[]): Ruleset {
  const power = checkPower(variant, args[0]);
  const extra = args.slice(1).map((c) => checkCentre(variant, c));
  if (!extra.length) throw new Error('expected: extra-home fixed <power> <centre>...');
  return {
    homeCentres: (_ctx, p, homes) => (p === power ? [...homes, ...extra.filter((c) => !homes.includes(c))] : homes),
  };
}

function originalHomeOwners(variant: Variant): Map<ProvinceId, PowerId> {
  const m = new Map<ProvinceId, PowerId>();
  for (const p of variant.powers) if (p.kind === 'great') for (const c of p.home) m.set(c, p.id);
  return m;
}

/**
 * A power may turn one centre into an extra home by building in it; once claimed it stays.
 * `canClaim` says which owned, vacant centres qualify.
 */
function claimByBuilding(
  powers: PowerId[],
  canClaim: (ctx: RuleContext, power: PowerId, centre: ProvinceId) => boolean,
): Ruleset {
  return {
    homeCentres: (ctx, p, homes) => {
      const mine = claimedHomes(ctx.position)[p] ?? [];
      return mine.length ? [...homes, ...mine.filter((c) => !homes.includes(c))] : homes;
    },
    buildSites(ctx, p, sites, built) {
      if (!powers.includes(p) || (claimedHomes(ctx.position)[p] ?? []).length) return sites;
      const homes = new Set(ctx.variant.powerById.get(p)!.home);
      // Only one claim per power: once this winter's builds include a claimed centre, no other qualifies.
      if (built.some((b) => !homes.has(b))) return sites;
      // Occupied sites are filtered out by the caller, once, after every hook.
      const extra = Object.entries(ctx.position.owners)
        .filter(([c, owner]) => owner === p && !homes.has(c) && canClaim(ctx, p, c))
        .map(([c]) => c);
      return [...sites, ...extra.filter((c) => !sites.includes(c))];
    },
    afterAdjustment(ctx, next, builds) {
      const claims = { ...claimedHomes(next) };
      for (const b of builds) {
        if (!powers.includes(b.power) || (claims[b.power] ?? []).length) continue;
        const centre = provinceOf(b.loc);
        const homes = ctx.variant.powerById.get(b.power)!.home;
        if (!homes.includes(centre)) claims[b.power] = [centre];
      }
      next.state[CLAIMS] = claims;
    },
  };
}

export const extraHome: RuleFactory = (variant, setting) => {
  const [mode, ...rest] = setting.args;
  switch (mode) {
    case 'fixed':
      return fixedHomes(variant, rest);
    case 'by-build': {
      // A&E: the first conquered centre built in; an original home of another Great Power
      // qualifies (example 12), a recaptured own home never counts (it is already home).
      const powers = rest.map((p) => checkPower(variant, p));
      return claimByBuilding(powers, () => true);
    }
    case 'named': {
      // S&L §7.1: named by building there in winter; (1) owned and vacant, (2) only one,
      // (3) never a home centre of another great power — it started as a minor's or affiliate's.
      const [count, from, ...kinds] = rest;
      if (count !== '1' || from !== 'from' || !kinds.length)
        throw new Error('expected: extra-home named 1 from <kind>...');
      const startedAs = new Map<ProvinceId, string>();
      for (const p of variant.powers) for (const c of p.home) startedAs.set(c, p.kind);
      const greats = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
      const homeOfGreat = originalHomeOwners(variant);
      return claimByBuilding(greats, (ctx, power, c) => {
        if (homeOfGreat.has(c) || !kinds.includes(startedAs.get(c) ?? '')) return false;
        return !Object.entries(claimedHomes(ctx.position)).some(([p, list]) => p !== power && list.includes(c));
      });
    }
    default:
      throw new Error(`unknown extra-home mode "${mode ?? ''}" (fixed, by-build, named)`);
  }
};
