// Two bids back "the same order" when they would make the unit do the same thing; how the
// player spelled it (unit type of the supported unit, the seas named on a convoy path) does not
// matter. A named coast does (DATC 4.B.4), and so does asking for a convoy explicitly.
import type { MovementOrder } from '../types.js';
import { provinceOf } from '../types.js';

export function orderKey(order: MovementOrder): string {
  const unit = provinceOf(order.loc);
  switch (order.kind) {
    case 'hold':
      return `${unit} H`;
    case 'move':
      return `${unit} - ${order.to}${order.viaConvoy ? ' via convoy' : ''}`;
    case 'support':
      return order.to === undefined ? `${unit} S ${order.target}` : `${unit} S ${order.target} - ${order.to}`;
    case 'convoy':
      return `${unit} C ${order.from} - ${order.to}`;
  }
}
