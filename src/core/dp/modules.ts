// The rule modules behind the DP rule lines of docs/variant-format.md. Settings that only tune
// the bidding (first-year allowance, cap, affiliate double, attacking and allocating) are read by
// dpConfig and applied in the `dp` module's resolution, so their own modules only check their
// arguments; the neutral units' behaviour on the board lives in `neutral-orders`, and the Religion
// Rule, which says what orders a minor's unit may carry out, in `religion`.
import type { RuleSetting, Variant } from '../map/variant.js';
import type { RuleContext, Ruleset } from '../rules/ruleset.js';
import type { Position, PowerId, Unit } from '../types.js';
import { provinceOf } from '../types.js';
import {
  expectWords,
  noArguments,
  parseAttackKinds,
  parseAllowance,
  parseCap,
  parseFirstYear,
  parseNeutralOrders,
  parseReligion,
} from './config.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import { isNeutral, unitsByProvince } from './neutrals.js';
import { religionProblem } from './religion.js';
import { resolveBids } from './resolve.js';

/** The composed rules of a variant (rules/index.ts rulesFor), handed in so DP imports no composition. */
export type RulesOf = (variant: Variant) => Required<Ruleset>;

function dpModule(variant: Variant, setting: RuleSetting, rulesFor: RulesOf): Ruleset {
  parseAllowance(setting);
  return {
    supplyOrders(ctx, orders) {
      if (ctx.position.phase.type !== 'movement') return orders;
      const homesOf = (power: string) =>
        rulesFor(ctx.variant).homeCentres(ctx, power, ctx.variant.powerById.get(power)?.home ?? []);
      const resolution = resolveBids(ctx.variant, ctx.position, orders, ctx.bids, homesOf);
      ctx.dpReport = resolution.report;
      const startUnits = unitsByProvince(ctx.position.units);
      const inPlay = variantInPlay(ctx.variant, ctx.position);
      // Orders for neutral units come only from the bids, whoever else tried to give one.
      const forOthers = orders.filter((o) => {
        const unit = startUnits.get(provinceOf(o.loc));
        return !unit || !isNeutral(inPlay, unit.power);
      });
      return [...forOthers, ...resolution.orders];
    },
  };
}

export function neutralOrdersModule(variant: Variant, setting: RuleSetting): Ruleset {
  const mode = parseNeutralOrders(setting);
  // Minors created during the game (civil disorder) are neutral like the variant's own.
  const neutral = (ctx: RuleContext, power: PowerId) => isNeutral(variantInPlay(variant, ctx.position), power);
  return {
    moveMode: (ctx, unit) => (mode !== 'hold-support' && neutral(ctx, unit.power) ? mode : 'normal'),
    // A dislodged neutral unit is destroyed (A&E §II, 1648 "Minor Powers", S&L §6.0).
    mayRetreat: (ctx, unit) => !neutral(ctx, unit.power),
    // Neutrals neither build nor remove by centre count; their one unit is rebuilt below.
    adjusts: (ctx, power) => !neutral(ctx, power),
    checkOrder: (ctx, order) => {
      if (order.kind !== 'hold' && order.kind !== 'move' && order.kind !== 'support' && order.kind !== 'convoy')
        return { ok: true };
      const unit = unitsByProvince(ctx.position.units).get(provinceOf(order.loc));
      if (unit && neutral(ctx, unit.power) && order.power !== unit.power)
        return { ok: false, reason: { code: 'neutral-by-dp-only' } };
      return { ok: true };
    },
    afterAdjustment: (_ctx, next) => rebuildNeutrals(variant, next),
  };
}

/**
 * In Winter a neutral whose centre is still its own and empty gets its unit back, of the type it
 * started with (A&E §II, 1648 "Minor Powers", S&L §7.2). "Still its own" is the same as "no Great
 * Power occupied it at the end of Fall", since that is when centres change hands. A minor created
 * during the game (civil disorder) gets its first unit the same way, in the Winter after it arose.
 */
export function rebuildNeutrals(fileVariant: Variant, next: Position): void {
  const variant = variantInPlay(fileVariant, next);
  const occupied = new Set(next.units.map((u) => provinceOf(u.loc)));
  const rebuilt: Unit[] = [];
  for (const p of variant.powers) {
    if (!isNeutral(variant, p.id)) continue;
    for (const centre of p.home) {
      if (next.owners[centre] !== p.id || occupied.has(centre)) continue;
      const spec = p.units.find((u) => provinceOf(u.loc) === centre);
      if (spec) rebuilt.push({ power: p.id, type: spec.type, loc: spec.loc });
    }
  }
  if (rebuilt.length) next.units = [...next.units, ...rebuilt];
}

const ALLOWED = Object.freeze({ ok: true });
const startUnitsOf = new WeakMap<Position, Map<string, Unit>>();

/**
 * The Religion Rule (religion.ts) as a legality rule for the orders of minors' units: a bid whose order
 * breaks it is refused by nobody, but the order is invalid, so a winning one leaves the unit holding.
 */
export function religionModule(_variant: Variant, setting: RuleSetting): Ruleset {
  const wording = parseReligion(setting);
  return {
    checkOrder(ctx, order) {
      if (order.kind !== 'hold' && order.kind !== 'move' && order.kind !== 'support' && order.kind !== 'convoy')
        return ALLOWED;
      let startUnits = startUnitsOf.get(ctx.position);
      if (!startUnits) startUnitsOf.set(ctx.position, (startUnits = unitsByProvince(ctx.position.units)));
      const unit = startUnits.get(provinceOf(order.loc));
      // Minors created during the game (civil disorder) keep the religion of the power they came from.
      const inPlay = variantInPlay(ctx.variant, ctx.position);
      if (!unit || unit.power !== order.power || !isNeutral(inPlay, unit.power)) return ALLOWED;
      const problem = religionProblem(inPlay, wording, startUnits, unit, order);
      return problem ? { ok: false, reason: problem } : ALLOWED;
    },
  };
}

/** Modules whose setting is applied by the `dp` resolution (see dpConfig): they check their arguments. */
export function settingOnly(
  check: (variant: Variant, setting: RuleSetting) => void,
): (variant: Variant, setting: RuleSetting) => Ruleset {
  return (variant, setting) => {
    check(variant, setting);
    return {};
  };
}

/** The Diplomacy-Points rule modules by the id variant files use; rules/index.ts registers them. */
export const dpRules = (rulesFor: RulesOf): Record<string, (variant: Variant, setting: RuleSetting) => Ruleset> => ({
  dp: (variant, setting) => dpModule(variant, setting, rulesFor),
  'dp-first-year': settingOnly((v, s) => parseFirstYear(v, s)),
  'dp-cap-per-neutral': settingOnly((_v, s) => parseCap(s)),
  'dp-affiliate-double': settingOnly((_v, s) => noArguments(s)),
  'dp-no-attack-and-allocate': settingOnly((_v, s) => void parseAttackKinds(s)),
  religion: religionModule,
  'neutral-orders': neutralOrdersModule,
  // Lines the 1648 and S&L files add to state behaviour the modules above always have.
  'dp-overspend': settingOnly((_v, s) =>
    expectWords(s, ['forfeit-all'], 'over-allocating forfeits all DP of the phase'),
  ),
  'neutral-dislodged': settingOnly((_v, s) => expectWords(s, ['disband'], 'a dislodged neutral unit is destroyed')),
  'neutral-rebuild': settingOnly((_v, s) =>
    expectWords(
      s,
      ['unoccupied-after-fall', 'owned-and-vacant', 'start-type'],
      'a neutral still owning its empty centre in Winter rebuilds its starting unit',
    ),
  ),
});
