// Property: random lines built from the order vocabulary never throw, and every line with
// content gets a verdict. Seeded, so a failure can be replayed.
import { describe, expect, it } from 'vitest';
import { formatOrder, parseOrders } from '../../src/core/orders/parse.js';
import type { ParseContext } from '../../src/core/orders/parse.js';
import type { DislodgedUnit } from '../../src/core/types.js';
import { position, start, withNeutrals } from './helpers.js';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const names = [...withNeutrals.map.names.keys(), ...withNeutrals.map.provinces.map((p) => p.name)];
const powers = withNeutrals.powers.flatMap((p) => [p.name, p.adjective, `${p.name}:`, `[${p.name}]`, `${p.initial})`]);
const words = [
  'A', 'F', 'army', 'Fleet', '-', '->', '→', 'to', 'moves', 'M', 'attacks', 'S', 'supports', 'C', 'convoys', 'H', 'holds',
  'stands', 'R', 'retreat', 'D', 'disband', 'B', 'build', 'remove', 'waive', 'W', 'via', 'convoy', 'by', 'of', 'from',
  'nc', 'sc', '/nc', '(sc)', '(north coast)', 'north coast', 'east', 'coast', '/', '(', ')', '[', ']', ':', ';', ',', '.',
  'DP', '2', '0', '-1', '1.5', '2DP', 'DP:', '3*2', 'the', 'in', 'xyzzy', 'Ünïcødé', '\t', "'", '"', '|', '?', '!', '~',
];
const dislodged: DislodgedUnit[] = [
  { power: 'austria', type: 'A', loc: 'ser', attackerFrom: 'bul', retreats: ['alb', 'tri'] },
  { power: 'france', type: 'F', loc: 'mao', attackerFrom: 'bre', retreats: ['spa/nc', 'spa/sc', 'por'] },
];
const contexts: ParseContext[] = [
  { variant: withNeutrals, position: position('movement', 'belgians: A bel; dutch: F hol; france: A par, F bre, F mao; england: F nth, A lon; russia: F stp/sc', { variant: withNeutrals }) },
  { variant: withNeutrals, position: position('movement', 'belgians: A bel; france: A par, F gas', { variant: withNeutrals }), power: 'france' },
  { variant: withNeutrals, position: position('retreat', 'turkey: A ser; england: F mao', { variant: withNeutrals, dislodged }) },
  { variant: withNeutrals, position: position('adjustment', 'austria: A bud; russia: A war', { variant: withNeutrals }), power: 'russia' },
  { variant: withNeutrals, position: { ...start, variant: withNeutrals.id } },
];

function randomLine(next: () => number): string {
  const n = 1 + Math.floor(next() * 9);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = next();
    const pool = r < 0.45 ? names : r < 0.9 ? words : powers;
    parts.push(pool[Math.floor(next() * pool.length)]);
  }
  return parts.join(next() < 0.9 ? ' ' : '');
}

describe('fuzz', () => {
  it('20,000 random lines: no exception, every line with content gets a verdict', () => {
    const next = rng(20240601);
    const lines = Array.from({ length: 20000 }, () => randomLine(next));
    let orders = 0;
    for (let c = 0; c < contexts.length; c++) {
      const slice = lines.slice(c * 4000, (c + 1) * 4000);
      const verdicts = parseOrders(slice.join('\n'), contexts[c]);
      const seen = new Set(verdicts.map((v) => v.line));
      slice.forEach((line, i) => {
        const hasContent = /[^\s;]/.test(line) && !line.includes('//');
        if (hasContent && !seen.has(i + 1)) throw new Error(`no verdict for line ${i + 1}: ${JSON.stringify(line)}`);
      });
      for (const v of verdicts) {
        expect(['order', 'dp', 'heading', 'error']).toContain(v.status);
        if (v.status === 'order') {
          orders++;
          expect(v.normalised).toBe(formatOrder(v.order, withNeutrals));
        }
        if (v.status === 'error') expect(v.error.length).toBeGreaterThan(0);
      }
    }
    // Random lines are mostly nonsense, but some must come out as real orders.
    expect(orders).toBeGreaterThan(20);
  });

  it('every normalised order reads back as itself', () => {
    const next = rng(7);
    const ctx = contexts[0];
    let checked = 0;
    for (let i = 0; i < 5000; i++) {
      for (const v of parseOrders(randomLine(next), ctx)) {
        if (v.status !== 'order') continue;
        const again = parseOrders(v.normalised, ctx);
        expect(again).toMatchObject([{ status: 'order', normalised: v.normalised, order: v.order }]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
