// What every check needs: the variant, its lookup tables and the position, plus finding the ordered unit.
import { powerName } from '../map/display-names.js';
import type { Geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import type { Loc, Order, PhaseType, Position, PowerId, Unit, UnitType } from '../types.js';
import { coastOf, provinceOf } from '../types.js';
import type { Draft, UnitDraft } from './grammar.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import type { Lexicon } from './lexicon.js';
import { PHASE_WORD, type LegalityScope } from '../legality/index.js';
import * as legalityWords from '../legality/describe.js';

export interface Board {
  variant: Variant;
  position: Position;
  lex: Lexicon;
  geo: Geometry;
  /** The core's legality for this position: every order is judged there. */
  scope: LegalityScope;
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

export const coastWord = legalityWords.coastWord;

export function describeUnit(board: Board, unit: { type: UnitType; loc: Loc }): string {
  return legalityWords.describeUnit(board.variant, unit);
}

/** The name of a power in play on this board: minors created during the game are in the position. */
export function powerOnBoard(board: Board, power: PowerId): string {
  return powerName(variantInPlay(board.variant, board.position), power);
}

export function isNeutralPower(board: Board, power: PowerId): boolean {
  return legalityWords.isNeutralPower(board.variant, board.position, power);
}

export function wrongPhase(board: Board, what: string, allowed: PhaseType[]): Rejection {
  const now = board.position.phase.type;
  return {
    error: `${what} is not allowed in ${PHASE_WORD[now]}; only in ${allowed.map((p) => PHASE_WORD[p]).join(' or ')}`,
  };
}
