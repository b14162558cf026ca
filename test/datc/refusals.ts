// What the judge must refuse in DATC chapter 6's order blocks, read as they are written. A refused
// line is a failed order, so an expected "fails" can be met by an order that never existed: every
// case therefore says which of its lines are refused, the legality's reason code (src/core/reasons.ts)
// and why the case means it; any other refusal (a misread place, a new parser bug) fails the case.
import type { ReasonCode } from '../../src/core/reasons.js';

/**
 * [line of the block, the reason code of the refusal, why the case's intent is an illegal order].
 * A line the judge reads but that a later line replaces is no refusal: its complaint's words stand there.
 */
export type Refusal = [line: number, code: ReasonCode | `replaces ${string}`, why: string];

/**
 * Keyed by the phase's label: "6.H.5" for the case's own phase, "6.H.5 movement" for the movement
 * phase played before a retreat case. Line 1 is the block's first line.
 */
export const DATC_REFUSALS: Record<string, Refusal[]> = {
  '6.A.1': [[2, 'cannot-reach', 'North Sea does not border Picardy (the case)']],
  '6.A.2': [[2, 'army-to-sea', 'an army to Irish Sea (the case)']],
  '6.A.3': [[2, 'fleet-inland', 'a fleet to Munich (the case)']],
  '6.A.4': [[2, 'move-to-own-province', 'a move to its own province (the case)']],
  '6.A.5': [
    [2, 'convoyed-already-there', 'a convoy of a move to its own province'],
    [3, 'move-to-own-province', 'a move to its own province (the case)'],
    [4, 'supported-already-there', 'a support of a move to its own province'],
  ],
  '6.A.6': [[2, 'foreign-unit', "Germany orders England's fleet (the case)"]],
  '6.A.7': [
    [2, 'cannot-reach', 'a fleet cannot be convoyed, so London - Belgium is no move'],
    [3, 'convoy-of-fleet', 'the convoy of a fleet (the case)'],
  ],
  '6.A.8': [[6, 'support-self', 'Trieste supports its own hold (the case)']],
  '6.A.9': [[2, 'cannot-reach', 'fleets follow coasts: Rome does not touch Venice by sea (the case)']],
  '6.A.10': [[5, 'support-out-of-reach', 'Rome supports a move to Venice it cannot reach (the case)']],
  '6.B.1': [[2, 'ambiguous-coast', 'Portugal - Spain without a coast (the case)']],
  '6.B.3': [[2, 'cannot-reach', 'the coast written is one Gascony cannot reach (the case)']],
  '6.B.5': [[3, 'support-out-of-reach', 'north coast of Spain supports into Gulf of Lyon (the case)']],
  '6.B.11': [[2, 'cannot-reach', 'a fleet cannot change coast by ordering the other (the case)']],
  '6.B.14': [[2, 'build-coast-missing', 'a fleet built in St Petersburg without a coast (the case)']],
  '6.D.22': [
    [2, 'fleet-inland', 'the impossible fleet move (the case)'],
    [3, 'supported-cannot-reach', 'its support (the case)'],
  ],
  '6.D.23': [
    [6, 'cannot-reach', 'the impossible coast move (the case)'],
    [7, 'supported-cannot-reach', 'its support (the case)'],
  ],
  '6.D.24': [
    [2, 'army-to-sea', 'the impossible army move (the case)'],
    [3, 'supported-cannot-reach', 'its support (the case)'],
  ],
  '6.D.28': [[5, 'cannot-reach', 'the impossible move whose support is then a hold support (the case)']],
  '6.D.29': [[5, 'cannot-reach', 'the move to a coast Rumania cannot reach (the case)']],
  '6.D.30': [[5, 'ambiguous-coast', 'the move without a coast (the case)']],
  '6.D.34': [[7, 'support-into-own-province', "a support of an attack on the supporter's own area (the case)"]],
  '6.E.14': [[5, 'cannot-reach', 'Edinburgh does not border Liverpool by sea (the case)']],
  '6.F.1': [
    [2, 'cannot-reach', 'with no fleet able to convoy through Constantinople there is no route'],
    [3, 'convoy-impossible', 'the convoys of that impossible route'],
    [4, 'convoy-not-at-sea', 'a fleet in a coastal area may not convoy (the case)'],
    [5, 'convoy-impossible', 'the convoys of that impossible route'],
  ],
  '6.F.12': [[4, 'convoy-impossible', 'Irish Sea is on no route from London to Belgium (the case)']],
  '6.G.7': [[7, 'convoy-impossible', 'an impossible convoy shows no intent (the case, 2023 rules)']],
  '6.G.19': [[3, 'convoy-impossible', 'a fleet not needed for any route: DATC calls the order illegal']],
  '6.H.1': [[3, 'wrong-phase', 'no supports during a retreat (the case)']],
  '6.H.2': [[6, 'wrong-phase', 'no supports during a retreat (the case)']],
  '6.H.3': [
    [2, 'invalid-retreat', 'a retreat by convoy (the case)'],
    [3, 'wrong-phase', 'no convoys during a retreat (the case)'],
  ],
  '6.H.4': [[3, 'not-dislodged', 'a unit that was not dislodged cannot retreat (the case)']],
  '6.H.5': [[1, 'invalid-retreat', 'a retreat to where the attacker came from (the case)']],
  '6.H.6': [[1, 'invalid-retreat', 'a retreat into a standoff (the case)']],
  '6.H.10': [[2, 'invalid-retreat', 'a retreat to where the attacker came from, by convoy (the case)']],
  '6.H.13': [[1, 'invalid-retreat', 'a retreat by convoy (the case)']],
  '6.H.16': [[1, 'invalid-retreat', 'a retreat into the contested area (the case)']],
  '6.I.1': [[2, 'build-site-not-home', 'Warsaw is not German; the case is the count of builds']],
  '6.I.2': [[2, 'fleet-built-inland', 'a fleet in Moscow (the case)']],
  '6.I.3': [[2, 'build-site-occupied', 'a build on an occupied centre (the case)']],
  '6.I.4': [[2, 'build-site-occupied', 'a build on an occupied centre (the case)']],
  '6.I.5': [[2, 'build-site-not-owned', 'a build on a centre taken by the enemy (the case)']],
  '6.I.6': [[2, 'build-site-not-home', 'a build in a foreign centre (the case)']],
  '6.I.7': [[3, 'replaces the order on line 2', 'the second build in the same centre (the case)']],
  '6.J.1': [[2, 'no-unit', 'a removal of a unit that is not there (the case)']],
  '6.J.2': [[3, 'replaces the order on line 2', 'the same unit removed twice (the case)']],
};

/**
 * Typing errors in DATC v3.0's own order text, mended before the text is read. The judge refuses
 * an unknown place instead of guessing, as it would for a player, and a refused line would replace
 * the case's subject by two orders that never existed.
 */
export const DATC_TEXT_CORRECTIONS: Record<string, [string, string][]> = {
  // "Rhur" twice; the case (cut support last) needs both German orders to be played.
  '6.F.25': [['Rhur', 'Ruhr']],
};

/**
 * Cases whose block is prose ("Russia has to remove one. ... Russia does not order a disband."),
 * not orders: the phase is played with no orders, as the prose says.
 */
export const DATC_PROSE_BLOCKS = ['6.J.3', '6.J.4', '6.J.5', '6.J.6', '6.J.7', '6.J.8', '6.J.9', '6.J.10', '6.J.11'];
