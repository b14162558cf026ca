// Seats in a game: players hold a power; observers and monitors watch without one.
import type { Db } from './database.js';

export type SeatRole = 'player' | 'observer' | 'monitor';

export interface Seat<Absence = unknown> {
  id: number;
  gameId: number;
  power: string | null;
  accountId: number;
  role: SeatRole;
  /** Free text owned by the game layer, e.g. 'active', 'cd', 'resigned', 'dummy', 'eliminated'. */
  status: string;
  wait: boolean;
  absence: Absence | null;
  /** The seat's own password (scrypt); each seat has its own, set by the JOIN / OBSERVE / TAKEOVER. */
  passwordHash: string | null;
  /** The deadlines its player missed (each phase counted once); a new player starts at 0. */
  lateCount: number;
}

interface SeatRow {
  id: number;
  game_id: number;
  power: string | null;
  account_id: number;
  role: SeatRole;
  status: string;
  wait: number;
  absence_json: string | null;
  password_hash: string | null;
  late_count: number;
}

const toSeat = (row: SeatRow): Seat => ({
  id: row.id,
  gameId: row.game_id,
  power: row.power,
  accountId: row.account_id,
  role: row.role,
  status: row.status,
  wait: row.wait === 1,
  absence: row.absence_json === null ? null : JSON.parse(row.absence_json),
  passwordHash: row.password_hash,
  lateCount: row.late_count ?? 0,
});

export interface NewSeat {
  gameId: number;
  accountId: number;
  role: SeatRole;
  power?: string | null;
  status?: string;
  passwordHash?: string | null;
}

export function addSeat(db: Db, seat: NewSeat): Seat {
  const result = db
    .prepare(
      'INSERT INTO game_players (game_id, power, account_id, role, status, password_hash) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(
      seat.gameId,
      seat.power ?? null,
      seat.accountId,
      seat.role,
      seat.status ?? 'active',
      seat.passwordHash ?? null,
    );
  return getSeat(db, Number(result.lastInsertRowid)) as Seat;
}

export function getSeat(db: Db, id: number): Seat | null {
  const row = db.prepare('SELECT * FROM game_players WHERE id = ?').get(id) as SeatRow | undefined;
  return row ? toSeat(row) : null;
}

export function listSeats(db: Db, gameId: number): Seat[] {
  return (db.prepare('SELECT * FROM game_players WHERE game_id = ? ORDER BY id').all(gameId) as SeatRow[]).map(toSeat);
}

export function findSeatByPower(db: Db, gameId: number, power: string): Seat | null {
  const row = db.prepare('SELECT * FROM game_players WHERE game_id = ? AND power = ?').get(gameId, power) as
    SeatRow | undefined;
  return row ? toSeat(row) : null;
}

/** Every seat an account holds, across games. */
export function seatsOfAccount(db: Db, accountId: number): Seat[] {
  return (db.prepare('SELECT * FROM game_players WHERE account_id = ? ORDER BY id').all(accountId) as SeatRow[]).map(
    toSeat,
  );
}

export function setSeatStatus(db: Db, seatId: number, status: string): void {
  db.prepare('UPDATE game_players SET status = ? WHERE id = ?').run(status, seatId);
}

export function setSeatWait(db: Db, seatId: number, wait: boolean): void {
  db.prepare('UPDATE game_players SET wait = ? WHERE id = ?').run(wait ? 1 : 0, seatId);
}

export function setSeatAbsence(db: Db, seatId: number, absence: unknown | null): void {
  db.prepare('UPDATE game_players SET absence_json = ? WHERE id = ?').run(
    absence === null ? null : JSON.stringify(absence),
    seatId,
  );
}

/**
 * Gives an existing seat its power (ACTIVATE assigning the powers nobody chose), keeping the seat's id,
 * flags and absences. The unique index refuses a power that another seat of the game holds.
 */
export function setSeatPower(db: Db, seatId: number, power: string | null): void {
  db.prepare('UPDATE game_players SET power = ? WHERE id = ?').run(power, seatId);
}

/** TAKEOVER / replacement: the power stays, the account behind it (and its password) changes. */
export function reassignSeat(db: Db, seatId: number, accountId: number, passwordHash: string): void {
  db.prepare(
    `UPDATE game_players SET account_id = ?, password_hash = ?, status = 'active', wait = 0, absence_json = NULL,
       late_count = 0, late_phase = NULL
     WHERE id = ?`,
  ).run(accountId, passwordHash, seatId);
}

/** SET ADDRESS, once confirmed: the seat, with its password, status and flags, now belongs to `accountId`. */
export function setSeatAccount(db: Db, seatId: number, accountId: number): void {
  db.prepare('UPDATE game_players SET account_id = ? WHERE id = ?').run(accountId, seatId);
}

export function setSeatPassword(db: Db, seatId: number, passwordHash: string): void {
  db.prepare('UPDATE game_players SET password_hash = ? WHERE id = ?').run(passwordHash, seatId);
}

/** EJECT: the account may not come back to this game by JOIN or TAKEOVER. */
export function recordEjection(db: Db, gameId: number, accountId: number, power: string | null, at: string): void {
  db.prepare('INSERT OR REPLACE INTO ejections (game_id, account_id, power, ejected_at) VALUES (?, ?, ?, ?)').run(
    gameId,
    accountId,
    power,
    at,
  );
}

export function wasEjected(db: Db, gameId: number, accountId: number): boolean {
  return (
    db.prepare('SELECT 1 FROM ejections WHERE game_id = ? AND account_id = ?').get(gameId, accountId) !== undefined
  );
}

export function removeSeat(db: Db, seatId: number): void {
  db.prepare('DELETE FROM game_players WHERE id = ?').run(seatId);
}

/** True when the address plays, or is GM, in a game not yet over (the judge's regular correspondents). */
export function playsInRunningGame(db: Db, address: string): boolean {
  const row = db
    .prepare(
      `SELECT 1 FROM accounts a JOIN games g ON g.status IN ('forming','active','paused')
       WHERE a.address = ? COLLATE NOCASE
         AND (g.gm_account_id = a.id OR EXISTS (
           SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.account_id = a.id AND p.role = 'player'))
       LIMIT 1`,
    )
    .get(address.trim());
  return row !== undefined;
}

/** The seat's player missed the deadline of `phase`: counted once per phase, however often it passes. */
export function recordLate(db: Db, seatId: number, phase: string): void {
  db.prepare(
    `UPDATE game_players SET late_count = late_count + 1, late_phase = ?
     WHERE id = ? AND (late_phase IS NULL OR late_phase <> ?)`,
  ).run(phase, seatId, phase);
}

/** The GM's correction (SET LATE COUNT power n): the count becomes n. */
export function setLateCount(db: Db, seatId: number, count: number): void {
  db.prepare('UPDATE game_players SET late_count = ? WHERE id = ?').run(count, seatId);
}
