// Reader for godip's (originally jDip's) adjudicator test format:
//   CASE <name> / PRESTATE_SETPHASE Spring 1901, Movement / PRESTATE / PRESTATE_DISLODGED /
//   PRESTATE_SUPPLYCENTER_OWNERS / PRESTATE_RESULTS / ORDERS / POSTSTATE / POSTSTATE_DISLODGED /
//   POSTSTATE_SAME / END, with '#' comments and one entry per indented line.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Phase, Season } from '../../src/core/types.js';

export interface GodipUnitLine {
  power: string;
  type: 'A' | 'F';
  loc: string;
  line: number;
}

export interface GodipResultLine {
  success: boolean;
  order: string;
  line: number;
}

export interface GodipCase {
  file: string;
  name: string;
  line: number;
  phase: Phase;
  prestate: GodipUnitLine[];
  prestateDislodged: GodipUnitLine[];
  /** Owned centres; null when the case does not set them (home centres apply). */
  centreOwners: { power: string; centre: string }[] | null;
  prestateResults: GodipResultLine[];
  orders: { text: string; line: number }[];
  /** null for POSTSTATE_SAME. */
  poststate: GodipUnitLine[] | null;
  poststateDislodged: GodipUnitLine[];
}

export class GodipFormatError extends Error {}

const SECTIONS = [
  'PRESTATE',
  'PRESTATE_DISLODGED',
  'PRESTATE_SUPPLYCENTER_OWNERS',
  'PRESTATE_RESULTS',
  'ORDERS',
  'POSTSTATE',
  'POSTSTATE_DISLODGED',
] as const;
type Section = (typeof SECTIONS)[number];

export function readGodipFile(path: string): GodipCase[] {
  return parseGodipText(readFileSync(path, 'utf8'), basename(path));
}

export function parseGodipText(text: string, file: string): GodipCase[] {
  const cases: GodipCase[] = [];
  let current: GodipCase | null = null;
  let section: Section | null = null;
  const fail = (line: number, why: string): never => {
    throw new GodipFormatError(`${file}:${line}: ${why}`);
  };

  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const content = raw.replace(/#.*/, '').trim();
    if (content === '') return;
    const [keyword, ...restWords] = content.split(/\s+/);
    const rest = restWords.join(' ');
    if (keyword === 'VARIANT_ALL') {
      if (rest.toLowerCase() !== 'standard') fail(line, `unsupported variant '${rest}'`);
      return;
    }
    if (keyword === 'CASE') {
      if (current) fail(line, `CASE inside case '${current.name}' (missing END)`);
      current = emptyCase(file, rest, line);
      section = null;
      return;
    }
    if (!current) return fail(line, `'${content}' outside a CASE`);
    const c: GodipCase = current;
    if (keyword === 'END') {
      cases.push(c);
      current = null;
      return;
    }
    if (keyword === 'PRESTATE_SETPHASE') {
      c.phase = parseGodipPhase(rest) ?? fail(line, `cannot read phase '${rest}'`);
      return;
    }
    if (keyword === 'POSTSTATE_SAME') {
      c.poststate = null;
      section = null;
      return;
    }
    if ((SECTIONS as readonly string[]).includes(keyword)) {
      section = keyword as Section;
      if (section === 'POSTSTATE') c.poststate = [];
      if (section === 'PRESTATE_SUPPLYCENTER_OWNERS') c.centreOwners = [];
      return;
    }
    if (!section) return fail(line, `'${content}' before any section`);
    addEntry(c, section, content, line, fail);
  });
  if (current) fail(text.split(/\r?\n/).length, `case '${(current as GodipCase).name}' has no END`);
  return cases;
}

function emptyCase(file: string, name: string, line: number): GodipCase {
  return {
    file,
    name,
    line,
    phase: { year: 1901, season: 'spring', type: 'movement' },
    prestate: [],
    prestateDislodged: [],
    centreOwners: null,
    prestateResults: [],
    orders: [],
    poststate: [],
    poststateDislodged: [],
  };
}

function addEntry(
  c: GodipCase,
  section: Section,
  content: string,
  line: number,
  fail: (l: number, why: string) => never,
) {
  switch (section) {
    case 'ORDERS':
      c.orders.push({ text: content, line });
      return;
    case 'PRESTATE_RESULTS': {
      const m = /^(SUCCESS|FAILURE)\s*:\s*(.+)$/i.exec(content) ?? fail(line, `cannot read result '${content}'`);
      c.prestateResults.push({ success: m[1].toUpperCase() === 'SUCCESS', order: m[2], line });
      return;
    }
    case 'PRESTATE_SUPPLYCENTER_OWNERS': {
      const u = parseUnitLine(content, line) ?? fail(line, `cannot read centre owner '${content}'`);
      c.centreOwners!.push({ power: u.power, centre: u.loc });
      return;
    }
    default: {
      const u = parseUnitLine(content, line) ?? fail(line, `cannot read unit '${content}'`);
      if (section === 'PRESTATE') c.prestate.push(u);
      else if (section === 'PRESTATE_DISLODGED') c.prestateDislodged.push(u);
      else if (section === 'POSTSTATE') c.poststate!.push(u);
      else c.poststateDislodged.push(u);
    }
  }
}

/** "England: F nth", "Russia: F stp/sc". */
export function parseUnitLine(content: string, line: number): GodipUnitLine | null {
  const m = /^([A-Za-z]+)\s*:?\s+([AF])\s+(\S+)$/i.exec(content.trim());
  if (!m) return null;
  return { power: m[1], type: m[2].toUpperCase() as 'A' | 'F', loc: m[3], line };
}

/** "Spring 1901, Movement"; godip's "Fall ..., Adjustment" is our winter adjustment. */
export function parseGodipPhase(text: string): Phase | null {
  const m = /^(spring|fall)\s+(\d+)\s*,\s*(movement|retreat|adjustment)$/i.exec(text.trim());
  if (!m) return null;
  const type = m[3].toLowerCase() as Phase['type'];
  const season: Season = type === 'adjustment' ? 'winter' : (m[1].toLowerCase() as Season);
  return { year: Number(m[2]), season, type };
}
