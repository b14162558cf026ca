// Who still owes orders for the current phase, and who asked the game to wait.
import type { AdjustmentCount } from '../core/adjudicate/result.js';
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { phaseHistory, type PhaseRecord } from '../store/phases.js';
import { listSeats, type Seat } from '../store/players.js';
import { isPlaying } from './lifecycle/roster.js';
import { ordersByPower, ordersOf, type StoredOrders } from './phase-orders.js';
import { isComplete, obligation, type Obligation } from './readiness.js';
import { variantOf } from './variants.js';
import { powerName } from '../core/map/display-names.js';

/** Builds and removals due in an adjustment phase: computed by the phase that led to it. */
export function adjustmentsDue(db: Db, gameId: number, record: PhaseRecord): AdjustmentCount[] {
  if (record.position.phase.type !== 'adjustment') return [];
  const before = phaseHistory(db, gameId).filter((p) => p.seq < record.seq && p.result);
  return before.length ? before[before.length - 1].result!.adjustments : [];
}

export function obligationOf(db: Db, game: Game, record: PhaseRecord, power: string): Obligation {
  const stored = ordersOf(db, game.id, record.phase, power);
  return obligation(record.position, power, stored ? stored.orders : null, adjustmentsDue(db, game.id, record));
}

export interface Lateness {
  /** Names of played powers that have something to order and an incomplete set. */
  missing: string[];
  /** Names of played powers that SET WAIT. */
  waiting: string[];
}

/** A played power that has something to order and an incomplete set: reminded, then late. */
export interface LateSeat {
  seat: Seat;
  power: string;
  name: string;
  duty: Obligation;
}

/** The played seats with something to order, each with what it still owes. */
function playedDuties(db: Db, game: Game, record: PhaseRecord, given: Map<string, StoredOrders>): LateSeat[] {
  const variant = variantOf(game.variant);
  // Every power's orders (`given`) and the phase's adjustments read once for the table, not once a power.
  const due = adjustmentsDue(db, game.id, record);
  const out: LateSeat[] = [];
  for (const seat of listSeats(db, game.id)) {
    if (!isPlaying(seat) || !seat.power) continue;
    const stored = given.get(seat.power);
    out.push({
      seat,
      power: seat.power,
      name: powerName(variant, seat.power),
      duty: obligation(record.position, seat.power, stored ? stored.orders : null, due),
    });
  }
  // In the order of the map, as every list of powers is, not in the order the seats were taken.
  const rank = new Map(variant.powers.map((p, i) => [p.id, i]));
  return out.sort((a, b) => (rank.get(a.power) ?? 0) - (rank.get(b.power) ?? 0));
}

/** `given`: the phase's orders, when the caller has read them (ordersByPower). */
export function lateSeats(
  db: Db,
  game: Game,
  record: PhaseRecord,
  given = ordersByPower(db, game.id, record.phase),
): LateSeat[] {
  return playedDuties(db, game, record, given).filter((p) => p.duty.hasDuty && !isComplete(p.duty));
}

export function lateness(db: Db, game: Game, record: PhaseRecord): Lateness {
  const played = playedDuties(db, game, record, ordersByPower(db, game.id, record.phase));
  return {
    missing: played.filter((p) => p.duty.hasDuty && !isComplete(p.duty)).map((p) => p.name),
    waiting: played.filter((p) => p.seat.wait).map((p) => p.name),
  };
}

/** How far a late power got: nothing at all, or part ("2 of 3 units", "1 of 2 removals"). */
function partOrdered(due: AdjustmentCount[], record: PhaseRecord, late: LateSeat): string | null {
  const { duty, power } = late;
  const type = record.position.phase.type;
  if (type === 'adjustment') {
    // A build set counts once any is sent: only removals can be partial.
    const removals = -(due.find((d) => d.power === power)?.delta ?? 0);
    const given = removals + duty.adjustmentsLeft;
    return removals > 0 && given > 0 ? `${given} of ${removals} removals` : null;
  }
  const units = type === 'movement' ? record.position.units : record.position.dislodged;
  const total = units.filter((u) => u.power === power).length;
  const given = total - duty.unordered.length;
  return given > 0 ? `${given} of ${total} ${total === 1 ? 'unit' : 'units'}` : null;
}

/**
 * Whose orders are missing, for the judgekeeper's `chancery status`:
 * "none from Austria, England; partial from France (2 of 3 units)", or "all in".
 */
export function ordersProgressText(db: Db, game: Game, record: PhaseRecord): string {
  const due = adjustmentsDue(db, game.id, record);
  const late = lateSeats(db, game, record).map((p) => ({ name: p.name, part: partOrdered(due, record, p) }));
  const none = late.filter((p) => !p.part).map((p) => p.name);
  const partial = late.filter((p) => p.part).map((p) => `${p.name} (${p.part})`);
  const parts = [
    none.length ? `none from ${none.join(', ')}` : '',
    partial.length ? `partial from ${partial.join(', ')}` : '',
  ];
  return parts.filter(Boolean).join('; ') || 'all in';
}

/** "Units still unordered: A PAR, F BRE." and the like, for reminders and late notices. */
export function owedText(duty: Obligation): string {
  if (duty.unordered.length) return `Units still unordered: ${duty.unordered.join(', ')}.`;
  if (duty.adjustmentsLeft > 0) return `Builds still to give: ${duty.adjustmentsLeft}.`;
  if (duty.adjustmentsLeft < 0) return `Removals still to give: ${-duty.adjustmentsLeft}.`;
  return '';
}
