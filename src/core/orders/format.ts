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
  const unit = `${order.type} ${known(variant, order.loc)}`;
  switch (order.kind) {
    case 'hold':
      return `${unit} H`;
    case 'move': {
      const route = order.path && order.path.length ? order.path.map((p) => ` - ${known(variant, p)}`).join('') : '';
      const via = order.viaConvoy && !route ? ' VIA CONVOY' : '';
      return `${unit}${route} - ${known(variant, order.to)}${via}`;
    }
    case 'support': {
      const target = `${order.targetType ? `${order.targetType} ` : ''}${known(variant, order.target)}`;
      return order.to ? `${unit} S ${target} - ${known(variant, order.to)}` : `${unit} S ${target}`;
    }
    case 'convoy':
      return `${unit} C A ${known(variant, order.from)} - ${known(variant, order.to)}`;
    case 'retreat':
      return `${unit} R ${known(variant, order.to)}`;
    case 'disband':
      return `${unit} D`;
    case 'build':
      return `BUILD ${unit}`;
    case 'remove':
      return `REMOVE ${unit}`;
  }
}

function known(variant: Variant, loc: Loc): string {
  if (!variant.map.locName.has(loc)) throw new Error(`formatOrder: ${loc} is not a location of ${variant.id}`);
  return place(loc);
}
