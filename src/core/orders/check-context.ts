// What every check needs: the variant, its lookup tables and the position, plus finding the ordered unit.
import { powerName } from '../map/display-names.js';
import type { Variant } from '../map/variant.js';
import type { Order, PhaseType, Position, PowerId } from '../types.js';
import type { Draft } from './grammar.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import type { Lexicon } from './lexicon.js';
import type { LegalityScope } from '../legality/index.js';
import * as legalityWords from '../legality/describe.js';
import type { Reason } from '../reasons.js';

export interface Board {
  variant: Variant;
  position: Position;
  lex: Lexicon;
  /** The core's legality for this position: every order is judged there. */
  scope: LegalityScope;
}

export interface Actor {
  /** The power giving the order; undefined in GM mode when no heading or prefix names one. */
  power?: PowerId;
  /** A DP line: the unit must be neutral, and the order is given in its owner's name. */
  neutral: boolean;
}

/**
 * Why a line is refused: the legality's reason (a code, worded in src/render/reasons.ts), or one of
 * the parser's own sentences about the words written (unknown word, missing destination...).
 */
export type Refusal = Reason | string;

export interface Rejection {
  error: Refusal;
  /** Orders the player may have meant, in normalised form. */
  alternatives?: string[];
  /** The same order with an obvious mistake corrected; offered as the alternative if it passes. */
  fix?: Draft;
}

export type Checked = { order: Order } | Rejection;

/** The name of a power in play on this board: minors created during the game are in the position. */
export function powerOnBoard(board: Board, power: PowerId): string {
  return powerName(variantInPlay(board.variant, board.position), power);
}

export function isNeutralPower(board: Board, power: PowerId): boolean {
  return legalityWords.isNeutralPower(board.variant, board.position, power);
}

/** An order word written in a phase that has no such orders (the words: render/reasons.ts). */
export function wrongPhase(board: Board, kind: Order['kind'], allowed: PhaseType[]): Rejection {
  return { error: { code: 'wrong-phase', kind, phase: board.position.phase.type, allowed } };
}
