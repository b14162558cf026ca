// Issue 23: one name for a power, a place and a phase, with one fallback. Before, six copies of
// powerName and inline lookups printed "undefined" for a power id the variant does not know, three
// placeNames fell back three ways, and two phaseLabels gave "Spring 1901 Movement" or
// "Spring 1901 Movement (S1901M)" under one name.
import { describe, expect, it } from 'vitest';
import { placeName, powerName } from '../../src/core/map/display-names.js';
import { compareNames } from '../../src/core/map/names.js';
import { loadVariant } from '../../src/core/map/load.js';
import { knownVariants } from '../../src/judge/variants.js';
import { phaseText } from '../../src/core/position/names.js';
import { phaseWithCode } from '../../src/render/phrases.js';
import { renderResults } from '../../src/render/results.js';
import { play, standard, start } from './play.js';

describe('names of the map (core/map/display-names.ts)', () => {
  it('names a power, and shows an unknown id as itself, never "undefined"', () => {
    expect(powerName(standard, 'france')).toBe('France');
    expect(powerName(standard, 'atlantis')).toBe('atlantis');
  });

  it('names a coast, else its province, else the id in capitals', () => {
    expect(placeName(standard, 'par')).toBe('Paris');
    expect(placeName(standard, 'spa/sc')).toMatch(/^Spain/);
    // A coast the map has no name of its own for is named by its province.
    expect(placeName(standard, 'par/nc')).toBe('Paris');
    expect(placeName(standard, 'xyz')).toBe('XYZ');
  });

  it('the results name every power and place by the same functions', () => {
    const before = start();
    const text = renderResults(standard, before, play(before, 'France: A par - bur'), { game: 'names' });
    expect(text).toMatch(/^France: Army Paris -> Burgundy\.$/m);
    expect(text).not.toContain('undefined');
  });

  it('orders every name of every variant as English collation does, without the collator', () => {
    const english = new Intl.Collator('en');
    for (const id of knownVariants()) {
      const variant = loadVariant(id);
      const names = [...new Set([...variant.map.locName.values(), ...variant.powers.map((p) => p.name)])];
      expect(names.length, id).toBeGreaterThan(50);
      // Reversed first, so that a comparator that keeps the order it was given cannot pass.
      const ours = [...names].reverse().sort(compareNames);
      expect(ours, id).toEqual([...names].sort(english.compare));
    }
    expect(['Zara', 'Württemberg', 'wales', 'Austria'].sort(compareNames)).toEqual([
      'Austria',
      'wales',
      'Württemberg',
      'Zara',
    ]);
  });
});

describe('names of a phase', () => {
  it('phaseText is the words alone; phaseWithCode adds the code players write', () => {
    const phase = { season: 'fall', year: 1901, type: 'retreat' } as const;
    expect(phaseText(phase)).toBe('Fall 1901 Retreat');
    expect(phaseWithCode(phase)).toBe('Fall 1901 Retreat (F1901R)');
    expect(phaseWithCode({ season: 'winter', year: 1901, type: 'adjustment' })).toBe('Winter 1901 Adjustment (W1901A)');
  });
});
