// Ambition & Empire v5 (DPjudge's map) and v6.01 (derived from the rules text): every fact the
// rules state about the map, the powers and the start is checked here against the loaded file.
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { normaliseName } from '../../src/core/map/names.js';
import type { Variant } from '../../src/core/map/variant.js';

const v5 = (): Variant => loadVariant('ambition5');
const v6 = (): Variant => loadVariant('ambition6');

function province(v: Variant, id: string) {
  const p = v.map.byId.get(id);
  if (!p) throw new Error(`${v.id}: no space ${id}`);
  return p;
}

function armyBorder(v: Variant, a: string, b: string): boolean {
  return v.map.armyAdj[province(v, a).index].includes(province(v, b).index);
}

/** Fleet locations of a province: its coasts when split, else the province itself. */
function fleetLocs(v: Variant, id: string): string[] {
  const p = province(v, id);
  return p.coasts.length ? p.coasts.map((c) => `${id}/${c}`) : [id];
}

function fleetBorder(v: Variant, a: string, b: string): boolean {
  return fleetLocs(v, a).some((from) => fleetLocs(v, b).some((to) => (v.map.fleetAdj.get(from) ?? []).includes(to)));
}

function fleetNeighbours(v: Variant, loc: string): string[] {
  return [...(v.map.fleetAdj.get(loc) ?? [])].sort();
}

function seasOf(v: Variant, loc: string): string[] {
  return fleetNeighbours(v, loc).filter((n) => province(v, n).terrain === 'sea');
}

function startUnits(v: Variant): Record<string, string[]> {
  return Object.fromEntries(v.powers.map((p) => [p.id, p.units.map((u) => `${u.type} ${u.loc}`).sort()]));
}

function lookup(v: Variant, name: string): string | undefined {
  return v.map.names.get(normaliseName(name));
}

describe('both editions load', () => {
  it('ambition5 loads with no problem', () => {
    expect(() => v5()).not.toThrow();
  });
  it('ambition6 loads with no problem and says it is derived', () => {
    expect(() => v6()).not.toThrow();
    expect(v6().source.toLowerCase()).toContain('derived');
  });
});

// Ids that differ between the editions: [v5, v6].
const editions = [
  {
    name: 'v5',
    load: v5,
    spaces: 95,
    ids: { and: 'adl', sne: 'ane', hst: 'hls', mek: 'mec', kev: 'kiv', turkeyFleetHome: 'con' },
  },
  {
    name: 'v6',
    load: v6,
    spaces: 97,
    ids: { and: 'and', sne: 'sne', hst: 'hst', mek: 'mek', kev: 'kev', turkeyFleetHome: 'smy' },
  },
] as const;

describe.each(editions)('A&E $name: counts and header', ({ load, spaces, ids }) => {
  it(`has ${spaces} spaces, 20 of them seas, and 44 centres`, () => {
    const v = load();
    expect(v.map.provinces).toHaveLength(spaces);
    expect(v.map.provinces.filter((p) => p.terrain === 'sea')).toHaveLength(20);
    expect(v.map.provinces.filter((p) => p.centre)).toHaveLength(44);
  });
  it('has ten Great Powers and seventeen minors, every centre owned by exactly one at the start', () => {
    const v = load();
    expect(
      v.powers
        .filter((p) => p.kind === 'great')
        .map((p) => p.id)
        .sort(),
    ).toEqual(['austria', 'britain', 'denmark', 'france', 'prussia', 'russia', 'saxony', 'spain', 'sweden', 'turkey']);
    const minors = v.powers.filter((p) => p.kind === 'minor');
    expect(minors).toHaveLength(17);
    for (const m of minors) {
      expect(m.home).toHaveLength(1);
      expect(m.units).toEqual([{ type: m.units[0].type, loc: m.home[0] }]);
    }
    const owned = v.powers.flatMap((p) => [...p.home, ...p.owns]).sort();
    expect(owned).toEqual(
      v.map.provinces
        .filter((p) => p.centre)
        .map((p) => p.id)
        .sort(),
    );
  });
  it('starts in 1763 and is won with 15 centres', () => {
    expect(load().startYear).toBe(1763);
    expect(load().victoryCentres).toBe(15);
  });
  it('Austria owns the Southern (Austrian) Netherlands but it is no home centre, and may not build there', () => {
    const austria = load().powerById.get('austria')!;
    expect(austria.owns).toEqual([ids.sne]);
    expect(austria.home).not.toContain(ids.sne);
    expect(load().rules).toContainEqual(expect.objectContaining({ id: 'no-build', args: ['austria', ids.sne] }));
  });
  it('the five two-centre powers may gain a home centre; Crimea is conditionally Russian', () => {
    const extra = load()
      .rules.filter((r) => r.id === 'extra-home')
      .map((r) => r.args);
    const byBuild = extra.find((a) => a[0] === 'by-build')!;
    expect(byBuild.slice(1).sort()).toEqual(['denmark', 'saxony', 'spain', 'sweden', 'turkey']);
    for (const p of byBuild.slice(1)) expect(load().powerById.get(p)!.home).toHaveLength(2);
    expect(extra).toContainEqual(['fixed', 'russia', 'cri']);
    expect(load().powerById.get('crimea')!.home).toEqual(['cri']);
  });
});

describe.each(editions)('A&E $name: map notes', ({ load, ids }) => {
  it('Lake Ladoga: no border St Petersburg-Novgorod or Karelia-Moscow, for armies or fleets', () => {
    const v = load();
    for (const [a, b] of [
      ['stp', 'nov'],
      ['kar', 'mos'],
    ]) {
      expect(armyBorder(v, a, b)).toBe(false);
      expect(armyBorder(v, b, a)).toBe(false);
      expect(fleetBorder(v, a, b)).toBe(false);
      expect(fleetBorder(v, b, a)).toBe(false);
    }
  });
  it('Courland borders Koenigsberg, so Lithuania is landlocked', () => {
    const v = load();
    expect(armyBorder(v, 'cou', 'kon')).toBe(true);
    expect(fleetBorder(v, 'cou', 'kon')).toBe(true);
    expect(province(v, 'lit').terrain).toBe('land');
    expect(v.map.fleetAdj.has('lit')).toBe(false);
    for (const [, to] of v.map.fleetAdj) expect(to).not.toContain('lit');
    expect(armyBorder(v, 'lit', 'bal')).toBe(false);
  });
  it('Gibraltar is a sea bordering Andalusia and Morocco; Andalusia has one coast', () => {
    const v = load();
    expect(province(v, 'gib').terrain).toBe('sea');
    expect(fleetNeighbours(v, 'gib')).toEqual(expect.arrayContaining([ids.and, 'mor']));
    expect(province(v, ids.and).coasts).toEqual([]);
    expect(province(v, 'mor').coasts).toEqual([]);
  });
  it('Holstein has no canal: its east coast is on the Baltic, its west coast on the Helgoland Bight', () => {
    const v = load();
    expect(province(v, ids.hst).coasts).toEqual(['ec', 'wc']);
    expect(seasOf(v, `${ids.hst}/ec`)).toEqual(['bal']);
    expect(seasOf(v, `${ids.hst}/wc`)).toEqual(['hel']);
    expect(fleetNeighbours(v, `${ids.hst}/ec`)).toEqual(['bal', 'cop', ids.mek].sort());
    expect(fleetNeighbours(v, `${ids.hst}/wc`)).toEqual(['cop', 'han', 'hel']);
    expect(fleetBorder(v, 'bal', 'hel')).toBe(false);
  });
  it('Edinburgh-Ireland is crossed by armies and fleets; the Irish Sea (Moyle) touches both', () => {
    const v = load();
    expect(armyBorder(v, 'edi', 'ire')).toBe(true);
    expect(armyBorder(v, 'ire', 'edi')).toBe(true);
    expect(fleetBorder(v, 'edi', 'ire')).toBe(true);
    expect(fleetNeighbours(v, 'iri')).toEqual(expect.arrayContaining(['edi', 'ire']));
  });
  it('Iceland and Sardinia are islands reached by fleet or convoy only', () => {
    const v = load();
    for (const id of ['ice', 'sar']) {
      expect(province(v, id).terrain).toBe('coast');
      expect(v.map.armyAdj[province(v, id).index]).toEqual([]);
      expect(fleetNeighbours(v, id).length).toBeGreaterThan(0);
    }
  });
  it('Sicily is part of Two Sicilies / Naples & Sicily; Savoy, not Sardinia, is the Sardinian centre', () => {
    const v = load();
    expect(v.map.byId.has('sic')).toBe(false);
    expect(lookup(v, 'sicily')).toBe(v.id === 'ambition5' ? 'tws' : 'nas');
    expect(province(v, 'sav').centre).toBe(true);
    expect(province(v, 'sar').centre).toBe(false);
  });
});

const v5Units = {
  saxony: ['A dre', 'A war'],
  sweden: ['A abo', 'F sto'],
  spain: ['A mad', 'F brc'],
  denmark: ['F chr', 'F cop'],
  austria: ['A ane', 'A bud', 'A mil', 'A vie'],
  britain: ['A han', 'F edi', 'F gib', 'F lon'],
  france: ['A mar', 'A par', 'F bre'],
  russia: ['A kiv', 'A mos', 'F stp'],
  prussia: ['A ber', 'A brl', 'A kon'],
  turkey: ['A ank', 'F con'],
};
const v6Units = {
  ...v5Units,
  austria: ['A bud', 'A mil', 'A sne', 'A vie'],
  russia: ['A kev', 'A mos', 'F stp'],
  turkey: ['A con', 'F smy/sc'],
};
// Minor powers: [v5 centre, v6 centre, unit type, religion] (001/002/DPjudge for v5, §V for v6).
const minors: [string, string, 'A' | 'F', string][] = [
  ['alg', 'alg', 'F', 'muslim'],
  ['baw', 'baw', 'A', 'protestant'],
  ['bav', 'bav', 'A', 'catholic'],
  ['cou', 'cou', 'F', 'protestant'],
  ['hew', 'hew', 'A', 'protestant'],
  ['cri', 'cri', 'A', 'muslim'],
  ['mec', 'mek', 'A', 'protestant'],
  ['mor', 'mor', 'F', 'muslim'],
  ['pap', 'pap', 'A', 'catholic'],
  ['por', 'por', 'F', 'catholic'],
  ['sav', 'sav', 'A', 'catholic'],
  ['swi', 'swi', 'A', 'protestant'],
  ['tun', 'tun', 'F', 'muslim'],
  ['tus', 'tus', 'A', 'catholic'],
  ['tws', 'nas', 'F', 'catholic'],
  ['upr', 'upr', 'F', 'protestant'],
  ['ven', 'ven', 'F', 'catholic'],
];
const greatReligion = {
  saxony: 'catholic',
  spain: 'catholic',
  austria: 'catholic',
  france: 'catholic',
  sweden: 'protestant',
  denmark: 'protestant',
  britain: 'protestant',
  prussia: 'protestant',
  russia: 'orthodox',
  turkey: 'muslim',
};

describe.each([
  { name: 'v5', load: v5, units: v5Units, col: 0 },
  { name: 'v6', load: v6, units: v6Units, col: 1 },
] as const)('A&E $name: starting position and religion', ({ load, units, col }) => {
  it('every Great Power starts with the units the rules list, of the right type', () => {
    const all = startUnits(load());
    for (const [power, list] of Object.entries(units)) expect(all[power], power).toEqual([...list].sort());
  });
  it('every minor power holds its centre with the right unit and religion', () => {
    const v = load();
    for (const row of minors) {
      const centre = row[col];
      const minor = v.powers.find((p) => p.kind === 'minor' && p.home[0] === centre);
      expect(minor, centre).toBeDefined();
      expect(minor!.units, centre).toEqual([{ type: row[2], loc: centre }]);
      expect(minor!.attrs.religion, centre).toBe(row[3]);
    }
    const papal = v.powers.filter((p) => p.attrs.papacy === 'yes').map((p) => p.home[0]);
    expect(papal).toEqual(['pap']);
  });
  it('every Great Power has its religion', () => {
    for (const [power, religion] of Object.entries(greatReligion))
      expect(load().powerById.get(power)!.attrs.religion, power).toBe(religion);
  });
});

describe('A&E v5 specifics (DPjudge map)', () => {
  it('has the v5 arrows Ankara-Constantinople and Copenhagen-Scania, and no Andalusia-Morocco arrow', () => {
    const v = v5();
    expect(armyBorder(v, 'ank', 'con')).toBe(true);
    expect(armyBorder(v, 'cop', 'sca')).toBe(true);
    expect(armyBorder(v, 'adl', 'mor')).toBe(false);
    expect(fleetBorder(v, 'adl', 'mor')).toBe(false);
  });
  it('has Posen and Galicia, no Crete, no Smyrna', () => {
    const v = v5();
    expect(province(v, 'pos').terrain).toBe('coast');
    expect(province(v, 'gal').terrain).toBe('land');
    expect(lookup(v, 'crete')).toBeUndefined();
    expect(lookup(v, 'smyrna')).toBeUndefined();
  });
  it('switches on the v5 rules', () => {
    const rules = v5().rules.map((r) => [r.id, ...r.args].join(' '));
    expect(rules).toEqual(
      expect.arrayContaining([
        'dp per-centre 3',
        'neutral-orders hold-support',
        'religion v5',
        'civil-disorder-minors A',
      ]),
    );
    expect(rules.some((r) => r.startsWith('strait') || r.startsWith('unified-coasts'))).toBe(false);
  });
});

describe('A&E v6 specifics (rules text)', () => {
  it('Andalusia-Morocco is an arrow for armies and fleets', () => {
    const v = v6();
    expect(armyBorder(v, 'and', 'mor')).toBe(true);
    expect(armyBorder(v, 'mor', 'and')).toBe(true);
    expect(fleetBorder(v, 'and', 'mor')).toBe(true);
    expect(fleetBorder(v, 'mor', 'and')).toBe(true);
  });
  it('Smyrna replaces Ankara, has a north coast on the Black Sea and a south coast on the Aegean and Eastern Med', () => {
    const v = v6();
    expect(v.map.byId.has('ank')).toBe(false);
    expect(lookup(v, 'ankara')).toBe('smy');
    const smy = province(v, 'smy');
    expect(smy.centre).toBe(true);
    expect(smy.coasts).toEqual(['nc', 'sc']);
    expect(seasOf(v, 'smy/nc')).toEqual(['bla']);
    expect(seasOf(v, 'smy/sc')).toEqual(['aeg', 'eas']);
    // Example 17: without the unified coast the south coast reaches exactly these.
    expect(fleetNeighbours(v, 'smy/sc')).toEqual(['aeg', 'con', 'eas', 'syr']);
    expect(fleetNeighbours(v, 'smy/nc')).toEqual(expect.arrayContaining(['arm', 'bla']));
    expect(fleetNeighbours(v, 'smy/sc')).not.toContain('arm');
  });
  it('Crete is a playable island', () => {
    const cre = province(v6(), 'cre');
    expect(cre.name).toBe('Crete');
    expect(cre.terrain).toBe('coast');
    expect(cre.centre).toBe(false);
    expect(fleetNeighbours(v6(), 'cre').length).toBeGreaterThan(0);
  });
  it('Poland-Lithuania is Greater Poland, Lesser Poland, Podolia, Warsaw and Lithuania', () => {
    const v = v6();
    expect(province(v, 'gpo').name).toBe('Greater Poland');
    expect(province(v, 'lpo').name).toBe('Lesser Poland');
    expect(province(v, 'pod').name).toBe('Podolia');
    expect(v.map.byId.has('pos')).toBe(false);
    expect(v.map.byId.has('gal')).toBe(false);
    for (const id of ['gpo', 'lpo', 'pod']) expect(province(v, id).centre).toBe(false);
    expect(province(v, 'war').centre).toBe(true);
    // Warsaw keeps three land neighbours, each a Polish-Lithuanian space.
    expect(v.map.armyAdj[province(v, 'war').index].map((i) => v.map.provinces[i].id).sort()).toEqual([
      'gpo',
      'lit',
      'lpo',
    ]);
  });
  it('uses the §VIII abbreviations as ids and understands the v5 ids and names', () => {
    const v = v6();
    for (const [old, id] of [
      ['adl', 'and'],
      ['ane', 'sne'],
      ['austrian netherlands', 'sne'],
      ['tws', 'nas'],
      ['two sicilies', 'nas'],
      ['mec', 'mek'],
      ['kiv', 'kev'],
      ['hls', 'hst'],
      ['bot', 'gob'],
      ['lyo', 'gol'],
      ['budapest', 'bud'],
      ['republic of venice', 'ven'],
    ])
      expect(lookup(v, old), old).toBe(id);
    expect(province(v, 'sne').name).toBe('Southern Netherlands');
    expect(province(v, 'nas').name).toBe('Naples & Sicily');
  });
  it('switches on the v6 rules', () => {
    const rules = v6().rules.map((r) => [r.id, ...r.args].join(' '));
    expect(rules).toEqual(
      expect.arrayContaining([
        'dp per-centre 3',
        'neutral-orders sortie',
        'dp-no-attack-and-allocate convoy',
        'religion v6',
        'strait edi ire iri',
        'strait and mor gib',
        'unified-coasts smy con',
        'civil-disorder-minors as-start A',
      ]),
    );
  });
  it('differs from v5 only by the changes notes.md lists', () => {
    const rename: Record<string, string> = {
      adl: 'and',
      ane: 'sne',
      mec: 'mek',
      kiv: 'kev',
      tws: 'nas',
      bot: 'gob',
      lyo: 'gol',
      hls: 'hst',
      ank: 'smy',
    };
    const renamed = (loc: string) => loc.replace(/^[a-z]+/, (p) => rename[p] ?? p);
    const redrawn = new Set(['pos', 'gal', 'gpo', 'lpo', 'pod', 'cre', 'smy', 'ank']);
    const touches = (a: string, b: string) => redrawn.has(a.split('/')[0]) || redrawn.has(b.split('/')[0]);
    const armyEdges = (v: Variant, map: (s: string) => string) =>
      v.map.provinces
        .flatMap((p) => v.map.armyAdj[p.index].map((i) => [map(p.id), map(v.map.provinces[i].id)]))
        .filter(([a, b]) => !touches(a, b))
        .map((e) => e.join('-'))
        .sort();
    const fleetEdges = (v: Variant, map: (s: string) => string) =>
      [...v.map.fleetAdj]
        .flatMap(([from, to]) => to.map((t) => [map(from), map(t)]))
        .filter(([a, b]) => !touches(a, b))
        .map((e) => e.join('-'))
        .sort();
    const lithuaniaToPodolia = ['lit-cri', 'cri-lit', 'lit-wla', 'wla-lit', 'lit-zap', 'zap-lit'];
    const arrow = ['and-mor', 'mor-and'];
    expect(armyEdges(v6(), (s) => s)).toEqual(
      [...armyEdges(v5(), renamed).filter((e) => !lithuaniaToPodolia.includes(e)), ...arrow].sort(),
    );
    expect(fleetEdges(v6(), (s) => s)).toEqual([...fleetEdges(v5(), renamed), ...arrow].sort());
  });
});
