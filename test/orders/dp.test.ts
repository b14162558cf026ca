// DP lines mixed with orders: the order for a neutral unit, given in its owner's name.
import { describe, expect, it } from 'vitest';
import { errorOf, one, parse, position, withNeutrals } from './helpers.js';

const p = position(
  'movement',
  'belgians: A bel; dutch: F hol; france: A par, A pic, F bre; germany: A ruh, A kie; england: F nth',
  {
    variant: withNeutrals,
  },
);
const ctx = { variant: withNeutrals, position: p, power: 'france' };

describe('DP line forms', () => {
  it.each([
    '2 DP: A bel S A par - bur',
    '2DP A bel S A par - bur',
    '2 dp a bel s a par - bur',
    'DP 2 A BEL S A PAR - BUR',
    'DP 2: A bel supports army paris to burgundy',
    'DP: 2 A bel S A par - bur',
    '2 : A BEL S A PAR - BUR',
    '2: bel S par - bur',
    'France: 2 DP: A bel S A par - bur',
  ])('%s', (line) => {
    const v = one(line, ctx);
    expect(v).toMatchObject({
      status: 'dp',
      power: 'france',
      amount: 2,
      order: { power: 'belgians', type: 'A', loc: 'bel', kind: 'support', target: 'par', targetType: 'A', to: 'bur' },
      normalised: '2 DP: A BEL S A PAR - BUR',
    });
  });
  it("bids for an affiliate's fleet, and for a hold", () => {
    expect(one('1 DP: F hol - nth', ctx)).toMatchObject({
      status: 'dp',
      amount: 1,
      order: { power: 'dutch', kind: 'move', to: 'nth' },
    });
    expect(one('3DP A bel h', ctx)).toMatchObject({ status: 'dp', amount: 3, normalised: '3 DP: A BEL H' });
  });
  it('mixes with ordinary orders', () => {
    const all = parse('A par - bur\n2 DP: A bel S A par - bur\nF bre - mao', ctx);
    expect(all.map((v) => v.status)).toEqual(['order', 'dp', 'order']);
    expect(all.map((v) => v.line)).toEqual([1, 2, 3]);
  });
  it('takes the bidder from a heading in GM mode', () => {
    const all = parse('Germany:\n1 DP: A bel - hol\nA kie H', { variant: withNeutrals, position: p });
    expect(all[1]).toMatchObject({
      status: 'dp',
      power: 'germany',
      order: { power: 'belgians', kind: 'move', to: 'hol' },
    });
    expect(all[2]).toMatchObject({ status: 'order', power: 'germany' });
  });
});

describe('neutral units in GM mode', () => {
  it('reads result lines for a neutral power pasted by the GM, owner adjective and all', () => {
    const all = parse(
      'Belgians: Army Belgium SUPPORT French Army Paris -> Burgundy.\nNetherlands: Fleet Holland HOLD.',
      { variant: withNeutrals, position: p },
    );
    expect(all).toMatchObject([
      { status: 'order', power: 'belgians', normalised: 'A BEL S A PAR - BUR' },
      { status: 'order', power: 'dutch', normalised: 'F HOL H' },
    ]);
  });
});

describe('DP line errors', () => {
  it('unknown unit', () => {
    expect(errorOf('2 DP: A lux H', ctx).error).toBe('unknown word "lux"');
    expect(errorOf('2 DP: A bur H', ctx).error).toBe('no unit in Burgundy');
  });
  it('not a neutral unit', () => {
    expect(errorOf('2 DP: A ruh - bel', ctx).error).toBe('not a neutral unit: the army in Ruhr belongs to Germany');
    expect(errorOf('1 DP: A par H', ctx).error).toBe('not a neutral unit: the army in Paris belongs to France');
  });
  it.each(['0 DP: A bel H', '-1 DP: A bel H', '1.5 DP: A bel H', 'DP x A bel H', '3*2 : A bel H', 'DP A bel H'])(
    'amount: %s',
    (line) => {
      expect(errorOf(line, ctx).error).toMatch(/^the DP amount must be a positive whole number, not "/);
    },
  );
  it('an invalid order for a neutral unit is still a bid, marked invalid (A&E v6.01 §II example 5)', () => {
    expect(one('2 DP: A bel - mun', ctx)).toMatchObject({
      status: 'dp',
      amount: 2,
      order: { power: 'belgians', kind: 'move', loc: 'bel', to: 'mun' },
      normalised: '2 DP: A BEL - MUN',
      invalid: { code: 'cannot-reach', unit: { power: 'belgians', type: 'A', loc: 'bel' }, place: 'mun' },
    });
  });
  it('a wrong unit type names no unit: refused, with the order meant', () => {
    expect(errorOf('2 DP: F bel - pic', ctx)).toEqual({
      error: 'wrong unit type: there is an army in Belgium, not a fleet',
      suggestion: '2 DP: A BEL - PIC',
    });
  });
  it('a number without DP is not a bid', () => {
    expect(errorOf('2 A bel H', ctx)).toEqual({
      error: 'a number before an order: a DP bid is written "2 DP: <order>"',
      suggestion: '2 DP: A BEL H',
    });
  });
  it('a neutral unit ordered without DP', () => {
    expect(errorOf('A bel - hol', ctx).error).toBe(
      'order to foreign unit: the army in Belgium belongs to Belgians (a neutral unit: bid for it with a DP line)',
    );
  });
  it('no bidder in GM mode', () => {
    expect(errorOf('2 DP: A bel H', { variant: withNeutrals, position: p }).error).toBe(
      'whose DP bid? put the power name first, e.g. "France: 2 DP: A SWI H"',
    );
  });
  it('only in movement phases', () => {
    const r = position('retreat', 'belgians: A bel', { variant: withNeutrals });
    expect(errorOf('2 DP: A bel H', { ...ctx, position: r }).error).toBe('DP bids are made only in movement phases');
  });
});
