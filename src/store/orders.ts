// Orders as submitted: the player's own lines and their normalised form. A new submission for the
// same game, phase and power replaces the previous set whole (DPjudge's behaviour, which players expect).
import { nowIso, type Db } from './database.js';

export interface OrderSet<Normalised = unknown> {
  gameId: number;
  phase: string;
  power: string;
  lines: string[];
  normalised: Normalised;
  submittedAt: string;
}

interface OrderRow {
  game_id: number;
  phase: string;
  power: string;
  lines_json: string;
  normalised_json: string;
  submitted_at: string;
}

const toOrderSet = (row: OrderRow): OrderSet => ({
  gameId: row.game_id,
  phase: row.phase,
  power: row.power,
  lines: JSON.parse(row.lines_json),
  normalised: JSON.parse(row.normalised_json),
  submittedAt: row.submitted_at,
});

export function replaceOrders(
  db: Db,
  set: { gameId: number; phase: string; power: string; lines: string[]; normalised: unknown },
): OrderSet {
  const submittedAt = nowIso(db);
  db.prepare(
    `INSERT INTO orders (game_id, phase, power, lines_json, normalised_json, submitted_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(game_id, phase, power) DO UPDATE SET
       lines_json = excluded.lines_json, normalised_json = excluded.normalised_json,
       submitted_at = excluded.submitted_at`,
  ).run(set.gameId, set.phase, set.power, JSON.stringify(set.lines), JSON.stringify(set.normalised), submittedAt);
  return { ...set, submittedAt };
}

export function getOrders(db: Db, gameId: number, phase: string, power: string): OrderSet | null {
  const row = db
    .prepare('SELECT * FROM orders WHERE game_id = ? AND phase = ? AND power = ?')
    .get(gameId, phase, power) as OrderRow | undefined;
  return row ? toOrderSet(row) : null;
}

/** Whether any power gave orders for the phase (without reading them). */
export function anyOrders(db: Db, gameId: number, phase: string): boolean {
  return db.prepare('SELECT 1 FROM orders WHERE game_id = ? AND phase = ? LIMIT 1').get(gameId, phase) !== undefined;
}

export function listOrders(db: Db, gameId: number, phase: string): OrderSet[] {
  return (
    db.prepare('SELECT * FROM orders WHERE game_id = ? AND phase = ? ORDER BY power').all(gameId, phase) as OrderRow[]
  ).map(toOrderSet);
}

/**
 * Each power's normalised orders for the phase, by power, without the lines as written: what the clock
 * and the adjudicator read of every power at a deadline.
 */
export function listNormalisedOrders(db: Db, gameId: number, phase: string): { power: string; normalised: unknown }[] {
  const rows = db
    .prepare('SELECT power, normalised_json FROM orders WHERE game_id = ? AND phase = ? ORDER BY power')
    .all(gameId, phase) as Pick<OrderRow, 'power' | 'normalised_json'>[];
  return rows.map((row) => ({ power: row.power, normalised: JSON.parse(row.normalised_json) }));
}

/** CLEAR: withdraws a power's orders for the phase. Returns whether there were any. */
export function clearOrders(db: Db, gameId: number, phase: string, power: string): boolean {
  return (
    db.prepare('DELETE FROM orders WHERE game_id = ? AND phase = ? AND power = ?').run(gameId, phase, power).changes > 0
  );
}
