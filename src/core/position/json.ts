// Positions stored as JSON (the Position type, as the judge keeps them), checked like text ones.
import { loadVariant } from '../map/load.js';
import type { Phase, Position } from '../types.js';
import { parsePhaseCode } from '../types.js';
import { positionProblems } from './check.js';
import { PositionError } from './error.js';
import { retreatOptions } from './retreats.js';
import type { LoadedPosition, ReadOptions } from './text.js';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function parsePositionJson(text: string, opts: ReadOptions = {}): LoadedPosition {
  const file = opts.file ?? 'position';
  const refuse = (msg: string): never => {
    throw new PositionError([`${file}: ${msg}`]);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return refuse(`not valid JSON (${(e as Error).message})`);
  }
  if (!isObject(raw)) return refuse('a position is a JSON object');
  const id = typeof raw.variant === 'string' ? raw.variant : opts.variant?.id;
  if (!id) return refuse('no "variant"');
  if (opts.variant && id !== opts.variant.id) refuse(`this position is for variant ${id}, not ${opts.variant.id}`);
  const variant = opts.variant ?? loadVariant(id);

  const phase: Phase | null =
    typeof raw.phase === 'string'
      ? parsePhaseCode(raw.phase)
      : isObject(raw.phase)
        ? (raw.phase as unknown as Phase)
        : null;
  if (!phase) return refuse('"phase" must be a phase object or a code such as "S1901M"');
  const list = (key: string): Record<string, unknown>[] => {
    const value = raw[key as keyof typeof raw] ?? [];
    if (!Array.isArray(value) || !value.every(isObject)) return refuse(`"${key}" must be a list of units`);
    return value;
  };
  const units = list('units').map((u) => ({
    power: String(u.power),
    type: u.type === 'F' ? ('F' as const) : ('A' as const),
    loc: String(u.loc),
  }));
  const badType = list('units')
    .concat(list('dislodged'))
    .find((u) => u.type !== 'A' && u.type !== 'F');
  if (badType) refuse(`unit type must be "A" or "F", not ${JSON.stringify(badType.type)}`);
  const owners = raw.owners ?? {};
  if (!isObject(owners)) return refuse('"owners" must map centres to powers');
  const state = raw.state ?? {};
  if (!isObject(state)) return refuse('"state" must be an object');

  const position: Position = {
    variant: variant.id,
    phase,
    units,
    dislodged: [],
    owners: Object.fromEntries(Object.entries(owners).map(([c, p]) => [c, String(p)])),
    state,
  };
  for (const d of list('dislodged')) {
    const unit = { power: String(d.power), type: d.type === 'F' ? ('F' as const) : ('A' as const), loc: String(d.loc) };
    const attackerFrom = typeof d.attackerFrom === 'string' ? d.attackerFrom : null;
    const retreats = Array.isArray(d.retreats)
      ? d.retreats.map(String)
      : retreatOptions(variant, position, unit, attackerFrom);
    position.dislodged.push({ ...unit, attackerFrom, retreats });
  }
  const problems = positionProblems(variant, position, (ref) => {
    if (ref.kind === 'unit') return `${file}: units[${ref.index}]`;
    if (ref.kind === 'dislodged') return `${file}: dislodged[${ref.index}]`;
    if (ref.kind === 'owner') return `${file}: owners.${ref.centre}`;
    if (ref.kind === 'state') return `${file}: state.${ref.module}`;
    return `${file}: phase`;
  });
  if (problems.length) throw new PositionError(problems);
  return { variant, position };
}
