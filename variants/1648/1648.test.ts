// 1648 v3.7 (seeds/003): the derived variant file against every fact the rules text states.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadVariant, parseVariant, variantPath, VariantError } from '../../src/core/map/load.js';
import { normaliseName } from '../../src/core/map/names.js';
import { ruleSetting } from '../../src/core/map/variant.js';
import type { Variant } from '../../src/core/map/variant.js';

const variant = loadVariant('1648');

// "Space Names and Abbreviations", verbatim: full name, '*' for a centre, the rules' abbreviation.
const RULES_SPACE_LIST = `
Abo*=Abo; Adriatic Sea=ADR; Aegean Sea=AEG; Algiers*=Alg; Arabia=Ara; Aragon=Arg; Arctic Ocean=ARC;
Armenia=Arm; Astrakhan=Ast; Atlantic Ocean=ATL; Azerbaijan=Aze; Baltic Sea=BAL; Barbary Sea=BAR;
Bavaria*=Bav; Bay of Luebeck=BOL; Belgrade*=Bel; Black Ruthenia=BRu; Black Sea=BLA; Bohuslan=Boh;
Brandenburg*=Bra; Brest*=Bre; Bristol*=Bri; Bulgaria=Bul; Caledonian Ocean=CAL; Candia*=Cnd;
Cantabrian Sea=CAN; Caspian Sea=CAS; Christiania*=Chr; Constantinople*=Con; Copenhagen*=Cop;
Courland*=Cou; Cracow*=Cra; Crimea*=Cri; Croatia=Cro; Dalmatia=Dal; Damascus*=Dam; Dauphiné=Dau;
Devon=Dev; Ducal Prussia*=DPr; Egypt=Egy; English Channel=ENG; Extremadura=Ext; Finnmark=Fin;
Flanders*=Fla; Franconia=Fra; Gascony=Gas; German Sea=GER; Greater Poland=GPo; Gulf of Bothnia=GOB;
Gulf of Lion=GOL; Gulf of Sirte=GOS; Helgoland Bight=HEL; Hesse=Hes; Holstein*=Hol; Hungary=Hun;
Iceland=Ice; Illyria=Ill; Indian Ocean=IND; Ingria=Ing; Ionian Sea=ION; Ireland*=Ire;
Irish Sea=IRI; Karaman=Krm; Karelia=Kar; Lake Ladoga=LLA; La Mancha=LMa; Lapland=Lap; Leon=Leo;
Levantine Sea=LEV; Lombardy=Lom; London*=Lon; Lorraine*=Lor; Lower Saxony*=LSa; Luxembourg=Lux;
Madrid*=Mad; Marseilles*=Mar; Mecklenburg*=Mec; Mesopotamia=Mes; Moldavia*=Mol; Morocco*=Mor;
Moscow*=Mos; Naples*=Nap; Norwegian Sea=NORn; Novgorod*=Nov; Onega=One; Papal States*=Pap;
Paris*=Par; Permia=Prm; Persia*=Per; Picardy=Pic; Podolia=Pod; Polish Livonia=PLi; Portugal*=Por;
Prague*=Pra; Pskov=Psk; Riga*=Rig; Rhineland-Westphalia*=RWe; Royal Prussia=RPr; Sahara=Sah;
Samogitia=Sam; Sardinia=Sar; Savoy*=Sav; Saxony*=Sax; Scania=Sca; Scotland*=Sco; Severia=Svr;
Seville*=Sev; Siberia=Sib; Sicily=Sic; Silesia=Sil; Skagerrak=SKA; Slovakia=Slo; Smolensk=Smo;
Stettin*=Ste; Stockholm*=Sto; Strait of Sicily=SOS; Swabia*=Swa; Switzerland*=Swi;
Transylvania*=Tra; Trieste*=Tri; Tunis*=Tun; Turkestan*=Tur; Tuscany*=Tus; Tyrolia=Tyr;
Tyrrhenian Sea=TYS; Ukraine*=Ukr; United Provinces*=UPr; Venice*=Ven; Vienna*=Vie; Vilna*=Vil;
Vitebsk=Vit; Volhynia=Vol; Voronezh*=Vor; Wallachia*=Wal; Warsaw*=War; White Ruthenia=WRu;
Yorkshire=Yor;`;

const RULES_SPACES = RULES_SPACE_LIST.split(';')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((entry) => {
    const [label, abbreviation] = entry.split('=');
    const centre = label.endsWith('*');
    return { name: centre ? label.slice(0, -1) : label, abbreviation, centre };
  });

// Water spaces of the list (the rules write their abbreviations in capitals).
const WATER =
  'adr aeg arc atl bal bar bla bol cal can cas eng ger gob gol gos hel ind ion iri lla lev norn ska sos tys'.split(' ');

const GREAT_POWER_SETUP: Record<string, string[]> = {
  austria: ['A pra', 'A tri', 'A vie'],
  denmark: ['F chr', 'F cop', 'A hol'],
  england: ['F bri', 'F lon'],
  france: ['F bre', 'A mar', 'A par'],
  ottoman: ['A bel', 'F con', 'A dam'],
  poland: ['A cra', 'A vil', 'A war'],
  russia: ['A mos', 'A nov', 'A vor'],
  spain: ['A fla', 'A mad', 'F nap', 'F sev'],
  sweden: ['A abo', 'A rig', 'A ste', 'F sto/ec'],
};

const HOME_CENTRES: Record<string, string[]> = {
  austria: ['pra', 'tri', 'vie'],
  denmark: ['chr', 'cop', 'hol'],
  england: ['bri', 'lon'],
  france: ['bre', 'mar', 'par'],
  ottoman: ['bel', 'con', 'dam'],
  poland: ['cra', 'vil', 'war'],
  russia: ['mos', 'nov', 'vor'],
  spain: ['mad', 'nap', 'sev'],
  sweden: ['abo', 'rig', 'ste', 'sto'],
};

// The underlined additional home centres.
const EXTRA_HOMES: Record<string, string[]> = {
  england: ['ire', 'sco'],
  france: ['lor'],
  poland: ['cou', 'mol', 'dpr'],
  russia: ['cri'],
};

const HRE_CENTRES = ['bav', 'bra', 'fla', 'hol', 'lor', 'lsa', 'mec', 'pra', 'rwe', 'ste', 'sax', 'swa', 'tri', 'vie'];

// Minor powers by their centre; the rules list these seven as starting with a fleet.
const MINOR_CENTRES =
  'alg bav bra cnd cou rwe cri ire lor lsa mec mol mor pap per por dpr sav sax sco swa swi tra tun tur tus upr ven ukr wal'.split(
    ' ',
  );
const MINOR_FLEETS = ['alg', 'cnd', 'cou', 'por', 'tun', 'upr', 'ven'];

function armyNeighbours(v: Variant, id: string): string[] {
  const p = v.map.byId.get(id);
  if (!p) throw new Error(`no space ${id}`);
  return v.map.armyAdj[p.index].map((i) => v.map.provinces[i].id);
}
const fleetNeighbours = (v: Variant, loc: string): string[] => v.map.fleetAdj.get(loc) ?? [];
const resolve = (name: string) => variant.map.names.get(normaliseName(name));
const unitsOf = (power: string) => variant.powerById.get(power)!.units.map((u) => `${u.type} ${u.loc}`);
const rulesNamed = (id: string) => variant.rules.filter((r) => r.id === id).map((r) => r.args);

describe('1648: the file', () => {
  it('loads with no problems, read afresh from disk', () => {
    const path = variantPath('1648');
    expect(() => parseVariant(readFileSync(path, 'utf8'), path)).not.toThrow();
  });

  it('says it is derived, starts in 1649 and is won with 16 centres', () => {
    expect(variant.source.toLowerCase()).toContain('derived');
    expect(variant.startYear).toBe(1649);
    expect(variant.victoryCentres).toBe(16);
  });
});

describe('1648: the space list', () => {
  it("has exactly the rules' spaces, ids being the abbreviations in lower case, with their full names", () => {
    expect(RULES_SPACES).toHaveLength(137);
    expect(variant.map.provinces).toHaveLength(137);
    for (const s of RULES_SPACES) {
      const p = variant.map.byId.get(s.abbreviation.toLowerCase());
      expect(p, s.abbreviation).toBeDefined();
      expect(p!.name).toBe(s.name);
    }
  });

  it('marks exactly the asterisked spaces as centres (58)', () => {
    for (const s of RULES_SPACES)
      expect(variant.map.byId.get(s.abbreviation.toLowerCase())!.centre, s.name).toBe(s.centre);
    expect(variant.map.provinces.filter((p) => p.centre)).toHaveLength(58);
  });

  it('makes the water spaces seas and every other space land or coast', () => {
    for (const p of variant.map.provinces) {
      if (WATER.includes(p.id)) expect(p.terrain, p.id).toBe('sea');
      else expect(['land', 'coast'], p.id).toContain(p.terrain);
    }
  });

  it("resolves every full name, the rules' abbreviations in any case, and common alternatives", () => {
    for (const s of RULES_SPACES) {
      expect(resolve(s.name), s.name).toBe(s.abbreviation.toLowerCase());
      expect(resolve(s.abbreviation), s.abbreviation).toBe(s.abbreviation.toLowerCase());
    }
    expect(resolve('Dauphine')).toBe('dau');
    expect(resolve('Bay of Lübeck')).toBe('bol');
    expect(resolve('North Sea')).toBe('ger');
    expect(resolve('nor')).toBe('norn');
    expect(resolve('Normandy')).toBe('pic');
    expect(resolve('Crete')).toBe('cnd');
    expect(resolve('Holland')).toBe('upr');
  });
});

describe('1648: map clarifications', () => {
  const canals: [string, string, string][] = [
    ['con', 'aeg', 'bla'],
    ['cop', 'ska', 'bal'],
    ['ing', 'gob', 'lla'], // the Neva runs through Ingria from the Gulf to Lake Ladoga
    ['sca', 'ska', 'bal'],
  ];
  it.each(canals)('%s is a canal: one coastline, a fleet passes between %s and %s through it', (canal, a, b) => {
    const p = variant.map.byId.get(canal)!;
    expect(p.terrain).toBe('coast');
    expect(p.coasts).toEqual([]);
    expect(fleetNeighbours(variant, a)).toContain(canal);
    expect(fleetNeighbours(variant, canal)).toContain(b);
    expect(fleetNeighbours(variant, b)).toContain(canal);
    expect(fleetNeighbours(variant, canal)).toContain(a);
    // the seas do not touch: the passage exists only through the canal province
    expect(fleetNeighbours(variant, a)).not.toContain(b);
  });

  it('gives Stockholm an east coast (where the Swedish fleet starts) and a west coast', () => {
    const sto = variant.map.byId.get('sto')!;
    expect(sto.coasts).toEqual(['ec', 'wc']);
    expect(fleetNeighbours(variant, 'sto')).toEqual([]);
    expect(fleetNeighbours(variant, 'sto/ec')).toEqual(expect.arrayContaining(['bal', 'gob']));
    expect(fleetNeighbours(variant, 'sto/ec')).not.toContain('ska');
    expect(fleetNeighbours(variant, 'sto/wc')).toContain('ska');
    expect(fleetNeighbours(variant, 'sto/wc')).not.toContain('bal');
    expect(resolve('Stockholm east coast')).toBe('sto/ec');
    expect(resolve('sto/wc')).toBe('sto/wc');
  });

  it('splits no other coast: the rules name no other split coast', () => {
    expect(variant.map.provinces.filter((p) => p.coasts.length).map((p) => p.id)).toEqual(['sto']);
  });

  it('has no impassable space (the v3.7 text names none), and would refuse one with borders', () => {
    expect(variant.map.provinces.filter((p) => p.terrain === 'impassable')).toEqual([]);
    const path = variantPath('1648');
    const edited = readFileSync(path, 'utf8').replace(/^space sah\s+land/m, 'space sah  impassable');
    expect(() => parseVariant(edited, path)).toThrow(VariantError);
  });

  it('lists every border from both sides', () => {
    const oneWay: string[] = [];
    for (const p of variant.map.provinces)
      for (const n of armyNeighbours(variant, p.id))
        if (!armyNeighbours(variant, n).includes(p.id)) oneWay.push(`A ${p.id}-${n}`);
    for (const [from, list] of variant.map.fleetAdj)
      for (const to of list) if (!fleetNeighbours(variant, to).includes(from)) oneWay.push(`F ${from}-${to}`);
    expect(oneWay).toEqual([]);
  });
});

describe('1648: powers and the initial setup', () => {
  it('has nine Great Powers and thirty minor powers', () => {
    expect(
      variant.powers
        .filter((p) => p.kind === 'great')
        .map((p) => p.id)
        .sort(),
    ).toEqual(Object.keys(GREAT_POWER_SETUP).sort());
    expect(variant.powers.filter((p) => p.kind === 'minor')).toHaveLength(30);
    expect(variant.powers).toHaveLength(39);
  });

  it.each(Object.entries(GREAT_POWER_SETUP))("%s starts with exactly the rules' units", (power, units) => {
    expect(unitsOf(power).sort()).toEqual([...units].sort());
  });

  it.each(Object.entries(HOME_CENTRES))("%s has the rules' home centres", (power, homes) => {
    expect([...variant.powerById.get(power)!.home].sort()).toEqual([...homes].sort());
  });

  it('gives Spain Flanders as a centre that is not a home centre and never a build site', () => {
    const spain = variant.powerById.get('spain')!;
    expect(spain.home).not.toContain('fla');
    expect(spain.owns).toEqual(['fla']);
    expect(rulesNamed('no-build')).toEqual([['spain', 'fla']]);
  });

  it('gives every minor power its centre as home and one unit there, fleets for the seven named', () => {
    const minors = variant.powers.filter((p) => p.kind === 'minor');
    expect(minors.map((m) => m.home[0]).sort()).toEqual([...MINOR_CENTRES].sort());
    for (const m of minors) {
      expect(m.home, m.id).toHaveLength(1);
      const centre = m.home[0];
      expect(m.units, m.id).toEqual([{ type: MINOR_FLEETS.includes(centre) ? 'F' : 'A', loc: centre }]);
      expect(m.colour, m.id).toBe('#000000');
    }
  });

  it('places 58 units, one on every centre, and leaves no centre unowned', () => {
    const units = variant.powers.flatMap((p) => p.units);
    expect(units).toHaveLength(58);
    const owned = variant.powers.flatMap((p) => [...p.home, ...p.owns]);
    expect(new Set(owned).size).toBe(58);
  });
});

describe('1648: rules', () => {
  it('switches on the Diplomacy Points rules as written', () => {
    expect(rulesNamed('dp')).toEqual([['per-centre', '3']]);
    expect(rulesNamed('dp-first-year')).toEqual([['england', '3']]);
    expect(rulesNamed('dp-cap-per-neutral')).toEqual([['2']]);
    expect(rulesNamed('neutral-orders')).toEqual([['hold-support']]);
    expect(rulesNamed('dp-overspend')).toEqual([['forfeit-all']]);
  });

  it('names Austria the first Emperor and lists the fourteen HRE centres', () => {
    const emperor = ruleSetting(variant, 'emperor')!;
    expect(emperor.args[0]).toBe('austria');
    expect([...emperor.args.slice(1)].sort()).toEqual([...HRE_CENTRES].sort());
    for (const c of HRE_CENTRES) expect(variant.map.byId.get(c)!.centre, c).toBe(true);
  });

  it('lists the fixed additional home centres of England, France, Poland-Lithuania and Russia', () => {
    const lists = Object.fromEntries(
      rulesNamed('extra-home').map(([kind, power, ...centres]) => [power, { kind, centres }]),
    );
    expect(Object.keys(lists).sort()).toEqual(Object.keys(EXTRA_HOMES).sort());
    for (const [power, centres] of Object.entries(EXTRA_HOMES)) {
      expect(lists[power].kind).toBe('fixed');
      expect([...lists[power].centres].sort()).toEqual([...centres].sort());
      // each is a minor power's centre at the start, not already the power's own
      for (const c of centres) expect(variant.powers.find((p) => p.home.includes(c))?.kind, c).toBe('minor');
    }
  });

  it('turns a Great Power in civil disorder into army minors', () => {
    expect(rulesNamed('civil-disorder-minors')).toEqual([['A']]);
  });
});

describe("1648: the designer's notes on the powers, as borders", () => {
  const reach = (from: string, steps: number): Set<string> => {
    let frontier = new Set([from]);
    const seen = new Set([from]);
    for (let k = 0; k < steps; k++) {
      const next = new Set<string>();
      for (const p of frontier)
        for (const n of armyNeighbours(variant, p)) if (!seen.has(n)) (seen.add(n), next.add(n));
      frontier = next;
    }
    return seen;
  };

  it('France: Paris touches Brest and Marseilles; A Paris and A Flanders can meet in Normandy (Picardy)', () => {
    expect(armyNeighbours(variant, 'par')).toEqual(expect.arrayContaining(['bre', 'mar', 'pic']));
    expect(armyNeighbours(variant, 'fla')).toContain('pic');
    expect(fleetNeighbours(variant, 'bre')).toEqual(expect.arrayContaining(['can', 'eng']));
  });

  it('France/Austria spheres touch only on the Tuscany-Papal States border', () => {
    const french = ['lor', 'swi', 'sav', 'tus'];
    const austrian = ['sax', 'bav', 'ven', 'pap'];
    const touching = french.flatMap((f) =>
      austrian.filter((a) => armyNeighbours(variant, f).includes(a)).map((a) => `${f}-${a}`),
    );
    expect(touching).toEqual(['tus-pap']);
  });

  it('Wallachia borders Belgrade; Stettin borders Brandenburg; Voronezh borders Crimea', () => {
    expect(armyNeighbours(variant, 'wal')).toContain('bel');
    expect(armyNeighbours(variant, 'ste')).toContain('bra');
    expect(armyNeighbours(variant, 'vor')).toContain('cri');
  });

  it('no rival starting army can reach Warsaw in the opening year; Russia can reach Armenia', () => {
    const rivals = variant.powers.filter((p) => p.kind === 'great' && p.id !== 'poland');
    const armies = rivals.flatMap((p) => p.units.filter((u) => u.type === 'A').map((u) => u.loc));
    for (const a of armies) expect(reach(a, 2).has('war'), a).toBe(false);
    expect(reach('vor', 2).has('arm')).toBe(true);
  });

  it('Russia has immediate access to the northern seas from a home centre', () => {
    expect(fleetNeighbours(variant, 'nov')).toContain('arc');
  });
});
