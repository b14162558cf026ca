// Reading a PhaseResult the way the test files state their expectations.
import { isDeepStrictEqual } from 'node:util';
import type { PhaseResult } from '../../src/core/adjudicate/result.js';
import type { OrderOutcome } from '../../src/core/adjudicate/result.js';
import type { Order, Unit } from '../../src/core/types.js';
import { provinceOf } from '../../src/core/types.js';

/** The outcome reported for exactly this order, if the adjudicator kept it. */
export function outcomeOf(result: PhaseResult, order: Order): OrderOutcome | undefined {
  return (
    result.outcomes.find((o) => o.order === order) ?? result.outcomes.find((o) => isDeepStrictEqual(o.order, order))
  );
}

/**
 * Whether the order did what it said. An order the adjudicator replaced (another power's unit,
 * no such unit) was not carried out as given, so it failed — except that a hold "succeeds"
 * whenever the unit in that place stayed, whatever order it was finally given.
 */
export function orderSucceeded(result: PhaseResult, order: Order): boolean {
  const own = outcomeOf(result, order);
  if (own) return own.success;
  if (order.kind === 'hold') {
    const sameUnit = result.outcomes.find(
      (o) => 'loc' in o.order && o.order.kind === 'hold' && provinceOf(o.order.loc) === provinceOf(order.loc),
    );
    return sameUnit?.success ?? false;
  }
  return false;
}

export function unitKey(u: Unit): string {
  return `${u.power} ${u.type} ${u.loc}`;
}

export function unitKeys(units: readonly Unit[]): string[] {
  return units.map(unitKey).sort();
}

// Unit identities as small integers, so that the replay of a whole archive compares boards
// without building and sorting strings for every phase.
const unitIdsByPower = new Map<string, Map<string, number>>();
let nextUnitId = 0;
const scratchA = new Int32Array(512);
const scratchB = new Int32Array(512);

function unitId(u: Unit): number {
  let byLoc = unitIdsByPower.get(u.power);
  if (byLoc === undefined) unitIdsByPower.set(u.power, (byLoc = new Map()));
  let id = byLoc.get(u.loc);
  if (id === undefined) byLoc.set(u.loc, (id = nextUnitId++));
  return id * 2 + (u.type === 'F' ? 1 : 0);
}

/** Whether both lists hold the same units (power, type, location), in any order. */
export function sameUnits(a: readonly Unit[], b: readonly Unit[]): boolean {
  const n = a.length;
  if (n !== b.length) return false;
  if (n > scratchA.length) return isDeepStrictEqual(unitKeys(a), unitKeys(b));
  for (let k = 0; k < n; k++) {
    scratchA[k] = unitId(a[k]);
    scratchB[k] = unitId(b[k]);
  }
  const x = scratchA.subarray(0, n).sort();
  const y = scratchB.subarray(0, n).sort();
  for (let k = 0; k < n; k++) if (x[k] !== y[k]) return false;
  return true;
}

/** Elements of `a` missing from `b` and of `b` missing from `a`, as multisets. */
export function multisetDifference(a: readonly string[], b: readonly string[]): { missing: string[]; extra: string[] } {
  const counts = new Map<string, number>();
  for (const x of a) counts.set(x, (counts.get(x) ?? 0) + 1);
  const extra: string[] = [];
  for (const x of b) {
    const n = counts.get(x) ?? 0;
    if (n > 0) counts.set(x, n - 1);
    else extra.push(x);
  }
  const missing: string[] = [];
  for (const [x, n] of counts) for (let i = 0; i < n; i++) missing.push(x);
  return { missing: missing.sort(), extra: extra.sort() };
}
