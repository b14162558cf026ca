// Reader for the Droidippy game records (godip-history): per phase
//   PHASE 1901 Spring Movement / POSITIONS "Power: army|fleet|supply|army/dislodged loc" / ORDERS
// with orders "src move dst [via convoy]", "src support x [move y]", "src convoy x move y",
// "src hold", "src disband", "remove src", "build Army|Fleet loc". The order lines are kept as text:
// the player-facing parser reads them in GM mode (the power is the owner of the unit or centre).
import type { Variant } from '../../src/core/map/variant.js';
import type { Loc, Phase, PhaseType, PowerId, ProvinceId, Unit, UnitType } from '../../src/core/types.js';
import { provinceOf } from '../../src/core/types.js';
import { MapResolver } from './resolve.js';

export interface RecordedPhase {
  phase: Phase;
  line: number;
  units: Unit[];
  dislodged: Unit[];
  owners: Record<ProvinceId, PowerId>;
  orderLines: string[];
}

export class DroidippyFormatError extends Error {}

const PHASE_TYPES: Record<string, PhaseType> = { movement: 'movement', retreat: 'retreat', adjustment: 'adjustment' };
const UNIT_TYPES: Record<string, UnitType> = { army: 'A', fleet: 'F' };

/** One POSITIONS line read: a unit (possibly dislodged) or a supply centre's owner. */
interface PositionEntry {
  power: PowerId;
  kind: UnitType | 'supply';
  dislodged: boolean;
  loc: Loc;
  province: ProvinceId;
}

/**
 * Name lookups memoised per variant: the archive repeats the same few hundred spellings, and
 * the same few thousand position lines over some fourteen million.
 */
export class DroidippyNames {
  private readonly locs = new Map<string, Loc>();
  private readonly powers = new Map<string, PowerId>();
  private readonly positionLines = new Map<string, PositionEntry | null>();
  readonly resolver: MapResolver;
  constructor(readonly variant: Variant) {
    this.resolver = new MapResolver(variant);
  }
  loc(text: string): Loc {
    let l = this.locs.get(text);
    if (l === undefined) {
      l = this.resolver.requireLoc(text);
      this.locs.set(text, l);
    }
    return l;
  }
  power(text: string): PowerId {
    let p = this.powers.get(text);
    if (p === undefined) {
      p = this.resolver.power(text);
      this.powers.set(text, p);
    }
    return p;
  }
  /** null for a line that is not "Power: army|fleet|supply[/dislodged] loc". */
  positionLine(line: string): PositionEntry | null {
    let entry = this.positionLines.get(line);
    if (entry === undefined) {
      const m = /^(\w+):\s+(army|fleet|supply)(\/dislodged)?\s+(\S+)$/.exec(line);
      if (m) {
        const loc = this.loc(m[4]);
        const kind = m[2] === 'supply' ? 'supply' : UNIT_TYPES[m[2]];
        entry = { power: this.power(m[1]), kind, dislodged: m[3] !== undefined, loc, province: provinceOf(loc) };
      } else entry = null;
      this.positionLines.set(line, entry);
    }
    return entry;
  }
}

export function parseDroidippyGame(text: string, names: DroidippyNames, file = 'game'): RecordedPhase[] {
  const phases: RecordedPhase[] = [];
  let current: RecordedPhase | null = null;
  let inOrders = false;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    if (line.startsWith('PHASE ')) {
      current = {
        phase: parsePhase(line, file, i + 1),
        line: i + 1,
        units: [],
        dislodged: [],
        owners: {},
        orderLines: [],
      };
      phases.push(current);
      inOrders = false;
      continue;
    }
    if (!current) throw new DroidippyFormatError(`${file}:${i + 1}: '${line}' before the first PHASE`);
    if (line === 'POSITIONS') inOrders = false;
    else if (line === 'ORDERS') inOrders = true;
    else if (inOrders) current.orderLines.push(line);
    else addPosition(current, line, names, file, i + 1);
  }
  return phases;
}

function parsePhase(line: string, file: string, n: number): Phase {
  const [, year, season, type] = line.split(/\s+/);
  const t = PHASE_TYPES[type?.toLowerCase()];
  const s = season?.toLowerCase();
  if (!t || (s !== 'spring' && s !== 'fall') || !/^\d+$/.test(year))
    throw new DroidippyFormatError(`${file}:${n}: bad phase '${line}'`);
  return { year: Number(year), season: t === 'adjustment' ? 'winter' : s, type: t };
}

function addPosition(p: RecordedPhase, line: string, names: DroidippyNames, file: string, n: number): void {
  const e = names.positionLine(line);
  if (!e) throw new DroidippyFormatError(`${file}:${n}: cannot read '${line}'`);
  if (e.kind === 'supply') p.owners[e.province] = e.power;
  else (e.dislodged ? p.dislodged : p.units).push({ power: e.power, type: e.kind, loc: e.loc });
}
