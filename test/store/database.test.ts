import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion, StoreError } from '../../src/store/database.js';
import { MIGRATIONS } from '../../src/store/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('openDatabase', () => {
  it('creates a file database in WAL mode with foreign keys and a busy timeout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chancery-db-'));
    dirs.push(dir);
    const db = openDatabase(join(dir, 'nested', 'judge.sqlite'), { busyTimeoutMs: 1234 });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(1234);
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
