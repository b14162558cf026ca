import type { Loc, PowerId, ProvinceId, Terrain, UnitType } from '../types.js';

export interface Province {
  id: ProvinceId;
  /** Dense index, for the adjudicator's arrays. */
  index: number;
  name: string;
  terrain: Terrain;
  centre: boolean;
  /** Coast ids of a split-coast province ('nc', 'sc'); empty for a province with one coastline. */
  coasts: string[];
  line: number;
}

export interface UnitSpec {
  type: UnitType;
  loc: Loc;
}

export type PowerKind = 'great' | 'minor' | 'affiliate';

export interface PowerDef {
  id: PowerId;
  name: string;
  adjective: string;
  initial: string;
  kind: PowerKind;
  colour?: string;
  home: ProvinceId[];
  /** Centres owned at the start besides the home centres. */
  owns: ProvinceId[];
  units: UnitSpec[];
  /** Further attributes for rule modules (religion, sponsor, ...). */
  attrs: Record<string, string>;
  line: number;
}

export interface RuleSetting {
  id: string;
  args: string[];
  line: number;
}

export interface VariantMap {
  provinces: Province[];
  byId: Map<ProvinceId, Province>;
  /** Army moves, by province index: neighbouring province indices. */
  armyAdj: number[][];
  /** Fleet moves, location -> neighbouring locations (coast-qualified where the province is split). */
  fleetAdj: Map<Loc, Loc[]>;
  /** Every name a player may type (lower-cased, spaces collapsed) -> location. */
  names: Map<string, Loc>;
  /** Full name of every location, coasts included ('Spain (north coast)'). */
  locName: Map<Loc, string>;
}

export interface Variant {
  id: string;
  title: string;
  file: string;
  /** Free text describing where the map comes from; derived maps say so. */
  source: string;
  startYear: number;
  /** Centres needed to win. */
  victoryCentres: number;
  powers: PowerDef[];
  powerById: Map<PowerId, PowerDef>;
  map: VariantMap;
  rules: RuleSetting[];
}

export function isGreatPower(variant: Variant, power: PowerId): boolean {
  return variant.powerById.get(power)?.kind === 'great';
}

export function ruleSetting(variant: Variant, id: string): RuleSetting | undefined {
  return variant.rules.find((r) => r.id === id);
}
