// The sending paths an account has signed on from with a right password (src/judge/gate/signon-guard.ts):
// mail claiming to be his by one of them is let through while his seat is under attack.
import type { Db } from './database.js';

export function isKnownSignonPath(db: Db, accountId: number, path: string): boolean {
  return db.prepare('SELECT 1 FROM signon_paths WHERE account_id = ? AND path = ?').get(accountId, path) !== undefined;
}

export function recordSignonPath(db: Db, accountId: number, path: string, at: string): void {
  db.prepare(
    `INSERT INTO signon_paths (account_id, path, last_seen) VALUES (?, ?, ?)
     ON CONFLICT (account_id, path) DO UPDATE SET last_seen = excluded.last_seen`,
  ).run(accountId, path, at);
}
