// Issue rules 2 and 3: each power's DP per movement phase, and the check of every DP line when
// it is submitted (a reason for every rejection).
import { describe, expect, it } from 'vitest';
import { checkBids, dpAllowance } from '../../src/core/dp/index.js';
import type { DpBid } from '../../src/core/types.js';
import { play, position, submit, variant } from './helpers.js';

describe('allowance: one DP per centre, at most 3 (A&E)', () => {
  const v = variant('ambition6');
  it('counts centres and caps at three; neutrals and non-movement phases get none', () => {
    const start = position(v);
    expect(dpAllowance(v, start, 'denmark')).toBe(2);
    expect(dpAllowance(v, start, 'france')).toBe(3);
    expect(dpAllowance(v, start, 'britain')).toBe(3); // four centres, capped
    expect(dpAllowance(v, start, 'switzerland')).toBe(0);
    expect(dpAllowance(v, position(v, { phase: { season: 'fall', type: 'retreat' } }), 'france')).toBe(0);
    const lost = position(v, { owners: { bre: 'britain', mar: 'spain' } });
    expect(dpAllowance(v, lost, 'france')).toBe(1);
    expect(dpAllowance(v, position(v, { owners: { par: 'britain', bre: 'britain', mar: 'britain' } }), 'france')).toBe(
      0,
    );
  });
});

describe('allowance: 1648', () => {
  const v = variant('1648');
  it('England has 3 DP throughout the first game year, then one per centre', () => {
    expect(dpAllowance(v, position(v), 'england')).toBe(3);
    expect(dpAllowance(v, position(v, { phase: { season: 'fall' } }), 'england')).toBe(3);
    expect(dpAllowance(v, position(v, { phase: { year: 1650 } }), 'england')).toBe(2);
    expect(dpAllowance(v, position(v), 'france')).toBe(3);
    expect(dpAllowance(v, position(v, { phase: { year: 1650 } }), 'spain')).toBe(3);
  });
});

describe('allowance: S&L home-centre control', () => {
  const v = variant('succession');
  it('+1 any home, +1 all homes, +1 any other centre', () => {
    expect(dpAllowance(v, position(v), 'russia')).toBe(2);
    expect(dpAllowance(v, position(v, { owners: { mos: 'sweden' } }), 'russia')).toBe(1);
    expect(dpAllowance(v, position(v, { owners: { mos: 'sweden', nar: 'russia' } }), 'russia')).toBe(2);
    expect(dpAllowance(v, position(v, { owners: { nar: 'russia' } }), 'russia')).toBe(3);
    expect(
      dpAllowance(v, position(v, { owners: { mos: 'sweden', kyi: 'sweden', nov: 'sweden', nar: 'russia' } }), 'russia'),
    ).toBe(1);
  });
});

describe('checking DP lines at submission', () => {
  const v6 = variant('ambition6');
  const start = position(v6);
  const lines = (power: string, text: string): DpBid[] => submit(v6, start, { [power]: text }).bids;

  it('accepts DPjudge\'s "2 : ..." spelling and several lines behind one order', () => {
    const bids = lines('france', '2 : A SWI S A MAR - SAV\n1 DP: A Swi S A Mar - Sav');
    const check = checkBids(v6, start, 'france', bids);
    expect(check.verdicts.map((x) => x.ok)).toEqual([true, true]);
    expect(check).toMatchObject({ spent: 3, allowance: 3, remaining: 0 });
  });

  it('rejects the line that exceeds the budget, counting the line itself, and goes on', () => {
    const bids = lines('denmark', '1 DP: A Swi H\n2 DP: F UPr - Eng\n1 DP: A Bav H\n1 DP: A Tus H');
    const check = checkBids(v6, start, 'denmark', bids);
    expect(check.verdicts.map((x) => x.ok)).toEqual([true, false, true, false]);
    expect(check.verdicts[1].reason).toEqual({ code: 'dp-budget', total: 3, allowance: 2 });
    expect(check).toMatchObject({ spent: 2, allowance: 2, remaining: 0 });
  });

  it('rejects an unknown unit and a unit that is not neutral', () => {
    const bids: DpBid[] = [
      { power: 'france', amount: 1, order: { kind: 'hold', power: 'bavaria', type: 'A', loc: 'boh' } },
      { power: 'france', amount: 1, order: { kind: 'hold', power: 'bavaria', type: 'F', loc: 'bav' } },
      { power: 'france', amount: 1, order: { kind: 'hold', power: 'austria', type: 'A', loc: 'vie' } },
    ];
    const reasons = checkBids(v6, start, 'france', bids).verdicts.map((x) => x.reason);
    expect(reasons).toEqual([
      { code: 'dp-no-unit', province: 'boh' },
      { code: 'dp-wrong-type', province: 'bav', type: 'F' },
      { code: 'dp-not-neutral', unit: { power: 'austria', type: 'A', loc: 'vie' } },
    ]);
  });

  it('v5 and 1648: a neutral may only hold or support', () => {
    const v5 = variant('ambition5');
    const s5 = position(v5);
    const bids = submit(v5, s5, { britain: '1 DP: F UPr - Eng\n1 DP: F UPr S F Lon - Eng' }).bids;
    const check = checkBids(v5, s5, 'britain', bids);
    expect(check.verdicts[0]).toMatchObject({ ok: false, reason: { code: 'dp-neutral-order', kind: 'move' } });
    expect(check.verdicts[1].ok).toBe(true);
    const v1648 = variant('1648');
    const s1648 = position(v1648);
    const sw = submit(v1648, s1648, { france: '1 DP: A Swi - Sav' }).bids;
    expect(checkBids(v1648, s1648, 'france', sw).verdicts[0].reason).toEqual({
      code: 'dp-neutral-order',
      kind: 'move',
    });
  });

  it('1648: no more than 2 DP from one power on one minor', () => {
    const v = variant('1648');
    const s = position(v);
    const bids = submit(v, s, { england: '1 DP: A Swa H\n1 DP: A Swa S A Bav\n1 DP: A Swa H' }).bids;
    const check = checkBids(v, s, 'england', bids);
    expect(check.verdicts.map((x) => x.ok)).toEqual([true, true, false]);
    expect(check.verdicts[2].reason).toEqual({ code: 'dp-cap', cap: 2, province: 'swa', total: 3 });
    expect(check.remaining).toBe(1);
  });

  it('a neutral power cannot bid, and bids are for movement phases only', () => {
    const bid: DpBid = {
      power: 'savoy',
      amount: 1,
      order: { kind: 'hold', power: 'switzerland', type: 'A', loc: 'swi' },
    };
    expect(checkBids(v6, start, 'savoy', [bid]).verdicts[0].reason).toEqual({ code: 'dp-not-great', power: 'savoy' });
    const retreat = position(v6, { phase: { type: 'retreat' } });
    const mine = { ...bid, power: 'france' };
    expect(checkBids(v6, retreat, 'france', [mine]).verdicts[0].reason).toEqual({ code: 'dp-phase' });
  });
});

describe('1648 Diplomacy Points example', () => {
  const v = variant('1648');
  it("Spain's DP for the Austrian order give Austria the Swabian support", () => {
    const r = play(v, position(v), {
      austria: 'A Pra - Bav\n1 DP: A Swa S A Pra - Bav',
      france: 'A Par - Lor\n1 DP: A Swa S A Par - Lor',
      spain: '1 DP: A Swa S A Pra - Bav',
    });
    const swabia = r.outcomes.find((o) => 'loc' in o.order && o.order.loc === 'swa')!;
    expect(swabia.order).toMatchObject({ kind: 'support', target: 'pra', to: 'bav' });
    expect(r.next.units.find((u) => u.loc === 'bav')?.power).toBe('austria');
  });
});
