// From the settled decisions to what the results publish: each order's outcome with its notes, the
// units after movement, and the dislodged units with where each may retreat. A dislodged unit may
// not retreat to its attacker's origin unless the attack came by convoy (4.A.5, 6.H.11), nor to a
// province left empty by a standoff (6.H.4); a move beaten head to head contests nothing (6.H.9).
import { Reach } from '../../legality/index.js';
import type { Reason } from '../../reasons.js';
import type { DislodgedUnit, Note, Unit } from '../../types.js';
import type { OrderOutcome } from '../result.js';
import { mapDecides } from '../../rules/ruleset.js';
import { Board, CONVOY, MOVE, NO_CONVOY, SUPPORT } from './board.js';
import { convoyFails } from './convoy.js';

const NO_ORDER: Reason = { code: 'no-order' };
export interface Settled {
  outcomes: OrderOutcome[];
  /** Units after movement (moved units at their new locations; dislodged units removed). */
  units: Unit[];
  dislodged: DislodgedUnit[];
  /** Dislodged units that may not retreat and are destroyed at once. */
  destroyed: Unit[];
}

export function settledOutcome(b: Board): Settled {
  const { count, kind, res, units, legal } = b;
  const by = b.scratch.dislodger;
  for (let i = 0; i < count; i++) by[i] = kind[i] === MOVE && res[i] === 1 ? -1 : b.dislodgedBy(i);
  const outcomes: OrderOutcome[] = new Array(count);
  const after: Unit[] = [];
  const destroyed: Unit[] = [];
  let beaten: number[] | null = null;
  for (let i = 0; i < count; i++) {
    const u = units[i];
    const moved = kind[i] === MOVE && res[i] === 1;
    outcomes[i] = {
      order: legal.given[i] ?? legal.orders[i],
      success: succeeded(b, i, by[i]),
      notes: notesOf(b, i, by[i]),
      reason: legal.reason[i] ?? (legal.given[i] ? undefined : NO_ORDER),
    };
    if (moved) after.push({ power: u.power, type: u.type, loc: b.destLoc(i) });
    else if (by[i] < 0) after.push(u);
    else if (!b.rules.mayRetreat(b.ctx, u)) destroyed.push(u);
    else if (beaten) beaten.push(i);
    else beaten = [i];
  }
  const dislodged = beaten ? retreatsOf(b, beaten, by, after) : [];
  return { outcomes, units: after, dislodged, destroyed };
}

function succeeded(b: Board, i: number, by: number): boolean {
  if (b.legal.reason[i]) return false; // illegal as given: the unit held instead
  switch (b.kind[i]) {
    case MOVE:
    case SUPPORT:
      return b.res[i] === 1;
    case CONVOY:
      return b.convoyValid[i] === 1 && by < 0;
    default:
      return by < 0;
  }
}

function notesOf(b: Board, i: number, by: number): Note[] {
  // Made as literals of their final length: an empty array's first push reserves room for seventeen.
  const note = orderNote(b, i, by);
  if (by >= 0) return note ? [note, 'dislodged'] : ['dislodged'];
  return note ? [note] : [];
}

/** What became of the order itself, before any dislodgement. */
function orderNote(b: Board, i: number, by: number): Note | null {
  if (b.legal.reason[i]) return b.legal.reason[i] === NO_CONVOY ? 'no convoy' : 'invalid';
  if (b.kind[i] === MOVE) {
    if (b.res[i] === 1) return null;
    if (convoyFails(b, i)) return b.convoyers[i] ? 'disrupted' : 'no convoy';
    return 'bounce';
  }
  if (b.kind[i] === SUPPORT) {
    const voids = b.sorties.voidSupports;
    if (voids.size && voids.has(b.units[i].loc)) return 'invalid';
    if (!b.supportValid[i]) return 'void';
    return b.res[i] !== 1 && by < 0 ? 'cut' : null;
  }
  return b.kind[i] === CONVOY && !b.convoyValid[i] ? 'void' : null;
}

/**
 * Where each dislodged unit may go, judged on the board after movement, "prior to retreats" (A&E v6
 * straits: a foreign fleet that just moved into the strait already blocks it).
 */
function retreatsOf(b: Board, beaten: number[], by: Int32Array, after: Unit[]): DislodgedUnit[] {
  const { g, kind, res, dest, prov, opponent, byConvoy } = b;
  const blocked = b.scratch.blocked;
  for (let i = 0; i < b.count; i++) {
    // A failed move contests its destination unless it was beaten head-to-head (DATC 6.H.9).
    if (kind[i] === MOVE && !res[i] && !convoyFails(b, i) && !(opponent[i] >= 0 && res[opponent[i]]))
      blocked[dest[i]] = 1;
    // Occupied after movement.
    if (kind[i] === MOVE && res[i] === 1) blocked[dest[i]] = 1;
    else if (by[i] < 0) blocked[prov[i]] = 1;
  }
  // Where the map alone decides, the board after movement borders as the board before it.
  const afterMovement =
    b.rules.cross === mapDecides
      ? b.scope.reach
      : new Reach(g, { ...b.ctx, position: { ...b.ctx.position, units: after } }, b.rules.cross);
  return beaten.map((i) => {
    const attacker = by[i];
    const from = byConvoy[attacker] ? -1 : prov[attacker];
    const retreats = afterMovement.retreatLocs(b.units[i], (p) => p !== from && !blocked[p]);
    const { power, type, loc } = b.units[i];
    return { power, type, loc, attackerFrom: byConvoy[attacker] ? null : g.ids[prov[attacker]], retreats };
  });
}
