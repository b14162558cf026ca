// Issue 10: minor and affiliate units the winter rebuilds appear in the results (1648's
// neutral-rebuild rule), whether the winter is played or skipped for want of adjustments.
import { describe, expect, it } from 'vitest';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { readPosition } from '../../src/core/position/index.js';
import { renderResults } from '../../src/render/results.js';

const variant = loadVariant('1648');
const board = (text: string) => readPosition(`variant 1648\n${text}`, { variant }).position;

describe('rebuilt minor units in the results (1648)', () => {
  it('a played winter reports the rebuild with the builds', () => {
    const winter = board('phase Winter 1649\nFrance: A par\n  owns par mar\nSwabia:\n  owns swa\n');
    const read = readPhaseOrders(variant, winter, 'France:\nBuild A Marseilles\n', 'orders');
    expect(read.refused).toEqual([]);
    const result = adjudicate(variant, winter, read.orders);
    expect(result.rebuilt).toEqual([{ power: 'swabia', type: 'A', loc: 'swa' }]);
    const text = renderResults(variant, winter, result);
    expect(text).toMatch(/Units rebuilt in their home centres:\s+Swabia: Army Swabia rebuilt\./);
    // Issue 19.29: a blank line before "The next phase", as after every block.
    expect(text).toContain('Swabia: Army Swabia rebuilt.\n\nThe next phase');
  });

  it('a skipped winter reports it with the Fall results', () => {
    const fall = board('phase Fall 1649\nFrance: A par\n  owns par\nSwabia:\n  owns swa\n');
    const result = adjudicate(variant, fall, []);
    expect(result.next.units).toContainEqual({ power: 'swabia', type: 'A', loc: 'swa' });
    expect(renderResults(variant, fall, result)).toContain('Swabia: Army Swabia rebuilt.');
  });
});
