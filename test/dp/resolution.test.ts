// Issue rule 4: how the bids decide each neutral unit's order: ties, overspending, void bids
// (the attacking-and-allocating rule), pooled bids, invalid winning orders, and orders for
// neutral units that do not come from bids.
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { dpReportOf } from '../../src/core/dp/index.js';
import { geometry } from '../../src/core/map/geometry.js';
import { rulesFor } from '../../src/core/rules/index.js';
import type { DpBid, MovementOrder } from '../../src/core/types.js';
import { givenAt, outcomeAt, play, position, submit, variant } from './helpers.js';

const v6 = variant('ambition6');
const start = position(v6);
const swiHold: MovementOrder = { kind: 'hold', power: 'switzerland', type: 'A', loc: 'swi' };
const swiForFrance: MovementOrder = {
  kind: 'support',
  power: 'switzerland',
  type: 'A',
  loc: 'swi',
  target: 'mar',
  to: 'sav',
};

describe('ties and defaults', () => {
  it('a tie for the most DP leaves the default hold, even when a third order has fewer', () => {
    const r = play(v6, start, {
      france: '2 DP: A Swi S A Mar - Sav',
      austria: '2 DP: A Swi S A Mil - Ven',
      britain: '1 DP: A Swi - Tyr',
    });
    expect(givenAt(r, 'swi')).toBe('A SWI H');
    expect(outcomeAt(r, 'swi').notes).toEqual([]);
  });

  it('a bid for hold can tie too: the unit holds by default, not because hold won', () => {
    const r = play(v6, start, { france: '1 DP: A Swi H', austria: '1 DP: A Swi S A Mil' });
    expect(dpReportOf(r)!.neutrals.find((d) => d.unit.loc === 'swi')).toMatchObject({
      won: false,
      tie: true,
      total: 0,
    });
  });

  it('an unbid neutral holds, and its published order is a plain hold with no "no order" note', () => {
    const r = play(v6, start, {});
    const bav = outcomeAt(r, 'bav');
    expect(bav.order).toEqual({ kind: 'hold', power: 'bavaria', type: 'A', loc: 'bav' });
    expect(bav.reason).toBeUndefined();
  });

  it('the same order written differently pools its DP', () => {
    const r = play(v6, start, {
      france: '1 DP: A Swi S A Mar - Sav',
      turkey: '1 : A SWITZERLAND S MAR - SAVOY',
      austria: '1 DP: A Swi S A Mil - Ven',
    });
    expect(givenAt(r, 'swi')).toBe('A SWI S MAR - SAV');
  });
});

describe('overspending', () => {
  it('a power allocating more than its allowance forfeits all its DP that phase', () => {
    const bids: DpBid[] = [
      { power: 'france', amount: 2, order: swiForFrance },
      { power: 'france', amount: 2, order: { kind: 'hold', power: 'bavaria', type: 'A', loc: 'bav' } },
      {
        power: 'austria',
        amount: 1,
        order: { kind: 'support', power: 'switzerland', type: 'A', loc: 'swi', target: 'mil', to: 'ven' },
      },
    ];
    const r = adjudicate(v6, start, [], { bids });
    expect(givenAt(r, 'swi')).toBe('A SWI S MIL - VEN');
    const report = dpReportOf(r)!;
    expect(report.powers.find((a) => a.power === 'france')).toMatchObject({
      allowance: 3,
      allocated: 4,
      spent: 0,
      forfeited: true,
    });
    expect(report.chart.filter((e) => e.bid.power === 'france').map((e) => e.status)).toEqual([
      'forfeited',
      'forfeited',
    ]);
    expect(report.powers.find((a) => a.power === 'austria')).toMatchObject({ spent: 1, forfeited: false });
  });

  it('spending exactly the allowance is fine', () => {
    const r = adjudicate(v6, start, [], { bids: [{ power: 'france', amount: 3, order: swiForFrance }] });
    expect(dpReportOf(r)!.powers.find((a) => a.power === 'france')!.forfeited).toBe(false);
    expect(givenAt(r, 'swi')).toBe('A SWI S MAR - SAV');
  });

  it('1648: more than 2 DP on one minor forfeits every DP of that power', () => {
    const v = variant('1648');
    const s = position(v);
    const swa = (power: string, amount: number): DpBid => ({
      power,
      amount,
      order: { kind: 'hold', power: 'swabia', type: 'A', loc: 'swa' },
    });
    const r = adjudicate(v, s, [], {
      bids: [
        swa('england', 3),
        {
          power: 'france',
          amount: 1,
          order: { kind: 'support', power: 'swabia', type: 'A', loc: 'swa', target: 'lor' },
        },
      ],
    });
    expect(dpReportOf(r)!.powers.find((a) => a.power === 'england')).toMatchObject({
      forfeited: true,
      reason: { code: 'dp-over-cap', cap: 2 },
    });
    expect(givenAt(r, 'swa')).toBe('A SWA S LOR');
  });
});

describe('the attacking-and-allocating rule (A&E v6, S&L)', () => {
  it("bids on a minor the bidder attacks are void; other powers' bids on it count", () => {
    const r = play(v6, start, {
      france: 'A Mar - Sav\n1 DP: A Sav - Tus',
      austria: '1 DP: A Sav S A Swi',
    });
    expect(givenAt(r, 'sav')).toBe('A SAV S SWI');
    const entry = dpReportOf(r)!.chart.find((e) => e.bid.power === 'france')!;
    expect(entry).toMatchObject({ status: 'void', reason: { code: 'dp-attacking', power: 'france', province: 'sav' } });
  });

  it("supporting an attack on the minor voids the supporter's bids on it", () => {
    const r = play(v6, start, {
      austria: 'A Mil - Sav',
      france: 'A Mar S A Mil - Sav\n1 DP: A Sav - Swi',
    });
    expect(givenAt(r, 'sav')).toBe('A SAV H');
    expect(dpReportOf(r)!.chart[0].status).toBe('void');
  });

  it("convoying an attack on the minor voids the convoying power's bids on it", () => {
    const pos = position(v6, { add: ['france F gol'] });
    const r = play(v6, pos, { france: 'A Mar - Tus\nF GoL C A Mar - Tus\n1 DP: A Tus - Pap' });
    expect(givenAt(r, 'tus')).toBe('A TUS H');
    expect(dpReportOf(r)!.chart[0].status).toBe('void');
  });

  it('bids on other minors still count', () => {
    const r = play(v6, start, { france: 'A Mar - Sav\n1 DP: A Swi S A Mar - Sav' });
    expect(dpReportOf(r)!.chart[0].status).toBe('counted');
  });

  it("A&E v5 has no such rule: the attacker's bid counts", () => {
    const v5 = variant('ambition5');
    const r = play(v5, position(v5), { france: 'A Mar - Sav\n1 DP: A Sav S A Swi' });
    expect(givenAt(r, 'sav')).toBe('A SAV S SWI');
  });

  it('S&L: only attacking or supporting counts — a power that merely convoys an attack keeps its bid', () => {
    const v = variant('succession');
    const pos = position(v, { add: ['france A sar', 'sicily F tys'] });
    const r = play(v, pos, { france: 'A Sar - Rom via convoy', sicily: 'F Tys C A Sar - Rom\n1 DP: A Rom H' });
    expect(dpReportOf(r)!.chart.find((e) => e.bid.power === 'sicily')!.status).toBe('counted');
  });

  it('S&L: Saxony attacking Königsberg may not allocate DP to it', () => {
    const v = variant('succession');
    const r = play(v, position(v), { saxony: 'A War - Kon\n1 DP: A Kon - Rig' });
    expect(givenAt(r, 'kon')).toBe('A KON H');
  });
});

describe('orders for neutral units come only from bids', () => {
  it("a Great Power's direct order for a neutral unit is refused, and an order in the neutral's name is ignored", () => {
    const direct: MovementOrder = {
      kind: 'move',
      power: 'austria',
      type: 'A',
      loc: 'swi',
      to: 'tyr',
      viaConvoy: false,
    };
    const forged: MovementOrder = { ...direct, power: 'switzerland' };
    const rules = rulesFor(v6);
    const ctx = { variant: v6, geometry: geometry(v6), position: start, bids: [] };
    expect(rules.checkOrder(ctx, direct)).toMatchObject({
      ok: false,
      reason: { code: 'neutral-by-dp-only' },
    });
    const r = adjudicate(v6, start, [direct, forged], { bids: [{ power: 'france', amount: 1, order: swiHold }] });
    expect(givenAt(r, 'swi')).toBe('A SWI H');
    expect(r.next.units.find((u) => u.loc === 'swi')?.power).toBe('switzerland');
  });

  it('a bid breaking the religion rule counts; winning, it leaves the unit holding, its order invalid', () => {
    const v5 = variant('ambition5');
    const pos = position(v5, { remove: ['tus'], add: ['britain A tus'] });
    const { bids } = submit(v5, pos, { france: '1 DP: A Swi S A Mar - Sav' });
    const papal: DpBid = {
      power: 'britain',
      amount: 3,
      order: { kind: 'support', power: 'papal-states', type: 'A', loc: 'pap', target: 'tus' },
    };
    const r = adjudicate(v5, pos, [], { bids: [...bids, papal] });
    expect(givenAt(r, 'pap')).toBe('A PAP S TUS');
    expect(outcomeAt(r, 'pap')).toMatchObject({ success: false, notes: ['invalid'] });
    expect(dpReportOf(r)!.chart[1]).toMatchObject({ status: 'counted' });
    expect(dpReportOf(r)!.neutrals.find((d) => d.unit.loc === 'pap')).toMatchObject({ won: true, invalid: true });
    // Britain spent 3 of its 3.
    expect(dpReportOf(r)!.powers.find((a) => a.power === 'britain')).toMatchObject({ allocated: 3, forfeited: false });
  });
});

describe('1648: every DP line counts toward the cap of the space it names, as toward the total', () => {
  // Readers refuse such lines (chancery adjudicate, the mail judge); a sheet handed to the resolver
  // directly (stored data, another tool) must still be judged the same way on both limits.
  it('two DP on Swabia and one on Swabia for a unit that is not there: three on Swabia, all forfeited', () => {
    const v = variant('1648');
    const s = position(v);
    const r = adjudicate(v, s, [], {
      bids: [
        { power: 'france', amount: 2, order: { kind: 'hold', power: 'swabia', type: 'A', loc: 'swa' } },
        { power: 'france', amount: 1, order: { kind: 'hold', power: 'swabia', type: 'F', loc: 'swa' } },
      ],
    });
    const france = dpReportOf(r)!.powers.find((a) => a.power === 'france')!;
    expect(france).toMatchObject({
      allocated: 3,
      forfeited: true,
      reason: { code: 'dp-over-cap', amount: 3, province: 'swa', cap: 2 },
    });
  });
});
