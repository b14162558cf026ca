// Press (player-to-player messages) as sent, for the archive. Whether a given reader may see an
// item is the game layer's decision; this module only stores and lists.
import { nowIso, type Db } from './database.js';

export interface PressItem {
  id: number;
  gameId: number;
  phase: string;
  from: string;
  to: string[];
  body: string;
  sentAt: string;
  /**
   * The sender as the readers saw it when that was not `from` (grey press: anonymous); null otherwise.
   * For the GM's OFFICIAL notices (`from` 'official'), the subject he gave them.
   */
  shownFrom: string | null;
}

interface PressRow {
  id: number;
  game_id: number;
  phase: string;
  from_power: string;
  to_json: string;
  body: string;
  sent_at: string;
  shown_from: string | null;
}

const toPress = (row: PressRow): PressItem => ({
  id: row.id,
  gameId: row.game_id,
  phase: row.phase,
  from: row.from_power,
  to: JSON.parse(row.to_json),
  body: row.body,
  sentAt: row.sent_at,
  shownFrom: row.shown_from,
});

export interface NewPress {
  gameId: number;
  phase: string;
  from: string;
  to: string[];
  body: string;
  shownFrom?: string | null;
}

export function recordPress(db: Db, press: NewPress): PressItem {
  const result = db
    .prepare(
      'INSERT INTO press (game_id, phase, from_power, to_json, body, sent_at, shown_from) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      press.gameId,
      press.phase,
      press.from,
      JSON.stringify(press.to),
      press.body,
      nowIso(db),
      press.shownFrom ?? null,
    );
  return toPress(db.prepare('SELECT * FROM press WHERE id = ?').get(Number(result.lastInsertRowid)) as PressRow);
}

export function listPress(db: Db, gameId: number, filter: { phase?: string } = {}): PressItem[] {
  const rows = filter.phase
    ? db.prepare('SELECT * FROM press WHERE game_id = ? AND phase = ? ORDER BY id').all(gameId, filter.phase)
    : db.prepare('SELECT * FROM press WHERE game_id = ? ORDER BY id').all(gameId);
  return (rows as PressRow[]).map(toPress);
}
