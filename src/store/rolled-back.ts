// The phases a ROLLBACK undid, kept so that ROLLFORWARD can play them again: for each phase (by its
// place `seq` in the history) its starting position and the orders and DP allocations that ROLLBACK
// deleted. The rollback target itself is kept too, with no orders, because its orders stay in place.
import type { Position } from '../core/types.js';
import { nowIso, type Db } from './database.js';

export interface StoredOrderSet {
  power: string;
  lines: string[];
  normalised: unknown;
  submittedAt: string;
}

export interface StoredAllocation {
  power: string;
  unit: string;
  amount: number;
  order: unknown;
}

export interface RolledBackPhase {
  gameId: number;
  seq: number;
  phase: string;
  position: Position;
  /** Whether the phase had been processed: false only for the phase that was open at the ROLLBACK. */
  wasProcessed: boolean;
  orders: StoredOrderSet[];
  allocations: StoredAllocation[];
}

interface Row {
  game_id: number;
  seq: number;
  phase: string;
  position_json: string;
  was_processed: number;
  orders_json: string;
  allocations_json: string;
}

const toPhase = (row: Row): RolledBackPhase => ({
  gameId: row.game_id,
  seq: row.seq,
  phase: row.phase,
  position: JSON.parse(row.position_json),
  wasProcessed: row.was_processed === 1,
  orders: JSON.parse(row.orders_json),
  allocations: JSON.parse(row.allocations_json),
});

/**
 * Keeps phases `targetSeq`..current before ROLLBACK deletes them. A kept phase beyond the current one
 * (from an earlier ROLLBACK that was not rolled forward) still follows on, so the current phase then
 * counts as processed: ROLLFORWARD goes on through it.
 */
export function keepRolledBackPhases(db: Db, gameId: number, targetSeq: number): RolledBackPhase[] {
  const phases = db
    .prepare(
      'SELECT id, seq, phase, position_json, result_json FROM phases WHERE game_id = ? AND seq >= ? ORDER BY seq',
    )
    .all(gameId, targetSeq) as {
    id: number;
    seq: number;
    phase: string;
    position_json: string;
    result_json: string | null;
  }[];
  if (phases.length === 0) return [];
  const currentSeq = phases[phases.length - 1].seq;
  db.prepare('DELETE FROM rolled_back_phases WHERE game_id = ? AND seq <= ?').run(gameId, currentSeq);
  const continues =
    db.prepare('SELECT 1 FROM rolled_back_phases WHERE game_id = ? AND seq = ?').get(gameId, currentSeq + 1) !==
    undefined;
  const ordersOf = db.prepare(
    `SELECT power, lines_json, normalised_json, submitted_at FROM orders
     WHERE game_id = ? AND phase = ? ORDER BY power`,
  );
  const allocationsOf = db.prepare(
    'SELECT power, unit, amount, order_json FROM dp_allocations WHERE game_id = ? AND phase = ? ORDER BY power, id',
  );
  const insert = db.prepare(
    `INSERT INTO rolled_back_phases (game_id, seq, phase, position_json, was_processed, orders_json, allocations_json)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const p of phases) {
    const isTarget = p.seq === targetSeq;
    const orders = isTarget
      ? []
      : (
          ordersOf.all(gameId, p.phase) as {
            power: string;
            lines_json: string;
            normalised_json: string;
            submitted_at: string;
          }[]
        ).map((o) => ({
          power: o.power,
          lines: JSON.parse(o.lines_json),
          normalised: JSON.parse(o.normalised_json),
          submittedAt: o.submitted_at,
        }));
    const allocations = isTarget
      ? []
      : (
          allocationsOf.all(gameId, p.phase) as { power: string; unit: string; amount: number; order_json: string }[]
        ).map((a) => ({
          power: a.power,
          unit: a.unit,
          amount: a.amount,
          order: JSON.parse(a.order_json),
        }));
    const wasProcessed = p.result_json !== null || (p.seq === currentSeq && continues);
    insert.run(
      gameId,
      p.seq,
      p.phase,
      p.position_json,
      wasProcessed ? 1 : 0,
      JSON.stringify(orders),
      JSON.stringify(allocations),
    );
  }
  return rolledBackPhases(db, gameId);
}

export function rolledBackPhases(db: Db, gameId: number): RolledBackPhase[] {
  return (db.prepare('SELECT * FROM rolled_back_phases WHERE game_id = ? ORDER BY seq').all(gameId) as Row[]).map(
    toPhase,
  );
}

export function rolledBackPhase(db: Db, gameId: number, seq: number): RolledBackPhase | null {
  const row = db.prepare('SELECT * FROM rolled_back_phases WHERE game_id = ? AND seq = ?').get(gameId, seq) as
    Row | undefined;
  return row ? toPhase(row) : null;
}

/**
 * Puts a kept phase's orders and DP allocations back, for each power that has given none for that
 * phase since the ROLLBACK: what a player sent after the rollback wins. Returns the powers restored.
 */
export function restoreRolledBackOrders(db: Db, kept: RolledBackPhase): string[] {
  const restored = new Set<string>();
  const hasOrders = db.prepare('SELECT 1 FROM orders WHERE game_id = ? AND phase = ? AND power = ?');
  const insertOrders = db.prepare(
    'INSERT INTO orders (game_id, phase, power, lines_json, normalised_json, submitted_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const o of kept.orders) {
    if (hasOrders.get(kept.gameId, kept.phase, o.power)) continue;
    insertOrders.run(
      kept.gameId,
      kept.phase,
      o.power,
      JSON.stringify(o.lines),
      JSON.stringify(o.normalised),
      o.submittedAt,
    );
    restored.add(o.power);
  }
  const hasAllocations = db.prepare('SELECT 1 FROM dp_allocations WHERE game_id = ? AND phase = ? AND power = ?');
  const insertAllocation = db.prepare(
    `INSERT INTO dp_allocations (game_id, phase, power, unit, amount, order_json, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const powers = new Set(kept.allocations.map((a) => a.power));
  const createdAt = nowIso(db);
  for (const power of powers) {
    if (hasAllocations.get(kept.gameId, kept.phase, power)) continue;
    for (const a of kept.allocations.filter((x) => x.power === power)) {
      insertAllocation.run(kept.gameId, kept.phase, power, a.unit, a.amount, JSON.stringify(a.order), createdAt);
    }
    restored.add(power);
  }
  return [...restored].sort();
}

/** Forgets one kept phase (ROLLFORWARD played it), or with `andLater` every kept phase from it on. */
export function forgetRolledBackPhase(db: Db, gameId: number, seq: number, andLater = false): void {
  db.prepare(`DELETE FROM rolled_back_phases WHERE game_id = ? AND seq ${andLater ? '>=' : '='} ?`).run(gameId, seq);
}

/** Forgets kept phases before `seq`: the game has gone past them by other means than ROLLFORWARD. */
export function forgetRolledBackPhasesBefore(db: Db, gameId: number, seq: number): void {
  db.prepare('DELETE FROM rolled_back_phases WHERE game_id = ? AND seq < ?').run(gameId, seq);
}

/** Position equality that ignores the order of object keys (JSON from different writers). */
export function samePosition(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
