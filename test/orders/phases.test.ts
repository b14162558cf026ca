// Retreat and adjustment lines.
import { describe, expect, it } from 'vitest';
import type { DislodgedUnit } from '../../src/core/types.js';
import { errorOf, norm, one, position } from './helpers.js';

const dislodged: DislodgedUnit[] = [
  { power: 'austria', type: 'A', loc: 'ser', attackerFrom: 'bul', retreats: ['alb', 'bud', 'tri'] },
  { power: 'france', type: 'F', loc: 'mao', attackerFrom: 'bre', retreats: ['spa/nc', 'spa/sc', 'por', 'naf'] },
  { power: 'russia', type: 'F', loc: 'bot', attackerFrom: 'swe', retreats: ['stp/sc', 'lvn'] },
  { power: 'italy', type: 'F', loc: 'tri', attackerFrom: 'ven', retreats: [] },
];
const retreat = position('retreat', 'turkey: A ser, A bul; england: F bre; germany: F swe; austria: A ven, A vie', {
  dislodged,
});

describe('retreat phase', () => {
  it.each([
    ['A ser R alb', 'A SER R ALB'],
    ['A ser - alb', 'A SER R ALB'],
    ['A ser retreat to albania', 'A SER R ALB'],
    ['Army Serbia retreats Budapest', 'A SER R BUD'],
    ['retreat A ser alb', 'A SER R ALB'],
    ['A ser alb R', 'A SER R ALB'],
    ['ser - tri', 'A SER R TRI'],
    ['F mao R spa/nc', 'F MAO R SPA/NC'],
    ['F mao - spa (south coast)', 'F MAO R SPA/SC'],
    ['F bot - stp', 'F BOT R STP/SC'],
    ['F mao - por', 'F MAO R POR'],
    ['A ser D', 'A SER D'],
    ['A ser disband', 'A SER D'],
    ['disband A ser', 'A SER D'],
    ['fleet trieste disband', 'F TRI D'],
    ['F tri D', 'F TRI D'],
    ['F tri remove', 'F TRI D'],
  ])('%s -> %s', (input, expected) => {
    expect(norm(input, { position: retreat })).toBe(expected);
  });
  it('an ambiguous coast is an error, with both offered', () => {
    expect(errorOf('F mao R spa', { position: retreat })).toEqual({
      error:
        'ambiguous coast: the fleet in Mid-Atlantic Ocean could retreat to Spain (north coast) or Spain (south coast); say which',
      suggestion: 'F MAO R SPA/NC or F MAO R SPA/SC',
    });
  });
  it('an invalid retreat destination lists the valid orders', () => {
    expect(errorOf('A ser - bul', { position: retreat })).toEqual({
      error: 'invalid retreat destination: the army in Serbia cannot retreat to Bulgaria',
      suggestion: 'A SER R ALB or A SER R BUD or A SER R TRI or A SER D',
    });
    expect(errorOf('F tri - alb', { position: retreat })).toEqual({
      error: 'invalid retreat destination: the fleet in Trieste cannot retreat to Albania',
      suggestion: 'F TRI D',
    });
  });
  it('a unit that was not dislodged', () => {
    expect(errorOf('A bul - rum', { position: retreat }).error).toBe(
      'unit not dislodged: the army in Bulgaria does not retreat',
    );
    expect(errorOf('A gal - war', { position: retreat }).error).toBe('no dislodged unit in Galicia');
  });
  it('the dislodged unit, not the attacker, is found in a shared province', () => {
    const v = one('A ser R alb', { position: retreat, power: 'austria' });
    expect(v.status === 'order' && v.order).toEqual({
      power: 'austria',
      type: 'A',
      loc: 'ser',
      kind: 'retreat',
      to: 'alb',
    });
  });
  it('a retreating unit needs an order word', () => {
    expect(errorOf('A ser', { position: retreat }).error).toBe('the army in Serbia must retreat or disband');
  });
  it('movement and adjustment orders are refused', () => {
    expect(errorOf('A ser H', { position: retreat }).error).toBe(
      'HOLD is not allowed in a retreat phase; only in a movement phase',
    );
    expect(errorOf('A ser S A bul', { position: retreat }).error).toBe(
      'SUPPORT is not allowed in a retreat phase; only in a movement phase',
    );
    expect(errorOf('build A par', { position: retreat }).error).toBe(
      'BUILD is not allowed in a retreat phase; only in an adjustment phase',
    );
  });
  it('no convoyed retreats', () => {
    expect(errorOf('F mao - spa - por', { position: retreat }).error).toBe('a retreat cannot be convoyed');
  });
});

describe('adjustment phase', () => {
  const winter = position('adjustment', 'austria: A bud, A ser; russia: A war; england: F nth; germany: A kie', {
    owners: { ser: 'austria', kie: 'germany' },
  });
  it.each([
    ['build A vie', 'BUILD A VIE'],
    ['BUILD A VIE', 'BUILD A VIE'],
    ['B F tri', 'BUILD F TRI'],
    ['Army Vienna build', 'BUILD A VIE'],
    ['A vie B', 'BUILD A VIE'],
    ['builds an army in vienna', 'BUILD A VIE'],
    ['build vie', 'BUILD A VIE'],
    ['build fleet sev', 'BUILD F SEV'],
    ['build F stp/nc', 'BUILD F STP/NC'],
    ['build F St Petersburg (south coast)', 'BUILD F STP/SC'],
    ['build A stp/nc', 'BUILD A STP'],
    ['build A war', 'ERROR: invalid build site: Warsaw is occupied'],
    ['build A mos', 'BUILD A MOS'],
    ['remove F nth', 'REMOVE F NTH'],
    ['disband F nth', 'REMOVE F NTH'],
    ['REMOVE fleet North Sea', 'REMOVE F NTH'],
    ['F nth D', 'REMOVE F NTH'],
    ['A ser remove', 'REMOVE A SER'],
  ])('%s -> %s', (input, expected) => {
    expect(norm(input, { position: winter })).toBe(expected);
  });
  it('waive needs a power: from the player, a prefix or a heading', () => {
    expect(norm('waive', { position: winter, power: 'france' })).toBe('WAIVE');
    expect(norm('W', { position: winter, power: 'france' })).toBe('WAIVE');
    expect(norm('France: WAIVE', { position: winter })).toBe('WAIVE');
    expect(errorOf('waive', { position: winter }).error).toBe(
      'whose WAIVE? put the power name first, e.g. "France: WAIVE"',
    );
  });
  it('the builder in GM mode is the owner of the centre', () => {
    const v = one('build A vie', { position: winter });
    expect(v.status === 'order' && v.order).toEqual({ kind: 'build', power: 'austria', type: 'A', loc: 'vie' });
  });
  it('invalid build sites', () => {
    expect(errorOf('build A bud', { position: winter }).error).toBe('invalid build site: Budapest is occupied');
    expect(errorOf('build A ser', { position: winter }).error).toBe(
      'invalid build site: Serbia is not a home centre of Austria',
    );
    expect(errorOf('build A mun', { position: winter, power: 'austria' }).error).toBe(
      'invalid build site: Munich is not a home centre of Austria',
    );
    const lost = position('adjustment', '', { owners: { vie: 'russia' } });
    expect(errorOf('build A vie', { position: lost, power: 'austria' }).error).toBe(
      'invalid build site: Austria does not own Vienna now',
    );
  });
  it('build type and coast problems', () => {
    expect(errorOf('build tri', { position: winter })).toEqual({
      error: 'army or fleet? Trieste takes either',
      suggestion: 'BUILD A TRI or BUILD F TRI',
    });
    expect(errorOf('build F vie', { position: winter }).error).toBe('a fleet cannot be built inland (Vienna)');
    expect(errorOf('build F stp', { position: position('adjustment', '') })).toEqual({
      error: 'ambiguous coast: say which coast of St Petersburg',
      suggestion: 'BUILD F STP/NC or BUILD F STP/SC',
    });
  });
  it('a removal of a foreign or missing unit', () => {
    expect(errorOf('remove F nth', { position: winter, power: 'austria' }).error).toBe(
      'order to foreign unit: the fleet in North Sea belongs to England',
    );
    expect(errorOf('remove A par', { position: winter }).error).toBe('no unit in Paris');
  });
  it('a unit with no order word, and movement orders', () => {
    expect(errorOf('A bud', { position: winter })).toEqual({
      error: 'BUILD or REMOVE? the order word is missing',
      suggestion: 'BUILD A BUD or REMOVE A BUD',
    });
    expect(errorOf('A bud - vie', { position: winter }).error).toBe(
      'a move is not allowed in an adjustment phase; only in a movement phase',
    );
  });
});
