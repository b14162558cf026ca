// The normalised short form of an order, as confirmations and results print it.
import type { Variant } from '../map/variant.js';
import type { Loc, Order } from '../types.js';

function place(loc: Loc): string {
  return loc.toUpperCase();
}

/**
 * "A PAR - BUR", "F NTH C A LON - NWY", "A MUN S A BER - SIL", "A SER R ALB", "BUILD F STP/NC".
 * Location ids are the variant's own, so the variant is only needed to check them.
 */
export function formatOrder(order: Order, variant: Variant): string {
  if (order.kind === 'waive') return 'WAIVE';
  const known = (loc: Loc) => {
    if (!variant.map.locName.has(loc)) throw new Error(`formatOrder: ${loc} is not a location of ${variant.id}`);
    return place(loc);
  };
  const unit = `${order.type} ${known(order.loc)}`;
  switch (order.kind) {
    case 'hold':
      return `${unit} H`;
    case 'move': {
      const route = order.path && order.path.length ? order.path.map((p) => ` - ${known(p)}`).join('') : '';
      const via = order.viaConvoy && !route ? ' VIA CONVOY' : '';
      return `${unit}${route} - ${known(order.to)}${via}`;
    }
    case 'support': {
      const target = `${order.targetType ? `${order.targetType} ` : ''}${known(order.target)}`;
      return order.to ? `${unit} S ${target} - ${known(order.to)}` : `${unit} S ${target}`;
    }
    case 'convoy':
      return `${unit} C A ${known(order.from)} - ${known(order.to)}`;
    case 'retreat':
      return `${unit} R ${known(order.to)}`;
    case 'disband':
      return `${unit} D`;
    case 'build':
      return `BUILD ${unit}`;
    case 'remove':
      return `REMOVE ${unit}`;
  }
}
