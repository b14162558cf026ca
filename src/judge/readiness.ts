// Whether a power still owes orders for the current phase, and which of its units are unordered.
// A phase may process early only when every played power with something to order is complete and
// nobody has SET WAIT.
import type { AdjustmentCount } from '../core/adjudicate/result.js';
import type { Order, Position, PowerId } from '../core/types.js';
import { provinceOf } from '../core/types.js';

export interface Obligation {
  /** Units still without an order (movement, retreat), as "A PAR". */
  unordered: string[];
  /** Adjustment phases: builds (positive) or removals (negative) still to give; 0 when done. */
  adjustmentsLeft: number;
  /** The power has anything at all to order this phase. */
  hasDuty: boolean;
  /** Builds a submitted set leaves unused (it counts as complete): they are waived unless a new set gives them. */
  buildsUnused?: number;
}

const unitName = (u: { type: string; loc: string }) => `${u.type} ${u.loc.toUpperCase()}`;

export function obligation(
  position: Position,
  power: PowerId,
  orders: Order[] | null,
  due: AdjustmentCount[],
): Obligation {
  const given = orders ?? [];
  if (position.phase.type === 'movement') {
    const ordered = new Set(
      given.filter((o) => o.kind !== 'build' && o.kind !== 'waive').map((o) => provinceOf((o as { loc: string }).loc)),
    );
    const units = position.units.filter((u) => u.power === power);
    return {
      unordered: units.filter((u) => !ordered.has(provinceOf(u.loc))).map(unitName),
      adjustmentsLeft: 0,
      hasDuty: units.length > 0,
    };
  }
  if (position.phase.type === 'retreat') {
    const ordered = new Set(
      given
        .filter((o) => o.kind === 'retreat' || o.kind === 'disband')
        .map((o) => provinceOf((o as { loc: string }).loc)),
    );
    const units = position.dislodged.filter((u) => u.power === power);
    return {
      unordered: units.filter((u) => !ordered.has(provinceOf(u.loc))).map(unitName),
      adjustmentsLeft: 0,
      hasDuty: units.length > 0,
    };
  }
  const delta = due.find((d) => d.power === power)?.delta ?? 0;
  if (delta === 0) return { unordered: [], adjustmentsLeft: 0, hasDuty: false };
  if (delta > 0) {
    // Any submitted build set counts as complete: unused builds are waived.
    const used = given.filter((o) => o.kind === 'build' || o.kind === 'waive').length;
    const left = Math.max(0, delta - used);
    return {
      unordered: [],
      adjustmentsLeft: orders === null ? left : 0,
      hasDuty: true,
      buildsUnused: orders === null ? 0 : left,
    };
  }
  const removed = given.filter((o) => o.kind === 'remove').length;
  return { unordered: [], adjustmentsLeft: -Math.max(0, -delta - removed), hasDuty: true };
}

export function isComplete(o: Obligation): boolean {
  return o.unordered.length === 0 && o.adjustmentsLeft === 0;
}
