// Who is in a game and who gets which mail. Addresses come from the accounts at the moment of
// sending, so SET ADDRESS takes effect for the next mail.
import { addressesById, getAccount } from '../../store/accounts.js';
import type { Db } from '../../store/database.js';
import type { Game } from '../../store/games.js';
import type { OutgoingMail } from '../../mail/types.js';
import { listSeats, type Seat } from '../../store/players.js';
import { renderTemplate } from '../template.js';
import { coMasterAddresses } from './co-masters.js';

/** Seat statuses of a power nobody plays any more: its units are defaulted. */
export const VACANT_STATUSES = new Set(['cd', 'resigned', 'dummy']);

/**
 * A power in permanent civil disorder (CD power PERMANENT): out of the game for good, so it is neither
 * vacant (nobody may take it over or revive it) nor playing (never waited for, no vote, no press).
 * Its player still receives the results. A ROLLBACK to before the declaration makes it vacant again.
 */
export const DISORDERED = 'disordered';

export function addressOf(db: Db, accountId: number | null): string | null {
  return accountId === null ? null : (getAccount(db, accountId)?.address ?? null);
}

/**
 * Seat statuses whose player has left the game (RESIGN, EJECT; `dummy` from older games): the seat
 * stays for a TAKEOVER, but its former holder gets nothing more of the game.
 */
const DEPARTED_STATUSES = new Set(['resigned', 'dummy']);

export function hasDeparted(seat: Seat): boolean {
  return seat.role === 'player' && DEPARTED_STATUSES.has(seat.status);
}

/**
 * Where mail for a seat goes: its holder's address, or null when he has departed (or there is no
 * seat). Every mail of a game to a seat's holder, and every list of readers, asks this; a player who
 * resigned or was ejected is told that once (seat-news.ts) and then never again.
 */
export function seatAddress(db: Db, seat: Seat | null | undefined): string | null {
  return !seat || hasDeparted(seat) ? null : addressOf(db, seat.accountId);
}

export function playerSeats(db: Db, gameId: number): Seat[] {
  return listSeats(db, gameId).filter((s) => s.role === 'player');
}

/** A player's seat whose player still plays: asked for orders, may vote and write press. */
export function isPlaying(seat: Seat): boolean {
  return seat.role === 'player' && !VACANT_STATUSES.has(seat.status) && seat.status !== DISORDERED;
}

/** Seats whose player still plays: they are asked for orders and may vote. */
export function activePlayers(db: Db, gameId: number): Seat[] {
  return playerSeats(db, gameId).filter(isPlaying);
}

/**
 * Results go to everyone: players, the GM, observers and monitors. `seats`: the game's seats, when the
 * caller has just read them; every address is read in one query.
 */
export function resultRecipients(db: Db, game: Game, seats = listSeats(db, game.id)): string[] {
  // A power in civil disorder still has a player who may come back; a departed one has none.
  const readers = seats.filter((s) => !hasDeparted(s)).map((s) => s.accountId);
  const gm = game.gmAccountId;
  const addresses = addressesById(db, gm === null ? readers : [...readers, gm]);
  const address = (id: number | null) => (id === null ? null : (addresses.get(id) ?? null));
  const masters = [address(gm), ...coMasterAddresses(db, game)];
  return unique([...readers.map(address), ...masters]);
}

/** A notice to everyone who receives the game's results, as one mail with the list in Bcc; null when nobody does. */
export function gameNotice(
  db: Db,
  game: Game,
  subject: string,
  body: string,
  readers = resultRecipients(db, game),
): OutgoingMail | null {
  if (!readers.length) return null;
  return {
    kind: 'notice',
    bcc: readers,
    subject,
    text: renderTemplate('notice', { game: game.name, body }),
    game: { id: game.id, name: game.name },
  };
}

/** Press readers: players, the GM and observers (monitors receive results only). */
export function pressRecipients(
  db: Db,
  game: Game,
): { power: string | null; role: Seat['role'] | 'master'; address: string }[] {
  const out: { power: string | null; role: Seat['role'] | 'master'; address: string }[] = [];
  for (const s of listSeats(db, game.id)) {
    if (s.role === 'monitor' || (s.role === 'player' && !isPlaying(s))) continue;
    const address = seatAddress(db, s);
    if (address) out.push({ power: s.power, role: s.role, address });
  }
  const gm = addressOf(db, game.gmAccountId);
  if (gm) out.push({ power: null, role: 'master', address: gm });
  // Co-GMs read what is written to the Master, as the GM does.
  for (const address of coMasterAddresses(db, game)) out.push({ power: null, role: 'master', address });
  return out;
}

export function unique(addresses: (string | null)[]): string[] {
  const seen = new Map<string, string>();
  for (const a of addresses) if (a && !seen.has(a.toLowerCase())) seen.set(a.toLowerCase(), a);
  return [...seen.values()];
}
