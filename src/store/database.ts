// Opens the judge's SQLite database and brings its schema up to date.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations.js';

export type Db = Database.Database;

/** Faults of the storage rather than of the data: the same write may well succeed later. */
export type StorageFaultCode = 'EBUSY' | 'EFULL' | 'EIO' | 'EREADONLY';

export class StoreError extends Error {
  constructor(
    readonly code: 'ESCHEMA_TOO_NEW' | 'EMIGRATION' | 'ENOTFOUND' | 'ECONFLICT' | StorageFaultCode,
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
  /**
   * The clock the store stamps its rows with (ms since the epoch); the wall clock by default. A test
   * world passes the clock it moves by hand, so that the judge, the mail workers and the store all
   * run on one clock and no row looks like the future or the past to the judge.
   */
  clock?: () => number;
}

const clocks = new WeakMap<Db, () => number>();

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
    // SQLite's own default page cache, 2 MB: better-sqlite3 builds it with 16 MB, which a busy judge
    // filled and kept, for no gain in its tick (`npm run bench -- "daemon memory"`, `reaching`).
    db.pragma('cache_size = -2000');
    if (options.clock) clocks.set(db, options.clock);
    migrate(db);
    keepPreparedStatements(db);
    return db;
  } catch (error) {
    db.close();
    // Whatever SQLite says ("file is not a database", "attempt to write a readonly database"), say
    // which file: a judgekeeper with several judges must know where to look.
    const reason = error instanceof Error ? error.message : String(error);
    throw Object.assign(new Error(`cannot open the database ${path}: ${reason}`, { cause: error }), {
      code: (error as { code?: unknown }).code,
    });
  }
}

/** Enough for every statement the judge has; SQL built from data would otherwise grow it without end. */
const MAX_KEPT_STATEMENTS = 500;

/**
 * The store prepares its statement on every call, and preparing costs more than running most of its
 * queries: one tick over 1,000 games prepared tens of thousands. So the connection keeps what it
 * prepared, by SQL text. Sharing a statement is safe because nobody may change a statement's modes
 * (pluck, raw, expand: rowsBuiltHere refuses), the judge iterates none, and each get/all/run finishes
 * before the next starts.
 */
function keepPreparedStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const kept = new Map<string, Database.Statement>();
  db.prepare = ((source: string) => {
    let statement = kept.get(source);
    if (!statement) {
      statement = rowsBuiltHere(prepare(source));
      if (kept.size < MAX_KEPT_STATEMENTS) kept.set(source, statement);
    }
    return statement;
  }) as Db['prepare'];
}

type Row = Record<string, unknown>;

/**
 * better-sqlite3 builds a row object key by key through V8's C++ interface, which costs more than
 * SQLite's reading the row (a seat list: ~60 µs as objects, ~25 µs as arrays). A statement that returns
 * rows therefore hands them over as arrays, and the objects are built here: the same keys, in the same
 * order, a later column of the same name winning as before. (So nobody may switch a statement's mode:
 * see keepPreparedStatements.)
 */
function rowsBuiltHere(statement: Database.Statement): Database.Statement {
  if (!statement.reader) return statement;
  statement.raw(true);
  let names = statement.columns().map((column) => column.name);
  const toRow = (values: unknown[]): Row => {
    // SQLite prepares a statement again when another connection changed the schema: `*` may grow.
    if (values.length !== names.length) names = statement.columns().map((column) => column.name);
    const row: Row = {};
    for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
    return row;
  };
  const get = statement.get.bind(statement);
  const all = statement.all.bind(statement);
  const iterate = statement.iterate.bind(statement);
  const refuse = () => {
    throw new Error('a statement of the store is shared and reads its rows as arrays: its mode stays as it is');
  };
  return Object.assign(statement, {
    raw: refuse,
    pluck: refuse,
    expand: refuse,
    get: (...params: unknown[]) => {
      const values = get(...params) as unknown[] | undefined;
      return values === undefined ? undefined : toRow(values);
    },
    all: (...params: unknown[]) => (all(...params) as unknown[][]).map(toRow),
    iterate: function* (...params: unknown[]) {
      for (const values of iterate(...params) as IterableIterator<unknown[]>) yield toRow(values);
    },
  });
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

const STORAGE_FAULTS: Array<[prefix: string, code: StorageFaultCode, what: (db: Db) => string]> = [
  [
    'SQLITE_BUSY',
    'EBUSY',
    (db) => `the database ${db.name} is locked by another connection (waited ${busyTimeoutOf(db)} ms)`,
  ],
  ['SQLITE_LOCKED', 'EBUSY', (db) => `the database ${db.name} is locked by another statement of this connection`],
  ['SQLITE_FULL', 'EFULL', (db) => `the database ${db.name} or the disk holding it is full`],
  ['SQLITE_IOERR', 'EIO', (db) => `the database file ${db.name} could not be read or written (I/O error)`],
  ['SQLITE_CORRUPT', 'EIO', (db) => `the database file ${db.name} is damaged (truncated or overwritten)`],
  ['SQLITE_NOTADB', 'EIO', (db) => `the file ${db.name} is not a database (truncated or overwritten)`],
  ['SQLITE_READONLY', 'EREADONLY', (db) => `the database ${db.name} is read-only`],
];

function busyTimeoutOf(db: Db): number | string {
  try {
    return db.pragma('busy_timeout', { simple: true }) as number;
  } catch {
    return '?';
  }
}

/**
 * If `error` is SQLite failing on the storage itself (locked beyond the busy timeout, disk full, I/O,
 * read-only), a StoreError saying so, prefixed with `doing`; otherwise null. Such an error aborts
 * and rolls back the whole transaction: nothing of it was written, and retrying later may succeed.
 */
export function storageFault(db: Db, error: unknown, doing: string): StoreError | null {
  if (error instanceof StoreError) return isStorageFault(error) ? error : null;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  const match = STORAGE_FAULTS.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`));
  if (!match) return null;
  const [, storeCode, what] = match;
  return new StoreError(storeCode, `${doing}: ${what(db)} [${code}]; nothing was written`, { cause: error });
}

export function isStorageFault(error: unknown): boolean {
  if (error instanceof StoreError) return ['EBUSY', 'EFULL', 'EIO', 'EREADONLY'].includes(error.code);
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && STORAGE_FAULTS.some(([prefix]) => code === prefix || code.startsWith(`${prefix}_`))
  );
}

/**
 * Timestamps are stored as ISO-8601 UTC strings so they sort and compare as text. The time is the
 * database's clock (OpenOptions.clock) when given a database, else the given clock or the wall clock.
 */
export function nowIso(source: Db | (() => number) = Date.now): string {
  return new Date(clockOf(source)()).toISOString();
}

/** The clock a database was opened with (the wall clock by default). */
export function clockOf(source: Db | (() => number)): () => number {
  return typeof source === 'function' ? source : (clocks.get(source) ?? Date.now);
}

/**
 * Changes whenever anything in the database changed, by this connection or another: the web server's
 * page cache is valid while it stays the same. data_version moves with other connections' commits,
 * total_changes() with this one's.
 */
export function changeStamp(db: Db): string {
  const version = db.pragma('data_version', { simple: true }) as number;
  const own = (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  return `${version}:${own}`;
}

/**
 * A read-only connection for readers that must never change anything (the web site): SQLite itself
 * refuses every write on it. The database must exist and be migrated already (the judge does that);
 * a schema this program does not know is refused, as openDatabase refuses it.
 */
export function openReadOnly(path: string, options: OpenOptions = {}): Db {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    const row = db.prepare('SELECT MAX(version) AS version FROM schema_version').get() as { version: number | null };
    const version = row.version ?? 0;
    if (version !== MIGRATIONS.length)
      throw new StoreError(
        version > MIGRATIONS.length ? 'ESCHEMA_TOO_NEW' : 'EMIGRATION',
        `database schema version ${version}, this program reads ${MIGRATIONS.length}: ` +
          (version > MIGRATIONS.length ? 'upgrade Chancery' : 'start the judge once (chancery init) to migrate it'),
      );
    keepPreparedStatements(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
