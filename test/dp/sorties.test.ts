// Issue rule 5: a neutral unit's move under each variant's semantics, where they part.
//   A&E v6 sortie: may move, never ends elsewhere; a move that would succeed is invalid (and
//     leaves no standoff), a support that would carry it is invalid.
//   S&L stationary: a move always bounces, even unopposed, never dislodges, and the province it
//     bounced in is no retreat destination.
//   A&E v5, 1648: neutrals may not move at all.
import { describe, expect, it } from 'vitest';
import { explainMovement } from '../../src/core/adjudicate/explain.js';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { dpReportOf } from '../../src/core/dp/index.js';
import type { DpBid } from '../../src/core/types.js';
import { givenAt, outcomeAt, play, position, unitIn, variant } from './helpers.js';

describe('an unopposed move next to a dislodgement', () => {
  it('A&E v6: the sortie is invalid and the empty North Sea stays open for retreat', () => {
    const v = variant('ambition6');
    const pos = position(v, { add: ['france F eng', 'france F wal'] });
    const r = play(v, pos, { france: 'F Eng - Lon\nF Wal S F Eng - Lon', prussia: '1 DP: F UPr - Nth' });
    expect(outcomeAt(r, 'upr').notes).toContain('invalid');
    // The trace says why, as a typed fact (issue 20): the sortie would have succeeded, so it held.
    const why = explainMovement(v, pos, r.outcomes).explanations!.find((e) => e.unit?.loc === 'upr')!;
    expect(why.facts.map((f) => f.code)).toEqual(['sortie-held']);
    const london = r.dislodged.find((d) => d.loc === 'lon')!;
    expect(london.retreats.sort()).toEqual(['nth', 'yor']);
  });

  it('S&L: the sortie bounces, and the Wash, where it bounced, is no retreat destination', () => {
    const v = variant('succession');
    const pos = position(v, { remove: ['ply'], add: ['france F eng', 'france F ply'] });
    const r = play(v, pos, { france: 'F Eng - Lon\nF Ply S F Eng - Lon', sweden: '1 DP: F Ams - Was' });
    expect(outcomeAt(r, 'ams').notes).toEqual(['bounce']);
    expect(unitIn(r.next, 'ams')?.power).toBe('amsterdam');
    const london = r.dislodged.find((d) => d.loc === 'lon')!;
    expect(london.retreats).toEqual(['yor/ec']);
  });

  it('S&L without the sortie: the Wash is open', () => {
    const v = variant('succession');
    const pos = position(v, { remove: ['ply'], add: ['france F eng', 'france F ply'] });
    const r = play(v, pos, { france: 'F Eng - Lon\nF Ply S F Eng - Lon' });
    expect(r.dislodged.find((d) => d.loc === 'lon')!.retreats.sort()).toEqual(['was', 'yor/ec']);
  });
});

describe('a supported move against a weaker defender', () => {
  it('S&L: a stationary unit never dislodges, however strong', () => {
    const v = variant('succession');
    const r = play(v, position(v), {
      sweden: '1 DP: A Kon - War\n1 DP: A Wil S A Kon - War',
      sicily: '2 DP: A Kra S A Kon - War',
    });
    expect(givenAt(r, 'kon')).toBe('A KON - WAR');
    expect(outcomeAt(r, 'kon').notes).toEqual(['bounce']);
    expect(outcomeAt(r, 'war').notes).toEqual([]);
    expect(unitIn(r.next, 'war')?.power).toBe('saxony');
    expect(r.dislodged).toEqual([]);
  });

  it('A&E v6: the support that would carry the sortie is invalid instead, and the defender stays', () => {
    const v = variant('ambition6');
    const pos = position(v, { add: ['austria A tyr'] });
    // Swiss sortie into Tyrol, backed by Bavaria: it would dislodge the Austrian army.
    const r = play(v, pos, { france: '1 DP: A Swi - Tyr', britain: '1 DP: A Bav S A Swi - Tyr' });
    expect(givenAt(r, 'swi')).toBe('A SWI - TYR');
    expect(outcomeAt(r, 'bav').notes).toContain('invalid');
    expect(outcomeAt(r, 'swi').notes).toEqual(['bounce']);
    expect(unitIn(r.next, 'tyr')?.power).toBe('austria');
    expect(unitIn(r.next, 'swi')?.power).toBe('switzerland');
  });

  it('A&E v6: a sortie cuts support', () => {
    const v = variant('ambition6');
    const pos = position(v, { add: ['austria A tyr'] });
    const r = play(v, pos, { austria: 'A Tyr S A Mil - Ven\nA Mil - Ven', france: '1 DP: A Swi - Tyr' });
    expect(outcomeAt(r, 'tyr').notes).toEqual(['cut']);
    expect(outcomeAt(r, 'mil').notes).toEqual(['bounce']);
  });
});

// The judge's two choices where A&E v6 is silent (variants/ambition6/notes.md, "Sortie choices").
describe('A&E v6 sortie choices', () => {
  it('a sortie inside a circle of three moves would succeed: it is invalid, and the circle stands still', () => {
    const v = variant('ambition6');
    const pos = position(v, { remove: ['baw'], add: ['austria A tyr', 'austria A baw'] });
    // Swi -> Tyr -> Baw -> Swi: without the sortie rule all three would move.
    const r = play(v, pos, { austria: 'A Tyr - Baw\nA Baw - Swi', france: '1 DP: A Swi - Tyr' });
    expect(givenAt(r, 'swi')).toBe('A SWI - TYR');
    expect(outcomeAt(r, 'swi').notes).toContain('invalid');
    expect(outcomeAt(r, 'tyr').success).toBe(false);
    expect(outcomeAt(r, 'baw').success).toBe(false);
    expect([unitIn(r.next, 'swi')?.power, unitIn(r.next, 'tyr')?.power, unitIn(r.next, 'baw')?.power]).toEqual([
      'switzerland',
      'austria',
      'austria',
    ]);
    expect(r.dislodged).toEqual([]);
  });

  it('every support of a winning sortie is void, even where voiding one would stop it', () => {
    const v = variant('ambition6');
    const pos = position(v, { remove: ['baw'], add: ['austria A tyr', 'france A baw'] });
    // Three against a supported hold of two: voiding either support alone would stop it (2 against 2).
    const r = play(v, pos, {
      austria: 'A Vie S A Tyr',
      france: '1 DP: A Swi - Tyr\nA Baw S A Swi - Tyr',
      britain: '1 DP: A Bav S A Swi - Tyr',
    });
    expect(outcomeAt(r, 'vie').success).toBe(true);
    expect(outcomeAt(r, 'baw').notes).toContain('invalid');
    expect(outcomeAt(r, 'bav').notes).toContain('invalid');
    expect(outcomeAt(r, 'swi').notes).toEqual(['bounce']);
    expect(unitIn(r.next, 'tyr')?.power).toBe('austria');
    expect(r.dislodged).toEqual([]);
  });
});

describe('no moves for neutrals in A&E v5 and 1648', () => {
  for (const [id, unit, to] of [
    ['ambition5', 'swi', 'tyr'],
    ['1648', 'swi', 'sav'],
  ] as const) {
    it(`${id}: a move bid is void even at adjudication, and the unit holds`, () => {
      const v = variant(id);
      const pos = position(v);
      const bid: DpBid = {
        power: 'france',
        amount: 1,
        order: { kind: 'move', power: 'switzerland', type: 'A', loc: unit, to, viaConvoy: false },
      };
      const r = adjudicate(v, pos, [], { bids: [bid] });
      expect(givenAt(r, unit)).toBe(`A ${unit.toUpperCase()} H`);
      expect(dpReportOf(r)!.chart[0]).toMatchObject({
        status: 'void',
        reason: { code: 'dp-neutral-order', kind: 'move' },
      });
    });
  }
});
