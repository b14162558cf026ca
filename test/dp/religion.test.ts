// Issue rule 6: the A&E Religion Rule, v5 wording (seeds/001, 002) and v6.01 wording (seeds/000
// §II). It says which orders a minor's unit may carry out, so the single legality holds it: a DP line
// breaking it is still a bid (the parser marks the order invalid, issue 19.1), and a winning one
// leaves the unit holding, its order published as written, "(*invalid*)".
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { checkBids, dpReportOf } from '../../src/core/dp/index.js';
import { parseOrders } from '../../src/core/orders/parse.js';
import type { Position } from '../../src/core/types.js';
import type { Board } from './helpers.js';
import { givenAt, outcomeAt, position, submit, variant } from './helpers.js';

/** The verdict on one DP line by `power`: true, or the code of why its order is invalid (or the line refused). */
function verdict(id: string, board: Board, power: string, line: string): true | string {
  const v = variant(id);
  const pos: Position = position(v, board);
  const [read] = parseOrders(line, { variant: v, position: pos, power });
  if (read.status !== 'dp') throw new Error(`not read as a DP line: ${line}`);
  if (read.invalid) return typeof read.invalid === 'string' ? read.invalid : read.invalid.code;
  const { bids } = submit(v, pos, { [power]: line });
  const [first] = checkBids(v, pos, power, bids).verdicts;
  return first.ok ? true : first.reason!.code;
}

const britishTuscany: Board = { remove: ['tus'], add: ['britain A tus'] };
const turkishMilan: Board = { remove: ['mil'], add: ['turkey A mil'] };
const spanishWes: Board = { add: ['spain F wes'] };

for (const id of ['ambition5', 'ambition6']) {
  describe(`religion rule, both wordings (${id})`, () => {
    it('the Papal States may hold and may support a Catholic unit', () => {
      expect(verdict(id, {}, 'france', '1 DP: A Pap H')).toBe(true);
      expect(verdict(id, {}, 'france', '1 DP: A Pap S A Tus')).toBe(true);
      expect(verdict(id, { remove: ['tus'], add: ['france A tus'] }, 'britain', '1 DP: A Pap S A Tus')).toBe(true);
    });

    it('the Papal States may not support a non-Catholic unit', () => {
      expect(verdict(id, britishTuscany, 'britain', '1 DP: A Pap S A Tus')).toBe('religion-papal-support');
    });

    it('a Muslim minor may not support a Christian Great Power into a Muslim-held space, but may into an empty one', () => {
      expect(verdict(id, spanishWes, 'spain', '1 DP: F Tun S F Wes - Alg')).toBe('religion-muslim-minor');
      expect(verdict(id, { ...spanishWes, remove: ['alg'] }, 'spain', '1 DP: F Tun S F Wes - Alg')).toBe(true);
    });

    it('a Christian minor may not support the Ottomans into a Christian-held space', () => {
      expect(verdict(id, turkishMilan, 'turkey', '1 DP: A Tus S A Mil - Ven')).toBe('religion-christian-minor');
      // Supporting a Christian power's attack on a Christian space is nobody's business.
      expect(verdict(id, {}, 'austria', '1 DP: A Tus S A Mil - Ven')).toBe(true);
    });
  });
}

describe('where the wordings part', () => {
  it('v6 lets the Papal States sortie into an empty or non-Catholic space only; v5 not at all', () => {
    const empty: Board = { remove: ['tus'] };
    expect(verdict('ambition6', {}, 'france', '1 DP: A Pap - Tus')).toBe('religion-papal-sortie-catholic');
    expect(verdict('ambition6', britishTuscany, 'france', '1 DP: A Pap - Tus')).toBe(true);
    expect(verdict('ambition6', empty, 'france', '1 DP: A Pap - Tus')).toBe(true);
    expect(verdict('ambition5', empty, 'france', '1 DP: A Pap - Tus')).toBe('religion-papal-orders');
  });

  it("v6 counts a Christian minor's attack; v5 only a Christian Great Power's", () => {
    // Portugal (a Catholic minor) sorties into the Mid-Atlantic, held by a Turkish fleet;
    // Morocco (Muslim) is asked to support it.
    const board: Board = { add: ['turkey F mao'] };
    expect(verdict('ambition6', board, 'spain', '1 DP: F Mor S F Por - MAO')).toBe('religion-muslim-minor');
    expect(verdict('ambition5', board, 'spain', '1 DP: F Mor S F Por - MAO')).toBe(true);
  });

  it('"occupied" means at the start of the turn, whatever the occupant is ordered to do', () => {
    const v = variant('ambition6');
    const pos = position(v, { remove: ['tus'], add: ['austria A tus'] });
    const { orders, bids } = submit(v, pos, { austria: 'A Tus - Sav', britain: '1 DP: A Pap - Tus' });
    expect(verdict('ambition6', { remove: ['tus'], add: ['austria A tus'] }, 'britain', '1 DP: A Pap - Tus')).toBe(
      'religion-papal-sortie-catholic',
    );
    const r = adjudicate(v, pos, orders, { bids });
    // Britain's bid wins; the order is published as written, and the Papal army holds.
    expect(givenAt(r, 'pap')).toBe('A PAP - TUS');
    expect(outcomeAt(r, 'pap')).toMatchObject({ success: false, notes: ['invalid'] });
    expect(dpReportOf(r)!.chart[0].status).toBe('counted');
    expect(r.next.units).toContainEqual({ power: 'papal-states', type: 'A', loc: 'pap' });
  });
});
