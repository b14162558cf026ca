// Situations that Droidippy is known to have misjudged, as godip records them in
// droidippy_errors.txt: a recorded phase containing one of these boards with its orders is
// expected to differ from a correct adjudication.
import type { Variant } from '../../src/core/map/variant.js';
import type { Order, Position } from '../../src/core/types.js';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { buildGodipScenario } from './godip-scenario.js';
import { readGodipFile } from './godip-text.js';
import { unitKey } from './outcomes.js';
import { sharedPath } from './shared-dir.js';

export const DROIDIPPY_ERRORS_FILE = sharedPath('reference/datc/godip/droidippy_errors.txt');

export interface KnownErrorPattern {
  name: string;
  units: string[];
  orders: string[];
}

/** Orders compared by what they say, not by how precisely the unit types were written. */
function orderKey(o: Order): string {
  switch (o.kind) {
    case 'move':
      return `${o.power} ${o.loc} - ${o.to}`;
    case 'support':
      return `${o.power} ${o.loc} S ${o.target}${o.to ? ` - ${o.to}` : ''}`;
    case 'convoy':
      return `${o.power} ${o.loc} C ${o.from} - ${o.to}`;
    case 'waive':
      return `${o.power} waive`;
    default:
      return `${o.power} ${o.kind} ${o.loc}`;
  }
}

export function loadKnownErrors(variant: Variant, file = DROIDIPPY_ERRORS_FILE): KnownErrorPattern[] {
  return readGodipFile(file).map((c) => {
    const s = buildGodipScenario(variant, c);
    const orders = readPhaseOrders(variant, s.position, s.orderText, c.name).orders;
    return { name: c.name, units: s.position.units.map(unitKey), orders: orders.map(orderKey) };
  });
}

export function matchesKnownError(k: KnownErrorPattern, position: Position, orders: Order[]): boolean {
  const units = new Set(position.units.map(unitKey));
  if (!k.units.every((u) => units.has(u))) return false;
  const given = new Set(orders.map(orderKey));
  return k.orders.every((o) => given.has(o));
}
