// Every rejected order says why, and offers a correction where one is obvious.
import { describe, expect, it } from 'vitest';
import { errorOf, norm, position } from './helpers.js';

describe('unknown places', () => {
  it('suggests Ukraine for URK, as the corrected order', () => {
    expect(errorOf('A war - URK')).toEqual({ error: 'unknown place "URK"', suggestion: 'A WAR - UKR' });
  });
  it('suggests a name for a misspelt full name', () => {
    expect(errorOf('A par - Burgandyy')).toEqual({ error: 'unknown place "Burgandyy"', suggestion: 'A PAR - BUR' });
  });
  it('lists the candidates when none makes a valid order', () => {
    const e = errorOf('A par - Ukrain');
    expect(e.error).toBe('unknown place "Ukrain"');
    expect(e.suggestion).toBe('did you mean UKR (Ukraine)?');
  });
  it('reports a word that resembles nothing', () => {
    expect(errorOf('A par xyzzyq bur')).toEqual({ error: 'unknown word "xyzzyq"', suggestion: undefined });
  });
});

describe('units', () => {
  it('no unit there', () => {
    expect(errorOf('A bur - par').error).toBe('no unit in Burgundy');
  });
  it('order to foreign unit, in player mode', () => {
    expect(errorOf('A ber - sil', { power: 'france' }).error).toBe(
      'order to foreign unit: the army in Berlin belongs to Germany',
    );
  });
  it('wrong unit type, with the corrected order', () => {
    expect(errorOf('A kie - den')).toEqual({
      error: 'wrong unit type: there is a fleet in Kiel, not an army',
      suggestion: 'F KIE - DEN',
    });
    expect(errorOf('F par - bur')).toEqual({
      error: 'wrong unit type: there is an army in Paris, not a fleet',
      suggestion: 'A PAR - BUR',
    });
    expect(errorOf('A mun S F ber - kie')).toEqual({
      error: 'wrong unit type: there is an army in Berlin, not a fleet',
      suggestion: 'A MUN S A BER - KIE',
    });
  });
  it('no correction is offered when the corrected order is still wrong', () => {
    expect(errorOf('A kie - mun')).toEqual({
      error: 'wrong unit type: there is a fleet in Kiel, not an army',
      suggestion: undefined,
    });
  });
});

describe('moves', () => {
  it('not adjacent', () => {
    expect(errorOf('A par - mun').error).toBe('the army in Paris cannot reach Munich');
    expect(errorOf('F bre - lon').error).toBe('the fleet in Brest cannot reach London');
  });
  it('army to sea, fleet inland', () => {
    expect(errorOf('A par - eng', { position: position('movement', 'france: A pic') }).error).toBe('no unit in Paris');
    expect(errorOf('A pic - eng', { position: position('movement', 'france: A pic') }).error).toBe(
      'an army cannot move to a sea (English Channel)',
    );
    expect(errorOf('F bre - par').error).toBe('a fleet cannot move inland (Paris)');
  });
  it('impassable', () => {
    expect(errorOf('A mun - swi').error).toBe('Switzerland is impassable');
  });
  it('a move to where the unit stands', () => {
    expect(errorOf('A par - par').error).toBe('the army in Paris cannot move to the province it is in');
  });
  it('an inland army cannot claim a convoy', () => {
    expect(errorOf('A par - lon').error).toBe('the army in Paris cannot reach London');
  });
  it('"via convoy" where no sea route could ever exist is the land move', () => {
    expect(norm('A mun - bur via convoy')).toBe('A MUN - BUR');
  });
  it('a broken or land-bound convoy route', () => {
    const p = position('movement', 'england: A lon');
    expect(errorOf('A lon - nth - tys - nwy', { position: p }).error).toBe(
      'the convoy route is broken: North Sea does not border Tyrrhenian Sea',
    );
    expect(errorOf('A lon - wal - nwy', { position: p }).error).toBe(
      'a convoy route goes through seas; Wales is not a sea',
    );
  });
  it('fleets are not convoyed', () => {
    expect(errorOf('F bre - eng via convoy').error).toBe('only armies can be convoyed');
  });
});

describe('supports', () => {
  it('to a place the supporter cannot reach', () => {
    expect(
      errorOf('A mun S A par - gas', { position: position('movement', 'germany: A mun; france: A par') }).error,
    ).toBe('the army in Munich cannot reach Gascony, so cannot support a move there');
  });
  it('supporter not adjacent to the held unit', () => {
    expect(errorOf('A mun S A par').error).toBe('the army in Munich cannot reach Paris, so cannot support there');
  });
  it('the supported unit cannot reach the destination', () => {
    expect(errorOf('A mar S A par - pie', { position: position('movement', 'france: A mar, A par') }).error).toBe(
      'the supported unit cannot reach Piedmont: the army in Paris cannot go there',
    );
  });
  it('a unit cannot support itself', () => {
    expect(errorOf('A par S A par').error).toBe('a unit cannot support itself');
    expect(errorOf('A par S A par - bur').error).toBe('a unit cannot support itself');
  });
  it("support into the supporter's own province, or of a move that stays", () => {
    expect(errorOf('A mun S A ber - mun').error).toBe('a unit cannot support a move into its own province');
  });
  it('no unit to support', () => {
    expect(errorOf('A par S A bur - gas').error).toBe('no unit in Burgundy to support');
  });
  it('a supported army may arrive by convoy', () => {
    const p = position('movement', 'england: A lon, F nth; france: F bel');
    expect(norm('F bel S A lon - hol', { position: p })).toBe('F BEL S A LON - HOL');
  });
});

describe('convoys', () => {
  const p = position('movement', 'england: A lon, F nth, F yor, A edi');
  it('by a non-fleet', () => {
    expect(errorOf('A edi C A lon - nwy', { position: p }).error).toBe(
      'only fleets can convoy; the army in Edinburgh is an army',
    );
  });
  it('from land', () => {
    expect(errorOf('F yor C A lon - nwy', { position: p }).error).toBe(
      'a fleet can convoy only from a sea; Yorkshire is not a sea',
    );
  });
  it('of a fleet', () => {
    expect(errorOf('F nth C F yor - nwy', { position: p }).error).toBe(
      'only armies can be convoyed; the fleet in Yorkshire is a fleet',
    );
  });
  it('on no possible route', () => {
    const med = position('movement', 'england: A lon; italy: F tys');
    expect(errorOf('F tys C A lon - nwy', { position: med }).error).toBe(
      'impossible convoy: no route of seas from London to Norway passes Tyrrhenian Sea',
    );
  });
});

describe('phase', () => {
  it('a build during movement', () => {
    expect(errorOf('build A par').error).toBe('BUILD is not allowed in a movement phase; only in an adjustment phase');
  });
  it('a retreat during movement', () => {
    expect(errorOf('A par R bur').error).toBe('RETREAT is not allowed in a movement phase; only in a retreat phase');
  });
  it('a disband during movement', () => {
    expect(errorOf('A par D').error).toBe(
      'DISBAND is not allowed in a movement phase; only in a retreat phase or an adjustment phase',
    );
  });
});

describe('syntax', () => {
  it('trailing rubbish', () => {
    expect(errorOf('A par - bur bur S').error).toBe('unexpected "S"');
  });
  it('a unit word with no place', () => {
    expect(errorOf('A - bur').error).toBe('"A" must be followed by a place');
  });
  it('support of nothing', () => {
    expect(errorOf('A par S').error).toBe('support whom? name the supported unit');
  });
});
