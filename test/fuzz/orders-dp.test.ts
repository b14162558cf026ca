// The order parser with Diplomacy Points: A&E v6 (minor powers, DP per centre) from its start, and
// the standard map with a neutral minor and affiliate, for a signed-on power and in GM mode.
import { describe, expect, it } from 'vitest';
import { initialPosition } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { ParseContext } from '../../src/core/orders/parse.js';
import { position, withNeutrals } from '../orders/helpers.js';
import { fuzzOrders } from './order-fuzz.js';

const LINES = Number(process.env.FUZZ_LINES ?? 300_000);

const ambition = loadVariant('ambition6');
const greatPower = ambition.powers.find((p) => p.kind === 'great')!.id;
const neutrals =
  'belgians: A bel; dutch: F hol; france: A par, F bre, F mao; england: F nth, A lon; germany: A ruh, F kie';

describe('order parser fuzz: Diplomacy Points', () => {
  it(
    `A&E v6: ${LINES.toLocaleString('en')} generated lines, each with its verdict and no exception`,
    { timeout: 240_000 },
    () => {
      const start = initialPosition(ambition);
      const stats = fuzzOrders(
        ambition,
        [
          { variant: ambition, position: start, power: greatPower },
          { variant: ambition, position: start },
        ],
        17630101,
        (LINES * 2) / 3,
      );
      expect(stats.byStatus.order).toBeGreaterThan(LINES / 1500);
      expect(stats.byStatus.dp).toBeGreaterThan(LINES / 3000);
    },
  );

  it(`standard with neutrals: ${(LINES / 3).toLocaleString('en')} generated lines`, { timeout: 240_000 }, () => {
    const contexts: ParseContext[] = [
      { variant: withNeutrals, position: position('movement', neutrals, { variant: withNeutrals }), power: 'france' },
      { variant: withNeutrals, position: position('movement', neutrals, { variant: withNeutrals }) },
    ];
    const stats = fuzzOrders(withNeutrals, contexts, 19010402, LINES / 3);
    expect(stats.byStatus.dp).toBeGreaterThan(LINES / 3000);
  });
});
