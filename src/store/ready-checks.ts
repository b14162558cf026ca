// The games whose readiness to process early may have changed: triggers (migration 13) mark a game on
// every write to what readiness is read from, by this connection or any other, in the transaction of
// that write. The clock looks at the marked games only, and takes a game's mark off in the transaction
// that looks at it: a look rolled back (a fault) leaves the mark for the next tick.
import type { Db } from './database.js';

/** The marked games, by id. */
export function gamesToCheck(db: Db): number[] {
  const rows = db.prepare('SELECT game_id FROM ready_checks ORDER BY game_id').all() as { game_id: number }[];
  return rows.map((row) => row.game_id);
}

/** Takes the game's mark off: call it in the transaction that looks at the game. */
export function markChecked(db: Db, gameId: number): void {
  db.prepare('DELETE FROM ready_checks WHERE game_id = ?').run(gameId);
}
