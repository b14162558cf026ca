// Reads and validates a variant file (format: docs/variant-format.md).
// Every problem is reported with file and line; a variant with any problem is refused whole.
import { readFileSync, existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { INSTALL_DIR } from '../install-dir.js';
import type { Loc, Terrain, UnitType } from '../types.js';
import { provinceOf } from '../types.js';
import { normaliseName } from './names.js';
import type { PowerDef, PowerKind, Province, RuleSetting, UnitSpec, Variant, VariantMap } from './variant.js';

export class VariantError extends Error {
  constructor(readonly problems: string[]) {
    super(`variant refused, ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    this.name = 'VariantError';
  }
}

const TERRAINS: Terrain[] = ['land', 'coast', 'sea', 'impassable'];
const COAST_WORDS: Record<string, string> = {
  nc: 'north coast',
  sc: 'south coast',
  ec: 'east coast',
  wc: 'west coast',
};
const POWER_KEYS = new Set(['name', 'adjective', 'initial', 'colour', 'color', 'kind', 'home', 'owns', 'units']);

export const VARIANTS_DIR = join(INSTALL_DIR, 'variants');

/** Finds a variant by name (`standard`) or path (`./my.variant`). */
export function variantPath(nameOrFile: string): string {
  if (nameOrFile.includes('/') || nameOrFile.endsWith('.variant')) return resolve(nameOrFile);
  const inDir = join(VARIANTS_DIR, nameOrFile, `${nameOrFile}.variant`);
  if (existsSync(inDir)) return inDir;
  return join(VARIANTS_DIR, `${nameOrFile}.variant`);
}

const cache = new Map<string, Variant>();

/** Loads a variant, once per process. Throws VariantError listing every problem. */
export function loadVariant(nameOrFile: string): Variant {
  const path = variantPath(nameOrFile);
  let v = cache.get(path);
  if (!v) {
    if (!existsSync(path)) throw new VariantError([`${nameOrFile}: no such variant (looked for ${path})`]);
    v = parseVariant(readFileSync(path, 'utf8'), path);
    cache.set(path, v);
  }
  return v;
}

interface RawBorder {
  type: UnitType;
  from: string;
  to: string[];
  line: number;
}

interface RawSpace {
  id: string;
  terrain: Terrain;
  name: string;
  centre: boolean;
  coasts: string[];
  aliases: string[];
  coastAliases: Map<string, string[]>;
  line: number;
}

/** Splits a line into words, keeping "quoted strings" whole. */
function tokens(line: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line))) out.push(m[1] !== undefined ? `"${m[1]}` : m[2]);
  return out;
}

export function parseVariant(text: string, file: string): Variant {
  const problems: string[] = [];
  const where = (line: number) => `${basename(file)}:${line}`;
  const fail = (line: number, msg: string) => problems.push(`${where(line)}: ${msg}`);

  let id = '';
  let title = '';
  const sourceLines: string[] = [];
  let startYear = 1901;
  let victoryCentres = 0;
  const rules: RuleSetting[] = [];
  const spaces: RawSpace[] = [];
  const borders: RawBorder[] = [];
  const powers: PowerDef[] = [];
  let power: PowerDef | null = null;

  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    // A comment is a '#' standing alone as a word's start: colours such as #c48f85 survive.
    const line = raw.replace(/(^|\s)#(\s.*|$)/, '').trim();
    if (!line) return;
    const [keyword, ...rest] = line.split(/\s+/);
    const restText = line.slice(keyword.length).trim();
    const key = keyword.toLowerCase();

    if (power && POWER_KEYS.has(key)) return powerKey(power, key, restText, lineNo);
    if (power && /^\s/.test(raw) && !['space', 'army', 'fleet', 'power', 'rule'].includes(key)) {
      power.attrs[key] = restText;
      return;
    }
    power = null;
    switch (key) {
      case 'variant':
        id = rest[0] ?? '';
        return;
      case 'title':
        title = restText;
        return;
      case 'source':
        sourceLines.push(restText);
        return;
      case 'start': {
        const n = Number(rest[0]);
        if (!Number.isInteger(n)) fail(lineNo, `start year "${rest[0]}" is not a year`);
        else startYear = n;
        return;
      }
      case 'victory': {
        const n = Number(rest[0]);
        if (!Number.isInteger(n) || n < 1) fail(lineNo, `victory "${rest[0]}" is not a number of centres`);
        else victoryCentres = n;
        return;
      }
      case 'rule':
        if (!rest[0]) fail(lineNo, 'rule needs a name');
        else rules.push({ id: rest[0].toLowerCase(), args: rest.slice(1), line: lineNo });
        return;
      case 'power': {
        const pid = (rest[0] ?? '').toLowerCase();
        if (!/^[a-z][a-z0-9_-]*$/.test(pid)) {
          fail(lineNo, `power id "${rest[0] ?? ''}" must be a lower-case word`);
          return;
        }
        power = {
          id: pid,
          name: pid[0].toUpperCase() + pid.slice(1),
          adjective: '',
          initial: pid[0].toUpperCase(),
          kind: 'great',
          home: [],
          owns: [],
          units: [],
          attrs: {},
          line: lineNo,
        };
        powers.push(power);
        return;
      }
      case 'space':
        return parseSpace(restText, lineNo);
      case 'army':
      case 'fleet': {
        const m = /^(\S+?)\s*:\s*(.*)$/.exec(restText);
        if (!m) {
          fail(lineNo, `expected "${key} <space>: <neighbours...>"`);
          return;
        }
        borders.push({
          type: key === 'army' ? 'A' : 'F',
          from: m[1].toLowerCase(),
          to: m[2]
            .split(/[\s,]+/)
            .filter(Boolean)
            .map((s) => s.toLowerCase()),
          line: lineNo,
        });
        return;
      }
      default:
        fail(lineNo, `unknown keyword "${keyword}"`);
    }
  });

  function powerKey(p: PowerDef, key: string, value: string, lineNo: number): void {
    const words = value.split(/[\s,]+/).filter(Boolean);
    switch (key) {
      case 'name':
        p.name = value;
        return;
      case 'adjective':
        p.adjective = value;
        return;
      case 'initial':
        p.initial = value;
        return;
      case 'colour':
      case 'color':
        p.colour = value;
        return;
      case 'kind':
        if (!['great', 'minor', 'affiliate'].includes(value))
          fail(lineNo, `kind "${value}" must be great, minor or affiliate`);
        else p.kind = value as PowerKind;
        return;
      case 'home':
        p.home.push(...words.map((w) => w.toLowerCase()));
        return;
      case 'owns':
        p.owns.push(...words.map((w) => w.toLowerCase()));
        return;
      case 'units':
        for (const spec of value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const m = /^([AF])\s+(\S+)$/i.exec(spec);
          if (!m) fail(lineNo, `unit "${spec}" must read "A <space>" or "F <space>"`);
          else p.units.push({ type: m[1].toUpperCase() as UnitType, loc: m[2].toLowerCase() });
        }
        return;
    }
  }

  function parseSpace(restText: string, lineNo: number): void {
    // space <id> <terrain> "<Full Name>" [centre] [coasts nc sc] [= alias, alias ...]
    const eq = restText.indexOf('=');
    const head = eq >= 0 ? restText.slice(0, eq) : restText;
    const aliasText = eq >= 0 ? restText.slice(eq + 1) : '';
    const t = tokens(head);
    const [sid, terrain, ...more] = t;
    if (!sid || !/^[a-z][a-z0-9]*$/i.test(sid)) {
      fail(lineNo, `space id "${sid ?? ''}" must be letters and digits`);
      return;
    }
    if (!TERRAINS.includes(terrain as Terrain)) {
      fail(lineNo, `space ${sid}: terrain "${terrain ?? ''}" must be one of ${TERRAINS.join(', ')}`);
      return;
    }
    const space: RawSpace = {
      id: sid.toLowerCase(),
      terrain: terrain as Terrain,
      name: sid,
      centre: false,
      coasts: [],
      aliases: [],
      coastAliases: new Map(),
      line: lineNo,
    };
    for (let k = 0; k < more.length; k++) {
      const w = more[k];
      if (w.startsWith('"')) space.name = w.slice(1);
      else if (w === 'centre' || w === 'center' || w === 'sc') space.centre = true;
      else if (w === 'coasts') {
        while (k + 1 < more.length && /^[a-z]{2}$/.test(more[k + 1])) space.coasts.push(more[++k]);
      } else fail(lineNo, `space ${sid}: unexpected "${w}"`);
    }
    for (const a of aliasText
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const cm = /^(\w\w)\s*:\s*(.+)$/.exec(a);
      if (cm) {
        const list = space.coastAliases.get(cm[1]) ?? [];
        list.push(cm[2]);
        space.coastAliases.set(cm[1], list);
      } else space.aliases.push(a);
    }
    if (space.coasts.length && space.terrain !== 'coast')
      fail(lineNo, `space ${sid}: only a coast space can have coasts`);
    if (space.coasts.length === 1) fail(lineNo, `space ${sid}: a split coast needs at least two coasts`);
    spaces.push(space);
  }

  if (!id) problems.push(`${basename(file)}: missing "variant <id>" line`);
  if (!victoryCentres) problems.push(`${basename(file)}: missing "victory <centres>" line`);

  const map = buildMap(spaces, borders, fail);
  validatePowers(powers, map, fail);

  if (problems.length) throw new VariantError(problems);
  return {
    id,
    title: title || id,
    file,
    source: sourceLines.join(' '),
    startYear,
    victoryCentres,
    powers,
    powerById: new Map(powers.map((p) => [p.id, p])),
    map,
    rules,
  };
}

function buildMap(spaces: RawSpace[], borders: RawBorder[], fail: (line: number, msg: string) => void): VariantMap {
  const provinces: Province[] = [];
  const byId = new Map<string, Province>();
  const names = new Map<string, Loc>();
  const nameLine = new Map<string, number>();
  const locName = new Map<Loc, string>();

  const addName = (name: string, loc: Loc, line: number) => {
    const key = normaliseName(name);
    if (!key) return;
    const prior = names.get(key);
    if (prior !== undefined && prior !== loc) {
      fail(line, `name "${name}" already names ${prior} (line ${nameLine.get(key)})`);
      return;
    }
    names.set(key, loc);
    nameLine.set(key, line);
  };

  for (const s of spaces) {
    if (byId.has(s.id)) {
      fail(s.line, `space ${s.id} defined twice (first on line ${byId.get(s.id)!.line})`);
      continue;
    }
    const p: Province = {
      id: s.id,
      index: provinces.length,
      name: s.name,
      terrain: s.terrain,
      centre: s.centre,
      coasts: s.coasts,
      line: s.line,
    };
    provinces.push(p);
    byId.set(p.id, p);
    locName.set(p.id, p.name);
  }
  for (const s of spaces) {
    addName(s.id, s.id, s.line);
    addName(s.name, s.id, s.line);
    for (const a of s.aliases) addName(a, s.id, s.line);
    for (const c of s.coasts) {
      const loc = `${s.id}/${c}`;
      const word = COAST_WORDS[c] ?? `${c} coast`;
      locName.set(loc, `${s.name} (${word})`);
      for (const base of [s.id, s.name, ...s.aliases]) {
        addName(`${base}/${c}`, loc, s.line);
        addName(`${base} ${word}`, loc, s.line);
      }
      for (const a of s.coastAliases.get(c) ?? []) addName(a, loc, s.line);
    }
    for (const c of s.coastAliases.keys())
      if (!s.coasts.includes(c)) fail(s.line, `space ${s.id}: alias given for coast "${c}" it does not have`);
  }

  const armyAdj: number[][] = provinces.map(() => []);
  const fleetAdj = new Map<Loc, Loc[]>();
  const armyLine = new Map<string, number>();
  const fleetLine = new Map<string, number>();

  const checkLoc = (loc: string, type: UnitType, line: number, role: string): boolean => {
    const pid = provinceOf(loc);
    const p = byId.get(pid);
    if (!p) {
      fail(line, `${role}: unknown space "${loc}"`);
      return false;
    }
    const coast = loc.includes('/') ? loc.slice(pid.length + 1) : null;
    if (p.terrain === 'impassable') {
      fail(line, `${role}: ${pid} is impassable and can have no borders`);
      return false;
    }
    if (type === 'A') {
      if (coast) return (fail(line, `${role}: army borders name provinces, not coasts ("${loc}")`), false);
      if (p.terrain === 'sea') return (fail(line, `${role}: ${pid} is a sea; armies cannot go there`), false);
    } else {
      if (p.terrain === 'land') return (fail(line, `${role}: ${pid} is inland; fleets cannot go there`), false);
      if (coast && !p.coasts.includes(coast)) return (fail(line, `${role}: ${pid} has no coast "${coast}"`), false);
      if (!coast && p.coasts.length)
        return (
          fail(line, `${role}: ${pid} has split coasts; name one (${p.coasts.map((c) => `${pid}/${c}`).join(', ')})`),
          false
        );
    }
    return true;
  };

  for (const b of borders) {
    if (!checkLoc(b.from, b.type, b.line, `${b.type === 'A' ? 'army' : 'fleet'} ${b.from}`)) continue;
    for (const to of b.to) {
      if (!checkLoc(to, b.type, b.line, `${b.type === 'A' ? 'army' : 'fleet'} ${b.from} -> ${to}`)) continue;
      if (provinceOf(to) === provinceOf(b.from)) {
        fail(b.line, `${b.from} cannot border itself`);
        continue;
      }
      if (b.type === 'A') {
        const from = byId.get(b.from)!.index;
        const dest = byId.get(to)!.index;
        if (armyLine.has(`${b.from}>${to}`)) fail(b.line, `army border ${b.from}-${to} listed twice`);
        armyLine.set(`${b.from}>${to}`, b.line);
        armyAdj[from].push(dest);
      } else {
        if (fleetLine.has(`${b.from}>${to}`)) fail(b.line, `fleet border ${b.from}-${to} listed twice`);
        fleetLine.set(`${b.from}>${to}`, b.line);
        const list = fleetAdj.get(b.from) ?? [];
        list.push(to);
        fleetAdj.set(b.from, list);
      }
    }
  }
  for (const [edge, line] of armyLine) {
    const [a, b] = edge.split('>');
    if (!armyLine.has(`${b}>${a}`)) fail(line, `one-way army border: ${a} lists ${b}, but ${b} does not list ${a}`);
  }
  for (const [edge, line] of fleetLine) {
    const [a, b] = edge.split('>');
    if (!fleetLine.has(`${b}>${a}`)) fail(line, `one-way fleet border: ${a} lists ${b}, but ${b} does not list ${a}`);
  }
  for (const p of provinces) {
    if (p.terrain === 'impassable') continue;
    const hasArmy = armyAdj[p.index].length > 0;
    const fleetLocs = p.coasts.length ? p.coasts.map((c) => `${p.id}/${c}`) : [p.id];
    const hasFleet = fleetLocs.some((l) => (fleetAdj.get(l) ?? []).length > 0);
    // Islands are coast spaces armies reach only by convoy, so only inland spaces need army borders.
    if (p.terrain === 'land' && !hasArmy) fail(p.line, `space ${p.id} has no army borders`);
    if (p.terrain !== 'land' && !hasFleet) fail(p.line, `space ${p.id} has no fleet borders`);
    for (const l of fleetLocs)
      if (p.coasts.length && !(fleetAdj.get(l) ?? []).length) fail(p.line, `coast ${l} has no fleet borders`);
  }
  return { provinces, byId, armyAdj, fleetAdj, names, locName };
}

function validatePowers(powers: PowerDef[], map: VariantMap, fail: (line: number, msg: string) => void): void {
  const ids = new Set<string>();
  const centreOwner = new Map<string, string>();
  const occupied = new Map<string, string>();
  for (const p of powers) {
    if (ids.has(p.id)) fail(p.line, `power ${p.id} defined twice`);
    ids.add(p.id);
    if (!p.adjective) p.adjective = p.name;
    for (const c of [...p.home, ...p.owns]) {
      const prov = map.byId.get(c);
      if (!prov) fail(p.line, `power ${p.id}: unknown centre "${c}"`);
      else if (!prov.centre) fail(p.line, `power ${p.id}: ${c} is not a supply centre`);
      else if (centreOwner.has(c) && centreOwner.get(c) !== p.id)
        fail(p.line, `power ${p.id}: centre ${c} already belongs to ${centreOwner.get(c)}`);
      else centreOwner.set(c, p.id);
    }
    for (const u of p.units) {
      const pid = provinceOf(u.loc);
      const prov = map.byId.get(pid);
      const what = `power ${p.id}: unit ${u.type} ${u.loc}`;
      if (!prov) {
        fail(p.line, `${what}: unknown space`);
        continue;
      }
      if (prov.terrain === 'impassable') fail(p.line, `${what}: space is impassable`);
      else if (u.type === 'A' && (prov.terrain === 'sea' || u.loc.includes('/')))
        fail(p.line, `${what}: an army cannot stand there`);
      else if (u.type === 'F' && prov.terrain === 'land') fail(p.line, `${what}: a fleet cannot stand inland`);
      else if (u.type === 'F' && prov.coasts.length && !u.loc.includes('/'))
        fail(p.line, `${what}: name the coast (${prov.coasts.map((c) => `${pid}/${c}`).join(', ')})`);
      else if (u.type === 'F' && u.loc.includes('/') && !map.locName.has(u.loc)) fail(p.line, `${what}: no such coast`);
      if (occupied.has(pid)) fail(p.line, `${what}: ${pid} already holds a unit of ${occupied.get(pid)}`);
      occupied.set(pid, p.id);
    }
  }
}

export function describeVariant(v: Variant): Record<string, unknown> {
  return {
    id: v.id,
    title: v.title,
    source: v.source,
    startYear: v.startYear,
    victoryCentres: v.victoryCentres,
    rules: v.rules.map((r) => ({ id: r.id, args: r.args })),
    powers: v.powers.map((p) => ({
      id: p.id,
      name: p.name,
      adjective: p.adjective,
      initial: p.initial,
      kind: p.kind,
      colour: p.colour,
      home: p.home,
      owns: p.owns,
      units: p.units.map((u) => `${u.type} ${u.loc}`),
      attrs: p.attrs,
    })),
    spaces: v.map.provinces.map((p) => ({
      id: p.id,
      name: p.name,
      terrain: p.terrain,
      centre: p.centre,
      coasts: p.coasts,
      army: v.map.armyAdj[p.index].map((i) => v.map.provinces[i].id),
      fleet: p.coasts.length
        ? Object.fromEntries(p.coasts.map((c) => [c, v.map.fleetAdj.get(`${p.id}/${c}`) ?? []]))
        : (v.map.fleetAdj.get(p.id) ?? []),
      names: [...v.map.names].filter(([, loc]) => provinceOf(loc) === p.id).map(([n]) => n),
    })),
  };
}

export type { UnitSpec };
