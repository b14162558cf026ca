// The forms players type, including every input of email-judges.md §2.1's "verified" table.
import { describe, expect, it } from 'vitest';
import { norm, one, position } from './helpers.js';

describe('DPjudge verified inputs (email-judges.md §2.1)', () => {
  const midGame = position(
    'movement',
    'france: A par, F bre; russia: F stp/sc; england: F nth, A lon; germany: A mun, A ber',
  );
  it.each([
    ['A Par-Bur', 'A PAR - BUR'],
    ['A PAR -> BUR', 'A PAR - BUR'],
    ['army paris moves to burgundy', 'A PAR - BUR'],
    ['Paris to Burgundy', 'A PAR - BUR'],
    ['F stp/sc - bot', 'F STP/SC - BOT'],
    ['F STP(sc) - BOT', 'F STP/SC - BOT'],
    ['F NTH CONVOYS ARMY LONDON TO NORWAY', 'F NTH C A LON - NWY'],
    ['A MUN S A BER H', 'A MUN S A BER'],
    // DPjudge rejects M although its own help page documents it.
    ['A PAR M BUR', 'A PAR - BUR'],
  ])('%s -> %s', (input, expected) => {
    expect(norm(input, { position: midGame })).toBe(expected);
  });

  it('Army Vienna build -> BUILD A VIE', () => {
    const winter = position('adjustment', 'austria: A bud, F tri');
    expect(norm('Army Vienna build', { position: winter })).toBe('BUILD A VIE');
  });

  it('F spa (north coast) - mao -> F SPA/NC - MAO', () => {
    const p = position('movement', 'france: F spa/nc');
    expect(norm('F spa (north coast) - mao', { position: p })).toBe('F SPA/NC - MAO');
  });
});

describe('move words', () => {
  it.each(['-', '->', '→', 'to', 'moves to', 'move', 'M', 'm', 'attacks', 'MOVES', 'move to', '=>'])(
    'A par %s bur',
    (w) => {
      expect(norm(`A par ${w} bur`)).toBe('A PAR - BUR');
    },
  );
  it('accepts no move word at all, as DPjudge does', () => {
    expect(norm('A par bur')).toBe('A PAR - BUR');
  });
  it('accepts unit words in any case and the unit type left out', () => {
    expect(norm('ARMY PARIS - BURGUNDY')).toBe('A PAR - BUR');
    expect(norm('Fleet Brest - Mid-Atlantic Ocean')).toBe('F BRE - MAO');
    expect(norm('fLeEt bre - eng')).toBe('F BRE - ENG');
    expect(norm('a par - gas')).toBe('A PAR - GAS');
    expect(norm('bre - pic')).toBe('F BRE - PIC');
    expect(norm('Paris army - Burgundy')).toBe('A PAR - BUR');
  });
  it('reads the dialect of the article and filler words', () => {
    expect(norm('The army in Paris will move to Burgundy')).toBe('A PAR - BUR');
    expect(norm('army at paris attacks burgundy')).toBe('A PAR - BUR');
  });
});

describe('names', () => {
  it.each([
    ['F bre - mid atlantic ocean', 'F BRE - MAO'],
    ['F bre - Mid-Atlantic', 'F BRE - MAO'],
    ['F bre - mid atlantic', 'F BRE - MAO'],
    ['F bre - midatlantic', 'F BRE - MAO'],
    ['F bre - MAT', 'F BRE - MAO'],
    ['F bre - English Channel', 'F BRE - ENG'],
    ['F kie - heligoland bight', 'F KIE - HEL'],
    ['F kie - Helgoland-Bight', 'F KIE - HEL'],
    ['A mun - Tyrol', 'A MUN - TYR'],
    ['A mar - Gascony.', 'A MAR - GAS'],
  ])('%s', (input, expected) => {
    expect(norm(input)).toBe(expected);
  });
  it('matches the longest run of words: Gulf of Lyon is one place, not "of Lyon"', () => {
    const p = position('movement', 'france: F mar');
    expect(norm('F marseilles - gulf of lyon', { position: p })).toBe('F MAR - LYO');
    expect(norm('F mar - gulf of lyon', { position: p })).toBe('F MAR - LYO');
  });
  it('folds accents and dots: St. Petersburg, Sévastopol', () => {
    const p = position('movement', 'russia: F stp/nc, A sev');
    expect(norm('F St. Petersburg north coast - bar', { position: p })).toBe('F STP/NC - BAR');
    expect(norm('A Sévastopol - Ukraine', { position: p })).toBe('A SEV - UKR');
  });
});

describe('hold, support, convoy words', () => {
  it.each(['H', 'h', 'hold', 'holds', 'stands', 'HOLDS'])('A par %s', (w) => {
    expect(norm(`A par ${w}`)).toBe('A PAR H');
  });
  it('a unit named alone holds (movement phase)', () => {
    expect(norm('A par')).toBe('A PAR H');
    expect(norm('hold A par')).toBe('A PAR H');
  });
  it.each(['S', 'supports', 'support', 'SUPPORTING'])('A mar %s A par - bur', (w) => {
    expect(norm(`A mar ${w} A par - bur`)).toBe('A MAR S A PAR - BUR');
  });
  it('support without unit types, and with the trailing H', () => {
    expect(norm('mar S par - bur')).toBe('A MAR S A PAR - BUR');
    expect(norm('A mun S ber')).toBe('A MUN S A BER');
    expect(norm('A mun supports A ber hold')).toBe('A MUN S A BER');
    expect(norm('A mun supports A ber holding')).toBe('A MUN S A BER');
  });
  it.each(['C', 'convoys', 'convoy'])('F nth %s A lon - nwy', (w) => {
    const p = position('movement', 'england: F nth, A lon');
    expect(norm(`F nth ${w} A lon - nwy`, { position: p })).toBe('F NTH C A LON - NWY');
    expect(norm(`F nth ${w} army from london to norway`, { position: p })).toBe('F NTH C A LON - NWY');
  });
  it('support of a fleet move keeps the coast: the supported move must go there', () => {
    const p = position('movement', 'france: F mao, F gas');
    const v = one('F gas S F mao - spa/nc', { position: p });
    expect(v.status).toBe('order');
    if (v.status === 'order') {
      expect(v.normalised).toBe('F GAS S F MAO - SPA/NC');
      expect(v.order).toMatchObject({ kind: 'support', target: 'mao', targetType: 'F', to: 'spa/nc' });
    }
  });
});

describe('convoy routes', () => {
  const p = position('movement', 'england: A lon, F nth, F eng; france: A bre');
  it('records an explicit path and marks the move as via convoy', () => {
    const v = one('A lon - nth - nwy', { position: p });
    expect(v.status).toBe('order');
    if (v.status === 'order') {
      expect(v.normalised).toBe('A LON - NTH - NWY');
      expect(v.order).toEqual({
        power: 'england',
        type: 'A',
        loc: 'lon',
        kind: 'move',
        to: 'nwy',
        viaConvoy: true,
        path: ['nth'],
      });
    }
  });
  it('accepts a path written without dashes, and a longer one', () => {
    expect(norm('A lon nth nwy', { position: p })).toBe('A LON - NTH - NWY');
    expect(norm('A lon - eng - mao - por', { position: p })).toBe('A LON - ENG - MAO - POR');
  });
  it('accepts "via convoy" and "by convoy"', () => {
    expect(norm('A lon - nwy via convoy', { position: p })).toBe('A LON - NWY VIA CONVOY');
    expect(norm('A lon - yor by convoy', { position: p })).toBe('A LON - YOR VIA CONVOY');
    expect(norm('A lon - nwy via nth', { position: p })).toBe('A LON - NTH - NWY');
  });
  it('accepts a move between coasts joined only by sea as a possible convoy, left to the adjudicator', () => {
    const v = one('A lon - nwy', { position: p });
    expect(v.status === 'order' && v.order).toEqual({
      power: 'england',
      type: 'A',
      loc: 'lon',
      kind: 'move',
      to: 'nwy',
      viaConvoy: false,
    });
    expect(norm('A bre - lon', { position: p })).toBe('A BRE - LON');
  });
});

describe('power prefixes and pasted results', () => {
  it.each([
    'France: A par - bur',
    '[France] A par - bur',
    'France) A par - bur',
    'F) A par - bur',
    'FRANCE: army paris -> burgundy.',
  ])('%s', (line) => {
    const v = one(line);
    expect(v.status).toBe('order');
    if (v.status === 'order') {
      expect(v.power).toBe('france');
      expect(v.normalised).toBe('A PAR - BUR');
    }
  });
  it('reads lines pasted back from a results mail', () => {
    const p = position('movement', 'austria: A vie, A bud, A tri; germany: A mun; russia: F stp/sc');
    expect(norm('Austria: Army Vienna -> Bohemia.  (*bounce*)', { position: p })).toBe('A VIE - BOH');
    expect(norm('Austria: Army Budapest SUPPORT Austrian Army Vienna -> Galicia.', { position: p })).toBe(
      'A BUD S A VIE - GAL',
    );
    expect(norm('Austria: Army Budapest HOLD.  (*dislodged*)', { position: p })).toBe('A BUD H');
    expect(
      norm('Germany: Army Munich SUPPORT Austrian Army Tyrolia.  (*void*)', {
        position: position('movement', 'austria: A tyr; germany: A mun'),
      }),
    ).toBe('A MUN S A TYR');
    expect(norm('Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia.', { position: p })).toBe(
      'F STP/SC - BOT',
    );
  });
  it('reads pasted adjustment results', () => {
    const winter = position('adjustment', 'austria: A bud');
    expect(norm('Austria:    Builds an army in Vienna.', { position: winter })).toBe('BUILD A VIE');
  });
});
