// Games: one row per game, with its variant, lifecycle status and settings.
import { nowIso, type Db } from './database.js';

export type GameStatus = 'forming' | 'active' | 'paused' | 'completed' | 'terminated';

export interface Game<Settings = Record<string, unknown>> {
  id: number;
  name: string;
  variant: string;
  status: GameStatus;
  settings: Settings;
  gmAccountId: number | null;
  seed: string;
  createdAt: string;
}

interface GameRow {
  id: number;
  name: string;
  variant: string;
  status: GameStatus;
  settings_json: string;
  gm_account_id: number | null;
  seed: string;
  created_at: string;
}

const toGame = (row: GameRow): Game => ({
  id: row.id,
  name: row.name,
  variant: row.variant,
  status: row.status,
  settings: JSON.parse(row.settings_json),
  gmAccountId: row.gm_account_id,
  seed: row.seed,
  createdAt: row.created_at,
});

export interface NewGame {
  name: string;
  variant: string;
  seed: string;
  gmAccountId?: number | null;
  settings?: Record<string, unknown>;
  status?: GameStatus;
}

export function createGame(db: Db, game: NewGame): Game {
  const result = db
    .prepare(
      `INSERT INTO games (name, variant, status, settings_json, gm_account_id, seed, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      game.name,
      game.variant,
      game.status ?? 'forming',
      JSON.stringify(game.settings ?? {}),
      game.gmAccountId ?? null,
      game.seed,
      nowIso(db),
    );
  return getGame(db, Number(result.lastInsertRowid)) as Game;
}

export function getGame(db: Db, id: number): Game | null {
  const row = db.prepare('SELECT * FROM games WHERE id = ?').get(id) as GameRow | undefined;
  return row ? toGame(row) : null;
}

export function findGameByName(db: Db, name: string): Game | null {
  const row = db.prepare('SELECT * FROM games WHERE name = ?').get(name.trim()) as GameRow | undefined;
  return row ? toGame(row) : null;
}

export function listGames(db: Db, filter: { status?: GameStatus } = {}): Game[] {
  const rows = filter.status
    ? db.prepare('SELECT * FROM games WHERE status = ? ORDER BY id').all(filter.status)
    : db.prepare('SELECT * FROM games ORDER BY id').all();
  return (rows as GameRow[]).map(toGame);
}

export function setGameStatus(db: Db, gameId: number, status: GameStatus): void {
  db.prepare('UPDATE games SET status = ? WHERE id = ?').run(status, gameId);
}

/** Replaces the settings object whole; callers merge first so the stored JSON is always complete. */
export function setGameSettings(db: Db, gameId: number, settings: Record<string, unknown>): void {
  db.prepare('UPDATE games SET settings_json = ? WHERE id = ?').run(JSON.stringify(settings), gameId);
}

export function setGameMaster(db: Db, gameId: number, accountId: number | null): void {
  db.prepare('UPDATE games SET gm_account_id = ? WHERE id = ?').run(accountId, gameId);
}

/** Deletes a game and, by its foreign keys, everything of it (seats, phases, orders, press, jobs). */
export function deleteGame(db: Db, gameId: number): void {
  db.prepare('DELETE FROM games WHERE id = ?').run(gameId);
}

export function renameGame(db: Db, gameId: number, name: string): void {
  db.prepare('UPDATE games SET name = ? WHERE id = ?').run(name, gameId);
}
