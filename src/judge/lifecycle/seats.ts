// Taking a seat in a game: JOIN (a power, assigned at the start), OBSERVE / MONITOR, TAKEOVER of a
// vacant power, RESIGN. Each seat has its own password, set by the mail that takes the seat: a
// forged JOIN or OBSERVE from an address therefore never decides the password of any other seat of
// that address (issue 11.3, account squatting).
import type { Variant } from '../../core/map/variant.js';
import type { Account } from '../../store/accounts.js';
import type { Db } from '../../store/database.js';
import type { Game } from '../../store/games.js';
import { hashPasswordSync, MIN_PASSWORD_LENGTH } from '../../store/passwords.js';
import { deleteAdvanceOrdersOfPower } from '../../store/advance-orders.js';
import { clearOrders } from '../../store/orders.js';
import { replaceDpAllocations } from '../../store/dp-allocations.js';
import { currentPhase } from '../../store/phases.js';
import {
  addSeat,
  findSeatByPower,
  listSeats,
  reassignSeat,
  removeSeat,
  setSeatStatus,
  wasEjected,
  type Seat,
} from '../../store/players.js';
import { readSettings } from '../settings.js';
import { coMastersOf } from './co-masters.js';
import { nowIso } from '../../store/database.js';
import { recordReplacement } from './replacements.js';
import { VACANT_STATUSES } from './roster.js';
import { clearVote } from './votes.js';
import { powerName } from '../../core/map/display-names.js';

export type SeatResult = { seat: Seat; note?: string } | { error: string };

/** The new seat's password hash, or why the password is not acceptable. */
function newSeatPassword(password: string): { hash: string } | { error: string } {
  if (password.length < MIN_PASSWORD_LENGTH)
    return { error: `a password needs at least ${MIN_PASSWORD_LENGTH} characters` };
  return { hash: hashPasswordSync(password) };
}

const EJECTED = 'the GM ejected you from this game; ask the GM if you think this is a mistake';

/** The game's GM or one of its co-GMs: they run the game and play no power in it. */
function isMasterAccount(game: Game, account: Account): boolean {
  const coMasters = coMastersOf(readSettings(game.settings));
  return game.gmAccountId === account.id || coMasters.some((c) => c.accountId === account.id);
}

export function greatPowers(variant: Variant): string[] {
  return variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
}

export function joinGame(
  db: Db,
  game: Game,
  variant: Variant,
  account: Account,
  password: string,
  power: string | null,
): SeatResult {
  const settings = readSettings(game.settings);
  if (game.status !== 'forming')
    return {
      error: `game ${game.name} is ${game.status}; only forming games take new players (TAKEOVER takes a vacant power)`,
    };
  if (!settings.open) return { error: `game ${game.name} is not open for joining yet (its GM has not sent FORM)` };
  if (isMasterAccount(game, account)) return { error: `you are the GM of ${game.name}; a GM cannot also play in it` };
  if (wasEjected(db, game.id, account.id)) return { error: EJECTED };
  const seats = listSeats(db, game.id);
  const own = seats.find((s) => s.accountId === account.id);
  if (own?.role === 'player') return { error: `you already have a seat in ${game.name}` };
  const players = seats.filter((s) => s.role === 'player');
  const powers = greatPowers(variant);
  if (players.length >= powers.length) return { error: `game ${game.name} is full (${powers.length} players)` };
  if (power !== null) {
    if (!settings.powerChoice)
      return { error: `game ${game.name} assigns powers at random; send JOIN ${game.name} <password> without a power` };
    if (!powers.includes(power)) return { error: `${power} is not a power you can play in ${variant.title}` };
    if (findSeatByPower(db, game.id, power)) return { error: `${powerName(variant, power)} is already taken` };
  }
  const secret = newSeatPassword(password);
  if ('error' in secret) return secret;
  // Watching first and playing later is normal, and an observer seat may be a stranger's forgery.
  if (own) removeSeat(db, own.id);
  const seat = addSeat(db, {
    gameId: game.id,
    accountId: account.id,
    role: 'player',
    power,
    passwordHash: secret.hash,
  });
  return { seat, note: `${players.length + 1} of ${powers.length} players have joined` };
}

export function watchGame(
  db: Db,
  game: Game,
  account: Account,
  password: string,
  role: 'observer' | 'monitor',
): SeatResult {
  if (game.status === 'completed' || game.status === 'terminated') return { error: `game ${game.name} is over` };
  if (listSeats(db, game.id).some((s) => s.accountId === account.id))
    return { error: `you already have a seat in ${game.name}` };
  const secret = newSeatPassword(password);
  if ('error' in secret) return secret;
  return { seat: addSeat(db, { gameId: game.id, accountId: account.id, role, passwordHash: secret.hash }) };
}

export function takeOver(
  db: Db,
  game: Game,
  variant: Variant,
  power: string,
  account: Account,
  password: string,
): SeatResult {
  if (game.status !== 'active' && game.status !== 'paused')
    return { error: `game ${game.name} is ${game.status}; TAKEOVER works in running games` };
  const seat = findSeatByPower(db, game.id, power);
  const name = powerName(variant, power);
  if (!seat || !VACANT_STATUSES.has(seat.status)) return { error: `${name} is not vacant` };
  if (isMasterAccount(game, account)) {
    return {
      error: `you are a GM of ${game.name}; to order for ${name}, SIGNON master@${game.name} and BECOME ${name}`,
    };
  }
  if (wasEjected(db, game.id, account.id)) return { error: EJECTED };
  const own = listSeats(db, game.id).find((s) => s.accountId === account.id && s.id !== seat.id);
  if (own?.role === 'player') return { error: `you already have a seat in ${game.name}` };
  const secret = newSeatPassword(password);
  if ('error' in secret) return secret;
  if (own) removeSeat(db, own.id);
  reassignSeat(db, seat.id, account.id, secret.hash);
  if (seat.accountId !== account.id) recordReplacement(db, game.id, power, seat.accountId, account.id, nowIso(db));
  // The newcomer does not inherit the previous player's draw or concession vote.
  clearVote(db, game.id, power);
  // The newcomer starts from a clean sheet: the previous player's orders and DP lines stay his.
  withdrawPhaseOrders(db, game.id, power);
  return { seat: { ...seat, accountId: account.id, status: 'active', passwordHash: secret.hash } };
}

/** RESIGN: before the start the seat goes; afterwards the power stays, vacant, for a TAKEOVER. */
export function resignSeat(db: Db, game: Game, seat: Seat): void {
  if (game.status === 'forming' || seat.role !== 'player') removeSeat(db, seat.id);
  else setSeatStatus(db, seat.id, 'resigned');
  if (seat.role === 'player') clearVote(db, game.id, seat.power);
}

/**
 * Withdraws a power's orders and DP lines for the phase now open, and its orders sent in advance for
 * later phases (a new player takes the seat).
 */
function withdrawPhaseOrders(db: Db, gameId: number, power: string): void {
  deleteAdvanceOrdersOfPower(db, gameId, power);
  const phase = currentPhase(db, gameId);
  if (!phase || phase.result) return;
  clearOrders(db, gameId, phase.phase, power);
  replaceDpAllocations(db, gameId, phase.phase, power, []);
}
