// Accounts are e-mail addresses known to the judge. Addresses compare case-insensitively.
import { nowIso, type Db } from './database.js';

export interface Account {
  id: number;
  address: string;
  passwordHash: string | null;
  createdAt: string;
  /** When the address answered a code mailed to it (src/judge/gate/address-proof.ts); null: not yet. */
  provenAt: string | null;
}

interface AccountRow {
  id: number;
  address: string;
  password_hash: string | null;
  created_at: string;
  proven_at: string | null;
}

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  address: row.address,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
  provenAt: row.proven_at,
});

export function getAccount(db: Db, id: number): Account | null {
  const row = db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
  return row ? toAccount(row) : null;
}

export function findAccount(db: Db, address: string): Account | null {
  const row = db.prepare('SELECT * FROM accounts WHERE address = ?').get(address.trim()) as AccountRow | undefined;
  return row ? toAccount(row) : null;
}

/** Returns the account for `address`, creating it (without a password) on first sight. */
export function ensureAccount(db: Db, address: string): Account {
  const trimmed = address.trim();
  db.prepare('INSERT INTO accounts (address, created_at) VALUES (?, ?) ON CONFLICT(address) DO NOTHING').run(
    trimmed,
    nowIso(db),
  );
  return findAccount(db, trimmed) as Account;
}

/** Stores an already hashed password (see passwords.ts); never pass a clear-text password here. */
export function setPasswordHash(db: Db, accountId: number, passwordHash: string | null): void {
  db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?').run(passwordHash, accountId);
}

/** SET ADDRESS: moves an account to a new address, keeping its seats and history. */
export function changeAddress(db: Db, accountId: number, newAddress: string): void {
  db.prepare('UPDATE accounts SET address = ? WHERE id = ?').run(newAddress.trim(), accountId);
}

/** The address answered a code mailed to it. */
export function markProven(db: Db, accountId: number, at: string): void {
  db.prepare('UPDATE accounts SET proven_at = COALESCE(proven_at, ?) WHERE id = ?').run(at, accountId);
}

/** True when `address` has an account that has not proven its address yet. */
export function isUnprovenAddress(db: Db, address: string): boolean {
  const row = db.prepare('SELECT proven_at FROM accounts WHERE address = ?').get(address.trim()) as
    { proven_at: string | null } | undefined;
  return row !== undefined && row.proven_at === null;
}

/**
 * Which of the addresses isUnprovenAddress would refuse, in lower case, asked in one query: a deadline
 * asks it of every address of a game's list at once.
 */
export function unprovenAmong(db: Db, addresses: readonly string[]): Set<string> {
  if (!addresses.length) return new Set();
  const rows = db
    .prepare('SELECT address FROM accounts WHERE proven_at IS NULL AND address IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(addresses.map((a) => a.trim()))) as { address: string }[];
  return new Set(rows.map((r) => r.address.toLowerCase()));
}

/** The addresses of the accounts, by id, in one query (a game's whole list of readers). */
export function addressesById(db: Db, ids: readonly number[]): Map<number, string> {
  if (!ids.length) return new Map();
  const rows = db
    .prepare('SELECT id, address FROM accounts WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as { id: number; address: string }[];
  return new Map(rows.map((r) => [r.id, r.address]));
}
