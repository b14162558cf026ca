// Issue rule 1: neutral units hold unless DP say otherwise, never retreat, are rebuilt in Winter
// when their centre is still theirs and empty, and never adjust by centre count; a Great Power
// takes a neutral centre by occupying it after Fall.
import { describe, expect, it } from 'vitest';
import { adjudicate, type PhaseResult } from '../../src/core/adjudicate/index.js';
import type { Variant } from '../../src/core/map/variant.js';
import type { Position } from '../../src/core/types.js';
import { play, position, unitIn, variant } from './helpers.js';

/** Plays the winter if one is due (no orders: nothing to build for the powers in these tests). */
function throughWinter(v: Variant, r: PhaseResult): Position {
  return r.next.phase.type === 'adjustment' ? adjudicate(v, r.next, []).next : r.next;
}

describe('A&E v6: Savoy taken in Spring', () => {
  const v = variant('ambition6');
  const spring = play(v, position(v), { france: 'A Mar - Sav\n1 DP: A Swi S A Mar - Sav' });

  it('the Savoy army was destroyed, not sent to retreat', () => {
    expect(spring.destroyed.map((u) => u.power)).toEqual(['savoy']);
    expect(spring.next.phase).toMatchObject({ season: 'fall', type: 'movement' });
  });

  it("left empty after Fall, the centre is still Savoy's and its army is rebuilt in Winter", () => {
    const fall = play(v, spring.next, { france: 'A Sav - Bur' });
    expect(fall.captured.find((c) => c.centre === 'sav')).toBeUndefined();
    expect(fall.next.owners.sav).toBe('savoy');
    const after = throughWinter(v, fall);
    expect(after.phase).toMatchObject({ year: 1764, season: 'spring' });
    expect(unitIn(after, 'sav')).toEqual({ power: 'savoy', type: 'A', loc: 'sav' });
  });

  it("occupied after Fall, the centre is France's and nothing is rebuilt", () => {
    const fall = play(v, spring.next, {});
    expect(fall.captured).toContainEqual({ centre: 'sav', from: 'savoy', to: 'france' });
    expect(fall.adjustments.find((a) => a.power === 'france')).toMatchObject({ centres: 4, delta: 1 });
    // Neutrals never appear among the powers that adjust.
    expect(fall.adjustments.some((a) => v.powerById.get(a.power)!.kind !== 'great')).toBe(false);
    const winter = adjudicate(v, fall.next, [{ kind: 'build', power: 'france', type: 'A', loc: 'mar' }]);
    expect(unitIn(winter.next, 'sav')?.power).toBe('france');
    expect(winter.next.units.filter((u) => u.power === 'savoy')).toEqual([]);
  });
});

describe('S&L §6-7.2: an affiliate dislodged in Spring, its centre vacant at the end of Fall', () => {
  const v = variant('succession');
  it('is destroyed, not retreated, and rebuilt with its starting unit type in Winter', () => {
    const spring = play(v, position(v), { saxony: 'A War - Kon\n1 DP: A Wil S A War - Kon' });
    expect(spring.destroyed).toEqual([{ power: 'konigsberg', type: 'A', loc: 'kon' }]);
    expect(spring.dislodged.every((d) => d.power !== 'konigsberg')).toBe(true);
    const fall = play(v, spring.next, { saxony: 'A Kon - War' });
    expect(fall.next.owners.kon).toBe('konigsberg');
    const after = throughWinter(v, fall);
    expect(unitIn(after, 'kon')).toEqual({ power: 'konigsberg', type: 'A', loc: 'kon' });
  });
});

describe('1648: a minor forced to retreat is disbanded', () => {
  const v = variant('1648');
  it('Swabia, dislodged by a supported Austrian attack, is destroyed', () => {
    const pos = position(v, { add: ['austria A fra', 'austria A tyr'] });
    const r = play(v, pos, { austria: 'A Fra - Swa\nA Tyr S A Fra - Swa' });
    expect(r.destroyed).toEqual([{ power: 'swabia', type: 'A', loc: 'swa' }]);
    expect(r.next.phase.type).toBe('movement');
  });
});
