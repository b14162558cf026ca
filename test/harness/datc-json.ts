// Loader for TedDriggs' DATC cases in JSON (json_tests/tests.schema.json): turns each case
// into positions and Order objects for the adjudicator, plus the outcome expected of each order.
import { readFileSync } from 'node:fs';
import type { Variant } from '../../src/core/map/variant.js';
import type { Order, Phase, PhaseType, Position, PowerId, ProvinceId, Unit } from '../../src/core/types.js';
import { provinceOf } from '../../src/core/types.js';
import { parseLooseOrder, type LooseOrderContext } from './loose-order.js';
import { MapResolver } from './resolve.js';

export type JsonVerdict = 'Succeeds' | 'Fails' | null;

export interface JsonCase {
  name: string;
  url: string;
  description?: string;
  ignore?: string;
  errata?: string;
  edition?: '1971' | '1982' | '2023' | 'dptg';
  phase: 'Main' | 'Retreat' | 'Build';
  starting_state?: string[];
  orders: Record<string, string | null>;
  preceding_main_phase?: { starting_state?: string[]; orders: Record<string, string | null> };
  occupiers?: Record<string, string>;
  civil_disorder?: string[];
}

export interface OrderExpectation {
  /** The order as the file writes it. */
  text: string;
  order: Order;
  succeeds: boolean;
}

export interface PhaseScenario {
  position: Position;
  orders: Order[];
  expectations: OrderExpectation[];
}

export interface JsonScenario {
  /** DATC number, '6.A.5'. */
  datc: string;
  name: string;
  /** For retreat cases, the movement phase that produces the dislodgements. */
  preceding?: PhaseScenario;
  /** The phase under test. In a retreat case `position` is only a placeholder: use the preceding result. */
  phase: PhaseScenario;
  /** Units expected to be removed by civil disorder (adjustment cases). */
  civilDisorder?: Unit[];
}

export function loadJsonCases(file: string): JsonCase[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { cases: JsonCase[] };
  return parsed.cases;
}

export function datcNumber(c: JsonCase): string {
  const anchor = /#(6\.[A-Z]\.\d+)$/.exec(c.url);
  if (!anchor) throw new Error(`case ${c.name} has no DATC anchor in ${c.url}`);
  return anchor[1];
}

/**
 * A case as it should be run under our rules: a verdict may be replaced by the answer we
 * document (docs/datc-choices.md), keyed by the order text.
 */
export function buildJsonScenario(
  variant: Variant,
  c: JsonCase,
  verdictOverrides: Record<string, JsonVerdict> = {},
): JsonScenario {
  const resolver = new MapResolver(variant);
  const verdict = (text: string, given: string | null): JsonVerdict =>
    text in verdictOverrides ? verdictOverrides[text] : (given as JsonVerdict);
  const datc = datcNumber(c);

  if (c.phase === 'Main') {
    const phase = { year: 1901, season: 'spring', type: 'movement' } as const;
    return {
      datc,
      name: c.name,
      phase: movementScenario(variant, resolver, phase, c.starting_state, c.orders, verdict),
    };
  }
  if (c.phase === 'Retreat') {
    const before = c.preceding_main_phase;
    if (!before) throw new Error(`retreat case ${c.name} lacks preceding_main_phase`);
    const movePhase = { year: 1901, season: 'spring', type: 'movement' } as const;
    const preceding = movementScenario(variant, resolver, movePhase, before.starting_state, before.orders, verdict);
    const retreatPhase: Phase = { year: 1901, season: 'spring', type: 'retreat' };
    const units = preceding.position.units;
    const ctx: LooseOrderContext = { resolver, phaseType: 'retreat', units };
    const { orders, expectations } = readOrders(c.orders, ctx, verdict);
    const position = { ...preceding.position, phase: retreatPhase };
    return { datc, name: c.name, preceding, phase: { position, orders, expectations } };
  }
  return { datc, name: c.name, ...adjustmentScenario(variant, resolver, c, verdict) };
}

function movementScenario(
  variant: Variant,
  resolver: MapResolver,
  phase: Phase,
  startingState: string[] | undefined,
  orderMap: Record<string, string | null>,
  verdict: (text: string, given: string | null) => JsonVerdict,
): PhaseScenario {
  const units = startingState
    ? startingState.map((s) => parseUnit(resolver, s))
    : unitsFromOrders(resolver, Object.keys(orderMap), phase.type);
  const ctx: LooseOrderContext = { resolver, phaseType: phase.type, units };
  const { orders, expectations } = readOrders(orderMap, ctx, verdict);
  const position: Position = {
    variant: variant.id,
    phase,
    units,
    dislodged: [],
    owners: resolver.initialOwners(),
    state: {},
  };
  return { position, orders, expectations };
}

function adjustmentScenario(
  variant: Variant,
  resolver: MapResolver,
  c: JsonCase,
  verdict: (text: string, given: string | null) => JsonVerdict,
): Pick<JsonScenario, 'phase' | 'civilDisorder'> {
  const phase: Phase = { year: 1901, season: 'winter', type: 'adjustment' };
  const units = c.starting_state
    ? c.starting_state.map((s) => parseUnit(resolver, s))
    : unitsFromOrders(resolver, Object.keys(c.orders), 'adjustment');
  const ctx: LooseOrderContext = { resolver, phaseType: 'adjustment', units };
  const { orders, expectations } = readOrders(c.orders, ctx, verdict);
  const position: Position = {
    variant: variant.id,
    phase,
    units,
    dislodged: [],
    owners: adjustmentOwners(variant, resolver, units, c.occupiers ?? {}),
    state: {},
  };
  const civilDisorder = c.civil_disorder?.map((s) => parseUnit(resolver, s));
  return { phase: { position, orders, expectations }, ...(civilDisorder ? { civilDisorder } : {}) };
}

/**
 * The JSON gives centre ownership only by exception ("occupiers"); a unit standing on a
 * centre owns it (6.I.1 builds because Germany holds Denmark), and home centres are the default.
 */
function adjustmentOwners(
  variant: Variant,
  resolver: MapResolver,
  units: Unit[],
  occupiers: Record<string, string>,
): Record<ProvinceId, PowerId> {
  const owners = resolver.initialOwners();
  for (const u of units) {
    const prov = provinceOf(u.loc);
    if (variant.map.byId.get(prov)?.centre) owners[prov] = u.power;
  }
  for (const [centre, power] of Object.entries(occupiers)) owners[resolver.requireLoc(centre)] = resolver.power(power);
  return owners;
}

function readOrders(
  orderMap: Record<string, string | null>,
  ctx: LooseOrderContext,
  verdict: (text: string, given: string | null) => JsonVerdict,
): { orders: Order[]; expectations: OrderExpectation[] } {
  const orders: Order[] = [];
  const expectations: OrderExpectation[] = [];
  for (const [text, given] of Object.entries(orderMap)) {
    const order = parseLooseOrder(text, ctx);
    orders.push(order);
    const v = verdict(text, given);
    if (v === 'Succeeds' || v === 'Fails') expectations.push({ text, order, succeeds: v === 'Succeeds' });
    else if (v !== null) throw new Error(`unknown verdict '${v}' for '${text}'`);
  }
  return { orders, expectations };
}

/** "ENG: F spa(sc)" */
export function parseUnit(resolver: MapResolver, text: string): Unit {
  const m = /^\s*([A-Za-z]+)\s*:\s*([AF])\s+(\S+)\s*$/.exec(text);
  if (!m) throw new Error(`cannot read unit '${text}'`);
  return { power: resolver.power(m[1]), type: m[2] as 'A' | 'F', loc: resolver.requireLoc(m[3]) };
}

/** Without a starting_state, the board holds exactly the ordered units (one per province). */
function unitsFromOrders(resolver: MapResolver, texts: string[], phaseType: PhaseType): Unit[] {
  const units: Unit[] = [];
  const ctx: LooseOrderContext = { resolver, phaseType, units: [] };
  for (const text of texts) {
    const order = parseLooseOrder(text, ctx);
    if (order.kind === 'build' || order.kind === 'waive') continue;
    if (units.some((u) => provinceOf(u.loc) === provinceOf(order.loc))) continue;
    units.push({ power: order.power, type: order.type, loc: order.loc });
  }
  return units;
}
