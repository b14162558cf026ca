// Winter adjustments: builds in vacant home centres, removals, waivers, and civil-disorder removals
// by the 2023 rule (DATC 4.D.8 / 6.J): the unit farthest from any owned centre, over land and sea
// alike; fleets before armies at equal distance; then the province's English name, alphabetically.
import { judgeBuild, judgeRemove, type LegalityScope } from '../legality/index.js';
import type { Geometry } from '../map/geometry.js';
import type { RuleContext, Ruleset } from '../rules/ruleset.js';
import type { AdjustmentOrder, Loc, Note, Order, PowerId, Position, ProvinceId, Unit } from '../types.js';
import type { OrderOutcome } from './result.js';
import type { Reason } from '../reasons.js';
import { provinceOf } from '../types.js';
import type { AdjustmentCount } from './result.js';
import { compareNames } from '../map/names.js';

const NO_ADJUSTMENT: Reason = { code: 'no-adjustment-due' };
export function adjustmentCounts(ctx: RuleContext, rules: Required<Ruleset>, position: Position): AdjustmentCount[] {
  // Counted in one pass each: this runs after every Fall, and the board has dozens of powers in some variants.
  const centresOf = new Map<PowerId, number>();
  for (const c in position.owners) centresOf.set(position.owners[c], (centresOf.get(position.owners[c]) ?? 0) + 1);
  const unitsOf = new Map<PowerId, number>();
  for (const u of position.units) unitsOf.set(u.power, (unitsOf.get(u.power) ?? 0) + 1);
  const out: AdjustmentCount[] = [];
  for (const p of ctx.variant.powers) {
    const centres = centresOf.get(p.id) ?? 0;
    const units = unitsOf.get(p.id) ?? 0;
    if (centres === 0 && units === 0) continue;
    if (!rules.adjusts(ctx, p.id)) continue;
    out.push({ power: p.id, centres, units, delta: centres - units });
  }
  return out;
}

export { buildSites } from '../legality/index.js';

export interface AdjustmentOutcome {
  outcomes: OrderOutcome[];
  units: Unit[];
  builds: { power: PowerId; loc: Loc }[];
  removed: Unit[];
  used: Order[];
}

export function adjudicateAdjustments(scope: LegalityScope, orders: AdjustmentOrder[]): AdjustmentOutcome {
  const { ctx, rules } = scope;
  const position = ctx.position;
  const g = ctx.geometry;
  const counts = adjustmentCounts(ctx, rules, position);
  let units = [...position.units];
  const outcomes: OrderOutcome[] = [];
  const builds: { power: PowerId; loc: Loc }[] = [];
  const removed: Unit[] = [];
  const used: Order[] = [];

  for (const c of counts) {
    const mine = orders.filter((o) => o.power === c.power);
    if (c.delta > 0) {
      let left = c.delta;
      const built: ProvinceId[] = [];
      for (const o of mine) {
        const fail = (reason: Reason, notes: Note[] = ['invalid']) =>
          outcomes.push({ order: o, success: false, notes, reason });
        if (left === 0) {
          fail({ code: 'no-builds-left' });
          continue;
        }
        if (o.kind === 'waive') {
          left--;
          outcomes.push({ order: o, success: true, notes: [] });
          used.push(o);
          continue;
        }
        if (o.kind !== 'build') {
          fail({ code: 'builder-removes' });
          continue;
        }
        const verdict = judgeBuild(scope, o, built);
        if ('reason' in verdict) {
          fail(verdict.reason);
          continue;
        }
        const build = verdict.order;
        built.push(provinceOf(build.loc));
        left--;
        const unit: Unit = { power: c.power, type: build.type, loc: build.loc };
        units.push(unit);
        builds.push({ power: c.power, loc: build.loc });
        outcomes.push({ order: build, success: true, notes: [] });
        used.push(build);
      }
      for (; left > 0; left--) {
        const waive: Order = { kind: 'waive', power: c.power };
        used.push(waive);
        outcomes.push({ order: waive, success: true, notes: ['no order'] });
      }
    } else if (c.delta < 0) {
      let left = -c.delta;
      for (const o of mine) {
        if (o.kind !== 'remove') {
          outcomes.push({
            order: o,
            success: false,
            notes: ['invalid'],
            reason: { code: 'remover-builds' },
          });
          continue;
        }
        if (left === 0) {
          outcomes.push({ order: o, success: false, notes: ['invalid'], reason: { code: 'no-removals-left' } });
          continue;
        }
        const verdict = judgeRemove(scope, o);
        if ('reason' in verdict) {
          outcomes.push({ order: o, success: false, notes: ['invalid'], reason: verdict.reason });
          continue;
        }
        const idx = units.findIndex((u) => u.loc === verdict.order.loc);
        if (idx < 0) {
          outcomes.push({ order: o, success: false, notes: ['invalid'], reason: { code: 'already-removed' } });
          continue;
        }
        removed.push(units[idx]);
        used.push({ kind: 'remove', ...units[idx] });
        outcomes.push({ order: { kind: 'remove', ...units[idx] }, success: true, notes: [] });
        units.splice(idx, 1);
        left--;
      }
      for (const u of civilDisorderRemovals(g, position.owners, units, c.power, left)) {
        units = units.filter((x) => x !== u);
        removed.push(u);
        const order: Order = { kind: 'remove', ...u };
        used.push(order);
        outcomes.push({ order, success: true, notes: ['no order'] });
      }
    } else {
      for (const o of mine) outcomes.push({ order: o, success: false, notes: ['invalid'], reason: NO_ADJUSTMENT });
    }
  }
  for (const o of orders)
    if (!counts.some((c) => c.power === o.power))
      outcomes.push({ order: o, success: false, notes: ['invalid'], reason: NO_ADJUSTMENT });
  return { outcomes, units, builds, removed, used };
}

/**
 * The units a power in civil disorder loses, in removal order. `alphabetical` is the key of the last
 * tie-break by province index: full names (DATC 6.J.4); the replay passes the ids, Droidippy's key.
 */
export function civilDisorderRemovals(
  g: Geometry,
  owners: Record<ProvinceId, PowerId>,
  units: Unit[],
  power: PowerId,
  count: number,
  alphabetical: readonly string[] = g.names,
): Unit[] {
  if (count <= 0) return [];
  const owned = Object.entries(owners)
    .filter(([, p]) => p === power)
    .map(([c]) => g.index.get(c)!);
  const dist = distancesFrom(g, owned);
  const mine = units
    .filter((u) => u.power === power)
    .map((u) => {
      const i = g.index.get(provinceOf(u.loc))!;
      return { u, d: dist[i], name: alphabetical[i] };
    });
  mine.sort(
    (a, b) => b.d - a.d || (a.u.type === b.u.type ? 0 : a.u.type === 'F' ? -1 : 1) || compareNames(a.name, b.name),
  );
  return mine.slice(0, count).map((x) => x.u);
}

/** Steps over land and sea from the nearest of `sources` to each province (civil-disorder removals and retreats). */
export function distancesFrom(g: Geometry, sources: number[]): number[] {
  const dist = new Array<number>(g.n).fill(Number.MAX_SAFE_INTEGER);
  const queue: number[] = [];
  for (const s of sources) {
    dist[s] = 0;
    queue.push(s);
  }
  for (let head = 0; head < queue.length; head++) {
    const a = queue[head];
    for (const b of g.anyAdj[a])
      if (dist[b] > dist[a] + 1) {
        dist[b] = dist[a] + 1;
        queue.push(b);
      }
  }
  return dist;
}
