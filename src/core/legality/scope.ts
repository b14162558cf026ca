// What every legality question needs about one phase: the rule context (variant, geometry,
// position), the variant's rule modules, adjacency as those rules see it, and which unit stands
// in each province. Built once per phase by the adjudicator, and once per mail by the parser.
import { geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import type { RuleContext, Ruleset } from '../rules/ruleset.js';
import type { DislodgedUnit, DpBid, Position, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';
import { Reach } from './reach.js';

export interface LegalityScope {
  ctx: RuleContext;
  rules: Required<Ruleset>;
  reach: Reach;
  /** The unit standing in a province at the start of the phase. */
  unitIn(province: ProvinceId): Unit | undefined;
  /** The dislodged unit of a province (retreat phases). */
  dislodgedIn(province: ProvinceId): DislodgedUnit | undefined;
}

export function scopeOf(ctx: RuleContext, rules: Required<Ruleset>, reach?: Reach): LegalityScope {
  const standing = new Map<ProvinceId, Unit>();
  for (const u of ctx.position.units) standing.set(provinceOf(u.loc), u);
  const dislodged = new Map<ProvinceId, DislodgedUnit>();
  for (const u of ctx.position.dislodged) dislodged.set(provinceOf(u.loc), u);
  return {
    ctx,
    rules,
    reach: reach ?? new Reach(ctx.geometry, ctx, rules.cross),
    unitIn: (p) => standing.get(p),
    dislodgedIn: (p) => dislodged.get(p),
  };
}

/** The scope of a position as the variant's own rules see it. */
export function legalityScope(variant: Variant, position: Position, bids: DpBid[] = []): LegalityScope {
  const ctx: RuleContext = { variant, geometry: geometry(variant), position, bids };
  return scopeOf(ctx, rulesFor(variant));
}
