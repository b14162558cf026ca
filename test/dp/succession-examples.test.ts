// The Diplomacy-Points examples of Succession & Legacy v1.1.0 (seeds/004 §7-8), on the real
// variant file: 8.1.1 (affiliate double), the whole Baltic example 8.2 with its adjudication
// report, and example 9.2.1 of §8.3 (DP totals).
import { describe, expect, it } from 'vitest';
import { dpAllowance, dpReportOf } from '../../src/core/dp/index.js';
import { givenAt, outcomeAt, play, position, unitIn, variant } from './helpers.js';

const v = variant('succession');
const spring1703 = position(v);

describe('S&L §8.1 DP allocation for affiliate powers', () => {
  it("Example 8.1.1: England's 1 DP on its own affiliate Dublin outweighs Portugal's 1 DP", () => {
    const r = play(v, spring1703, { england: '1 DP: F Dub - Mid', portugal: '1 DP: F Dub S F Opo - Mid' });
    expect(givenAt(r, 'dub')).toBe('F DUB - MID');
    const dublin = dpReportOf(r)!.neutrals.find((d) => d.unit.loc === 'dub')!;
    expect(dublin).toMatchObject({ won: true, total: 2 });
    // A stationary unit's sortie always bounces, even unopposed.
    expect(outcomeAt(r, 'dub').notes).toEqual(['bounce']);
    expect(unitIn(r.next, 'dub')?.power).toBe('dublin');
    expect(unitIn(r.next, 'mid')).toBeUndefined();
  });
});

describe('S&L §8.2 detailed practical example: DP in the Baltic', () => {
  const mails = {
    saxony: 'A War - Kon\nA Dre - Ber\n1 DP: A Han S Dre - Ber\n1 DP: A Wil S War - Kon',
    sweden: 'A Rig - Wil\nF Kar - Bal\n1 DP: A Kon S Rig - Wil\n1 DP: A Han S Ber H',
    sicily: '1 DP: A Wil H\n1 DP: F Cop - Bal',
  };

  it('each player has a budget of 2 DP', () => {
    for (const power of ['saxony', 'sweden', 'sicily']) expect(dpAllowance(v, spring1703, power)).toBe(2);
  });

  it('deciding winning DP bids: the orders shown for the neutrals and affiliates', () => {
    const r = play(v, spring1703, mails);
    const report = dpReportOf(r)!;
    // "These DP allocations all happen to be legal."
    expect(report.chart.every((e) => e.status === 'counted')).toBe(true);
    expect(givenAt(r, 'fra')).toBe('A FRA H');
    expect(givenAt(r, 'kra')).toBe('A KRA H');
    expect(givenAt(r, 'ber')).toBe('A BER H');
    // Hanover: equal bids from Saxony and Sweden, a tie: the default order, hold.
    expect(givenAt(r, 'han')).toBe('A HAN H');
    expect(report.neutrals.find((d) => d.unit.loc === 'han')).toMatchObject({ won: false, tie: true });
    expect(givenAt(r, 'cop')).toBe('F COP - BAL');
    expect(givenAt(r, 'kon')).toBe('A KON S RIG - WIL');
    // Wilno: 1 DP to hold (Sicily) against Saxony's 1 DP, doubled because Wilno is a Saxon affiliate.
    expect(givenAt(r, 'wil')).toBe('A WIL S WAR - KON');
    expect(report.neutrals.find((d) => d.unit.loc === 'wil')).toMatchObject({ won: true, total: 2 });
  });

  it('adjudication report: every move bounces and both DP-won supports are cut', () => {
    const r = play(v, spring1703, mails);
    const expectation: Record<string, { success: boolean; notes: string[] }> = {
      war: { success: false, notes: ['bounce'] },
      dre: { success: false, notes: ['bounce'] },
      rig: { success: false, notes: ['bounce'] },
      kar: { success: false, notes: ['bounce'] },
      ber: { success: true, notes: [] },
      cop: { success: false, notes: ['bounce'] },
      fra: { success: true, notes: [] },
      han: { success: true, notes: [] },
      kon: { success: false, notes: ['cut'] },
      kra: { success: true, notes: [] },
      wil: { success: false, notes: ['cut'] },
    };
    for (const [province, want] of Object.entries(expectation)) {
      const o = outcomeAt(r, province);
      expect({ province, success: o.success, notes: o.notes }).toEqual({ province, ...want });
    }
    // Nothing moved and nothing was dislodged.
    expect(r.dislodged).toEqual([]);
    expect(r.destroyed).toEqual([]);
    for (const u of spring1703.units) expect(unitIn(r.next, u.loc.split('/')[0])).toEqual(u);
  });

  it('the results never say who allocated DP', () => {
    const r = play(v, spring1703, mails);
    const neutralOutcomes = r.outcomes.filter(
      (o) => 'loc' in o.order && v.powerById.get(o.order.power)?.kind !== 'great',
    );
    const text = JSON.stringify(neutralOutcomes);
    for (const power of ['saxony', 'sweden', 'sicily']) expect(text).not.toContain(power);
  });
});

describe('S&L §8.3 DP totals per player per turn', () => {
  it('Example 9.2.1: England has 2, then 3, then 3 with Amsterdam named home, then 1', () => {
    expect(dpAllowance(v, spring1703, 'england')).toBe(2);
    const y1704 = position(v, { phase: { year: 1704 }, owners: { ams: 'england' } });
    expect(dpAllowance(v, y1704, 'england')).toBe(3);
    expect(dpAllowance(v, { ...y1704, phase: { ...y1704.phase, season: 'fall' } }, 'england')).toBe(3);
    const named = { extraHomes: { england: ['ams'] } };
    const y1705 = position(v, { phase: { year: 1705 }, owners: { ams: 'england', bru: 'england' }, state: named });
    expect(dpAllowance(v, y1705, 'england')).toBe(3);
    const y1706 = position(v, { phase: { year: 1706 }, owners: { ams: 'france', bru: 'france' }, state: named });
    expect(dpAllowance(v, y1706, 'england')).toBe(1);
    // Without the named home centre, losing Amsterdam would leave England all its homes: 2 DP.
    expect(dpAllowance(v, { ...y1706, state: {} }, 'england')).toBe(2);
  });
});
