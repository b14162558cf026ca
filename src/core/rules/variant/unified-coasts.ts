// A&E v6 Smyrna: the fleets of whoever controls Constantinople treat Smyrna's coasts as one
// coastline (example 16), though they still name the coast they move to; everyone else sees
// two coasts (example 17). "All Great Powers must specify the Smyrna coast" that a fleet moves or
// retreats to (§VII), even where only one coast is in reach: no coast is guessed there.
import { coastOf, provinceOf, type Loc } from '../../types.js';
import type { RuleContext, Ruleset } from '../ruleset.js';
import type { RuleFactory } from '../registry.js';

export const unifiedCoasts: RuleFactory = (variant, setting) => {
  const [province, controller] = setting.args.map((s) => s.toLowerCase());
  const p = variant.map.byId.get(province);
  if (!p || p.coasts.length < 2) throw new Error(`"${province ?? ''}" is not a split-coast space`);
  if (!variant.map.byId.get(controller ?? '')?.centre) throw new Error(`"${controller ?? ''}" is not a supply centre`);
  const coasts = p.coasts.map((c) => `${province}/${c}`);
  const borders = (ctx: RuleContext, from: Loc, to: Loc) => ctx.geometry.fleetAdj.get(from)?.has(to) ?? false;
  const rules: Ruleset = {
    checkOrder(_ctx, order) {
      if (order.kind !== 'move' && order.kind !== 'retreat') return { ok: true };
      if (order.type !== 'F' || order.to !== province) return { ok: true };
      return { ok: false, reason: { code: 'coast-always-named', province } };
    },
    cross(ctx, unit, from, to, byMap) {
      if (byMap || unit.type !== 'F' || ctx.position.owners[controller] !== unit.power) return byMap;
      if (provinceOf(from) === province && coastOf(from)) return coasts.some((c) => borders(ctx, c, to));
      if (provinceOf(to) === province && coastOf(to)) return coasts.some((c) => borders(ctx, from, c));
      return false;
    },
  };
  return rules;
};
