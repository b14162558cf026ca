// Before a movement phase is adjudicated, every unit gets one order it can carry out: the order
// given, judged by the core's single legality (src/core/legality), or a hold when none was given
// or the one given is illegal (DATC 4.E.1).
import { judgeMovementOrder, type LegalityScope } from '../legality/index.js';
import type { Reason } from '../reasons.js';
import type { Loc, MovementOrder, Unit } from '../types.js';
import { provinceIndex } from '../map/geometry.js';

export interface LegalOrders {
  /** Per unit index: the order adjudicated (a hold when none or illegal). */
  orders: MovementOrder[];
  /** Per unit index: the order as given, when one was given. */
  given: (MovementOrder | undefined)[];
  /** Per unit index: why the given order was not carried out as written. */
  reason: (Reason | undefined)[];
}

/** The resolver's codes of the orders carried out. */
export const HOLD = 0;
export const MOVE = 1;
export const SUPPORT = 2;
export const CONVOY = 3;

/** What each unit's order is and the provinces it acts on, by unit index (the board's arrays; -1 where none). */
export interface Acts {
  kind: Uint8Array;
  dest: Int32Array;
  target: Int32Array;
}

/**
 * `acts`: written with the kind and the provinces of each order carried out, as the legality found them;
 * left alone for holds (HOLD, -1).
 */
export function legalise(
  scope: LegalityScope,
  orders: MovementOrder[],
  unitAt: Int32Array,
  invalidMoves: ReadonlySet<Loc>,
  acts: Acts,
): LegalOrders {
  const g = scope.ctx.geometry;
  const units = scope.ctx.position.units;
  const count = units.length;
  // Holds are filled in after the given orders: most units have one, and a hold built first
  // would be garbage at once. The other two are made at their size and filled in one loop (no fill calls).
  const result: LegalOrders = {
    orders: new Array<MovementOrder>(count),
    given: new Array(count),
    reason: new Array(count),
  };
  for (let i = 0; i < count; i++) {
    result.given[i] = undefined;
    result.reason[i] = undefined;
  }
  // Orders mostly come in the position's order of units (a GM's file, a power's orders): the unit after
  // the one last ordered is tried first, by its location, before the location's name is looked up.
  const provinces = scope.unitProvinces;
  let next = 0;
  for (const o of orders) {
    const p = next < count && units[next].loc === o.loc ? provinces[next] : provinceIndex(g, o.loc);
    if (p === undefined || p < 0) continue;
    const i = unitAt[p];
    if (i < 0 || units[i].power !== o.power) continue; // no such unit of that power: ignored (6.A.6)
    next = i + 1;
    result.given[i] = o;
    const verdict = judgeMovementOrder(scope, o, units[i], p);
    // A later order for the same unit replaces an earlier one, provinces and all.
    acts.kind[i] = HOLD;
    acts.dest[i] = -1;
    acts.target[i] = -1;
    if ('reason' in verdict) {
      result.reason[i] = verdict.reason;
      result.orders[i] = holdOf(units[i]);
      continue;
    }
    // The kind read once: orders of every kind pass here, and each read of a field costs as much as a lookup.
    const kind = verdict.order.kind;
    if (kind === 'move' && invalidMoves.size && invalidMoves.has(units[i].loc)) {
      result.reason[i] = { code: 'sortie-ends-elsewhere' };
      result.orders[i] = holdOf(units[i]);
    } else {
      result.reason[i] = undefined;
      result.orders[i] = verdict.order;
      acts.kind[i] = kind === 'move' ? MOVE : kind === 'support' ? SUPPORT : kind === 'convoy' ? CONVOY : HOLD;
      acts.dest[i] = verdict.to;
      acts.target[i] = verdict.target;
    }
  }
  for (let i = 0; i < count; i++) if (result.orders[i] === undefined) result.orders[i] = holdOf(units[i]);
  return result;
}

function holdOf(unit: Unit): MovementOrder {
  return { kind: 'hold', power: unit.power, type: unit.type, loc: unit.loc };
}
