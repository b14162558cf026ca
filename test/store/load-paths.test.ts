// What keeps the store fast with many games: lookups by game go through an index, a connection
// prepares each statement once, and a verified password is not checked with scrypt again.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import { hashPasswordSync, verifyPassword, verifyPasswordSync } from '../../src/store/passwords.js';

const plan = (db: ReturnType<typeof openDatabase>, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1) as { detail: string }[]).map((row) => row.detail).join('; ');

describe('indexes for lookups by game', () => {
  it("finds a game's seats and its pending jobs through an index, not a scan", () => {
    const db = openDatabase(':memory:');
    expect(plan(db, 'SELECT * FROM game_players WHERE game_id = ? ORDER BY id')).toMatch(
      /USING INDEX game_players_game/,
    );
    expect(plan(db, "SELECT * FROM jobs WHERE game_id = ? AND status = 'pending' ORDER BY due_at")).toMatch(
      /USING INDEX jobs_game/,
    );
    db.close();
  });
});

describe('prepared statements kept by the connection', () => {
  it('hands out the same statement for the same SQL, and it sees later writes', () => {
    const db = openDatabase(':memory:');
    const sql = 'SELECT COUNT(*) AS n FROM accounts';
    expect(db.prepare(sql)).toBe(db.prepare(sql));
    expect(db.prepare(sql).get()).toEqual({ n: 0 });
    db.prepare("INSERT INTO accounts (address, created_at) VALUES ('a@example.test', '2026-01-01T00:00:00Z')").run();
    expect(db.prepare(sql).get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT address FROM accounts').get()).toEqual({ address: 'a@example.test' });
    db.close();
  });

  it('leaves pragmas working, simple or not', () => {
    const db = openDatabase(':memory:');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('foreign_keys')).toEqual([{ foreign_keys: 1 }]);
    db.close();
  });
});

describe('remembered password verifications', () => {
  it('still refuses a wrong password after the right one was verified', async () => {
    const hash = hashPasswordSync('right-one');
    expect(verifyPasswordSync('right-one', hash)).toBe(true);
    expect(verifyPasswordSync('right-one', hash)).toBe(true);
    expect(verifyPasswordSync('wrong-one', hash)).toBe(false);
    expect(await verifyPassword('right-one', hash)).toBe(true);
    expect(await verifyPassword('Right-one', hash)).toBe(false);
  });

  it('ties what it remembers to the stored hash: a changed password makes the old one fail', () => {
    const before = hashPasswordSync('old-password');
    expect(verifyPasswordSync('old-password', before)).toBe(true);
    const after = hashPasswordSync('new-password');
    expect(verifyPasswordSync('old-password', after)).toBe(false);
    expect(verifyPasswordSync('new-password', after)).toBe(true);
  });

  it('does not let one hash vouch for another hash of the same password with a different cost', () => {
    const hash = hashPasswordSync('same-password');
    expect(verifyPasswordSync('same-password', hash)).toBe(true);
    // The same salt and key under other cost parameters no longer match, remembered or not.
    const tampered = hash.replace(/^scrypt\$16384\$/, 'scrypt$1024$');
    expect(verifyPasswordSync('same-password', tampered)).toBe(false);
  });
});
