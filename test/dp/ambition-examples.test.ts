// Every Diplomacy-Points example of the A&E v6.01 rules (seeds/000 §II, examples 1-8), played on
// the real variant files. Examples 1-4 hold under the v5 rules as well (seeds/001, 002): they
// only use supports, which v5 allows.
import { describe, expect, it } from 'vitest';
import { checkBids, dpReportOf } from '../../src/core/dp/index.js';
import { renderResults } from '../../src/render/results.js';
import { givenAt, outcomeAt, play, position, submit, unitIn, variant } from './helpers.js';

for (const id of ['ambition6', 'ambition5']) {
  describe(`A&E ${id === 'ambition6' ? 'v6.01' : 'v5'}: gaining control of minor power units`, () => {
    const v = variant(id);
    const spring63 = position(v);

    it('Example 1: a lone bid controls the minor (Switzerland supports France into Savoy)', () => {
      const r = play(v, spring63, { france: 'A Mar - Sav\n1 DP: A Swi S A Mar - Sav' });
      expect(givenAt(r, 'swi')).toBe('A SWI S MAR - SAV');
      expect(outcomeAt(r, 'swi').success).toBe(true);
      expect(outcomeAt(r, 'mar').success).toBe(true);
      // A dislodged minor unit is disbanded at once: no retreat.
      const savoy = unitIn(spring63, 'sav')!;
      expect(r.destroyed).toContainEqual(savoy);
      expect(r.dislodged.filter((d) => d.power === savoy.power && d.retreats.length > 0)).toEqual([]);
      expect(unitIn(r.next, 'sav')?.power).toBe('france');
    });

    it('Example 2: one DP each for different orders: the Swiss army holds', () => {
      const r = play(v, spring63, {
        france: 'A Mar - Sav\n1 DP: A Swi S A Mar - Sav',
        austria: 'A Mil - Ven\n1 DP: A Swi S A Mil - Ven',
      });
      expect(givenAt(r, 'swi')).toBe('A SWI H');
      expect(outcomeAt(r, 'mar').success).toBe(false);
      expect(outcomeAt(r, 'mil').success).toBe(false);
      expect(dpReportOf(r)!.neutrals.find((d) => d.unit.loc === 'swi')).toMatchObject({ won: false, tie: true });
    });

    it('Example 3: two DP beat one', () => {
      const r = play(v, spring63, {
        france: 'A Mar - Sav\n2 DP: A Swi S A Mar - Sav',
        austria: 'A Mil - Ven\n1 DP: A Swi S A Mil - Ven',
      });
      expect(givenAt(r, 'swi')).toBe('A SWI S MAR - SAV');
      expect(outcomeAt(r, 'mar').success).toBe(true);
    });

    it("Example 4: Turkey's DP for the French order add to France's", () => {
      const r = play(v, spring63, {
        france: 'A Mar - Sav\n1 DP: A Swi S A Mar - Sav',
        austria: 'A Mil - Ven\n1 DP: A Swi S A Mil - Ven',
        turkey: '1 DP: A Swi S A Mar - Sav',
      });
      expect(givenAt(r, 'swi')).toBe('A SWI S MAR - SAV');
      expect(dpReportOf(r)!.neutrals.find((d) => d.unit.loc === 'swi')!.total).toBe(2);
      expect(outcomeAt(r, 'mar').success).toBe(true);
    });
  });
}

describe('A&E v6.01: invalid winning orders and sorties', () => {
  const v = variant('ambition6');
  const spring63 = position(v);

  it('Example 5: the winning order is published as written, marked invalid, and the unit holds', () => {
    const fall63 = position(v, { phase: { season: 'fall' } });
    // Fed as text, as a player mails it: the line is read as a bid whose order is invalid.
    const read = submit(v, fall63, { france: '3 DP: A hew - bav' });
    expect(read.invalid).toEqual([
      { code: 'cannot-reach', unit: { power: 'hesse-westphalia', type: 'A', loc: 'hew' }, place: 'bav' },
    ]);
    expect(checkBids(v, fall63, 'france', read.bids).verdicts[0].ok).toBe(true);
    const r = play(v, fall63, { france: '3 DP: A hew - bav' });
    const hew = outcomeAt(r, 'hew');
    expect(hew.order).toMatchObject({ kind: 'move', loc: 'hew', to: 'bav' });
    expect(hew.notes).toContain('invalid');
    expect(hew.success).toBe(false);
    expect(unitIn(r.next, 'hew')?.power).toBe('hesse-westphalia');
    expect(unitIn(r.next, 'bav')?.power).toBe('bavaria');
    expect(dpReportOf(r)!.neutrals.find((d) => d.unit.loc === 'hew')).toMatchObject({
      won: true,
      total: 3,
      invalid: true,
    });
    expect(renderResults(v, fall63, r)).toContain('Hesse-Westphalia: Army Hesse-Westphalia -> Bavaria.  (*invalid*)');
  });

  it("Example 5 against a rival bid: France's 3 DP outweigh Prussia's 1, so Prussia's support is not given", () => {
    const fall63 = position(v, { phase: { season: 'fall' } });
    const r = play(v, fall63, {
      france: '3 DP: A hew - bav',
      prussia: 'A ber - han\n1 DP: A hew S A ber - han',
    });
    expect(givenAt(r, 'hew')).toBe('A HEW - BAV');
    expect(outcomeAt(r, 'hew').notes).toContain('invalid');
    expect(outcomeAt(r, 'ber').notes).toEqual(['bounce']);
    expect(unitIn(r.next, 'han')?.power).toBe('britain');
    expect(r.dislodged).toEqual([]);
  });

  it('a winning bid whose order breaks the religion rule holds the unit; the smaller rival bid loses', () => {
    const board = position(v, { add: ['spain F wes'] });
    const r = play(v, board, { spain: 'F wes - alg\n2 DP: F tun S F wes - alg', turkey: '1 DP: F tun H' });
    expect(givenAt(r, 'tun')).toBe('F TUN S WES - ALG');
    expect(outcomeAt(r, 'tun')).toMatchObject({ success: false, notes: ['invalid'] });
    expect(outcomeAt(r, 'wes').notes).toEqual(['bounce']);
    expect(unitIn(r.next, 'alg')?.power).toBe('algiers');
  });

  it('a winning sortie across a blocked strait holds the unit, published invalid', () => {
    // A British fleet in Gibraltar closes the Andalusia-Morocco crossing to every other power's units.
    const board = position(v, { add: ['britain F gib'] });
    const read = submit(v, board, { spain: '2 DP: F mor - and' });
    expect(read.invalid).toHaveLength(1);
    const r = play(v, board, { spain: '2 DP: F mor - and', france: '1 DP: F mor H' });
    expect(givenAt(r, 'mor')).toBe('F MOR - AND');
    expect(outcomeAt(r, 'mor')).toMatchObject({ success: false, notes: ['invalid'] });
    expect(unitIn(r.next, 'mor')?.power).toBe('morocco');
  });

  it('Example 6: a Dutch sortie to the English Channel bounces the French fleet', () => {
    const r = play(v, spring63, { britain: '1 DP: F UPr - Eng', france: 'F Bre - Eng' });
    expect(givenAt(r, 'upr')).toBe('F UPR - ENG');
    expect(outcomeAt(r, 'upr').notes).toEqual(['bounce']);
    expect(outcomeAt(r, 'bre').notes).toEqual(['bounce']);
    expect(unitIn(r.next, 'upr')?.power).toBe('united-provinces');
    expect(unitIn(r.next, 'bre')?.power).toBe('france');
    expect(unitIn(r.next, 'eng')).toBeUndefined();
  });

  it('Example 7: an unopposed sortie would succeed, so it is invalid and the fleet stays', () => {
    const r = play(v, spring63, { britain: '1 DP: F UPr - Eng', france: 'F Bre - MAO' });
    const upr = outcomeAt(r, 'upr');
    expect(givenAt(r, 'upr')).toBe('F UPR - ENG');
    expect(upr.notes).toContain('invalid');
    expect(upr.success).toBe(false);
    expect(unitIn(r.next, 'upr')?.power).toBe('united-provinces');
    expect(unitIn(r.next, 'eng')).toBeUndefined();
    expect(unitIn(r.next, 'mao')?.power).toBe('france');
  });

  it('Example 8: a support that would carry the sortie is invalid; the sortie still bounces Brest', () => {
    const r = play(v, spring63, { britain: 'F Lon S F UPr - Eng\n1 DP: F UPr - Eng', france: 'F Bre - Eng' });
    expect(outcomeAt(r, 'lon').notes).toContain('invalid');
    expect(outcomeAt(r, 'upr').notes).toEqual(['bounce']);
    expect(outcomeAt(r, 'bre').notes).toEqual(['bounce']);
    expect(unitIn(r.next, 'upr')?.power).toBe('united-provinces');
    expect(unitIn(r.next, 'eng')).toBeUndefined();
  });
});
