// Turns a parsed godip case into positions, its orders as text (for the player-facing parser) and
// the expected final board. The loose reader only builds positions (retreat options from results).
import type { Variant } from '../../src/core/map/variant.js';
import type { Position, PowerId, ProvinceId, Unit } from '../../src/core/types.js';
import { provinceOf } from '../../src/core/types.js';
import type { GodipCase, GodipUnitLine } from './godip-text.js';
import { parseLooseOrder, type LooseOrderContext } from './loose-order.js';
import { MapResolver } from './resolve.js';
import { dislodgedWithRetreats } from './godip-retreats.js';

export interface BoardExpectation {
  units: Unit[];
  dislodged: Unit[];
}

export interface GodipScenario {
  /**
   * A retreat case without PRESTATE_RESULTS (DipAI's game record) is played on from the
   * movement case before it, whose result must match this case's PRESTATE.
   */
  preceding?: { position: Position; orderText: string; expect: BoardExpectation };
  /** The position to adjudicate; when there is a preceding phase, its result replaces this. */
  position: Position;
  /** The case's ORDERS lines, one order a line, as an order file. */
  orderText: string;
  expect: BoardExpectation;
}

/**
 * `previous` is the case before this one in its file: a retreat case without results
 * (DipAI's game record) follows on from the movement case before it.
 */
export function buildGodipScenario(variant: Variant, c: GodipCase, previous?: GodipCase): GodipScenario {
  const resolver = new MapResolver(variant);
  const toUnit = (u: GodipUnitLine): Unit => ({
    power: resolver.power(u.power),
    type: u.type,
    loc: resolver.requireLoc(u.loc),
  });
  const units = c.prestate.map(toUnit);
  const dislodgedBefore = c.prestateDislodged.map(toUnit);
  const owners = c.centreOwners ? ownersFrom(resolver, c.centreOwners) : resolver.initialOwners();
  const orderText = c.orders.map((o) => o.text).join('\n');
  const expect: BoardExpectation = c.poststate
    ? { units: c.poststate.map(toUnit), dislodged: c.poststateDislodged.map(toUnit) }
    : { units, dislodged: [] };
  const position: Position = { variant: variant.id, phase: c.phase, units, dislodged: [], owners, state: {} };
  if (c.phase.type !== 'retreat') return { position, orderText, expect };
  if (c.prestateResults.length > 0) {
    return { position: retreatPosition(resolver, c, position, dislodgedBefore), orderText, expect };
  }
  const sameSeason =
    previous?.phase.type === 'movement' &&
    previous.phase.year === c.phase.year &&
    previous.phase.season === c.phase.season;
  if (!previous || !sameSeason)
    throw new Error(`retreat case '${c.name}' has neither results nor its movement case before it`);
  const movement = buildGodipScenario(variant, previous);
  const preceding = { ...movement, expect: { units, dislodged: dislodgedBefore } };
  return { preceding, position, orderText, expect };
}

function ownersFrom(resolver: MapResolver, list: { power: string; centre: string }[]): Record<ProvinceId, PowerId> {
  const owners: Record<ProvinceId, PowerId> = {};
  for (const { power, centre } of list) owners[provinceOf(resolver.requireLoc(centre))] = resolver.power(power);
  return owners;
}

function retreatPosition(resolver: MapResolver, c: GodipCase, position: Position, dislodged: Unit[]): Position {
  const ctx: LooseOrderContext = { resolver, phaseType: 'movement', units: [...dislodged, ...position.units] };
  const results = c.prestateResults.map((r) => ({ success: r.success, order: parseLooseOrder(r.order, ctx) }));
  return { ...position, dislodged: dislodgedWithRetreats(resolver, position.units, dislodged, results) };
}
