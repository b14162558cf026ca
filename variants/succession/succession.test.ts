// Succession & Legacy v1.1.0: every fact the rules text states about the map, the powers and the
// start, checked against variants/succession/succession.variant (a derived map, see its notes.md).
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { borders, geometry, reachesProvince } from '../../src/core/map/geometry.js';
import { normaliseName } from '../../src/core/map/names.js';
import type { Variant } from '../../src/core/map/variant.js';
import { adjudicate, initialPosition } from '../../src/core/adjudicate/index.js';
import { composeRules } from '../../src/core/rules/ruleset.js';
import type { Loc, MovementOrder, UnitType } from '../../src/core/types.js';

const variant: Variant = loadVariant('succession');
const g = geometry(variant);
const army = (a: Loc, b: Loc) => borders(g, 'A', a, b);
const fleet = (a: Loc, b: Loc) => borders(g, 'F', a, b);
const fleetNeighbours = (loc: Loc) => [...(g.fleetAdj.get(loc) ?? [])].sort();
const power = (id: string) => variant.powerById.get(id)!;

/** §4.1, in the rules' order: every named space and its abbreviation. */
const RULES_SPACE_LIST =
  'Ada Adr Aeg Alg Ams Ank Aqu Auv Bak Bal Ban Bar Bav BOB Bel Ber Bla Boh Bos Bre Bru Buc Bud Con Cop Cou ' +
  'Cre Dal Dre Dub Dvi Eas Edi Ege Eng Ext Fez Fin Fra Gen GOB GOC GOL Han Hel Inn Ion Iri Jas Kar Kas Kra ' +
  'Kub Kyi Kon Lis Lon Lot Mad Mar Mec Mid Mil Min Mor Mos Nap Nar NAO Nth Nwy Nwg Nov Now Occ Opo Pal Par ' +
  'Pic Ply Poz Psk Rig Rom Rug Sal Sar Sev Sil Siv Ska Sto Was Tou Tra Tun Tur Tus TyS Ven Vie Vol Vor Wad ' +
  'Wal War Wes Wil Yor Zag';
const SEAS = 'adr aeg bal bob bla eas eng gob goc gol ion iri mid nao nth nwg ska tys was wad wes';

/** §5.1-5.12: each power's units, exactly as listed. */
const GREAT_UNITS: Record<string, string[]> = {
  england: ['F lon', 'F ply'],
  france: ['F bre', 'A par', 'A tou'],
  habsburgs: ['A inn', 'A vie'],
  kurucs: ['A ege', 'A kas'],
  ottomans: ['A ank', 'F con'],
  portugal: ['A lis', 'F opo'],
  russia: ['A kyi', 'A mos', 'A nov'],
  saxony: ['A dre', 'A war'],
  sicily: ['F nap', 'F pal'],
  sweden: ['F kar', 'A rig', 'F sto'],
};
const MINOR_UNITS = ['F ams', 'A ber', 'F cop', 'A fra', 'A han', 'A kon', 'A rom', 'A sev', 'A tur', 'F ven'];
/** §5.12 table: affiliate unit -> sponsor. */
const AFFILIATES: [string, string][] = [
  ['F dub', 'england'],
  ['A edi', 'england'],
  ['A bru', 'france'],
  ['A mad', 'france'],
  ['A bar', 'habsburgs'],
  ['A bud', 'habsburgs'],
  ['A zag', 'habsburgs'],
  ['A bak', 'ottomans'],
  ['A bel', 'ottomans'],
  ['A buc', 'ottomans'],
  ['A jas', 'ottomans'],
  ['A sal', 'ottomans'],
  ['F tun', 'ottomans'],
  ['A kra', 'saxony'],
  ['A wil', 'saxony'],
  ['A mil', 'sicily'],
  ['A nar', 'sweden'],
];

const unitsOf = (id: string) => power(id).units.map((u) => `${u.type} ${u.loc}`);
const ofKind = (kind: string) => variant.powers.filter((p) => p.kind === kind);

describe('Succession & Legacy: the file', () => {
  it('loads with no problems and says the map is derived', () => {
    expect(variant.id).toBe('succession');
    expect(variant.source.toLowerCase()).toContain('derived');
  });

  it('starts in 1703 and needs 18 centres (§1.1, §2.0)', () => {
    expect(variant.startYear).toBe(1703);
    expect(variant.victoryCentres).toBe(18);
  });

  it('switches on the S&L rule modules', () => {
    const rule = (id: string) => variant.rules.filter((r) => r.id === id).map((r) => r.args.join(' '));
    expect(rule('dp')).toEqual(['home-control']);
    expect(rule('dp-affiliate-double')).toEqual(['']);
    expect(rule('dp-no-attack-and-allocate')).toEqual(['']);
    expect(rule('neutral-orders')).toEqual(['stationary']);
    expect(rule('neutral-dislodged')).toEqual(['disband']);
    expect(rule('extra-home')).toEqual(['named 1 from minor affiliate']);
    expect(rule('year-cap')).toEqual(['10']);
    expect(rule('victory-check')).toEqual(['after-autumn-retreats']);
    expect(rule('victory-sole-leader')).toEqual(['']);
    expect(rule('neutral-rebuild')).toEqual(['owned-and-vacant start-type']);
  });
});

describe('Succession & Legacy: spaces and centres', () => {
  it('has exactly the 110 spaces of §4.1, ids = abbreviations in lower case', () => {
    const ids = variant.map.provinces.map((p) => p.id).sort();
    expect(ids).toEqual(RULES_SPACE_LIST.toLowerCase().split(' ').sort());
    expect(ids).toHaveLength(110);
  });

  it('has 21 seas, and land and coast for the rest', () => {
    const seas = variant.map.provinces
      .filter((p) => p.terrain === 'sea')
      .map((p) => p.id)
      .sort();
    expect(seas).toEqual(SEAS.split(' ').sort());
    expect(variant.map.provinces.filter((p) => p.terrain === 'impassable')).toEqual([]);
  });

  it('has 50 centres: 23 great-power homes, 17 affiliates, 10 minors (§2.0)', () => {
    const centres = variant.map.provinces.filter((p) => p.centre);
    expect(centres).toHaveLength(50);
    const count = (kind: string) => ofKind(kind).flatMap((p) => [...p.home, ...p.owns]).length;
    expect(count('great')).toBe(23);
    expect(count('affiliate')).toBe(17);
    expect(count('minor')).toBe(10);
    const owned = variant.powers.flatMap((p) => [...p.home, ...p.owns]).sort();
    expect(owned).toEqual(centres.map((p) => p.id).sort());
  });

  it("resolves the names players type, with the rules' spellings and the usual ones", () => {
    const loc = (name: string) => variant.map.names.get(normaliseName(name));
    expect(loc('Königsberg')).toBe('kon');
    expect(loc('Konigsberg')).toBe('kon');
    expect(loc('Kraków')).toBe('kra');
    expect(loc('Nowogródek')).toBe('now');
    expect(loc('Gulf of Cádiz')).toBe('goc');
    expect(loc('Extramadura')).toBe('ext');
    expect(loc('Extremadura')).toBe('ext');
    expect(loc('Toulons')).toBe('tou');
    expect(loc('Toulon')).toBe('tou');
    expect(loc('Tyrrhennian Sea')).toBe('tys');
    expect(loc('Tyrrhenian Sea')).toBe('tys');
    expect(loc('Eastern Mediterranean Sea')).toBe('eas');
    expect(loc('Rome north coast')).toBe('rom/nc');
    expect(loc('York west coast')).toBe('yor/wc');
    expect(loc('sal/ec')).toBe('sal/ec');
  });
});

describe('Succession & Legacy: powers and starting units (§5)', () => {
  it('has 10 great, 10 minor and 17 affiliate powers', () => {
    expect(ofKind('great')).toHaveLength(10);
    expect(ofKind('minor')).toHaveLength(10);
    expect(ofKind('affiliate')).toHaveLength(17);
    expect(variant.powers.flatMap((p) => p.units)).toHaveLength(50);
  });

  it('gives each great power its home centres and units exactly as listed', () => {
    for (const [id, units] of Object.entries(GREAT_UNITS)) {
      expect(power(id).kind, id).toBe('great');
      expect(unitsOf(id).sort(), id).toEqual([...units].sort());
      expect([...power(id).home].sort(), id).toEqual(units.map((u) => u.slice(2)).sort());
      expect(power(id).owns, id).toEqual([]);
    }
  });

  it('names the great powers and their two-letter abbreviations', () => {
    const label = (id: string) => `${power(id).name} ${power(id).initial}`;
    expect(label('england')).toBe('England EN');
    expect(label('saxony')).toBe('Saxony-Poland SA');
    expect(label('habsburgs')).toBe('Habsburgs HA');
    expect(label('kurucs')).toBe('Kurucs KU');
    expect(power('ottomans').adjective).toBe('Ottoman');
  });

  it('leaves Russia and the Kurucs landlocked, Narva (St Petersburg) on the water (§1.4, §5.7)', () => {
    for (const c of [...power('russia').home, ...power('kurucs').home])
      expect(variant.map.byId.get(c)!.terrain, c).toBe('land');
    expect(variant.map.byId.get('nar')!.terrain).toBe('coast');
  });

  it('gives each minor power one stationary unit in its own centre (§5.11)', () => {
    const units = ofKind('minor').flatMap((p) => {
      expect(p.units).toHaveLength(1);
      expect(p.home).toEqual([p.units[0].loc]);
      return unitsOf(p.id);
    });
    expect(units.sort()).toEqual([...MINOR_UNITS].sort());
  });

  it('gives each affiliate its unit and its sponsor (§5.12)', () => {
    for (const [unit, sponsor] of AFFILIATES) {
      const loc = unit.slice(2);
      const affiliate = ofKind('affiliate').find((p) => p.home.includes(loc));
      expect(affiliate, unit).toBeDefined();
      expect(unitsOf(affiliate!.id), unit).toEqual([unit]);
      expect(affiliate!.attrs.sponsor, unit).toBe(sponsor);
      expect(power(sponsor).kind).toBe('great');
    }
  });
});

describe('Succession & Legacy: split coasts (§4.2)', () => {
  const split = (id: string) => variant.map.byId.get(id)!.coasts;

  it('splits exactly Ankara, Rome, Salonica and York', () => {
    expect(
      variant.map.provinces
        .filter((p) => p.coasts.length)
        .map((p) => p.id)
        .sort(),
    ).toEqual(['ank', 'rom', 'sal', 'yor']);
    expect(split('ank').sort()).toEqual(['nc', 'sc']);
    expect(split('rom').sort()).toEqual(['nc', 'sc']);
    expect(split('sal').sort()).toEqual(['ec', 'wc']);
    expect(split('yor').sort()).toEqual(['ec', 'wc']);
  });

  it('puts each coast on its own sea', () => {
    // Ankara: split by Constantinople (the Marmara) into the Black Sea and Aegean sides.
    expect(fleet('ank/nc', 'bla')).toBe(true);
    expect(fleet('ank/nc', 'aeg')).toBe(false);
    expect(fleet('ank/sc', 'aeg')).toBe(true);
    expect(fleet('ank/sc', 'bla')).toBe(false);
    // Rome: south coast near Rome (Tyrrhenian), north coast at Ravenna (Adriatic).
    expect(fleet('rom/sc', 'tys')).toBe(true);
    expect(fleet('rom/sc', 'adr')).toBe(false);
    expect(fleet('rom/nc', 'adr')).toBe(true);
    expect(fleet('rom/nc', 'tys')).toBe(false);
    // Salonica: Morea splits Greece into a west (Ionian) and an east (Aegean) coast.
    expect(fleet('sal/wc', 'ion')).toBe(true);
    expect(fleet('sal/wc', 'aeg')).toBe(false);
    expect(fleet('sal/ec', 'aeg')).toBe(true);
    expect(fleet('sal/ec', 'ion')).toBe(false);
    // York: west coast ~ Liverpool (Irish Sea), east coast on the North Sea.
    expect(fleet('yor/wc', 'iri')).toBe(true);
    expect(fleet('yor/wc', 'nth')).toBe(false);
    expect(fleet('yor/ec', 'nth')).toBe(true);
    expect(fleet('yor/ec', 'iri')).toBe(false);
  });

  it('is ambiguous only from the space the rules name for each', () => {
    const bordersBoth = (id: string) => g.ids.filter((other) => split(id).every((c) => fleet(other, `${id}/${c}`)));
    expect(bordersBoth('ank')).toEqual(['con']);
    expect(bordersBoth('rom')).toEqual(['nap']);
    expect(bordersBoth('sal')).toEqual(['mor']);
    expect(bordersBoth('yor')).toEqual(['edi']);
  });

  it('joins Tuscany to Rome: fleets to the south coast, armies to Rome (§3.4)', () => {
    expect(fleet('tus', 'rom/sc')).toBe(true);
    expect(fleet('tus', 'rom/nc')).toBe(false);
    expect(army('tus', 'rom')).toBe(true);
  });
});

describe('Succession & Legacy: canals (§4.3)', () => {
  /** A fleet can go sea -> canal -> other sea. */
  const passes = (seaA: Loc, canal: Loc, seaB: Loc) => fleet(seaA, canal) && fleet(canal, seaB) && fleet(seaB, canal);

  it('Constantinople: the only way between the Black Sea and the Aegean', () => {
    expect(passes('bla', 'con', 'aeg')).toBe(true);
    expect(fleet('bla', 'aeg')).toBe(false);
    // Ankara touches both seas too, but on separate coasts, which no fleet can link.
    const onBoth = g.fleetLocs.flat().filter((l) => fleet(l, 'bla') && fleet(l, 'aeg'));
    expect(onBoth).toEqual(['con']);
  });

  it('Copenhagen and Karlskrona join the Baltic to the Skagerrak, as Denmark and Sweden do', () => {
    expect(passes('bal', 'cop', 'ska')).toBe(true);
    expect(passes('bal', 'cop', 'nth')).toBe(true);
    expect(passes('bal', 'kar', 'ska')).toBe(true);
    expect(fleet('bal', 'ska')).toBe(false);
    expect(fleet('bal', 'nth')).toBe(false);
    expect(army('cop', 'kar') && fleet('cop', 'kar')).toBe(true);
  });

  it('has no canal where Kiel would be: Mecklenburg and Hanover touch one sea each', () => {
    expect(fleetNeighbours('mec').filter((l) => g.isSea[g.index.get(l)!])).toEqual(['bal']);
    expect(fleetNeighbours('han').filter((l) => g.isSea[g.index.get(l)!])).toEqual(['wad']);
  });

  it('Edinburgh and Dublin: Irish Sea and North Atlantic are not adjacent; the canal joins them', () => {
    expect(fleet('iri', 'nao')).toBe(false);
    expect(fleet('nao', 'iri')).toBe(false);
    expect(passes('iri', 'edi', 'nao')).toBe(true);
    expect(passes('iri', 'dub', 'nao')).toBe(true);
    expect(fleet('edi', 'dub')).toBe(true);
    expect(army('edi', 'dub')).toBe(true);
  });

  it('Naples and Palermo: Ionian and Tyrrhenian are not adjacent; the strait joins them', () => {
    expect(fleet('ion', 'tys')).toBe(false);
    expect(fleet('tys', 'ion')).toBe(false);
    expect(passes('tys', 'nap', 'ion')).toBe(true);
    expect(passes('tys', 'pal', 'ion')).toBe(true);
    expect(fleet('nap', 'pal')).toBe(true);
    expect(army('nap', 'pal')).toBe(true);
  });

  it('Bakhchisaray, Kuban and Voronezh are mutually adjacent for both; Voronezh misses the Black Sea', () => {
    for (const [a, b] of [
      ['bak', 'kub'],
      ['bak', 'vor'],
      ['kub', 'vor'],
    ]) {
      expect(army(a, b), `${a}-${b}`).toBe(true);
      expect(fleet(a, b), `${a}-${b}`).toBe(true);
    }
    expect(variant.map.byId.get('vor')!.terrain).toBe('coast');
    expect(fleetNeighbours('vor')).toEqual(['bak', 'kub']);
    expect(fleet('bak', 'bla') && fleet('kub', 'bla')).toBe(true);
  });

  it("Vienna's small coast touches Venice only; Venice's touches Zagreb", () => {
    expect(fleetNeighbours('vie')).toEqual(['ven']);
    expect(fleet('ven', 'vie')).toBe(true);
    expect(fleet('ven', 'zag') && fleet('zag', 'ven')).toBe(true);
    expect(fleet('vie', 'zag')).toBe(false);
    expect(fleet('zag', 'vie')).toBe(false);
    expect(fleet('vie', 'adr')).toBe(false);
    // Only the coasts are cut off: over land Vienna borders Zagreb (derived, notes.md).
    expect(army('vie', 'zag')).toBe(true);
  });
});

describe('Succession & Legacy: arrows and stated non-adjacencies (§4.4)', () => {
  const both = (a: Loc, b: Loc, type: UnitType) => borders(g, type, a, b) && borders(g, type, b, a);

  it('Sivas-Kuban and Stockholm-Finland are adjacent for armies and fleets', () => {
    for (const type of ['A', 'F'] as const) {
      expect(both('siv', 'kub', type), type).toBe(true);
      expect(both('sto', 'fin', type), type).toBe(true);
    }
  });

  it('Norway borders neither Finland nor Novgorod', () => {
    for (const type of ['A', 'F'] as const)
      for (const other of ['fin', 'nov']) {
        expect(reachesProvince(g, type, 'nwy', other), `${type} nwy-${other}`).toBe(false);
        expect(reachesProvince(g, type, other, 'nwy'), `${type} ${other}-nwy`).toBe(false);
      }
  });
});

describe('Succession & Legacy: the worked examples are playable', () => {
  it('§8.1: F Dublin moves to, or supports F Oporto into, the Mid Atlantic', () => {
    expect(fleet('dub', 'mid')).toBe(true);
    expect(fleet('opo', 'mid')).toBe(true);
    expect(unitsOf('dublin')).toEqual(['F dub']);
    expect(power('dublin').attrs.sponsor).toBe('england');
  });

  it('§8.2: every order of the Baltic example is legal from the starting position', () => {
    const at = (loc: string) => initialPosition(variant).units.find((u) => u.loc === loc);
    for (const [loc, owner] of [
      ['war', 'saxony'],
      ['dre', 'saxony'],
      ['rig', 'sweden'],
      ['kar', 'sweden'],
      ['han', 'hanover'],
      ['wil', 'wilno'],
      ['kon', 'konigsberg'],
      ['ber', 'berlin'],
      ['cop', 'copenhagen'],
      ['fra', 'frankfurt'],
      ['kra', 'krakow'],
    ])
      expect(at(loc)?.power, loc).toBe(owner);
    expect(power('wilno').attrs.sponsor).toBe('saxony');
    expect(power('krakow').attrs.sponsor).toBe('saxony');
    // moves
    expect(army('war', 'kon')).toBe(true);
    expect(army('dre', 'ber')).toBe(true);
    expect(army('rig', 'wil')).toBe(true);
    expect(fleet('kar', 'bal')).toBe(true);
    expect(fleet('cop', 'bal')).toBe(true);
    // supports: the supporter must reach the province it supports into or holds
    expect(army('han', 'ber')).toBe(true);
    expect(army('wil', 'kon')).toBe(true);
    expect(army('kon', 'wil')).toBe(true);
  });

  it('§8.2: the adjudication report comes out as printed', () => {
    const hold = (power: string, type: UnitType, loc: string): MovementOrder => ({ kind: 'hold', power, type, loc });
    const move = (power: string, type: UnitType, loc: string, to: string): MovementOrder => ({
      kind: 'move',
      power,
      type,
      loc,
      to,
      viaConvoy: false,
    });
    const support = (power: string, loc: string, target: string, to: string): MovementOrder => ({
      kind: 'support',
      power,
      type: 'A',
      loc,
      target,
      to,
    });
    const orders: MovementOrder[] = [
      move('saxony', 'A', 'war', 'kon'),
      move('saxony', 'A', 'dre', 'ber'),
      move('sweden', 'A', 'rig', 'wil'),
      move('sweden', 'F', 'kar', 'bal'),
      hold('berlin', 'A', 'ber'),
      move('copenhagen', 'F', 'cop', 'bal'),
      hold('frankfurt', 'A', 'fra'),
      hold('hanover', 'A', 'han'),
      support('konigsberg', 'kon', 'rig', 'wil'),
      hold('krakow', 'A', 'kra'),
      support('wilno', 'wil', 'war', 'kon'),
    ];
    // Standard rules suffice here: every stationary unit's move bounces in the example anyway.
    const result = adjudicate(variant, initialPosition(variant), orders, { rules: composeRules([]) });
    const outcome = (loc: string) => result.outcomes.find((o) => 'loc' in o.order && o.order.loc === loc)!;
    for (const loc of ['war', 'dre', 'rig', 'kar', 'cop']) {
      expect(outcome(loc).success, loc).toBe(false);
      expect(outcome(loc).notes, loc).toContain('bounce');
    }
    for (const loc of ['ber', 'fra', 'han', 'kra']) expect(outcome(loc).success, loc).toBe(true);
    expect(outcome('kon').notes).toContain('cut');
    expect(outcome('wil').notes).toContain('cut');
    expect(result.dislodged).toEqual([]);
  });

  it('§8.3: England can reach Amsterdam and Brussels by sea', () => {
    expect(fleet('lon', 'was')).toBe(true);
    expect(fleet('was', 'ams')).toBe(true);
    expect(fleet('was', 'bru')).toBe(true);
  });
});

describe('Pozsony–Silesia (notes.md: Trencsén bordered Teschen in 1700)', () => {
  it('an army moves from Pozsony to Silesia, as players write it', async () => {
    const { readPhaseOrders } = await import('../../src/cli/adjudicate.js');
    const { adjudicate } = await import('../../src/core/adjudicate/index.js');
    const { readPosition } = await import('../../src/core/position/index.js');
    const { loadVariant } = await import('../../src/core/map/load.js');
    const v = loadVariant('succession');
    const { position } = readPosition('variant succession\nphase Spring 1703\nHabsburgs: A poz\n  owns inn vie\n', {
      variant: v,
    });
    const read = readPhaseOrders(v, position, 'Habsburgs:\nA Pozsony - Silesia\n', 'orders');
    expect(read.refused).toEqual([]);
    const result = adjudicate(v, position, read.orders);
    expect(result.next.units).toContainEqual({ power: 'habsburgs', type: 'A', loc: 'sil' });
  });
});
