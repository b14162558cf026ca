// Orders sent in advance: a power's lines for a phase that has not opened yet, kept as written
// (checked for syntax only) until that phase opens and they are read against its board. A new set
// for the same phase replaces the old one whole, as orders do.
import { nowIso, type Db } from './database.js';

export interface AdvanceOrderSet {
  gameId: number;
  /** The phase they are for, as a code ("F1901R"). */
  phase: string;
  power: string;
  /** The `seq` of the phase during which they were sent. */
  sentSeq: number;
  lines: string[];
  submittedAt: string;
}

interface AdvanceRow {
  game_id: number;
  phase: string;
  power: string;
  sent_seq: number;
  lines_json: string;
  submitted_at: string;
}

const toSet = (row: AdvanceRow): AdvanceOrderSet => ({
  gameId: row.game_id,
  phase: row.phase,
  power: row.power,
  sentSeq: row.sent_seq,
  lines: JSON.parse(row.lines_json),
  submittedAt: row.submitted_at,
});

export function replaceAdvanceOrders(db: Db, set: Omit<AdvanceOrderSet, 'submittedAt'>): void {
  db.prepare(
    `INSERT INTO advance_orders (game_id, phase, power, sent_seq, lines_json, submitted_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(game_id, phase, power) DO UPDATE SET
       sent_seq = excluded.sent_seq, lines_json = excluded.lines_json, submitted_at = excluded.submitted_at`,
  ).run(set.gameId, set.phase, set.power, set.sentSeq, JSON.stringify(set.lines), nowIso(db));
}

/** Every advance set of the game, all phases and powers. */
export function listAdvanceOrders(db: Db, gameId: number): AdvanceOrderSet[] {
  const rows = db
    .prepare('SELECT * FROM advance_orders WHERE game_id = ? ORDER BY phase, power')
    .all(gameId) as AdvanceRow[];
  return rows.map(toSet);
}

export function advanceOrdersOfPower(db: Db, gameId: number, power: string): AdvanceOrderSet[] {
  return listAdvanceOrders(db, gameId).filter((set) => set.power === power);
}

/** Withdraws one power's set for one phase. Returns whether there was one. */
export function deleteAdvanceOrders(db: Db, gameId: number, phase: string, power: string): boolean {
  return (
    db.prepare('DELETE FROM advance_orders WHERE game_id = ? AND phase = ? AND power = ?').run(gameId, phase, power)
      .changes > 0
  );
}

/** A new player takes the seat: the sets his predecessor sent stay with the predecessor. */
export function deleteAdvanceOrdersOfPower(db: Db, gameId: number, power: string): number {
  return db.prepare('DELETE FROM advance_orders WHERE game_id = ? AND power = ?').run(gameId, power).changes;
}

/** ROLLBACK to phase `seq`: the sets sent during it or after it are withdrawn. Returns their powers. */
export function deleteAdvanceOrdersSentSince(db: Db, gameId: number, seq: number): string[] {
  const rows = db
    .prepare('SELECT DISTINCT power FROM advance_orders WHERE game_id = ? AND sent_seq >= ? ORDER BY power')
    .all(gameId, seq) as { power: string }[];
  db.prepare('DELETE FROM advance_orders WHERE game_id = ? AND sent_seq >= ?').run(gameId, seq);
  return rows.map((r) => r.power);
}
