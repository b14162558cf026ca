// 1648's Holy Roman Emperor (seed 003), through what a GM writes: a position file and order text.
import { describe, expect, it } from 'vitest';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { readPosition } from '../../src/core/position/index.js';
import { renderResults } from '../../src/render/results.js';

const variant = loadVariant('1648');
const board = (text: string) => readPosition(`variant 1648\n${text}`, { variant, file: 'pos.txt' }).position;

describe('the Holy Roman Emperor (1648)', () => {
  it('a Spanish Emperor may build in Flanders, an HRE centre, though it is no Spanish home centre', () => {
    const winter = (emperor: string) =>
      board(`phase Winter 1650\nSpain: A mad\n  owns mad sev nap fla\nstate emperor {"power":"${emperor}"}\n`);
    const asEmperor = readPhaseOrders(variant, winter('spain'), 'Spain:\nBuild A Flanders\n', 'orders');
    expect(asEmperor.refused).toEqual([]);
    const result = adjudicate(variant, winter('spain'), asEmperor.orders);
    expect(result.next.units).toContainEqual({ power: 'spain', type: 'A', loc: 'fla' });
    // Not Emperor: Flanders is no build site for Spain (the seed's no-build rule).
    const notEmperor = readPhaseOrders(variant, winter('austria'), 'Spain:\nBuild A Flanders\n', 'orders');
    expect(notEmperor.refused.map((r) => r.reason).join()).toMatch(/Flanders/);
  });

  it('the documented position line names the Emperor; a wrong one is refused with its line', () => {
    const position = board('phase Fall 1649\nFrance: A par\n  owns par\nstate emperor {"power":"france"}\n');
    const text = renderResults(variant, position, adjudicate(variant, position, []), { game: 'g' });
    expect(text).toContain('The Holy Roman Emperor is France.');
    expect(() => board('phase Fall 1649\nstate emperor {"power":"narnia"}\n')).toThrow(
      /pos\.txt:3: state emperor: "narnia" is not a Great Power/,
    );
  });

  it("every Fall's results say who is Emperor, with the ownership", () => {
    const start = board('phase Fall 1649\nAustria: A vie\n  owns vie pra\n');
    const text = renderResults(variant, start, adjudicate(variant, start, []), { game: 'g' });
    expect(text).toMatch(/Ownership of supply centers:[\s\S]*The Holy Roman Emperor is Austria\./);
  });
});
