// formatOrder: the normalised short form of every order kind.
import { describe, expect, it } from 'vitest';
import { formatOrder } from '../../src/core/orders/parse.js';
import type { Order } from '../../src/core/types.js';
import { standard } from './helpers.js';

describe('formatOrder', () => {
  it.each<[Order, string]>([
    [{ kind: 'move', power: 'france', type: 'A', loc: 'par', to: 'bur', viaConvoy: false }, 'A PAR - BUR'],
    [{ kind: 'convoy', power: 'england', type: 'F', loc: 'nth', from: 'lon', to: 'nwy' }, 'F NTH C A LON - NWY'],
    [{ kind: 'support', power: 'germany', type: 'A', loc: 'mun', target: 'ber', targetType: 'A' }, 'A MUN S A BER'],
    [
      { kind: 'support', power: 'germany', type: 'A', loc: 'mun', target: 'ber', targetType: 'A', to: 'sil' },
      'A MUN S A BER - SIL',
    ],
    [{ kind: 'support', power: 'germany', type: 'A', loc: 'mun', target: 'ber' }, 'A MUN S BER'],
    [{ kind: 'move', power: 'russia', type: 'F', loc: 'stp/sc', to: 'bot', viaConvoy: false }, 'F STP/SC - BOT'],
    [
      { kind: 'move', power: 'england', type: 'A', loc: 'lon', to: 'nwy', viaConvoy: true, path: ['nth'] },
      'A LON - NTH - NWY',
    ],
    [{ kind: 'move', power: 'england', type: 'A', loc: 'lon', to: 'nwy', viaConvoy: true }, 'A LON - NWY VIA CONVOY'],
    [{ kind: 'retreat', power: 'austria', type: 'A', loc: 'ser', to: 'alb' }, 'A SER R ALB'],
    [{ kind: 'disband', power: 'austria', type: 'F', loc: 'tri' }, 'F TRI D'],
    [{ kind: 'hold', power: 'austria', type: 'F', loc: 'tri' }, 'F TRI H'],
    [{ kind: 'build', power: 'france', type: 'A', loc: 'par' }, 'BUILD A PAR'],
    [{ kind: 'build', power: 'russia', type: 'F', loc: 'stp/nc' }, 'BUILD F STP/NC'],
    [{ kind: 'remove', power: 'austria', type: 'F', loc: 'tri' }, 'REMOVE F TRI'],
    [{ kind: 'waive', power: 'austria' }, 'WAIVE'],
  ])('%j -> %s', (order, text) => {
    expect(formatOrder(order, standard)).toBe(text);
  });
  it('refuses a location the variant does not have', () => {
    expect(() => formatOrder({ kind: 'hold', power: 'france', type: 'A', loc: 'atlantis' }, standard)).toThrow(
      /atlantis/,
    );
  });
});
