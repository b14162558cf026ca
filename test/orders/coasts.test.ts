// Coasts: never guessed when ambiguous, filled in when only one is reachable, dropped for armies.
import { describe, expect, it } from 'vitest';
import { errorOf, norm, one, position } from './helpers.js';

const p = position(
  'movement',
  'france: F mao, F gas, F spa/nc, A por, F wes; russia: F stp/sc, F bot, F bar; turkey: F bul/ec, A con; italy: F lyo',
);

describe('fleet destinations', () => {
  it('F mao - spa is ambiguous, with both coasts offered', () => {
    expect(errorOf('F mao - spa', { position: p })).toEqual({
      error:
        'ambiguous coast: the fleet in Mid-Atlantic Ocean could reach Spain (north coast) or Spain (south coast); say which',
      suggestion: 'F MAO - SPA/NC or F MAO - SPA/SC',
    });
  });
  it('F gas - spa gets the only reachable coast', () => {
    const v = one('F gas - spa', { position: p });
    expect(v.status === 'order' && v.order).toEqual({
      power: 'france',
      type: 'F',
      loc: 'gas',
      kind: 'move',
      to: 'spa/nc',
      viaConvoy: false,
    });
    expect(norm('F wes - spa', { position: p })).toBe('F WES - SPA/SC');
    expect(norm('F bot - stp', { position: p })).toBe('F BOT - STP/SC');
    expect(norm('F bar - stp', { position: p })).toBe('F BAR - STP/NC');
  });
  it.each([
    ['F mao - spa/nc', 'F MAO - SPA/NC'],
    ['F mao - spa(sc)', 'F MAO - SPA/SC'],
    ['F mao - spa (south coast)', 'F MAO - SPA/SC'],
    ['F mao - spa sc', 'F MAO - SPA/SC'],
    ['F mao - spa south coast', 'F MAO - SPA/SC'],
    ['F mao - Spain north coast', 'F MAO - SPA/NC'],
    ['F mao - north coast of spain', 'F MAO - SPA/NC'],
    ['F mao - nc of spain', 'F MAO - SPA/NC'],
    ['F mao - spa/n.c.', 'F MAO - SPA/NC'],
    ['F mao - SPA/NC.', 'F MAO - SPA/NC'],
  ])('%s -> %s', (input, expected) => {
    expect(norm(input, { position: p })).toBe(expected);
  });
  it('a coast the fleet cannot reach', () => {
    expect(errorOf('F gas - spa/sc', { position: p })).toEqual({
      error: 'the fleet in Gascony cannot reach Spain (south coast)',
      suggestion: 'F GAS - SPA/NC',
    });
  });
  it('a coast the province does not have', () => {
    expect(errorOf('F mao - spa/ec', { position: p }).error).toBe('unknown coast: Spain has no east coast');
    expect(errorOf('F mao - por/nc', { position: p }).error).toBe('unknown coast: Portugal has no north coast');
  });
});

describe('fleets standing on a coast', () => {
  it.each([
    ['F stp(sc) - bot', 'F STP/SC - BOT'],
    ['F stp - bot', 'F STP/SC - BOT'],
    ['F St Petersburg south coast - Gulf of Bothnia', 'F STP/SC - BOT'],
    ['F spa (north coast) - mao', 'F SPA/NC - MAO'],
    ['F spa/nc - gas', 'F SPA/NC - GAS'],
    ['F bul/ec - bla', 'F BUL/EC - BLA'],
    ['F bulgaria east coast - black sea', 'F BUL/EC - BLA'],
    ['F east coast of bulgaria - black', 'F BUL/EC - BLA'],
  ])('%s -> %s', (input, expected) => {
    expect(norm(input, { position: p })).toBe(expected);
  });
  it('the wrong coast written for the unit is ignored (DATC 4.B.5, 6.B.10)', () => {
    expect(norm('F stp/nc - bot', { position: p })).toBe('F STP/SC - BOT');
  });
  it('a fleet move from the coast it is on, not the other', () => {
    expect(errorOf('F spa - wes', { position: p }).error).toBe(
      'the fleet in Spain (north coast) cannot reach Western Mediterranean',
    );
  });
});

describe('armies and supports', () => {
  it('army orders drop the coast', () => {
    expect(norm('A por - spa/nc', { position: p })).toBe('A POR - SPA');
    expect(norm('A con - bul (ec)', { position: p })).toBe('A CON - BUL');
  });
  it('support of a fleet move keeps the coast the player wrote (DATC 4.B.4, 6.B.9)', () => {
    expect(norm('F mao S F gas - spa', { position: p })).toBe('F MAO S F GAS - SPA');
    expect(norm('F lyo S F wes - spa/sc', { position: p })).toBe('F LYO S F WES - SPA/SC');
    expect(norm('F wes S F spa/nc', { position: p })).toBe('F WES S F SPA');
  });
  it('support of a fleet move to a coast it cannot reach is refused', () => {
    expect(errorOf('F lyo S F wes - spa/nc', { position: p }).error).toBe(
      'the supported unit cannot reach Spain (north coast): the fleet in Western Mediterranean cannot go there',
    );
  });
});
