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
// phase, and once per order mail, so what it costs to build counts. The units stand in arrays by the
// map's province index: filling a Map of 34 units (growing it four times) cost more than reading a mail.
class PhaseScope implements LegalityScope {
  private readonly standing: (Unit | undefined)[];
  private readonly dislodged: (DislodgedUnit | undefined)[];
  private readonly index: Map<ProvinceId, number>;

  constructor(
    readonly ctx: RuleContext,
    readonly rules: Required<Ruleset>,
    readonly reach: Reach,
  ) {
    this.index = ctx.geometry.index;
    this.standing = byProvince(this.index, ctx.position.units);
    this.dislodged = byProvince(this.index, ctx.position.dislodged);
  }

  unitIn(province: ProvinceId): Unit | undefined {
    const i = this.index.get(province);
    return i === undefined ? undefined : this.standing[i];
  }

  dislodgedIn(province: ProvinceId): DislodgedUnit | undefined {
    const i = this.index.get(province);
    return i === undefined ? undefined : this.dislodged[i];
  }
}

/** Units by the index of their province; a unit on no province of the map is in none (as it was never found). */
function byProvince<U extends Unit>(index: Map<ProvinceId, number>, units: readonly U[]): (U | undefined)[] {
  const out: (U | undefined)[] = [];
  if (!units.length) return out;
  out.length = index.size;
  for (const u of units) {
    const i = index.get(provinceOf(u.loc));
    if (i !== undefined) out[i] = u;
  }
  return out;
}

/** The scope of a position as the variant's own rules see it. */
export function legalityScope(variant: Variant, position: Position, bids: DpBid[] = []): LegalityScope {
  const ctx: RuleContext = { variant, geometry: geometry(variant), position, bids };
  return scopeOf(ctx, rulesFor(variant));
}
