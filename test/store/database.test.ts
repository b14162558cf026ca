import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion, StoreError } from '../../src/store/database.js';
import { MIGRATIONS } from '../../src/store/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('openDatabase', () => {
  it('creates a file database in WAL mode with foreign keys, a busy timeout and a 2 MB page cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chancery-db-'));
    dirs.push(dir);
    const db = openDatabase(join(dir, 'nested', 'judge.sqlite'), { busyTimeoutMs: 1234 });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(1234);
    // SQLite's own default, where better-sqlite3 builds it with 16 MB (-16000), which a busy judge held.
    expect(db.pragma('cache_size', { simple: true })).toBe(-2000);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it('applies migrations once and is a no-op on reopen', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chancery-db-'));
    dirs.push(dir);
    const path = join(dir, 'judge.sqlite');
    openDatabase(path).close();
    const db = openDatabase(path);
    const rows = db.prepare('SELECT version FROM schema_version ORDER BY version').all() as { version: number }[];
    expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
    db.close();
  });

  it('applies only the migrations newer than the database', () => {
    const db = openDatabase(':memory:');
    const extended = [...MIGRATIONS, 'CREATE TABLE extra (id INTEGER PRIMARY KEY)'];
    expect(migrate(db, extended)).toBe(extended.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").get()).toBeTruthy();
    expect(schemaVersion(db)).toBe(extended.length);
  });

  it('rolls back a failing migration and reports it with a code', () => {
    const db = openDatabase(':memory:');
    const broken = [...MIGRATIONS, 'CREATE TABLE half (id INTEGER); THIS IS NOT SQL'];
    expect(() => migrate(db, broken)).toThrow(expect.objectContaining({ code: 'EMIGRATION' }));
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
  });

  it('refuses a database from a newer program', () => {
    const db = openDatabase(':memory:');
    db.prepare("INSERT INTO schema_version VALUES (?, 'x')").run(MIGRATIONS.length + 5);
    expect(() => migrate(db)).toThrow(StoreError);
    expect(() => migrate(db)).toThrow(/newer than this program/);
  });

  it('enforces foreign keys', () => {
    const db = openDatabase(':memory:');
    expect(() =>
      db.prepare("INSERT INTO game_players (game_id, account_id, role) VALUES (99, 99, 'player')").run(),
    ).toThrow(/FOREIGN KEY/);
  });
});

describe('rows of a shared statement', () => {
  it('are the objects better-sqlite3 itself builds: same keys in the same order, a later column of a name winning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chancery-db-'));
    dirs.push(dir);
    const path = join(dir, 'judge.sqlite');
    const db = openDatabase(path);
    db.exec('CREATE TABLE t (a INTEGER, b TEXT, c BLOB, d REAL)');
    db.prepare('INSERT INTO t VALUES (?, ?, ?, ?)').run(1, 'x', Buffer.from('hi'), 1.5);
    db.prepare('INSERT INTO t VALUES (?, ?, ?, ?)').run(2, null, null, null);
    const plain = new Database(path, { readonly: true });
    for (const sql of ['SELECT * FROM t ORDER BY a', 'SELECT a, b AS a, 3 AS "1", d FROM t ORDER BY a']) {
      const ours = db.prepare(sql).all();
      expect(ours).toEqual(plain.prepare(sql).all());
      expect(ours.map((row) => Object.keys(row as object))).toEqual(
        plain
          .prepare(sql)
          .all()
          .map((row) => Object.keys(row as object)),
      );
      expect(db.prepare(sql).get()).toEqual(plain.prepare(sql).get());
      expect([...db.prepare(sql).iterate()]).toEqual(ours);
    }
    expect(db.prepare('SELECT * FROM t WHERE a = ?').get(9)).toBeUndefined();
    expect(db.prepare('SELECT a FROM t WHERE a = @a').get({ a: 2 })).toEqual({ a: 2 });
    // Shared by every caller: nobody may switch its mode under the others.
    expect(() => db.prepare('SELECT a FROM t').pluck()).toThrow(/shared/);
    plain.close();
    db.close();
  });
});
