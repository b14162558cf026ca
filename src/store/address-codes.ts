// Codes mailed to an address to prove that whoever writes from it reads its mail (src/judge/gate).
// Only a hash of each code is kept; one live code per address and purpose, replaced when a new one is
// mailed, gone once used or expired.
import { createHash } from 'node:crypto';
import type { Db } from './database.js';

export interface AddressCode {
  address: string;
  purpose: string;
  detail: Record<string, unknown>;
  expiresAt: string;
}

const hashOf = (address: string, code: string) =>
  createHash('sha256').update(`${address.trim().toLowerCase()}\n${code}`).digest('hex');

export function saveAddressCode(db: Db, code: string, entry: AddressCode): void {
  db.prepare(
    `INSERT INTO address_codes (address, purpose, code_hash, detail_json, expires_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (address, purpose) DO UPDATE SET code_hash = excluded.code_hash,
       detail_json = excluded.detail_json, expires_at = excluded.expires_at`,
  ).run(
    entry.address.trim(),
    entry.purpose,
    hashOf(entry.address, code),
    JSON.stringify(entry.detail),
    entry.expiresAt,
  );
}

/** The live code of `address` that `code` is, if any (expired codes never match). */
export function findAddressCode(db: Db, address: string, code: string, now: string): AddressCode | null {
  const row = db
    .prepare(
      `SELECT address, purpose, detail_json, expires_at FROM address_codes
       WHERE address = ? AND code_hash = ? AND expires_at > ?`,
    )
    .get(address.trim(), hashOf(address, code), now) as
    { address: string; purpose: string; detail_json: string; expires_at: string } | undefined;
  if (!row) return null;
  return { address: row.address, purpose: row.purpose, detail: JSON.parse(row.detail_json), expiresAt: row.expires_at };
}

export function deleteAddressCode(db: Db, address: string, purpose: string): void {
  db.prepare('DELETE FROM address_codes WHERE address = ? AND purpose = ?').run(address.trim(), purpose);
}
