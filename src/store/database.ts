// Opens the judge's SQLite database and brings its schema up to date.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations.js';

export type Db = Database.Database;

export class StoreError extends Error {
  constructor(
    readonly code: 'ESCHEMA_TOO_NEW' | 'EMIGRATION' | 'ENOTFOUND' | 'ECONFLICT',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}

export interface OpenOptions {
  /** How long a writer waits for another connection's lock before SQLITE_BUSY, in ms. Default 5000. */
  busyTimeoutMs?: number;
}

/** Opens (creating if needed) the database at `path`, or an in-memory one for ':memory:'. */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    if (path !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    // WAL + NORMAL is durable against process crashes; only an OS crash can lose the last commit.
    db.pragma('synchronous = NORMAL');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function schemaVersion(db: Db): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at TEXT NOT NULL)');
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_version').get() as { version: number | null };
  return row.version ?? 0;
}

/** Applies every migration newer than the database, each in its own transaction. */
export function migrate(db: Db, migrations: readonly string[] = MIGRATIONS): number {
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new StoreError(
      'ESCHEMA_TOO_NEW',
      `database schema version ${current} is newer than this program knows (${migrations.length}); upgrade Chancery`,
    );
  }
  for (let index = current; index < migrations.length; index++) {
    const version = index + 1;
    const apply = db.transaction(() => {
      // Another process may have migrated while we waited for the write lock.
      if (schemaVersion(db) >= version) return;
      db.exec(migrations[index]);
      db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(version, nowIso());
    });
    try {
      // IMMEDIATE takes the write lock first, so two processes starting at once cannot both migrate.
      apply.immediate();
    } catch (error) {
      throw new StoreError('EMIGRATION', `migration ${version} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return migrations.length;
}

/** Timestamps are stored as ISO-8601 UTC strings so they sort and compare as text. */
export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}
