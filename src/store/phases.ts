// The whole phase history of a game: one row per phase, in order (`seq`), with the position at its
// start and, once processed, the adjudication result and the seed used. HISTORY, SUMMARY and
// ROLLBACK read from here; nothing is ever overwritten except by an explicit rollback.
import type { PhaseResult } from '../core/adjudicate/result.js';
import type { DpReport } from '../core/dp/index.js';
import type { StoredWords } from '../core/reasons.js';
import type { Position } from '../core/types.js';
import { StoreError, nowIso, type Db } from './database.js';

export interface PhaseRecord {
  id: number;
  gameId: number;
  seq: number;
  phase: string;
  position: Position;
  result: PhaseResult | null;
  seed: string | null;
  processedAt: string | null;
}

interface PhaseRow {
  id: number;
  game_id: number;
  seq: number;
  phase: string;
  position_json: string;
  result_json: string | null;
  seed: string | null;
  processed_at: string | null;
}

const toPhase = (row: PhaseRow): PhaseRecord => ({
  id: row.id,
  gameId: row.game_id,
  seq: row.seq,
  phase: row.phase,
  position: JSON.parse(row.position_json),
  result: row.result_json === null ? null : storedResult(JSON.parse(row.result_json)),
  seed: row.seed,
  processedAt: row.processed_at,
});

/**
 * A result as stored. Results stored before reasons were typed carry their reasons as words
 * (outcomes, and the bid report's void bids and forfeits): those are read as `worded` reasons.
 */
function storedResult(result: PhaseResult): PhaseResult {
  // Typed as reasons, but an old row's JSON may hold words there.
  const words = (r: unknown): r is string => typeof r === 'string';
  const worded = (text: string): StoredWords => ({ code: 'worded', text });
  for (const o of result.outcomes)
    if (words(o.reason)) o.reason = o.reason === 'no order' ? { code: 'no-order' } : worded(o.reason);
  const dp = result.dp as DpReport | undefined;
  for (const e of dp?.chart ?? []) if (words(e.reason)) e.reason = worded(e.reason);
  for (const a of dp?.powers ?? []) if (words(a.reason)) a.reason = worded(a.reason);
  return result;
}

/** Appends the next phase (its starting position) to the game's history. */
export function appendPhase(db: Db, gameId: number, phase: string, position: Position): PhaseRecord {
  const next = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM phases WHERE game_id = ?').get(gameId) as {
    seq: number;
  };
  const json = JSON.stringify(position);
  const result = db
    .prepare('INSERT INTO phases (game_id, seq, phase, position_json) VALUES (?, ?, ?, ?)')
    .run(gameId, next.seq, phase, json);
  // The row as getPhase would read it back, without reading it: a copy of the position, not the caller's.
  const row = { id: Number(result.lastInsertRowid), game_id: gameId, seq: next.seq, phase, position_json: json };
  return toPhase({ ...row, result_json: null, seed: null, processed_at: null });
}

export function getPhase(db: Db, id: number): PhaseRecord | null {
  const row = db.prepare('SELECT * FROM phases WHERE id = ?').get(id) as PhaseRow | undefined;
  return row ? toPhase(row) : null;
}

/** The latest phase of the game (the one currently open for orders, unless processed). */
export function currentPhase(db: Db, gameId: number): PhaseRecord | null {
  const row = db.prepare('SELECT * FROM phases WHERE game_id = ? ORDER BY seq DESC LIMIT 1').get(gameId) as
    PhaseRow | undefined;
  return row ? toPhase(row) : null;
}

/** The most recent phase with that code (a code repeats only after a rollback replays it). */
export function findPhase(db: Db, gameId: number, phase: string): PhaseRecord | null {
  return findPhaseText(db, gameId, phase)?.record() ?? null;
}

/**
 * A phase's latest record as stored text, its position and result not read: what a picture's digest
 * needs (src/judge/board-mail.ts), which asks for it with every copy of a results mail.
 */
export function findPhaseText(
  db: Db,
  gameId: number,
  phase: string,
): { positionJson: string; resultJson: string | null; record: () => PhaseRecord } | null {
  const row = db
    .prepare('SELECT * FROM phases WHERE game_id = ? AND phase = ? ORDER BY seq DESC LIMIT 1')
    .get(gameId, phase) as PhaseRow | undefined;
  return row ? { positionJson: row.position_json, resultJson: row.result_json, record: () => toPhase(row) } : null;
}

export function phaseHistory(db: Db, gameId: number): PhaseRecord[] {
  return (db.prepare('SELECT * FROM phases WHERE game_id = ? ORDER BY seq').all(gameId) as PhaseRow[]).map(toPhase);
}

/**
 * Stores the adjudication of a phase. Refuses a phase that already has a result, so a deadline job
 * and a GM PROCESS racing each other cannot both record one.
 */
export function recordPhaseResult(db: Db, phaseId: number, result: PhaseResult, seed: string): void {
  const change = db
    .prepare('UPDATE phases SET result_json = ?, seed = ?, processed_at = ? WHERE id = ? AND result_json IS NULL')
    .run(JSON.stringify(result), seed, nowIso(db), phaseId);
  if (change.changes === 0) {
    throw new StoreError('ECONFLICT', `phase ${phaseId} is unknown or already processed`);
  }
}

/**
 * Replaces the starting position of a phase not yet processed: the GM changing the board between
 * two adjudications (permanent civil disorder). Refuses a processed phase, whose result was
 * computed from the position it had.
 */
export function replacePhasePosition(db: Db, phaseId: number, position: Position): void {
  const change = db
    .prepare('UPDATE phases SET position_json = ? WHERE id = ? AND result_json IS NULL')
    .run(JSON.stringify(position), phaseId);
  if (change.changes === 0) {
    throw new StoreError('ECONFLICT', `phase ${phaseId} is unknown or already processed`);
  }
}

/**
 * ROLLBACK: makes phase `seq` current again. Later phases, and the orders and DP allocations given
 * for them, are deleted; orders already given for the target phase are kept. Press is history and stays.
 */
export function rollbackToPhase(db: Db, gameId: number, seq: number): PhaseRecord {
  const run = db.transaction(() => {
    const target = db.prepare('SELECT * FROM phases WHERE game_id = ? AND seq = ?').get(gameId, seq) as
      PhaseRow | undefined;
    if (!target) throw new StoreError('ENOTFOUND', `game ${gameId} has no phase #${seq}`);
    const later = db.prepare('SELECT phase FROM phases WHERE game_id = ? AND seq > ?').all(gameId, seq) as {
      phase: string;
    }[];
    for (const { phase } of later) {
      if (phase === target.phase) continue;
      db.prepare('DELETE FROM orders WHERE game_id = ? AND phase = ?').run(gameId, phase);
      db.prepare('DELETE FROM dp_allocations WHERE game_id = ? AND phase = ?').run(gameId, phase);
    }
    db.prepare('DELETE FROM phases WHERE game_id = ? AND seq > ?').run(gameId, seq);
    db.prepare('UPDATE phases SET result_json = NULL, seed = NULL, processed_at = NULL WHERE id = ?').run(target.id);
    return getPhase(db, target.id) as PhaseRecord;
  });
  return run();
}

/** A phase without its position and result: enough to list a long game's phases cheaply. */
export interface PhaseIndexEntry {
  seq: number;
  phase: string;
  processedAt: string | null;
}

/** The game's phases in order, `limit` of them from `offset`, without parsing any position. */
export function phaseIndex(db: Db, gameId: number, page: { offset: number; limit: number }): PhaseIndexEntry[] {
  const rows = db
    .prepare('SELECT seq, phase, processed_at FROM phases WHERE game_id = ? ORDER BY seq LIMIT ? OFFSET ?')
    .all(gameId, page.limit, page.offset) as { seq: number; phase: string; processed_at: string | null }[];
  return rows.map((r) => ({ seq: r.seq, phase: r.phase, processedAt: r.processed_at }));
}

export function countPhases(db: Db, gameId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM phases WHERE game_id = ?').get(gameId) as { n: number }).n;
}

/** The phase just before and just after `seq` (for previous/next links), without their positions. */
export function neighbourPhases(
  db: Db,
  gameId: number,
  seq: number,
): { previous: PhaseIndexEntry | null; next: PhaseIndexEntry | null } {
  const one = (sql: string) => {
    const row = db.prepare(sql).get(gameId, seq) as
      { seq: number; phase: string; processed_at: string | null } | undefined;
    return row ? { seq: row.seq, phase: row.phase, processedAt: row.processed_at } : null;
  };
  return {
    previous: one(
      'SELECT seq, phase, processed_at FROM phases WHERE game_id = ? AND seq < ? ORDER BY seq DESC LIMIT 1',
    ),
    next: one('SELECT seq, phase, processed_at FROM phases WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT 1'),
  };
}

/** The processed phases, newest first, at most `limit` (a game's feed). */
export function latestProcessedPhases(db: Db, gameId: number, limit: number): PhaseRecord[] {
  const rows = db
    .prepare('SELECT * FROM phases WHERE game_id = ? AND result_json IS NOT NULL ORDER BY seq DESC LIMIT ?')
    .all(gameId, limit) as PhaseRow[];
  return rows.map(toPhase);
}
