// What every check needs: the variant, its lookup tables and the position, plus finding the ordered unit.
import type { Geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import type { Loc, Order, PhaseType, Position, PowerId, Unit, UnitType } from '../types.js';
import { coastOf, provinceOf } from '../types.js';
import type { Draft, UnitDraft } from './grammar.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import type { Lexicon } from './lexicon.js';

export interface Board {
  variant: Variant;
  position: Position;
  lex: Lexicon;
  geo: Geometry;
}

export interface Actor {
  /** The power giving the order; undefined in GM mode when no heading or prefix names one. */
  power?: PowerId;
  /** A DP line: the unit must be neutral, and the order is given in its owner's name. */
  neutral: boolean;
}

export interface Rejection {
  error: string;
  /** Orders the player may have meant, in normalised form. */
  alternatives?: string[];
  /** The same order with an obvious mistake corrected; offered as the alternative if it passes. */
  fix?: Draft;
}

export type Checked = { order: Order } | Rejection;

export function placeName(board: Board, loc: Loc): string {
  return board.variant.map.locName.get(loc) ?? loc;
}

const COAST_WORDS: Record<string, string> = { nc: 'north coast', sc: 'south coast', ec: 'east coast', wc: 'west coast' };

export function coastWord(coast: string): string {
  return COAST_WORDS[coast] ?? `${coast} coast`;
}

export function describeUnit(board: Board, unit: { type: UnitType; loc: Loc }): string {
  return `the ${unit.type === 'A' ? 'army' : 'fleet'} in ${placeName(board, unit.loc)}`;
}

export function wrongType(board: Board, unit: { type: UnitType; loc: Loc }): string {
  const [is, isNot] = unit.type === 'A' ? ['an army', 'a fleet'] : ['a fleet', 'an army'];
  return `wrong unit type: there is ${is} in ${placeName(board, unit.loc)}, not ${isNot}`;
}

/** Minors created during the game (civil disorder) are looked up in the position. */
export function powerName(board: Board, power: PowerId): string {
  return variantInPlay(board.variant, board.position).powerById.get(power)?.name ?? power;
}

export function isNeutralPower(board: Board, power: PowerId): boolean {
  const kind = variantInPlay(board.variant, board.position).powerById.get(power)?.kind;
  return kind === 'minor' || kind === 'affiliate';
}

export const PHASE_WORD: Record<PhaseType, string> = {
  movement: 'a movement phase',
  retreat: 'a retreat phase',
  adjustment: 'an adjustment phase',
};

export function wrongPhase(board: Board, what: string, allowed: PhaseType[]): Rejection {
  const now = board.position.phase.type;
  return { error: `${what} is not allowed in ${PHASE_WORD[now]}; only in ${allowed.map((p) => PHASE_WORD[p]).join(' or ')}` };
}

/**
 * The unit an order names, checked against who may order it. `pool` is the units on the board,
 * or the dislodged units in a retreat phase.
 */
export function unitAt(board: Board, draft: Draft & { unit: UnitDraft }, actor: Actor, pool: Unit[]): { unit: Unit } | Rejection {
  const want = draft.unit;
  const unit = pool.find((u) => provinceOf(u.loc) === want.province);
  const where = placeName(board, want.province);
  if (!unit) {
    if (pool === board.position.dislodged) {
      const standing = board.position.units.find((u) => provinceOf(u.loc) === want.province);
      if (standing) return { error: `unit not dislodged: ${describeUnit(board, standing)} does not retreat` };
      return { error: `no dislodged unit in ${where}` };
    }
    return { error: `no unit in ${where}` };
  }
  if (actor.neutral) {
    if (!isNeutralPower(board, unit.power))
      return { error: `not a neutral unit: ${describeUnit(board, unit)} belongs to ${powerName(board, unit.power)}` };
  } else if (actor.power !== undefined && unit.power !== actor.power) {
    const hint = isNeutralPower(board, unit.power) ? ' (a neutral unit: bid for it with a DP line)' : '';
    return { error: `order to foreign unit: ${describeUnit(board, unit)} belongs to ${powerName(board, unit.power)}${hint}` };
  }
  if (want.type && want.type !== unit.type) {
    return {
      error: wrongType(board, unit),
      fix: { ...draft, unit: { ...want, type: unit.type } } as Draft,
    };
  }
  const coast = coastOf(unit.loc);
  if (unit.type === 'F' && coast && want.coast && want.coast !== coast) {
    return {
      error: `wrong coast: ${describeUnit(board, unit)} is on the ${coastWord(coast)}`,
      fix: { ...draft, unit: { ...want, coast } } as Draft,
    };
  }
  return { unit };
}
