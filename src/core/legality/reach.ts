// Adjacency as the rules of a phase see it: the map's borders with the variant's `cross` hook
// applied (straits, unified coasts), plus the sea-route questions convoys ask. Every legality
// question about reaching a place goes through here.
import type { Geometry } from '../map/geometry.js';
import { borders, provinceIndex } from '../map/geometry.js';
import { mapDecides, type CrossPurpose, type RuleContext, type Ruleset } from '../rules/ruleset.js';
import type { Loc, ProvinceId, Unit } from '../types.js';

/** Adjacency as this phase's rules see it (straits, unified coasts...). */
export class Reach {
  /** The rules' crossing hook; null when the map alone decides (no straits, no joined coasts). */
  private readonly cross: Required<Ruleset>['cross'] | null;

  constructor(
    readonly g: Geometry,
    private readonly ctx: RuleContext,
    cross: Required<Ruleset>['cross'] | null,
  ) {
    this.cross = cross === mapDecides ? null : cross;
  }

  canMove(unit: Unit, from: Loc, to: Loc, purpose: CrossPurpose): boolean {
    const byMap = borders(this.g, unit.type, from, to);
    return this.cross ? this.cross(this.ctx, unit, from, to, byMap, purpose) : byMap;
  }

  /** canMove, the two locations' province indices known: an army where the map alone decides reads the matrix. */
  canMoveIn(unit: Unit, from: Loc, to: Loc, a: number, b: number, purpose: CrossPurpose): boolean {
    if (unit.type === 'A' && !this.cross) return this.g.armyAdj[a * this.g.n + b] === 1;
    return this.canMove(unit, from, to, purpose);
  }

  /** Fleet locations of province `to` this fleet can move to. */
  fleetTargets(unit: Unit, from: Loc, to: ProvinceId, purpose: CrossPurpose = 'move'): readonly Loc[] {
    const idx = this.g.index.get(to);
    return idx === undefined ? [] : this.fleetTargetsIn(unit, from, idx, purpose);
  }

  /** fleetTargets, for the province of index `idx`; `at`, when known: the index of the province of `from`. */
  fleetTargetsIn(unit: Unit, from: Loc, idx: number, purpose: CrossPurpose = 'move', at = -1): readonly Loc[] {
    // Where the map alone decides, the map's own answer (shared, never written) needs no filtering; a
    // fleet on a province of one fleet location (most) finds it by the province's index, not its name.
    if (!this.cross) {
      const g = this.g;
      return ((at >= 0 && from === g.ids[at] ? g.fleetReachAt[at] : g.fleetReach.get(from)) ?? NO_ROW)[idx] ?? [];
    }
    return this.g.fleetLocs[idx].filter((l) => this.canMove(unit, from, l, purpose));
  }

  reachesProvince(unit: Unit, from: Loc, to: ProvinceId, purpose: CrossPurpose): boolean {
    if (unit.type === 'A')
      return this.g.isLand[this.g.index.get(to) ?? 0] === 1 && this.canMove(unit, from, to, purpose);
    return this.fleetTargets(unit, from, to, purpose).length > 0;
  }

  /** reachesProvince, from the province of index `at` to the province of index `idx`. */
  reachesProvinceIn(unit: Unit, from: Loc, at: number, idx: number, purpose: CrossPurpose): boolean {
    if (unit.type === 'A')
      return this.g.isLand[idx] === 1 && this.canMoveIn(unit, from, this.g.ids[idx], at, idx, purpose);
    return this.fleetTargetsIn(unit, from, idx, purpose, at).length > 0;
  }

  /**
   * Every location a dislodged unit could retreat to, before occupation and standoffs are removed; with
   * `open`, only those in provinces (by index) it allows, asked before the rules are.
   */
  retreatLocs(unit: Unit, open?: (province: number) => boolean): Loc[] {
    const g = this.g;
    const p = provinceIndex(g, unit.loc)!;
    const out: Loc[] = [];
    // Where the map alone decides, a border the map lists needs no second asking.
    const ask = this.cross !== null;
    if (unit.type === 'A') {
      for (let b = 0; b < g.n; b++)
        if (g.armyAdj[p * g.n + b] && (!open || open(b)) && (!ask || this.canMove(unit, unit.loc, g.ids[b], 'retreat')))
          out.push(g.ids[b]);
    } else {
      for (const l of g.fleetAdj.get(unit.loc) ?? [])
        if ((!open || open(provinceIndex(g, l)!)) && (!ask || this.canMove(unit, unit.loc, l, 'retreat'))) out.push(l);
      if (this.cross)
        for (let b = 0; b < g.n; b++)
          if (!open || open(b))
            for (const l of g.fleetLocs[b])
              if (!out.includes(l) && l !== unit.loc && this.canMove(unit, unit.loc, l, 'retreat')) out.push(l);
    }
    return out;
  }

  /** Can an army be carried from one coast province to another through sea spaces at all? */
  seaRoute(from: number, to: number, through = -1): boolean {
    const g = this.g;
    if (!g.isCoastal[from] || !g.isCoastal[to]) return false;
    if (through >= 0) return this.necessaryFleet(from, to, through);
    const groups = seaGroups(g);
    const a = groups.ofCoast[from];
    const b = groups.ofCoast[to];
    for (const x of a) if (b.includes(x)) return true;
    return false;
  }

  /**
   * Is a fleet at sea `fleet` necessary for some convoy route from -> to? True when some route
   * through it has no shortcut (no two non-consecutive spaces of the route border each other);
   * a convoy order for an unnecessary fleet is illegal (DATC 4.E.1, 6.G.19).
   */
  private necessaryFleet(from: number, to: number, fleet: number): boolean {
    // A question of the map alone: answered once per map, as every convoy order asks it.
    let known = necessaryCache.get(this.g);
    if (!known) necessaryCache.set(this.g, (known = new Map()));
    const key = (from * this.g.n + to) * this.g.n + fleet;
    let necessary = known.get(key);
    if (necessary === undefined) known.set(key, (necessary = this.searchNecessaryFleet(from, to, fleet)));
    return necessary;
  }

  private searchNecessaryFleet(from: number, to: number, fleet: number): boolean {
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

const NO_ROW: readonly Loc[][] = [];

/** Per map: (from * n + to) * n + fleet -> whether that fleet is necessary to some route (Reach.necessaryFleet). */
const necessaryCache = new WeakMap<Geometry, Map<number, boolean>>();

interface SeaGroups {
  /** Per province index: the connected groups of seas a coastal province touches. */
  ofCoast: number[][];
}

const seaGroupCache = new WeakMap<Geometry, SeaGroups>();

/** Seas joined by fleet borders form groups; two coasts touching one group can be joined by a convoy. */
function seaGroups(g: Geometry): SeaGroups {
  const cached = seaGroupCache.get(g);
  if (cached) return cached;
  const n = g.n;
  const group = new Int32Array(n).fill(-1);
  let groups = 0;
  for (let s = 0; s < n; s++) {
    if (!g.isSea[s] || group[s] >= 0) continue;
    const stack = [s];
    group[s] = groups;
    while (stack.length) {
      const a = stack.pop()!;
      for (let b = 0; b < n; b++)
        if (g.isSea[b] && group[b] < 0 && g.fleetProvAdj[a * n + b]) {
          group[b] = groups;
          stack.push(b);
        }
    }
    groups++;
  }
  const ofCoast: number[][] = [];
  for (let p = 0; p < n; p++) {
    const touched = new Set<number>();
    if (g.isCoastal[p])
      for (let s = 0; s < n; s++) if (group[s] >= 0 && g.fleetProvAdj[p * n + s]) touched.add(group[s]);
    ofCoast.push([...touched]);
  }
  const built = { ofCoast };
  seaGroupCache.set(g, built);
  return built;
}
