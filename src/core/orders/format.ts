// The normalised short form of an order, as confirmations and results print it.
import type { Variant } from '../map/variant.js';
import type { Loc, Order, UnitType } from '../types.js';

/**
 * "A PAR - BUR", "F NTH C A LON - NWY", "A MUN S A BER - SIL", "A SER R ALB", "BUILD F STP/NC".
 * Location ids are the variant's own, so the variant is only needed to check them.
 */
export function formatOrder(order: Order, variant: Variant): string {
  if (order.kind === 'waive') return 'WAIVE';
  const printed = printedLocs(variant);
  const unit = unitAt(known(printed, variant, order.loc), order.type);
  switch (order.kind) {
    case 'hold':
      return unit + ' H';
    case 'move': {
      const route =
        order.path && order.path.length ? order.path.map((p) => ' - ' + known(printed, variant, p).loc).join('') : '';
      const via = order.viaConvoy && !route ? ' VIA CONVOY' : '';
      return unit + route + ' - ' + known(printed, variant, order.to).loc + via;
    }
    case 'support': {
      const at = known(printed, variant, order.target);
      const target = order.targetType ? unitAt(at, order.targetType) : at.loc;
      return order.to ? unit + ' S ' + target + ' - ' + known(printed, variant, order.to).loc : unit + ' S ' + target;
    }
    case 'convoy':
      return unit + ' C A ' + known(printed, variant, order.from).loc + ' - ' + known(printed, variant, order.to).loc;
    case 'retreat':
      return unit + ' R ' + known(printed, variant, order.to).loc;
    case 'disband':
      return unit + ' D';
    case 'build':
      return 'BUILD ' + unit;
    case 'remove':
      return 'REMOVE ' + unit;
  }
}

/** A location as printed, alone and with each unit type in front ("PAR", "A PAR", "F PAR"). */
interface PrintedLoc {
  loc: string;
  army: string;
  fleet: string;
}

// Every accepted order of every mail is printed: the unit's words are made once per location, not per order.
const unitAt = (at: PrintedLoc, type: UnitType): string =>
  type === 'A' ? at.army : type === 'F' ? at.fleet : `${type} ${at.loc}`;

/** Each location of a variant as printed: one lookup both checks the id and spells it. */
const printedCache = new WeakMap<Variant, Map<Loc, PrintedLoc>>();

/** The last variant asked and its table: every order of a mail asks, nearly always of one variant. */
let last: { variant: Variant; printed: Map<Loc, PrintedLoc> } | undefined;

function printedLocs(variant: Variant): Map<Loc, PrintedLoc> {
  if (last?.variant === variant) return last.printed;
  let printed = printedCache.get(variant);
  if (!printed) {
    printed = new Map();
    for (const loc of variant.map.locName.keys()) {
      const upper = loc.toUpperCase();
      printed.set(loc, { loc: upper, army: `A ${upper}`, fleet: `F ${upper}` });
    }
    printedCache.set(variant, printed);
  }
  last = { variant, printed };
  return printed;
}

function known(printed: Map<Loc, PrintedLoc>, variant: Variant, loc: Loc): PrintedLoc {
  const at = printed.get(loc);
  if (at === undefined) throw new Error(`formatOrder: ${loc} is not a location of ${variant.id}`);
  return at;
}
