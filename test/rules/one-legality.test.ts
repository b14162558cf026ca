// Issue 10's defects of the order parser's old second legality, each fed as order text through
// the same parse -> check -> adjudicate path as the mail judge (parseOrders with the player's
// power) and `chancery adjudicate` (readPhaseOrders in GM mode).
import { describe, expect, it } from 'vitest';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { checkBids } from '../../src/core/dp/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Refusal } from '../../src/core/orders/check-context.js';
import { parseOrders } from '../../src/core/orders/parse.js';
import { readPosition } from '../../src/core/position/index.js';
import type { DpBid, MovementOrder, Position } from '../../src/core/types.js';

const ambition6 = loadVariant('ambition6');

function board(text: string): Position {
  return readPosition(text, { variant: ambition6 }).position;
}

/** The core's verdict on each line, as the mail judge gets it: the normalised order or the refusal (a reason code). */
function answers(position: Position, power: string, text: string): (string | Refusal)[] {
  return parseOrders(text, { variant: ambition6, position, power }).map((v) =>
    v.status === 'order' || v.status === 'dp' ? v.normalised : v.status === 'error' ? v.error : v.status,
  );
}

describe('A&E v6 Smyrna (examples 16 and 17)', () => {
  const turkish = `variant ambition6\nphase Spring 1768\nTurkey: A con, F bla, F aeg\n  owns con smy\n`;
  it('from the start, the fleet on the south coast reaches the Black Sea', () => {
    const start = board(`variant ambition6\nphase Spring 1763\nTurkey: A con, F smy/sc\n  owns con smy\n`);
    expect(answers(start, 'turkey', 'F smy - bla')).toEqual(['F SMY/SC - BLA']);
    const read = readPhaseOrders(ambition6, start, 'Turkey: F smy - bla', 'orders');
    const result = adjudicate(ambition6, start, read.orders);
    expect(result.next.units).toContainEqual({ power: 'turkey', type: 'F', loc: 'bla' });
  });
  it('while Turkey controls Constantinople: F Black Sea to Smyrna (sc), and support from there', () => {
    expect(answers(board(turkish), 'turkey', 'F bla - smy/sc')).toEqual(['F BLA - SMY/SC']);
    const onSmyrna = board(`variant ambition6\nphase Fall 1768\nTurkey: A con, F smy/sc, F bla\n  owns con smy\n`);
    expect(answers(onSmyrna, 'turkey', 'F smy/sc S F bla - arm')).toEqual(['F SMY/SC S F BLA - ARM']);
    expect(answers(onSmyrna, 'turkey', 'F smy/sc - arm')).toEqual(['F SMY/SC - ARM']);
  });
  it('a coast is always named, even where only one is in reach', () => {
    expect(answers(board(turkish), 'turkey', 'F bla - smy')[0]).toEqual({
      code: 'coast-always-named',
      province: 'smy',
    });
  });
  it('once Austria controls Constantinople, the coasts are two again', () => {
    const lost = board(
      `variant ambition6\nphase Spring 1769\nTurkey: F bla, F smy/sc\n  owns smy\nAustria: A con\n  owns con\n`,
    );
    expect(answers(lost, 'turkey', 'F bla - smy/sc')).toEqual([
      { code: 'cannot-reach', unit: { power: 'turkey', type: 'F', loc: 'bla' }, place: 'smy/sc' },
    ]);
    expect(answers(lost, 'turkey', 'F smy/sc - arm')[0]).toMatchObject({
      code: 'cannot-reach',
      unit: { loc: 'smy/sc' },
    });
    expect(answers(lost, 'turkey', 'F bla - smy/nc')).toEqual(['F BLA - SMY/NC']);
  });
});

describe('A&E v6 straits on retreats', () => {
  it('a foreign fleet that moved into the Irish Sea closes the crossing to a retreating army', () => {
    const before = board(
      `variant ambition6\nphase Spring 1763\nBritain: A edi\n  owns edi\nFrance: A yor, F nth, F mao\n  owns bre\n`,
    );
    const read = readPhaseOrders(
      ambition6,
      before,
      'France: A yor - edi\nFrance: F nth S A yor - edi\nFrance: F mao - iri',
      'f',
    );
    const result = adjudicate(ambition6, before, read.orders);
    const edinburgh = result.next.dislodged.find((d) => d.loc === 'edi');
    expect(edinburgh?.retreats).toEqual(['lvp']);
  });
});

describe('A&E v6 Papal sortie', () => {
  it('"adjacent" excludes a convoy: a Papal sortie goes only over a land border', () => {
    const position = board(
      `variant ambition6\nphase Spring 1763\nPapal States: A pap\n  owns pap\nFrance: F tys, A mar\n  owns mar bre par\n`,
    );
    const verdicts = parseOrders('1 DP: A pap - tun via convoy\n1 DP: A pap - tus', {
      variant: ambition6,
      position,
      power: 'france',
    });
    // The religion rule is the legality's: the first order is invalid, and the line a bid all the same.
    expect(verdicts.map((v) => (v.status === 'dp' ? (v.invalid ?? 'ok') : v.status))).toEqual([
      { code: 'religion-papal-sortie-adjacent', papal: 'papal-states' },
      'ok',
    ]);
    const bids = verdicts.flatMap((v) =>
      v.status === 'dp' ? [{ power: v.power, amount: v.amount, order: v.order as MovementOrder }] : [],
    );
    expect(checkBids(ambition6, position, 'france', bids as DpBid[]).verdicts.map((v) => v.ok)).toEqual([true, true]);
  });
});
