// What every legality question needs about one phase: the rule context (variant, geometry,
// position), the variant's rule modules, adjacency as those rules see it, and which unit stands
// in each province. Built once per phase by the adjudicator, and once per mail by the parser.
import { geometry, provinceIndex, type Geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import type { RuleContext, Ruleset } from '../rules/ruleset.js';
import type { DislodgedUnit, DpBid, Position, ProvinceId, Unit } from '../types.js';
import { Reach } from './reach.js';

export interface LegalityScope {
  ctx: RuleContext;
  rules: Required<Ruleset>;
  reach: Reach;
  /** The province index of each standing unit, in the position's order (the adjudicator's arrays start here). */
  readonly unitProvinces: readonly number[];
  /** The unit standing in a province at the start of the phase. */
  unitIn(province: ProvinceId): Unit | undefined;
  /** unitIn, for the province of geometry index `p`. */
  unitAtIndex(p: number): Unit | undefined;
  /** The dislodged unit of a province (retreat phases). */
  dislodgedIn(province: ProvinceId): DislodgedUnit | undefined;
}

export function scopeOf(ctx: RuleContext, rules: Required<Ruleset>, reach?: Reach): LegalityScope {
  return new PhaseScope(ctx, rules, reach ?? new Reach(ctx.geometry, ctx, rules.cross));
}

// A class rather than an object of closures: built once per phase of every game and every replayed
// phase, so what it costs to build counts. Units are kept by province index in plain arrays: a Map
// grown to a full board rehashes as it grows, and a movement phase has no dislodged units at all.
class PhaseScope implements LegalityScope {
  readonly unitProvinces: number[];
  private readonly standing: (Unit | undefined)[];
  private dislodged: (DislodgedUnit | undefined)[] | null = null;

  constructor(
    readonly ctx: RuleContext,
    readonly rules: Required<Ruleset>,
    readonly reach: Reach,
  ) {
    const g = ctx.geometry;
    const units = ctx.position.units;
    this.unitProvinces = new Array<number>(units.length);
    this.standing = byProvince(g, units, this.unitProvinces);
    const dislodged = ctx.position.dislodged;
    if (dislodged.length) this.dislodged = byProvince(g, dislodged, new Array<number>(dislodged.length));
  }

  unitIn(province: ProvinceId): Unit | undefined {
    const p = this.ctx.geometry.index.get(province);
    return p === undefined ? undefined : this.standing[p];
  }

  unitAtIndex(p: number): Unit | undefined {
    return this.standing[p];
  }

  dislodgedIn(province: ProvinceId): DislodgedUnit | undefined {
    const p = this.ctx.geometry.index.get(province);
    return p === undefined || !this.dislodged ? undefined : this.dislodged[p];
  }
}

/** Units by province index; each unit's province index (-1: unknown) written to `provinces`, in order. */
function byProvince<U extends Unit>(g: Geometry, units: U[], provinces: number[]): (U | undefined)[] {
  const out = new Array<U | undefined>(g.n);
  for (let i = 0; i < units.length; i++) {
    const p = provinceIndex(g, units[i].loc);
    provinces[i] = p ?? -1;
    if (p !== undefined) out[p] = units[i];
  }
  return out;
}

/** The scope of a position as the variant's own rules see it. */
export function legalityScope(variant: Variant, position: Position, bids: DpBid[] = []): LegalityScope {
  const ctx: RuleContext = { variant, geometry: geometry(variant), position, bids };
  return scopeOf(ctx, rulesFor(variant));
}
