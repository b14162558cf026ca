// Powers that come and go during a game. The variant file fixes the powers a game starts with; a
// rule module may add powers (A&E §III, 1648: a centre of a power in permanent civil disorder
// becomes a new minor) or retire one (a power nobody will play again). Both are kept in the
// position's state, so they travel from phase to phase, are stored as JSON with the position and
// roll back with it. Code that looks powers up for a position asks `variantInPlay`, which gives
// the variant with the added powers in its power list and lookup table; nothing else changes.
import type { PowerDef, Variant } from '../../map/variant.js';
import type { AddedPower, Position, PowerId } from '../../types.js';

const KEY = 'powersInPlay';

interface PowersInPlay {
  added: AddedPower[];
  retired: PowerId[];
}

const NONE: PowersInPlay = { added: [], retired: [] };

function read(state: Position['state']): PowersInPlay {
  const stored = state[KEY] as Partial<PowersInPlay> | undefined;
  return stored ? { added: stored.added ?? [], retired: stored.retired ?? [] } : NONE;
}

export function addedPowers(position: Position): readonly AddedPower[] {
  return read(position.state).added;
}

/** Powers taken out of play (permanent civil disorder): they neither adjust nor allocate DP. */
export function retiredPowers(position: Position): readonly PowerId[] {
  return read(position.state).retired;
}

export function isRetired(position: Position, power: PowerId): boolean {
  return read(position.state).retired.includes(power);
}

/**
 * Records new powers and retirements in a position's state. The stored lists are replaced, never
 * changed in place, because `variantInPlay` caches by the list it was given.
 */
export function changePowersInPlay(state: Position['state'], change: { add?: AddedPower[]; retire?: PowerId[] }): void {
  const now = read(state);
  const retire = (change.retire ?? []).filter((p) => !now.retired.includes(p));
  state[KEY] = { added: [...now.added, ...(change.add ?? [])], retired: [...now.retired, ...retire] };
}

function powerDef(p: AddedPower): PowerDef {
  return {
    id: p.id,
    name: p.name,
    adjective: p.adjective,
    initial: '',
    kind: p.kind,
    home: [...p.home],
    owns: [],
    units: p.units.map((u) => ({ ...u })),
    attrs: { ...p.attrs },
    line: 0,
  };
}

const baseOf = new WeakMap<Variant, Variant>();

/** The variant as its file defines it, for a variant `variantInPlay` returned. */
export function variantAtStart(variant: Variant): Variant {
  return baseOf.get(variant) ?? variant;
}

const inPlayCache = new WeakMap<Variant, WeakMap<readonly AddedPower[], Variant>>();

/**
 * The variant as the position sees it: the file's powers followed by the powers added during the
 * game. The same variant object when nothing was added, so caches keyed by it keep working.
 */
export function variantInPlay(variant: Variant, position: Position): Variant {
  const base = variantAtStart(variant);
  const added = read(position.state).added;
  if (!added.length) return base;
  let byList = inPlayCache.get(base);
  if (!byList) inPlayCache.set(base, (byList = new WeakMap()));
  let derived = byList.get(added);
  if (!derived) {
    const defs = added.map(powerDef);
    derived = {
      ...base,
      powers: [...base.powers, ...defs],
      powerById: new Map([...base.powerById, ...defs.map((d) => [d.id, d] as const)]),
    };
    baseOf.set(derived, base);
    byList.set(added, derived);
  }
  return derived;
}
