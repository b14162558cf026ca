// Who still owes orders for the current phase, and who asked the game to wait.
import type { AdjustmentCount } from '../core/adjudicate/result.js';
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { phaseHistory, type PhaseRecord } from '../store/phases.js';
import { listSeats } from '../store/players.js';
import { VACANT_STATUSES } from './lifecycle/roster.js';
import { ordersOf } from './phase-orders.js';
import { isComplete, obligation, type Obligation } from './readiness.js';
import { variantOf } from './variants.js';

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

export function lateness(db: Db, game: Game, record: PhaseRecord): Lateness {
  const variant = variantOf(game.variant);
  const missing: string[] = [];
  const waiting: string[] = [];
  for (const seat of listSeats(db, game.id)) {
    if (seat.role !== 'player' || !seat.power || VACANT_STATUSES.has(seat.status)) continue;
    const name = variant.powerById.get(seat.power)?.name ?? seat.power;
    const duty = obligationOf(db, game, record, seat.power);
    if (duty.hasDuty && !isComplete(duty)) missing.push(name);
    if (seat.wait) waiting.push(name);
  }
  return { missing, waiting };
}
