// The vocabulary shared by every part of the game core. Nothing here knows about mail or SQL.

export type UnitType = 'A' | 'F';
export type Terrain = 'land' | 'coast' | 'sea' | 'impassable';
export type Season = 'spring' | 'fall' | 'winter';
export type PhaseType = 'movement' | 'retreat' | 'adjustment';

/** A province id ('bul') or, for a fleet on a split coast, a province/coast location ('bul/ec'). */
export type Loc = string;
export type ProvinceId = string;
export type PowerId = string;

export interface Phase {
  year: number;
  season: Season;
  type: PhaseType;
}

export interface Unit {
  power: PowerId;
  type: UnitType;
  loc: Loc;
}

export interface DislodgedUnit extends Unit {
  /** Province the dislodging attack came from; never a retreat destination. */
  attackerFrom: ProvinceId | null;
  /** Locations the unit may retreat to, computed when it was dislodged. */
  retreats: Loc[];
}

/**
 * A complete game position. `state` holds what rule modules keep between phases
 * (extra home centres, the Holy Roman Emperor, ...), keyed by module id.
 */
export interface Position {
  variant: string;
  phase: Phase;
  units: Unit[];
  dislodged: DislodgedUnit[];
  /** Supply-centre province -> owning power. Unlisted centres are unowned. */
  owners: Record<ProvinceId, PowerId>;
  state: Record<string, unknown>;
}

interface UnitOrderBase {
  power: PowerId;
  type: UnitType;
  loc: Loc;
}

export type HoldOrder = UnitOrderBase & { kind: 'hold' };
export type MoveOrder = UnitOrderBase & {
  kind: 'move';
  to: Loc;
  /** The player asked explicitly for a convoy route ("via convoy", or a path through seas). */
  viaConvoy: boolean;
  /** Sea provinces written in the order (`A lon - nth - nwy`); informative only. */
  path?: ProvinceId[];
};
export type SupportOrder = UnitOrderBase & {
  kind: 'support';
  /** Province of the supported unit. */
  target: ProvinceId;
  targetType?: UnitType;
  /**
   * Destination of a supported move (a province, or province/coast when the player named one);
   * absent for support to hold.
   */
  to?: Loc;
};
export type ConvoyOrder = UnitOrderBase & { kind: 'convoy'; from: ProvinceId; to: ProvinceId };
export type RetreatOrder = UnitOrderBase & { kind: 'retreat'; to: Loc };
export type DisbandOrder = UnitOrderBase & { kind: 'disband' };
export type RemoveOrder = UnitOrderBase & { kind: 'remove' };
export type BuildOrder = { kind: 'build'; power: PowerId; type: UnitType; loc: Loc };
export type WaiveOrder = { kind: 'waive'; power: PowerId };

export type MovementOrder = HoldOrder | MoveOrder | SupportOrder | ConvoyOrder;
export type RetreatPhaseOrder = RetreatOrder | DisbandOrder;
export type AdjustmentOrder = BuildOrder | RemoveOrder | WaiveOrder;
export type Order = MovementOrder | RetreatPhaseOrder | AdjustmentOrder;

/** Result notes, as the classic judges print them between `(*` and `*)`. */
export type Note =
  'bounce' | 'cut' | 'void' | 'dislodged' | 'no convoy' | 'disrupted' | 'destroyed' | 'invalid' | 'no order';

export const SEASON_NAME: Record<Season, string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };
export const PHASE_TYPE_NAME: Record<PhaseType, string> = {
  movement: 'Movement',
  retreat: 'Retreat',
  adjustment: 'Adjustment',
};

export function provinceOf(loc: Loc): ProvinceId {
  const slash = loc.indexOf('/');
  return slash < 0 ? loc : loc.slice(0, slash);
}

export function coastOf(loc: Loc): string | null {
  const slash = loc.indexOf('/');
  return slash < 0 ? null : loc.slice(slash + 1);
}

/** The classic short phase code: S1901M, F1901R, W1901A. */
export function phaseCode(phase: Phase): string {
  const s = phase.season === 'spring' ? 'S' : phase.season === 'fall' ? 'F' : 'W';
  const t = phase.type === 'movement' ? 'M' : phase.type === 'retreat' ? 'R' : 'A';
  return `${s}${phase.year}${t}`;
}

export function parsePhaseCode(code: string): Phase | null {
  const m = /^([SFW])(\d{1,5})([MRAB])$/i.exec(code.trim());
  if (!m) return null;
  const season: Season = m[1].toUpperCase() === 'S' ? 'spring' : m[1].toUpperCase() === 'F' ? 'fall' : 'winter';
  const t = m[3].toUpperCase();
  // njudge writes winter adjustments as F1901B; accept it.
  if (t === 'B') return { year: Number(m[2]), season: 'winter', type: 'adjustment' };
  const type: PhaseType = t === 'M' ? 'movement' : t === 'R' ? 'retreat' : 'adjustment';
  return { year: Number(m[2]), season, type };
}

/** A Diplomacy-Points bid: `amount` DP from `power` behind `order` for a neutral (minor/affiliate) unit. */
export interface DpBid {
  power: PowerId;
  amount: number;
  order: MovementOrder;
}

/**
 * A power that came into being during a game, kept in the position's state (see
 * rules/variant/powers-in-play.ts): A&E §III and 1648 turn each centre of a power in permanent
 * civil disorder into a new minor power. Shaped like a variant file's power block.
 */
export interface AddedPower {
  id: PowerId;
  name: string;
  adjective: string;
  kind: 'minor' | 'affiliate';
  home: ProvinceId[];
  /** The unit it starts with and rebuilds, like a variant file's `units`. */
  units: { type: UnitType; loc: Loc }[];
  /** As a variant file's attributes (religion, ...), plus where the power came from. */
  attrs: Record<string, string>;
}
