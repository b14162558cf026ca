// Which orders are legal before adjudication starts (DATC 4.E.1: an illegal order is ignored and
// the unit holds), and the adjacency questions every phase asks, with variant hooks applied.
import type { Geometry } from '../map/geometry.js';
import { borders } from '../map/geometry.js';
import type { CrossPurpose, RuleContext, Ruleset } from '../rules/ruleset.js';
import type { Loc, MovementOrder, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';

/** Adjacency as this phase's rules see it (straits, unified coasts...). */
export class Reach {
  constructor(
    readonly g: Geometry,
    private readonly ctx: RuleContext,
    private readonly cross: Required<Ruleset>['cross'] | null,
  ) {}

  canMove(unit: Unit, from: Loc, to: Loc, purpose: CrossPurpose): boolean {
    const byMap = borders(this.g, unit.type, from, to);
    return this.cross ? this.cross(this.ctx, unit, from, to, byMap, purpose) : byMap;
  }

  /** Fleet locations of province `to` this fleet can move to. */
  fleetTargets(unit: Unit, from: Loc, to: ProvinceId, purpose: CrossPurpose = 'move'): Loc[] {
    const idx = this.g.index.get(to);
    if (idx === undefined) return [];
    return this.g.fleetLocs[idx].filter((l) => this.canMove(unit, from, l, purpose));
  }

  reachesProvince(unit: Unit, from: Loc, to: ProvinceId, purpose: CrossPurpose): boolean {
    if (unit.type === 'A') return this.g.isLand[this.g.index.get(to) ?? 0] === 1 && this.canMove(unit, from, to, purpose);
    return this.fleetTargets(unit, from, to, purpose).length > 0;
  }

  /** Every location a dislodged unit could retreat to, before occupation and standoffs are removed. */
  retreatLocs(unit: Unit): Loc[] {
    const g = this.g;
    const p = g.index.get(provinceOf(unit.loc))!;
    const out: Loc[] = [];
    if (unit.type === 'A') {
      for (let b = 0; b < g.n; b++) if (g.armyAdj[p * g.n + b] && this.canMove(unit, unit.loc, g.ids[b], 'retreat')) out.push(g.ids[b]);
    } else {
      for (const l of g.fleetAdj.get(unit.loc) ?? []) if (this.canMove(unit, unit.loc, l, 'retreat')) out.push(l);
      if (this.cross)
        for (let b = 0; b < g.n; b++)
          for (const l of g.fleetLocs[b]) if (!out.includes(l) && l !== unit.loc && this.canMove(unit, unit.loc, l, 'retreat')) out.push(l);
    }
    return out;
  }

  /** Can an army be carried from one coast province to another through sea spaces at all? */
  seaRoute(from: number, to: number, through = -1): boolean {
    const g = this.g;
    if (!g.isCoastal[from] || !g.isCoastal[to]) return false;
    if (through >= 0) return this.necessaryFleet(from, to, through);
    const n = g.n;
    const seen = new Uint8Array(n);
    const stack: number[] = [];
    for (let s = 0; s < n; s++)
      if (g.isSea[s] && g.fleetProvAdj[from * n + s]) {
        seen[s] = 1;
        stack.push(s);
      }
    const reached = new Uint8Array(n);
    while (stack.length) {
      const s = stack.pop()!;
      reached[s] = 1;
      for (let t = 0; t < n; t++)
        if (!seen[t] && g.isSea[t] && g.fleetProvAdj[s * n + t]) {
          seen[t] = 1;
          stack.push(t);
        }
    }
    for (let s = 0; s < n; s++) if (reached[s] && g.fleetProvAdj[s * n + to]) return true;
    return false;
  }

  /**
   * Is a fleet at sea `fleet` necessary for some convoy route from -> to? True when some route
   * through it has no shortcut (no two non-consecutive spaces of the route border each other);
   * a convoy order for an unnecessary fleet is illegal (DATC 4.E.1, 6.G.19).
   */
  private necessaryFleet(from: number, to: number, fleet: number): boolean {
    const g = this.g;
    const n = g.n;
    const adj = (a: number, b: number) => g.fleetProvAdj[a * n + b] === 1;
    const path: number[] = [from];
    const onPath = new Uint8Array(n);
    onPath[from] = 1;
    const extend = (usedFleet: boolean): boolean => {
      const last = path[path.length - 1];
      if (path.length > 1 && adj(last, to) && usedFleet && path.slice(1, -1).every((p) => !adj(p, to))) return true;
      if (path.length > 12) return false;
      for (let s = 0; s < n; s++) {
        if (!g.isSea[s] || onPath[s] || !adj(last, s)) continue;
        // no shortcut: s may border only the last space of the path, and must not border the destination early
        let chord = false;
        for (let k = 0; k < path.length - 1 && !chord; k++) if (adj(path[k], s)) chord = true;
        if (chord) continue;
        if (adj(s, to) && !(usedFleet || s === fleet)) continue;
        path.push(s);
        onPath[s] = 1;
        const found = extend(usedFleet || s === fleet);
        path.pop();
        onPath[s] = 0;
        if (found) return true;
      }
      return false;
    };
    return extend(false);
  }
}

export interface LegalOrders {
  /** Per unit index: the order adjudicated (a hold when none or illegal). */
  orders: MovementOrder[];
  /** Per unit index: the order as given, when one was given. */
  given: (MovementOrder | undefined)[];
  /** Per unit index: why the given order was not carried out as written. */
  reason: (string | undefined)[];
  viaConvoy: Uint8Array;
}

export function legalise(
  ctx: RuleContext,
  rules: Required<Ruleset>,
  reach: Reach,
  orders: MovementOrder[],
  unitAt: Int32Array,
  prov: Int32Array,
  invalidMoves: Set<Loc>,
): LegalOrders {
  const g = ctx.geometry;
  const units = ctx.position.units;
  const count = units.length;
  const result: LegalOrders = {
    orders: units.map((u) => ({ kind: 'hold', power: u.power, type: u.type, loc: u.loc })),
    given: new Array(count).fill(undefined),
    reason: new Array(count).fill(undefined),
    viaConvoy: new Uint8Array(count),
  };
  for (const o of orders) {
    const p = g.index.get(provinceOf(o.loc));
    if (p === undefined) continue;
    const i = unitAt[p];
    if (i < 0 || units[i].power !== o.power) continue; // no such unit of that power: ignored (6.A.6)
    result.given[i] = o;
    const verdict = check(o, units[i], i);
    if (typeof verdict === 'string') {
      result.reason[i] = verdict;
      result.orders[i] = { kind: 'hold', power: units[i].power, type: units[i].type, loc: units[i].loc };
    } else {
      result.reason[i] = undefined;
      result.orders[i] = verdict;
    }
  }
  return result;

  function check(o: MovementOrder, unit: Unit, i: number): MovementOrder | string {
    const ruleCheck = rules.checkOrder(ctx, o);
    if (!ruleCheck.ok) return ruleCheck.reason ?? 'not allowed by the variant rules';
    const here = prov[i];
    switch (o.kind) {
      case 'hold':
        return { kind: 'hold', power: unit.power, type: unit.type, loc: unit.loc };
      case 'move': {
        if (invalidMoves.has(unit.loc)) return 'a neutral unit may not end its turn elsewhere';
        const toProv = provinceOf(o.to);
        const t = g.index.get(toProv);
        if (t === undefined) return `unknown destination ${o.to}`;
        if (t === here) return 'a unit cannot move to its own space';
        if (unit.type === 'A') {
          if (!g.isLand[t]) return 'an army cannot move to sea';
          const land = reach.canMove(unit, unit.loc, toProv, 'move');
          if (!land && !reach.seaRoute(here, t)) return `${unit.loc} does not border ${toProv}`;
          result.viaConvoy[i] = o.viaConvoy ? 1 : 0;
          return { kind: 'move', power: unit.power, type: 'A', loc: unit.loc, to: toProv, viaConvoy: o.viaConvoy };
        }
        if (!g.isSea[t] && !g.isCoastal[t]) return 'a fleet cannot move inland';
        const targets = reach.fleetTargets(unit, unit.loc, toProv);
        let to: Loc;
        if (o.to.includes('/') && g.fleetLocs[t].length > 1) {
          if (!targets.includes(o.to)) return `${unit.loc} does not border ${o.to}`;
          to = o.to;
        } else if (targets.length === 1) to = targets[0];
        else if (targets.length === 0) return `${unit.loc} does not border ${toProv}`;
        else return `which coast of ${toProv}? (${targets.join(', ')})`;
        return { kind: 'move', power: unit.power, type: 'F', loc: unit.loc, to, viaConvoy: false };
      }
      case 'support': {
        const t = g.index.get(o.target);
        if (t === undefined) return `unknown space ${o.target}`;
        if (t === here) return 'a unit cannot support itself';
        const where = o.to === undefined ? o.target : provinceOf(o.to);
        const w = g.index.get(where);
        if (w === undefined) return `unknown space ${where}`;
        if (o.to !== undefined && w === t) return 'a supported move must leave its space';
        if (w === here) return 'a unit cannot support a move into its own space';
        if (!reach.reachesProvince(unit, unit.loc, where, 'support')) return `${unit.loc} cannot reach ${where} to support there`;
        const s = unitAt[t];
        if (o.to !== undefined && s >= 0) {
          const su = units[s];
          const can =
            su.type === 'A'
              ? g.isLand[w] === 1 && (reach.canMove(su, su.loc, where, 'move') || reach.seaRoute(t, w))
              : reach.fleetTargets(su, su.loc, where).length > 0;
          if (!can) return `the unit in ${o.target} cannot reach ${where}`;
        }
        // Keep a coast the player named: a support must match it (DATC 4.B.4).
        const to = o.to === undefined ? undefined : o.to.includes('/') && g.fleetLocs[w].includes(o.to) ? o.to : where;
        return { kind: 'support', power: unit.power, type: unit.type, loc: unit.loc, target: o.target, to };
      }
      case 'convoy': {
        if (unit.type !== 'F') return 'only fleets convoy';
        if (!g.isSea[here]) return 'a fleet convoys only from a sea space';
        const f = g.index.get(o.from);
        const t = g.index.get(provinceOf(o.to));
        if (f === undefined || t === undefined) return 'unknown space in convoy';
        if (f === t) return 'a convoy must go somewhere else';
        if (!reach.seaRoute(f, t, here)) return `${unit.loc} is on no sea route from ${o.from} to ${o.to}`;
        const a = unitAt[f];
        if (a >= 0 && units[a].type !== 'A') return 'only armies are convoyed';
        return { kind: 'convoy', power: unit.power, type: 'F', loc: unit.loc, from: o.from, to: provinceOf(o.to) };
      }
    }
  }
}
