// Persisted token buckets for the per-sender rate limiter (src/mail/rate-limit.ts), so a restart
// does not hand a flooding sender a fresh allowance.
import type { Db } from './database.js';

export interface BucketState {
  tokens: number;
  /** Epoch milliseconds of the last refill. */
  updatedAt: number;
}

export interface BucketStore {
  load(sender: string): BucketState | null;
  save(sender: string, state: BucketState): void;
}

export function loadBucket(db: Db, sender: string): BucketState | null {
  const row = db.prepare('SELECT tokens, updated_at FROM rate_buckets WHERE sender = ?').get(sender) as
    { tokens: number; updated_at: number } | undefined;
  return row ? { tokens: row.tokens, updatedAt: row.updated_at } : null;
}

export function saveBucket(db: Db, sender: string, state: BucketState): void {
  db.prepare(
    `INSERT INTO rate_buckets (sender, tokens, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(sender) DO UPDATE SET tokens = excluded.tokens, updated_at = excluded.updated_at`,
  ).run(sender, state.tokens, state.updatedAt);
}

/** The rate limiter's store backed by this database; used inside the intake transaction. */
export function databaseBucketStore(db: Db): BucketStore {
  return { load: (sender) => loadBucket(db, sender), save: (sender, state) => saveBucket(db, sender, state) };
}
