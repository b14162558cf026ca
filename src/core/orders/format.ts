// The normalised short form of an order, as confirmations and results print it.
import type { Variant } from '../map/variant.js';
import type { Loc, Order } from '../types.js';

/**
 * "A PAR - BUR", "F NTH C A LON - NWY", "A MUN S A BER - SIL", "A SER R ALB", "BUILD F STP/NC".
 * Location ids are the variant's own, so the variant is only needed to check them.
 */
export function formatOrder(order: Order, variant: Variant): string {
  if (order.kind === 'waive') return 'WAIVE';
  const printed = printedLocs(variant);
  const unit = `${order.type} ${known(printed, variant, order.loc)}`;
  switch (order.kind) {
    case 'hold':
      return `${unit} H`;
    case 'move': {
      const route =
        order.path && order.path.length ? order.path.map((p) => ` - ${known(printed, variant, p)}`).join('') : '';
      const via = order.viaConvoy && !route ? ' VIA CONVOY' : '';
      return `${unit}${route} - ${known(printed, variant, order.to)}${via}`;
    }
    case 'support': {
      const target = `${order.targetType ? `${order.targetType} ` : ''}${known(printed, variant, order.target)}`;
      return order.to ? `${unit} S ${target} - ${known(printed, variant, order.to)}` : `${unit} S ${target}`;
    }
    case 'convoy':
      return `${unit} C A ${known(printed, variant, order.from)} - ${known(printed, variant, order.to)}`;
    case 'retreat':
      return `${unit} R ${known(printed, variant, order.to)}`;
    case 'disband':
      return `${unit} D`;
    case 'build':
      return `BUILD ${unit}`;
    case 'remove':
      return `REMOVE ${unit}`;
  }
}

/** Each location of a variant as printed: one lookup both checks the id and spells it. */
const printedCache = new WeakMap<Variant, Map<Loc, string>>();

/** The last variant asked and its table: every order of a mail asks, nearly always of one variant. */
let last: { variant: Variant; printed: Map<Loc, string> } | undefined;

function printedLocs(variant: Variant): Map<Loc, string> {
  if (last?.variant === variant) return last.printed;
  let printed = printedCache.get(variant);
  if (!printed) {
    printed = new Map();
    for (const loc of variant.map.locName.keys()) printed.set(loc, loc.toUpperCase());
    printedCache.set(variant, printed);
  }
  last = { variant, printed };
  return printed;
}

function known(printed: Map<Loc, string>, variant: Variant, loc: Loc): string {
  const upper = printed.get(loc);
  if (upper === undefined) throw new Error(`formatOrder: ${loc} is not a location of ${variant.id}`);
  return upper;
}
