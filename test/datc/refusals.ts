// What the judge must refuse in DATC chapter 6's order blocks, read as they are written. A refused
// line is a failed order, so an expected "fails" can be met by an order that never existed: every
// case therefore says which of its lines are refused, what the refusal says and why the case means
// it; any other refusal (a misread place, a new parser bug) fails the case.

/** [line of the block, words the refusal must contain, why the case's intent is an illegal order]. */
export type Refusal = [line: number, says: string, why: string];

/**
 * Keyed by the phase's label: "6.H.5" for the case's own phase, "6.H.5 movement" for the movement
 * phase played before a retreat case. Line 1 is the block's first line.
 */
export const DATC_REFUSALS: Record<string, Refusal[]> = {
  '6.A.1': [[2, 'cannot reach Picardy', 'North Sea does not border Picardy (the case)']],
  '6.A.2': [[2, 'cannot move to a sea', 'an army to Irish Sea (the case)']],
  '6.A.3': [[2, 'cannot move inland', 'a fleet to Munich (the case)']],
  '6.A.4': [[2, 'province it is in', 'a move to its own province (the case)']],
  '6.A.5': [
    [2, 'already in Yorkshire', 'a convoy of a move to its own province'],
    [3, 'province it is in', 'a move to its own province (the case)'],
    [4, 'already in Yorkshire', 'a support of a move to its own province'],
  ],
  '6.A.6': [[2, 'order to foreign unit', "Germany orders England's fleet (the case)"]],
  '6.A.7': [
    [2, 'cannot reach Belgium', 'a fleet cannot be convoyed, so London - Belgium is no move'],
    [3, 'only armies can be convoyed', 'the convoy of a fleet (the case)'],
  ],
  '6.A.8': [[6, 'cannot support itself', 'Trieste supports its own hold (the case)']],
  '6.A.9': [[2, 'cannot reach Venice', 'fleets follow coasts: Rome does not touch Venice by sea (the case)']],
  '6.A.10': [[5, 'cannot support a move there', 'Rome supports a move to Venice it cannot reach (the case)']],
  '6.B.1': [[2, 'ambiguous coast', 'Portugal - Spain without a coast (the case)']],
  '6.B.3': [[2, 'cannot reach Spain (south coast)', 'the coast written is one Gascony cannot reach (the case)']],
  '6.B.5': [[3, 'cannot support a move there', 'north coast of Spain supports into Gulf of Lyon (the case)']],
  '6.B.11': [[2, 'cannot reach Gulf of Lyon', 'a fleet cannot change coast by ordering the other (the case)']],
  '6.B.14': [[2, 'ambiguous coast', 'a fleet built in St Petersburg without a coast (the case)']],
  '6.D.22': [
    [2, 'cannot move inland', 'the impossible fleet move (the case)'],
    [3, 'cannot reach Munich', 'its support (the case)'],
  ],
  '6.D.23': [
    [6, 'cannot reach Gulf of Lyon', 'the impossible coast move (the case)'],
    [7, 'cannot reach Gulf of Lyon', 'its support (the case)'],
  ],
  '6.D.24': [
    [2, 'cannot move to a sea', 'the impossible army move (the case)'],
    [3, 'cannot reach Gulf of Lyon', 'its support (the case)'],
  ],
  '6.D.28': [[5, 'cannot reach Holland', 'the impossible move whose support is then a hold support (the case)']],
  '6.D.29': [[5, 'cannot reach Bulgaria (south coast)', 'the move to a coast Rumania cannot reach (the case)']],
  '6.D.30': [[5, 'ambiguous coast', 'the move without a coast (the case)']],
  '6.D.34': [[7, 'into its own province', "a support of an attack on the supporter's own area (the case)"]],
  '6.E.14': [[5, 'cannot reach Liverpool', 'Edinburgh does not border Liverpool by sea (the case)']],
  '6.F.1': [
    [2, 'cannot reach Sevastopol', 'with no fleet able to convoy through Constantinople there is no route'],
    [3, 'no route of seas', 'the convoys of that impossible route'],
    [4, 'only from a sea', 'a fleet in a coastal area may not convoy (the case)'],
    [5, 'no route of seas', 'the convoys of that impossible route'],
  ],
  '6.F.12': [[4, 'passes Irish Sea', 'Irish Sea is on no route from London to Belgium (the case)']],
  '6.G.7': [[7, 'passes Gulf of Bothnia', 'an impossible convoy shows no intent (the case, 2023 rules)']],
  '6.G.19': [[3, 'passes Western Mediterranean', 'a fleet not needed for any route: DATC calls the order illegal']],
  '6.H.1': [[3, 'SUPPORT is not allowed', 'no supports during a retreat (the case)']],
  '6.H.2': [[6, 'SUPPORT is not allowed', 'no supports during a retreat (the case)']],
  '6.H.3': [
    [2, 'cannot retreat to Yorkshire', 'a retreat by convoy (the case)'],
    [3, 'CONVOY is not allowed', 'no convoys during a retreat (the case)'],
  ],
  '6.H.4': [[3, 'not dislodged', 'a unit that was not dislodged cannot retreat (the case)']],
  '6.H.5': [[1, 'cannot retreat to Black Sea', 'a retreat to where the attacker came from (the case)']],
  '6.H.6': [[1, 'cannot retreat to Bohemia', 'a retreat into a standoff (the case)']],
  '6.H.10': [[2, 'cannot retreat to Berlin', 'a retreat to where the attacker came from, by convoy (the case)']],
  '6.H.13': [[1, 'cannot retreat to London', 'a retreat by convoy (the case)']],
  '6.H.16': [[1, 'cannot retreat to Spain (south coast)', 'a retreat into the contested area (the case)']],
  '6.I.1': [[2, 'not a home centre', 'Warsaw is not German; the case is the count of builds']],
  '6.I.2': [[2, 'cannot be built inland', 'a fleet in Moscow (the case)']],
  '6.I.3': [[2, 'Berlin is occupied', 'a build on an occupied centre (the case)']],
  '6.I.4': [[2, 'St Petersburg is occupied', 'a build on an occupied centre (the case)']],
  '6.I.5': [[2, 'does not own Berlin', 'a build on a centre taken by the enemy (the case)']],
  '6.I.6': [[2, 'not a home centre', 'a build in a foreign centre (the case)']],
  '6.I.7': [[3, 'replaces the order on line 2', 'the second build in the same centre (the case)']],
  '6.J.1': [[2, 'no unit in Gulf of Lyon', 'a removal of a unit that is not there (the case)']],
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
