// Winter adjustments: builds in vacant home centres, removals, waivers, and civil-disorder removals
// by the 2023 rule (DATC 4.D.8 / 6.J): the unit farthest from any owned centre, over land and sea
// alike; fleets before armies at equal distance; then the province's English name, alphabetically.
import type { Geometry } from '../map/geometry.js';
import type { RuleContext, Ruleset } from '../rules/ruleset.js';
import type { AdjustmentOrder, Loc, Note, Order, OrderOutcome, PowerId, Position, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';
import type { AdjustmentCount } from './result.js';

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

/** Vacant, owned centres where a power may build now, given the sites it already built in this winter. */
export function buildSites(
  ctx: RuleContext,
  rules: Required<Ruleset>,
  position: Position,
  power: PowerId,
  built: ProvinceId[] = [],
): ProvinceId[] {
  const def = ctx.variant.powerById.get(power);
  if (!def) return [];
  const homes = rules.homeCentres(ctx, power, def.home);
  const occupied = new Set(position.units.map((u) => provinceOf(u.loc)));
  for (const b of built) occupied.add(b);
  const owned = homes.filter((c) => position.owners[c] === power);
  return rules.buildSites(ctx, power, owned, built).filter((c) => !occupied.has(c));
}

export interface AdjustmentOutcome {
  outcomes: OrderOutcome[];
  units: Unit[];
  builds: { power: PowerId; loc: Loc }[];
  removed: Unit[];
  used: Order[];
}

export function adjudicateAdjustments(
  ctx: RuleContext,
  rules: Required<Ruleset>,
  orders: AdjustmentOrder[],
): AdjustmentOutcome {
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
        const sites = new Set(buildSites(ctx, rules, position, c.power, built));
        const fail = (reason: string, notes: Note[] = ['invalid']) => outcomes.push({ order: o, success: false, notes, reason });
        if (left === 0) {
          fail('no builds left');
          continue;
        }
        if (o.kind === 'waive') {
          left--;
          outcomes.push({ order: o, success: true, notes: [] });
          used.push(o);
          continue;
        }
        if (o.kind !== 'build') {
          fail('a power with builds cannot remove');
          continue;
        }
        const reason = buildProblem(g, o.type, o.loc, sites);
        if (reason) {
          fail(reason);
          continue;
        }
        built.push(provinceOf(o.loc));
        left--;
        const unit: Unit = { power: c.power, type: o.type, loc: o.loc };
        units.push(unit);
        builds.push({ power: c.power, loc: o.loc });
        outcomes.push({ order: o, success: true, notes: [] });
        used.push(o);
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
          outcomes.push({ order: o, success: false, notes: ['invalid'], reason: 'a power with too many units must remove' });
          continue;
        }
        if (left === 0) {
          outcomes.push({ order: o, success: false, notes: ['invalid'], reason: 'no more removals due' });
          continue;
        }
        const idx = units.findIndex((u) => u.power === c.power && provinceOf(u.loc) === provinceOf(o.loc));
        if (idx < 0) {
          outcomes.push({ order: o, success: false, notes: ['invalid'], reason: `no unit of yours in ${provinceOf(o.loc)}` });
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
      for (const o of mine)
        outcomes.push({ order: o, success: false, notes: ['invalid'], reason: 'no adjustment due' });
    }
  }
  for (const o of orders)
    if (!counts.some((c) => c.power === o.power))
      outcomes.push({ order: o, success: false, notes: ['invalid'], reason: 'no adjustment due' });
  return { outcomes, units, builds, removed, used };
}

function buildProblem(g: Geometry, type: 'A' | 'F', loc: Loc, sites: Set<ProvinceId>): string | null {
  const pid = provinceOf(loc);
  const idx = g.index.get(pid);
  if (idx === undefined) return `unknown space ${pid}`;
  if (!sites.has(pid)) return `${pid} is not a vacant home centre you own`;
  if (type === 'A') return g.isLand[idx] ? null : 'an army cannot be built at sea';
  const locs = g.fleetLocs[idx];
  if (!locs.length) return 'a fleet cannot be built inland';
  if (locs.length > 1 && !locs.includes(loc)) return `name the coast (${locs.join(', ')})`;
  return null;
}

/** The units a power in civil disorder loses, in removal order. */
export function civilDisorderRemovals(
  g: Geometry,
  owners: Record<ProvinceId, PowerId>,
  units: Unit[],
  power: PowerId,
  count: number,
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
      return { u, d: dist[i], name: g.names[i] };
    });
  mine.sort(
    (a, b) => b.d - a.d || (a.u.type === b.u.type ? 0 : a.u.type === 'F' ? -1 : 1) || a.name.localeCompare(b.name, 'en'),
  );
  return mine.slice(0, count).map((x) => x.u);
}

function distancesFrom(g: Geometry, sources: number[]): number[] {
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
