// A million-line budget, shared with orders-dp and commands: here the standard map in every phase
// type, for a signed-on power and in GM mode (headings and prefixes name the power).
import { describe, expect, it } from 'vitest';
import type { ParseContext } from '../../src/core/orders/parse.js';
import type { DislodgedUnit } from '../../src/core/types.js';
import { position, standard, start } from '../orders/helpers.js';
import { fuzzOrders } from './order-fuzz.js';

const LINES = Number(process.env.FUZZ_LINES ?? 400_000);

const dislodged: DislodgedUnit[] = [
  { power: 'austria', type: 'A', loc: 'ser', attackerFrom: 'bul', retreats: ['alb', 'tri'] },
  { power: 'france', type: 'F', loc: 'mao', attackerFrom: 'bre', retreats: ['spa/nc', 'spa/sc', 'por'] },
];
const contexts: ParseContext[] = [
  { variant: standard, position: start, power: 'france' },
  { variant: standard, position: start },
  {
    variant: standard,
    position: position(
      'movement',
      'france: A par, F bre, F mao; england: F nth, A lon, F eng; russia: F stp/sc, F bot; turkey: F bla, A arm',
    ),
  },
  {
    variant: standard,
    position: position('retreat', 'turkey: A bul; england: F spa/nc', { dislodged }),
    power: 'france',
  },
  { variant: standard, position: position('retreat', 'turkey: A bul; england: F spa/nc', { dislodged }) },
  { variant: standard, position: position('adjustment', 'austria: A bud; russia: A war'), power: 'russia' },
  { variant: standard, position: position('adjustment', 'austria: A bud; russia: A war') },
];

describe('order parser fuzz: standard', () => {
  it(
    `${LINES.toLocaleString('en')} generated lines, each with its verdict and no exception`,
    { timeout: 240_000 },
    () => {
      const stats = fuzzOrders(standard, contexts, 19010401, LINES);
      expect(stats.lines).toBe(LINES);
      // Mostly nonsense, but the vocabulary makes real orders and headings often enough to test them.
      expect(stats.byStatus.order).toBeGreaterThan(LINES / 500);
      expect(stats.byStatus.heading).toBeGreaterThan(LINES / 2000);
      expect(stats.byStatus.error).toBeGreaterThan(LINES / 2);
    },
  );
});
