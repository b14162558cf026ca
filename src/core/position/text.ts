// Reads the hand-written position format (docs/position-format.md). Every problem is reported
// as file:line, and a position with any problem is refused whole.
import { loadVariant } from '../map/load.js';
import type { Variant } from '../map/variant.js';
import type { DislodgedUnit, Loc, Phase, Position, PowerId, ProvinceId, Unit, UnitType } from '../types.js';
import { provinceOf } from '../types.js';
import type { PositionRef } from './check.js';
import { positionProblems } from './check.js';
import { PositionError } from './error.js';
import { readPhase, resolvePlace, resolvePower, splitPlaces } from './names.js';
import { reachableRetreats, retreatOptions } from './retreats.js';

export interface ReadOptions {
  /** Name used in messages (`pos.txt:3: …`). */
  file?: string;
  /** The variant the position must belong to; otherwise the file's `variant` line chooses it. */
  variant?: Variant;
}

export interface LoadedPosition {
  variant: Variant;
  position: Position;
}

interface DislodgedDraft {
  unit: Unit;
  attackerFrom: ProvinceId | null;
  /** Retreats written out by hand; computed when absent. */
  retreats?: string[];
  line: number;
}

const UNIT_WORDS: Record<string, UnitType> = { a: 'A', army: 'A', f: 'F', fleet: 'F' };
const OWNS_WORDS = new Set(['owns', 'centres', 'centers', 'owned']);
const DISLODGED = /^dislodged\s+(\S+)\s+(.+?)(?:\s+from\s+(.+?))?(?:\s+retreats?(?:\s+(.+))?)?$/i;

/** Comments are `#` at the start of a word; a state line's JSON is kept whole. */
function stripComment(raw: string): string {
  const trimmed = raw.trim();
  if (/^state\s/i.test(trimmed)) return trimmed;
  return raw.replace(/(^|\s)#.*$/, '').trim();
}

function chooseVariant(
  lines: string[],
  opts: ReadOptions,
  fail: (line: number, msg: string) => void,
): Variant | undefined {
  for (let i = 0; i < lines.length; i++) {
    const m = /^variant\s+(\S+)$/i.exec(stripComment(lines[i]));
    if (!m) continue;
    if (opts.variant) {
      if (m[1].toLowerCase() !== opts.variant.id)
        fail(i + 1, `this position is for variant ${m[1]}, not ${opts.variant.id}`);
      return opts.variant;
    }
    try {
      return loadVariant(m[1].toLowerCase());
    } catch (e) {
      fail(i + 1, (e as Error).message);
      return undefined;
    }
  }
  if (!opts.variant) fail(1, 'no "variant <name>" line');
  return opts.variant;
}

export function parsePositionText(text: string, opts: ReadOptions = {}): LoadedPosition {
  const file = opts.file ?? 'position';
  const problems: string[] = [];
  const fail = (line: number, msg: string) => problems.push(`${file}:${line}: ${msg}`);
  const lines = text.split(/\r?\n/);
  const variant = chooseVariant(lines, opts, fail);
  if (!variant) throw new PositionError(problems);

  let phase: Phase | undefined;
  let phaseLine = 0;
  let power: PowerId | undefined;
  const units: Unit[] = [];
  const unitLines: number[] = [];
  const drafts: DislodgedDraft[] = [];
  const owners: Record<ProvinceId, PowerId> = {};
  const ownerLines = new Map<ProvinceId, number>();
  const standoffs: ProvinceId[] = [];
  const state: Record<string, unknown> = {};
  const stateLines = new Map<string, number>();

  const place = (line: number, written: string): Loc | undefined => {
    const r = resolvePlace(variant, written);
    if ('error' in r) fail(line, r.error);
    return 'ok' in r ? r.ok : undefined;
  };
  const needPower = (line: number, what: string): PowerId | undefined => {
    if (power === undefined) fail(line, `${what} before any power heading (write e.g. "France:" first)`);
    return power;
  };

  const readUnit = (line: number, written: string): Unit | undefined => {
    const m = /^(\S+)\s+(.+)$/.exec(written.trim());
    const type = m ? UNIT_WORDS[m[1].toLowerCase()] : undefined;
    if (!m || !type) {
      fail(line, `cannot read "${written.trim()}": expected a unit such as "A par" or "F stp/sc"`);
      return undefined;
    }
    const loc = place(line, m[2]);
    const owner = needPower(line, 'a unit');
    return loc !== undefined && owner !== undefined ? { power: owner, type, loc } : undefined;
  };

  const readBody = (line: number, body: string) => {
    const [keyword] = body.split(/\s+/);
    const key = keyword.toLowerCase();
    const rest = body.slice(keyword.length).trim();
    if (OWNS_WORDS.has(key)) {
      const owner = needPower(line, `"${keyword}"`);
      for (const name of splitPlaces(rest)) {
        const loc = place(line, name);
        if (loc === undefined || owner === undefined) continue;
        const centre = provinceOf(loc);
        if (ownerLines.has(centre)) fail(line, `${centre} is already owned (line ${ownerLines.get(centre)})`);
        else {
          owners[centre] = owner;
          ownerLines.set(centre, line);
        }
      }
      return;
    }
    if (key === 'dislodged') {
      const m = DISLODGED.exec(body);
      const unit = m ? readUnit(line, `${m[1]} ${m[2]}`) : (fail(line, 'write "dislodged A ser from bul"'), undefined);
      if (!m || !unit) return;
      const from = m[3] !== undefined ? place(line, m[3]) : undefined;
      if (m[3] !== undefined && from === undefined) return;
      const retreats = /\sretreats?\b/i.test(body) ? splitPlaces(m[4] ?? '') : undefined;
      drafts.push({ unit, attackerFrom: from === undefined ? null : provinceOf(from), retreats, line });
      return;
    }
    for (const piece of body
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const unit = readUnit(line, piece);
      if (unit) {
        units.push(unit);
        unitLines.push(line);
      }
    }
  };

  lines.forEach((raw, i) => {
    const line = i + 1;
    const body = stripComment(raw);
    if (!body) return;
    const [keyword] = body.split(/\s+/);
    const rest = body.slice(keyword.length).trim();
    switch (keyword.toLowerCase()) {
      case 'variant':
        return;
      case 'phase': {
        if (phaseLine) return fail(line, `a second phase line (the first is line ${phaseLine})`);
        phaseLine = line;
        const r = readPhase(rest);
        if ('error' in r) return fail(line, r.error);
        phase = r.ok;
        return;
      }
      case 'standoff':
      case 'standoffs':
        for (const name of splitPlaces(rest)) {
          const loc = place(line, name);
          if (loc !== undefined) standoffs.push(provinceOf(loc));
        }
        return;
      case 'state': {
        const m = /^(\S+)\s+([\s\S]+)$/.exec(rest);
        if (!m) return fail(line, 'write "state <module> <json>"');
        try {
          state[m[1]] = JSON.parse(m[2]);
          stateLines.set(m[1], line);
        } catch (e) {
          fail(line, `state ${m[1]}: not valid JSON (${(e as Error).message})`);
        }
        return;
      }
    }
    const heading = /^([^:]+):\s*(.*)$/.exec(body);
    if (heading) {
      const named = resolvePower(variant, heading[1]);
      if (named === undefined)
        return fail(
          line,
          `unknown power "${heading[1].trim()}" (powers: ${variant.powers.map((p) => p.name).join(', ')})`,
        );
      power = named;
      if (heading[2]) readBody(line, heading[2]);
      return;
    }
    readBody(line, body);
  });
  if (!phaseLine) fail(1, 'no "phase" line (e.g. "phase Spring 1901 Movement")');
  // Without a phase nothing else can be checked; otherwise report every problem at once.
  if (!phase) throw new PositionError(byLine(problems, file));

  const position: Position = { variant: variant.id, phase, units, dislodged: [], owners, state };
  const dislodgedLines: number[] = [];
  for (const d of drafts) {
    const retreats =
      d.retreats === undefined
        ? retreatOptions(variant, position, d.unit, d.attackerFrom, standoffs)
        : writtenRetreats(variant, position, d, fail);
    if (retreats === undefined) continue;
    const unit: DislodgedUnit = { ...d.unit, attackerFrom: d.attackerFrom, retreats };
    position.dislodged.push(unit);
    dislodgedLines.push(d.line);
  }
  const where = (ref: PositionRef): string => {
    if (ref.kind === 'unit') return `${file}:${unitLines[ref.index]}`;
    if (ref.kind === 'dislodged') return `${file}:${dislodgedLines[ref.index]}`;
    if (ref.kind === 'owner') return `${file}:${ownerLines.get(ref.centre)}`;
    if (ref.kind === 'state') return `${file}:${stateLines.get(ref.module) ?? phaseLine}`;
    return `${file}:${phaseLine}`;
  };
  problems.push(...positionProblems(variant, position, where));
  if (problems.length) throw new PositionError(byLine(problems, file));
  return { variant, position };
}

/** Retreats the GM listed by hand: each must be a place the unit could move to at all. */
function writtenRetreats(
  variant: Variant,
  position: Position,
  d: DislodgedDraft,
  fail: (line: number, msg: string) => void,
): Loc[] | undefined {
  const reachable = reachableRetreats(variant, position, d.unit);
  const out: Loc[] = [];
  let ok = true;
  for (const name of d.retreats ?? []) {
    const r = resolvePlace(variant, name);
    if ('error' in r) {
      fail(d.line, r.error);
      ok = false;
      continue;
    }
    const sameProvince = reachable.filter((l) => provinceOf(l) === provinceOf(r.ok));
    const loc = reachable.includes(r.ok)
      ? r.ok
      : !r.ok.includes('/') && sameProvince.length === 1
        ? sameProvince[0]
        : undefined;
    if (loc === undefined) {
      fail(d.line, `the ${d.unit.type === 'A' ? 'army' : 'fleet'} in ${d.unit.loc} cannot retreat to ${r.ok}`);
      ok = false;
    } else if (!out.includes(loc)) out.push(loc);
  }
  return ok ? out : undefined;
}

/** Problems in file order, whichever check found them. */
function byLine(problems: string[], file: string): string[] {
  const lineOf = (p: string) => Number(p.slice(file.length + 1).split(':')[0]) || 0;
  return problems
    .map((p, i) => [p, i] as const)
    .sort((a, b) => lineOf(a[0]) - lineOf(b[0]) || a[1] - b[1])
    .map(([p]) => p);
}
