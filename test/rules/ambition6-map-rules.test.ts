// A&E v6.01 examples 9–17 (seed 000 §II and §VII): extra home centres, straits, Smyrna's coasts.
// Every example is a board written in the position format and orders written as players write
// them, read by `chancery adjudicate`'s order-file reader (the mail judge's parser in GM mode),
// judged by the core's one legality and adjudicated with the variant's own rules (DP included:
// a minor acts only through a DP line).
import { describe, expect, it } from 'vitest';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { adjudicate, type PhaseResult } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { readPosition } from '../../src/core/position/index.js';
import type { Position } from '../../src/core/types.js';

const variant = loadVariant('ambition6');

function board(text: string): Position {
  return readPosition(`variant ambition6\n${text}`, { variant }).position;
}

/** Reads the order text, refuses nothing silently, and adjudicates. */
function play(position: Position, orders: string): { result: PhaseResult; refused: string[] } {
  const read = readPhaseOrders(variant, position, orders, 'orders');
  return { result: adjudicate(variant, position, read.orders, { bids: read.bids }), refused: read.complaints };
}

const unitsOf = (r: PhaseResult) => r.next.units.map((u) => `${u.power} ${u.type} ${u.loc}`);
const outcome = (r: PhaseResult, loc: string) => r.outcomes.find((o) => 'loc' in o.order && o.order.loc === loc)!;

describe('A&E v6 straits (examples 13–15)', () => {
  const fall = (britain: string) =>
    board(
      `phase Fall 1763\nSpain: A and, F wes\n  owns mad brc\nBritain: ${britain}\n  owns lon edi lvp\nMorocco: A mor\n  owns mor\n`,
    );

  it('example 13: a British fleet in Gibraltar stops the support and the move across the strait', () => {
    const supported = play(fall('F gib'), 'Spain:\nF wes - mor\nA and S F wes - mor');
    // The support across the strait is refused when written, naming the strait (issue 19.3); the army
    // holds and the fleet bounces.
    const closed = 'the strait between Andalusia and Morocco is closed to the army in Andalusia: a fleet of ';
    expect(supported.refused.join()).toContain(closed);
    expect(supported.refused.join()).toMatch(/is in Gibraltar, so cannot support a move there/);
    expect(outcome(supported.result, 'and').order.kind).toBe('hold');
    expect(outcome(supported.result, 'wes').success).toBe(false);
    // The move over the closed crossing is refused as written, not read as a convoy nobody gives.
    const moved = play(fall('F gib'), 'Spain:\nA and - mor\nF wes S A and - mor');
    expect(moved.refused.join()).toContain(closed);
    expect(moved.refused.join()).toContain('write "via convoy" to be convoyed');
    expect(outcome(moved.result, 'and').order.kind).toBe('hold');
    expect(unitsOf(moved.result)).toContain('morocco A mor');
  });

  it('example 14: with Gibraltar empty at the start of the turn, Spain takes Morocco', () => {
    const { result } = play(fall('F mao'), 'Spain:\nA and - mor\nF wes S A and - mor\nBritain:\nF mao - gib');
    expect(outcome(result, 'and').success).toBe(true);
    expect(unitsOf(result)).toContain('spain A mor');
  });

  it('example 15: a convoy through Gibraltar is no crossing; the attack fails on the Algerian support', () => {
    const position = board(
      `phase Fall 1763\nSpain: A and, F wes\n  owns mad brc\nBritain: F gib\n  owns lon edi lvp\n` +
        `Morocco: F mor\n  owns mor\nAlgiers: F alg\n  owns alg\n`,
    );
    const { result, refused } = play(
      position,
      'Spain:\nA and - gib - mor\nF wes S A and - mor\nBritain:\nF gib C A and - mor\n1 DP: F alg S F mor',
    );
    expect(refused).toEqual([]);
    expect(outcome(result, 'wes').success).toBe(true);
    expect(outcome(result, 'and').success).toBe(false);
    expect(unitsOf(result)).toContain('morocco F mor');
  });

  it('Edinburgh–Ireland is closed by another power’s fleet in the Irish Sea, open to its owner', () => {
    // Over land the crossing is closed: the move is refused naming the strait (a convoy must be asked for).
    const blocked = play(board('phase Spring 1763\nBritain: A edi\nFrance: F iri\n'), 'Britain: A edi - ire');
    expect(blocked.refused.join()).toContain('the strait between Edinburgh and Ireland is closed');
    expect(outcome(blocked.result, 'edi').order.kind).toBe('hold');
    expect(unitsOf(blocked.result)).toContain('britain A edi');
    const convoyed = play(
      board('phase Spring 1763\nBritain: A edi\nFrance: F iri\n'),
      'Britain: A edi - ire via convoy',
    );
    expect(outcome(convoyed.result, 'edi').notes).toEqual(['no convoy']);
    const own = play(board('phase Spring 1763\nBritain: A edi, F iri\n'), 'Britain: A edi - ire');
    expect(outcome(own.result, 'edi').success).toBe(true);
  });

  it('no retreat across a guarded strait: the refusal names the strait, and the unit may go elsewhere', () => {
    const retreat = board(
      'phase Fall 1763 Retreat\nSpain:\n  F brc\n  dislodged A and from por\n  owns mad brc\nBritain: F gib, A por\n',
    );
    const across = play(retreat, 'Spain: A and - mor');
    expect(across.refused.join()).toContain(
      'the strait between Andalusia and Morocco is closed to the army in Andalusia: a fleet of Britain is in Gibraltar',
    );
    expect(outcome(across.result, 'and').order.kind).toBe('disband');
    const inland = play(retreat, 'Spain: A and - mad');
    expect(inland.refused).toEqual([]);
    expect(unitsOf(inland.result)).toContain('spain A mad');
  });
});

describe('A&E v6 Smyrna (examples 16–17)', () => {
  it('example 16: Turkey, holding Constantinople, may go from the Black Sea to Smyrna (sc) and on to Armenia', () => {
    const spring = board('phase Spring 1768\nTurkey: F bla\n  owns con smy\n');
    const r = play(spring, 'Turkey: F Black Sea - Smyrna (sc)');
    expect(unitsOf(r.result)).toContain('turkey F smy/sc');
    const fall = play(r.result.next, 'Turkey: F smy/sc - arm');
    expect(unitsOf(fall.result)).toContain('turkey F arm');
  });

  it('the same move is refused for a power without Constantinople', () => {
    const r = play(board('phase Spring 1768\nRussia: F bla\nTurkey:\n  owns con\n'), 'Russia: F bla - smy/sc');
    expect(r.refused.join()).toMatch(/cannot reach Smyrna \(south coast\)/);
    expect(unitsOf(r.result)).toContain('russia F bla');
  });

  it('example 17: after losing Constantinople, F Smyrna (sc) reaches only Con, Aegean, Eastern Med and Syria', () => {
    const p = board('phase Spring 1769\nTurkey: F smy/sc\n  owns smy\nAustria:\n  owns con\n');
    for (const to of ['bla', 'arm']) {
      const r = play(p, `Turkey: F smy/sc - ${to}`);
      expect(r.refused.join(), to).toMatch(/cannot reach/);
    }
    for (const to of ['con', 'aeg', 'eas', 'syr']) {
      const r = play(p, `Turkey: F smy/sc - ${to}`);
      expect(outcome(r.result, 'smy/sc').success, to).toBe(true);
    }
  });
});

describe('A&E v6 extra home centres (examples 9–12) and Southern Netherlands', () => {
  it('example 10: Saxony builds in Baden-Wuerttemberg, its third home for good; Bavaria never can', () => {
    const winter = board('phase Winter 1763\nSaxony: A war, A dre\n  owns war dre baw bav\n');
    const r = play(winter, 'Saxony:\nBuild A baw\nBuild A bav');
    expect(outcome(r.result, 'baw').success).toBe(true);
    expect(outcome(r.result, 'bav').success).toBe(false); // one claim per power
    const later: Position = { ...winter, units: [], owners: winter.owners, state: r.result.next.state };
    const again = play(later, 'Saxony:\nBuild A bav');
    expect(again.refused.join()).toMatch(/bav|Bavaria/i);
    const home = play(later, 'Saxony:\nBuild A baw');
    expect(home.refused).toEqual([]);
  });

  it('example 12: Denmark claims Stockholm; Sweden keeps Stockholm as an original home and may claim Mecklenburg', () => {
    const p = board('phase Winter 1763\nDenmark: F cop\n  owns cop chr sto\n');
    const r = play(p, 'Denmark: Build F sto');
    expect(outcome(r.result, 'sto').success).toBe(true);
    const recaptured: Position = {
      ...p,
      units: [],
      owners: { cop: 'denmark', chr: 'denmark', sto: 'sweden', abo: 'sweden', mek: 'sweden' },
      state: r.result.next.state,
    };
    expect(play(recaptured, 'Sweden:\nBuild A sto\nBuild A mec').refused).toEqual([]);
    const danishLater: Position = { ...p, units: [], owners: { sto: 'denmark' }, state: r.result.next.state };
    expect(play(danishLater, 'Denmark: Build F sto').refused).toEqual([]);
  });

  it('Austria may never build in the Southern Netherlands', () => {
    const p = board('phase Winter 1763\nAustria:\n  owns vie sne\n');
    expect(play(p, 'Austria: Build A sne').refused.join()).toMatch(/Southern Netherlands/);
    expect(play(p, 'Austria: Build A vie').refused).toEqual([]);
  });
});
