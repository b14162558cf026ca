// A&E v6 straits: no move, support or retreat across a crossing (Edinburgh–Ireland,
// Andalusia–Morocco) while a fleet of another Great Power is in the strait's sea — at the start
// of the turn, or before retreats. The position a phase starts from is exactly that moment.
import { provinceOf } from '../../types.js';
import type { Loc, Unit } from '../../types.js';
import type { RuleContext, Ruleset } from '../ruleset.js';
import type { RuleFactory } from '../registry.js';

export const strait: RuleFactory = (variant, setting) => {
  const [a, b, sea] = setting.args.map((s) => s.toLowerCase());
  for (const id of [a, b, sea])
    if (!id || !variant.map.byId.has(id))
      throw new Error(`unknown space "${id ?? ''}" (expected: strait <a> <b> <sea>)`);
  /** The fleet that closes the crossing to this unit, if one does. */
  const guardOf = (ctx: RuleContext, unit: Unit, from: Loc, to: Loc): Unit | null => {
    const p = provinceOf(from);
    const q = provinceOf(to);
    if (!((p === a && q === b) || (p === b && q === a))) return null;
    const guard = ctx.position.units.find((u) => u.type === 'F' && provinceOf(u.loc) === sea);
    if (!guard || guard.power === unit.power) return null;
    return ctx.variant.powerById.get(guard.power)?.kind === 'great' ? guard : null;
  };
  const rules: Ruleset = {
    cross: (ctx, unit, from, to, byMap) => byMap && !guardOf(ctx, unit, from, to),
    closedCrossing(ctx, unit, from, to) {
      const guard = guardOf(ctx, unit, from, to);
      return guard ? { sea, guard } : null;
    },
  };
  return rules;
};
