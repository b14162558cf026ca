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
  return new PhaseScope(ctx, rules, reach ?? new Reach(ctx.geometry, ctx, rules.cross));
}

// A class rather than an object of closures: built once per phase of every game and every replayed
// phase, so what it costs to build counts.
class PhaseScope implements LegalityScope {
  private readonly standing = new Map<ProvinceId, Unit>();
  private readonly dislodged = new Map<ProvinceId, DislodgedUnit>();

  constructor(
    readonly ctx: RuleContext,
    readonly rules: Required<Ruleset>,
    readonly reach: Reach,
  ) {
    for (const u of ctx.position.units) this.standing.set(provinceOf(u.loc), u);
    for (const u of ctx.position.dislodged) this.dislodged.set(provinceOf(u.loc), u);
  }

  unitIn(province: ProvinceId): Unit | undefined {
    return this.standing.get(province);
  }

  dislodgedIn(province: ProvinceId): DislodgedUnit | undefined {
    return this.dislodged.get(province);
  }
}

/** The scope of a position as the variant's own rules see it. */
export function legalityScope(variant: Variant, position: Position, bids: DpBid[] = []): LegalityScope {
  const ctx: RuleContext = { variant, geometry: geometry(variant), position, bids };
  return scopeOf(ctx, rulesFor(variant));
}
