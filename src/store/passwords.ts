// Password hashing with scrypt (node:crypto), one random salt per password. The stored form carries
// its own parameters, so the cost can be raised later without invalidating existing hashes:
//   scrypt$N$r$p$<salt base64>$<hash base64>
// Both async and sync forms exist because mail is handled inside a better-sqlite3 transaction, which
// must be synchronous: a command handler checking a SIGNON password has to use the sync form.
import { createHmac, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const DEFAULT_COST = { N: 16384, r: 8, p: 1 };
const MAX_MEMORY = 64 * 1024 * 1024;

interface ParsedHash {
  cost: ScryptOptions;
  salt: Buffer;
  key: Buffer;
}

function encode(cost: typeof DEFAULT_COST, salt: Buffer, key: Buffer): string {
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function decode(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return null;
  const key = Buffer.from(parts[5], 'base64');
  if (key.length !== KEY_LENGTH) return null;
  return { cost: { N, r, p, maxmem: MAX_MEMORY }, salt: Buffer.from(parts[4], 'base64'), key };
}

// Unicode-normalised so the same password typed on two systems hashes the same.
const prepare = (password: string) => password.normalize('NFC');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(prepare(password), salt, KEY_LENGTH, { ...DEFAULT_COST, maxmem: MAX_MEMORY }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
  return encode(DEFAULT_COST, salt, key);
}

export function hashPasswordSync(password: string): string {
  const salt = randomBytes(SALT_LENGTH);
  return encode(
    DEFAULT_COST,
    salt,
    scryptSync(prepare(password), salt, KEY_LENGTH, { ...DEFAULT_COST, maxmem: MAX_MEMORY }),
  );
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = decode(stored);
  if (!parsed) return false;
  const remembered = verifiedKey(password, stored);
  if (verified.has(remembered)) return true;
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(prepare(password), parsed.salt, KEY_LENGTH, parsed.cost, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
  return remember(remembered, timingSafeEqual(actual, parsed.key));
}

export function verifyPasswordSync(password: string, stored: string): boolean {
  const parsed = decode(stored);
  if (!parsed) return false;
  const remembered = verifiedKey(password, stored);
  if (verified.has(remembered)) return true;
  return remember(
    remembered,
    timingSafeEqual(scryptSync(prepare(password), parsed.salt, KEY_LENGTH, parsed.cost), parsed.key),
  );
}

// Every order mail carries its SIGNON password, and scrypt costs ~25 ms of CPU: alone it would hold
// the judge to ~40 mails a second. So the process remembers passwords it has verified, as an HMAC
// under a key that lives only in this process's memory. Only successes are remembered: a wrong
// guess always pays the full scrypt. A changed password has a new stored hash, hence a new entry.
// This gives nothing away that the process does not see anyway: the passwords arrive in clear in
// the mails it reads.
const MAX_VERIFIED = 20_000;
const verifiedSecret = randomBytes(32);
const verified = new Set<string>();

function verifiedKey(password: string, stored: string): string {
  return createHmac('sha256', verifiedSecret).update(stored).update('\0').update(prepare(password)).digest('base64');
}

function remember(key: string, ok: boolean): boolean {
  if (!ok) return false;
  // Oldest first out: a Set iterates in insertion order.
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.values().next().value as string);
  verified.add(key);
  return true;
}

/** The shortest password the judge takes (seat, game, join and co-GM passwords alike). */
export const MIN_PASSWORD_LENGTH = 4;
