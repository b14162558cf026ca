// Dense lookup tables built once per variant, so adjudication does array reads instead of map lookups.
import type { Loc, ProvinceId, UnitType } from '../types.js';
import { provinceOf } from '../types.js';
import type { Variant } from './variant.js';

export interface Geometry {
  n: number;
  ids: ProvinceId[];
  index: Map<ProvinceId, number>;
  /** Every location (each province, and each coast of a split one) -> its province's index. */
  locIndex: Map<Loc, number>;
  isSea: Uint8Array;
  isLand: Uint8Array; // land or coast: armies may stand there
  isCoastal: Uint8Array; // coast terrain
  isCentre: Uint8Array;
  /** armyAdj[a * n + b] = 1 when an army may move a -> b. */
  armyAdj: Uint8Array;
  /** fleetProvAdj[a * n + b] = 1 when some fleet location of a borders some fleet location of b. */
  fleetProvAdj: Uint8Array;
  /** Fleet location -> bordering fleet locations. */
  fleetAdj: Map<Loc, Set<Loc>>;
  /** Fleet locations of each province: its coasts when split, else the province itself (land has none). */
  fleetLocs: Loc[][];
  /** Fleet location -> per province index, the fleet locations of that province it borders (shared, never written). */
  fleetReach: Map<Loc, readonly Loc[][]>;
  /** fleetReach of each province's own id, by province index (undefined where no fleet stands on the province id). */
  fleetReachAt: (readonly Loc[][] | undefined)[];
  /** Neighbours over land and sea together (province level), for civil-disorder distances. */
  anyAdj: number[][];
  /** English full name by province index, for alphabetical tie-breaks. */
  names: string[];
}

const cache = new WeakMap<Variant, Geometry>();
const NOWHERE = Object.freeze([]) as unknown as Loc[];

export function geometry(variant: Variant): Geometry {
  let g = cache.get(variant);
  if (!g) {
    g = build(variant);
    cache.set(variant, g);
  }
  return g;
}

function build(variant: Variant): Geometry {
  const { provinces, armyAdj: armyList, fleetAdj: fleetList } = variant.map;
  const n = provinces.length;
  const index = new Map(provinces.map((p) => [p.id, p.index]));
  const isSea = new Uint8Array(n);
  const isLand = new Uint8Array(n);
  const isCoastal = new Uint8Array(n);
  const isCentre = new Uint8Array(n);
  const armyAdj = new Uint8Array(n * n);
  const fleetProvAdj = new Uint8Array(n * n);
  const fleetAdj = new Map<Loc, Set<Loc>>();
  const fleetLocs: Loc[][] = [];
  for (const p of provinces) {
    isSea[p.index] = p.terrain === 'sea' ? 1 : 0;
    isLand[p.index] = p.terrain === 'land' || p.terrain === 'coast' ? 1 : 0;
    isCoastal[p.index] = p.terrain === 'coast' ? 1 : 0;
    isCentre[p.index] = p.centre ? 1 : 0;
    fleetLocs.push(
      p.terrain === 'sea' || p.terrain === 'coast'
        ? p.coasts.length
          ? p.coasts.map((c) => `${p.id}/${c}`)
          : [p.id]
        : [],
    );
    for (const b of armyList[p.index]) armyAdj[p.index * n + b] = 1;
  }
  for (const [from, tos] of fleetList) {
    fleetAdj.set(from, new Set(tos));
    const a = index.get(provinceOf(from))!;
    for (const to of tos) fleetProvAdj[a * n + index.get(provinceOf(to))!] = 1;
  }
  // Every legality question about a fleet asks this; answered once per map instead of filtered each time.
  const fleetReach = new Map<Loc, readonly Loc[][]>();
  for (const [from, tos] of fleetAdj) {
    const row = fleetLocs.map((locs) => locs.filter((l) => tos.has(l)));
    fleetReach.set(from, Object.freeze(row.map((r) => (r.length ? Object.freeze(r) : NOWHERE))) as readonly Loc[][]);
  }
  // Coasts too: the hot paths ask a location's province without slicing its coast off first.
  const locIndex = new Map<Loc, number>(index);
  for (let p = 0; p < n; p++) for (const l of fleetLocs[p]) locIndex.set(l, p);
  const anyAdj: number[][] = [];
  for (let a = 0; a < n; a++) {
    const list: number[] = [];
    for (let b = 0; b < n; b++) if (armyAdj[a * n + b] || fleetProvAdj[a * n + b]) list.push(b);
    anyAdj.push(list);
  }
  return {
    n,
    ids: provinces.map((p) => p.id),
    index,
    locIndex,
    isSea,
    isLand,
    isCoastal,
    isCentre,
    armyAdj,
    fleetProvAdj,
    fleetAdj,
    fleetLocs,
    fleetReach,
    fleetReachAt: provinces.map((p) => fleetReach.get(p.id)),
    anyAdj,
    names: provinces.map((p) => p.name),
  };
}

/** The index of a location's province (a coast names its province), or undefined when no such province. */
export function provinceIndex(g: Geometry, loc: Loc): number | undefined {
  // One lookup for every location the map knows; a coast it does not know still names its province.
  return g.locIndex.get(loc) ?? g.index.get(provinceOf(loc));
}

/** Can a unit of this type standing at `from` move to location `to` by its own means (no convoy)? */
export function borders(g: Geometry, type: UnitType, from: Loc, to: Loc): boolean {
  if (type === 'A') {
    const a = provinceIndex(g, from);
    const b = provinceIndex(g, to);
    return a !== undefined && b !== undefined && g.armyAdj[a * g.n + b] === 1;
  }
  return g.fleetAdj.get(from)?.has(to) ?? false;
}

/**
 * Fleet destinations in province `to` reachable from `from`: the coasts when split, else the province.
 * Used to fill in a coast that has only one possibility and to reject ambiguous ones.
 */
export function fleetTargets(g: Geometry, from: Loc, to: ProvinceId): readonly Loc[] {
  const idx = g.index.get(to);
  if (idx === undefined) return NOWHERE;
  return g.fleetReach.get(from)?.[idx] ?? NOWHERE;
}

/** Can a unit at `from` reach province `to` at all (any coast): the test for giving support there. */
export function reachesProvince(g: Geometry, type: UnitType, from: Loc, to: ProvinceId): boolean {
  if (type === 'A') return borders(g, 'A', from, to);
  return fleetTargets(g, from, to).length > 0;
}
