// Board pictures as drawn (PNG), one per game, phase and drawing digest: src/judge/board-mail.ts
// draws a phase's picture once and every later mail or reader of that phase takes these bytes.
import { nowIso, type Db } from './database.js';

export function findPicture(db: Db, gameId: number, phase: string, digest: string): Buffer | null {
  const row = db
    .prepare('SELECT png FROM phase_pictures WHERE game_id = ? AND phase = ? AND digest = ?')
    .get(gameId, phase, digest) as { png: Buffer } | undefined;
  return row?.png ?? null;
}

/** Whether the picture is kept (without reading its bytes). */
export function hasPicture(db: Db, gameId: number, phase: string, digest: string): boolean {
  return (
    db
      .prepare('SELECT 1 FROM phase_pictures WHERE game_id = ? AND phase = ? AND digest = ?')
      .get(gameId, phase, digest) !== undefined
  );
}

/** Keeps a drawn picture; a second drawing of the same one (two senders at once) is dropped. */
export function storePicture(db: Db, gameId: number, phase: string, digest: string, png: Buffer): void {
  db.prepare('INSERT OR IGNORE INTO phase_pictures (game_id, phase, digest, png, drawn_at) VALUES (?, ?, ?, ?, ?)').run(
    gameId,
    phase,
    digest,
    png,
    nowIso(db),
  );
}
