// Taking a seat in a game: JOIN (a power, assigned at the start), OBSERVE / MONITOR, TAKEOVER of a
// vacant power, RESIGN. One password per address: the first seat sets it, later seats must match.
import type { Variant } from '../../core/map/variant.js';
import { setPasswordHash, type Account } from '../../store/accounts.js';
import type { Db } from '../../store/database.js';
import type { Game } from '../../store/games.js';
import { hashPasswordSync, verifyPasswordSync } from '../../store/passwords.js';
import { addSeat, findSeatByPower, listSeats, reassignSeat, removeSeat, setSeatStatus, type Seat } from '../../store/players.js';
import { readSettings } from '../settings.js';
import { VACANT_STATUSES } from './roster.js';

export type SeatResult = { seat: Seat; note?: string } | { error: string };

export const NOT_THIS_ADDRESS_PASSWORD = 'that is not the password of this address (one address has one password; SET PASSWORD changes it)';

/** Checks the password against the account's, or makes it the account's password if it has none. */
export function claimPassword(db: Db, account: Account, password: string): string | null {
  if (account.passwordHash) return verifyPasswordSync(password, account.passwordHash) ? null : NOT_THIS_ADDRESS_PASSWORD;
  if (password.length < 4) return 'a password needs at least 4 characters';
  setPasswordHash(db, account.id, hashPasswordSync(password));
  account.passwordHash = 'set';
  return null;
}

export function greatPowers(variant: Variant): string[] {
  return variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
}

export function joinGame(db: Db, game: Game, variant: Variant, account: Account, password: string, power: string | null): SeatResult {
  const settings = readSettings(game.settings);
  if (game.status !== 'forming') return { error: `game ${game.name} is ${game.status}; only forming games take new players (TAKEOVER takes a vacant power)` };
  if (!settings.open) return { error: `game ${game.name} is not open for joining yet (its GM has not sent FORM)` };
  if (game.gmAccountId === account.id) return { error: `you are the GM of ${game.name}; a GM cannot also play in it` };
  const seats = listSeats(db, game.id);
  if (seats.some((s) => s.accountId === account.id)) return { error: `you already have a seat in ${game.name}` };
  const players = seats.filter((s) => s.role === 'player');
  const powers = greatPowers(variant);
  if (players.length >= powers.length) return { error: `game ${game.name} is full (${powers.length} players)` };
  if (power !== null) {
    if (!settings.powerChoice) return { error: `game ${game.name} assigns powers at random; send JOIN ${game.name} <password> without a power` };
    if (!powers.includes(power)) return { error: `${power} is not a power you can play in ${variant.title}` };
    if (findSeatByPower(db, game.id, power)) return { error: `${variant.powerById.get(power)?.name ?? power} is already taken` };
  }
  const problem = claimPassword(db, account, password);
  if (problem) return { error: problem };
  const seat = addSeat(db, { gameId: game.id, accountId: account.id, role: 'player', power });
  return { seat, note: `${players.length + 1} of ${powers.length} players have joined` };
}

export function watchGame(db: Db, game: Game, account: Account, password: string, role: 'observer' | 'monitor'): SeatResult {
  if (game.status === 'completed' || game.status === 'terminated') return { error: `game ${game.name} is over` };
  if (listSeats(db, game.id).some((s) => s.accountId === account.id)) return { error: `you already have a seat in ${game.name}` };
  const problem = claimPassword(db, account, password);
  if (problem) return { error: problem };
  return { seat: addSeat(db, { gameId: game.id, accountId: account.id, role }) };
}

export function takeOver(db: Db, game: Game, variant: Variant, power: string, account: Account, password: string): SeatResult {
  if (game.status !== 'active' && game.status !== 'paused') return { error: `game ${game.name} is ${game.status}; TAKEOVER works in running games` };
  const seat = findSeatByPower(db, game.id, power);
  const name = variant.powerById.get(power)?.name ?? power;
  if (!seat || !VACANT_STATUSES.has(seat.status)) return { error: `${name} is not vacant` };
  if (listSeats(db, game.id).some((s) => s.accountId === account.id && s.id !== seat.id)) return { error: `you already have a seat in ${game.name}` };
  const problem = claimPassword(db, account, password);
  if (problem) return { error: problem };
  reassignSeat(db, seat.id, account.id);
  return { seat: { ...seat, accountId: account.id, status: 'active' } };
}

/** RESIGN: before the start the seat goes; afterwards the power stays, vacant, for a TAKEOVER. */
export function resignSeat(db: Db, game: Game, seat: Seat): void {
  if (game.status === 'forming' || seat.role !== 'player') removeSeat(db, seat.id);
  else setSeatStatus(db, seat.id, 'resigned');
}
