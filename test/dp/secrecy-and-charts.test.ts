// Issue rule 7: results show only each neutral unit's order; the GM's chart shows who bid what;
// a player's confirmation shows only his own lines and his remaining budget.
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { checkBids, dpReportOf } from '../../src/core/dp/index.js';
import { renderBidChart, renderOwnAllocations } from '../../src/render/dp-chart.js';
import type { DpBid } from '../../src/core/types.js';
import { play, position, submit, variant } from './helpers.js';

const v6 = variant('ambition6');
const start = position(v6);
const mails = {
  france: 'A Mar - Sav\n2 DP: A Swi S A Mar - Sav',
  austria: 'A Mil - Ven\n1 DP: A Swi S A Mil - Ven',
  turkey: '1 DP: A Swi S A Mar - Sav\n1 DP: F Alg S F Tun',
  spain: 'A Mad - Por\n1 DP: F Por H',
};

describe('public results', () => {
  it("neutral outcomes carry only the order given, in the neutral's name", () => {
    const r = play(v6, start, mails);
    for (const o of r.outcomes) {
      if (!('loc' in o.order) || v6.powerById.get(o.order.power)!.kind === 'great') continue;
      expect(Object.keys(o.order).sort()).not.toContain('amount');
      const text = JSON.stringify(o);
      for (const power of Object.keys(mails)) expect(text).not.toContain(power);
    }
  });
});

describe("the GM's bid chart", () => {
  const r = play(v6, start, mails);
  const chart = renderBidChart(v6, dpReportOf(r)!);

  it('shows every bid by power, the totals, the winner and the accounts', () => {
    expect(chart).toContain('SPRING 1763 MOVEMENT');
    const lines = chart.split('\n');
    const swi = lines.find((l) => l.startsWith('A SWI S A MAR - SAV'))!;
    expect(swi).toContain('<- given');
    expect(swi.trim().split(/\s+/).slice(-11)).toEqual(['-', '-', '2', '-', '1', '-', '-', '-', '-', '-', '3']);
    expect(lines.some((l) => /^\s+S A MIL - VEN\s/.test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith('A BAV H'))).toContain('no bid');
    expect(
      lines
        .find((l) => l.startsWith('Allowance'))!
        .trim()
        .split(/\s+/)
        .slice(1),
    ).toEqual(['3', '2', '3', '3', '2', '3', '2', '3', '2', '2']);
  });

  it('lists void bids with their reason (Spain attacks Portugal)', () => {
    expect(chart).toMatch(/Void bids[\s\S]*Spain 1 DP: F POR H: attacking and allocating/);
  });

  it('marks forfeited DP and says why', () => {
    const bids: DpBid[] = [
      { power: 'denmark', amount: 2, order: { kind: 'hold', power: 'bavaria', type: 'A', loc: 'bav' } },
      { power: 'denmark', amount: 1, order: { kind: 'hold', power: 'switzerland', type: 'A', loc: 'swi' } },
    ];
    const text = renderBidChart(v6, dpReportOf(adjudicate(v6, start, [], { bids }))!);
    expect(text).toContain('(2)');
    expect(text).toContain('Denmark-Norway allocated 3 DP with an allowance of 2: all its DP forfeited');
  });

  it("marks DP that count double for an affiliate's sponsor (S&L)", () => {
    const v = variant('succession');
    const text = renderBidChart(v, dpReportOf(play(v, position(v), { england: '1 DP: F Dub - Mid' }))!);
    expect(
      text
        .split('\n')
        .find((l) => l.startsWith('F DUB - MID'))!
        .trim()
        .split(/\s+/)
        .slice(-11),
    ).toEqual(['1*', '-', '-', '-', '-', '-', '-', '-', '-', '-', '2']);
  });
});

describe("a player's confirmation", () => {
  it('after submission: his accepted and rejected lines and what is left, nothing else', () => {
    const { bids } = submit(v6, start, { denmark: '1 DP: A Swi H\n2 DP: F UPr - Eng' });
    const text = renderOwnAllocations(v6, checkBids(v6, start, 'denmark', bids), 'denmark');
    expect(text).toBe(
      'Diplomacy Points: 2 this phase, 1 allocated, 1 left.\n' +
        '  1 DP: A SWI H\n' +
        '  REJECTED 2 DP: F UPR - ENG: budget exceeded: this line brings your DP to 3, but you have 2 this phase\n',
    );
  });

  it('after adjudication: only his own bids and their fate', () => {
    const r = play(v6, start, mails);
    const text = renderOwnAllocations(v6, dpReportOf(r)!, 'austria');
    expect(text).toBe('Diplomacy Points: 3 this phase, 1 allocated, 2 left.\n  1 DP: A SWI S A MIL - VEN\n');
    expect(renderOwnAllocations(v6, dpReportOf(r)!, 'spain')).toContain('(void: attacking and allocating');
    expect(renderOwnAllocations(v6, dpReportOf(r)!, 'russia')).toContain('(no DP allocated)');
  });
});
