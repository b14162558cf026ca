// Draw and concession votes (SET DRAW / SET CONCEDE) and what they decide. A vote lasts the phase it
// was cast in and belongs to the account that cast it: processing a phase, a ROLLBACK and a seat
// changing hands or falling vacant clear it, and a vote stamped with another phase or another
// account never counts (so no stale copy of the settings can bring one back).
//
// Who is in a draw: every surviving Great Power (DIAS, "draws include all survivors"): a power
// holding a centre or a unit, whether its player still plays or it is resigned, in civil disorder or
// vacant. Under RULE NO_DIAS each voter names the powers of the draw, and the draw passes when every
// voter names the same set. Either way every voter must vote for it: a voter is a player who still
// plays a surviving power. A concession goes only to the one largest power (most centres).
import type { Variant } from '../../core/map/variant.js';
import { isRetired } from '../../core/rules/variant/powers-in-play.js';
import type { Position, PowerId } from '../../core/types.js';
import type { Db } from '../../store/database.js';
import { getGame, setGameSettings } from '../../store/games.js';
import type { Seat } from '../../store/players.js';
import { readSettings, type Vote } from '../settings.js';
import { activePlayers } from './roster.js';

export type VoteOutcome = { kind: 'draw'; powers: PowerId[] } | { kind: 'concession'; winner: PowerId };

function centreCounts(position: Position): Map<PowerId, number> {
  const counts = new Map<PowerId, number>();
  for (const power of Object.values(position.owners)) counts.set(power, (counts.get(power) ?? 0) + 1);
  return counts;
}

/**
 * Great Powers still holding a centre or a unit, in the variant's order. A power in permanent civil
 * disorder (CD power PERMANENT) is out of the game even while it keeps an occupied centre for now.
 */
export function survivors(variant: Variant, position: Position): PowerId[] {
  const centres = centreCounts(position);
  const withUnits = new Set([...position.units, ...position.dislodged].map((u) => u.power));
  return variant.powers
    .filter((p) => p.kind === 'great' && !isRetired(position, p.id) && (centres.get(p.id) || withUnits.has(p.id)))
    .map((p) => p.id);
}

/** The Great Powers with the most centres, and how many that is. */
export function largestPowers(variant: Variant, position: Position): { powers: PowerId[]; centres: number } {
  const centres = centreCounts(position);
  const great = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
  const most = Math.max(0, ...great.map((p) => centres.get(p) ?? 0));
  return { powers: most ? great.filter((p) => (centres.get(p) ?? 0) === most) : [], centres: most };
}

/** The seats whose players vote: they still play, and their power survives. */
export function voterSeats(db: Db, gameId: number, variant: Variant, position: Position): Seat[] {
  const alive = new Set(survivors(variant, position));
  return activePlayers(db, gameId).filter((seat) => seat.power !== null && alive.has(seat.power));
}

/** A vote counts in the phase it was cast in, cast by the account that still holds the seat. */
function counts(vote: Vote | undefined, seat: Seat, phase: string): vote is Vote {
  return !!vote && vote.phase === phase && vote.accountId === seat.accountId;
}

const sameSet = (a: PowerId[], b: PowerId[]) => a.length === b.length && a.every((p) => b.includes(p));

/** What the votes decide for the phase open now, or null while they decide nothing. */
export function decideVotes(
  variant: Variant,
  position: Position,
  voters: Seat[],
  votes: Record<string, Vote>,
  phase: string,
): VoteOutcome | null {
  if (!voters.length) return null;
  const live = voters.map((seat) => {
    const vote = votes[seat.power as PowerId];
    return { power: seat.power as PowerId, vote: counts(vote, seat, phase) ? vote : undefined };
  });
  const alive = survivors(variant, position);
  if (live.every((x) => x.vote?.draw)) {
    const sets = live.map((x) => x.vote?.drawWith ?? alive);
    if (sets.every((set) => sameSet(set, sets[0])) && sets[0].every((p) => alive.includes(p))) {
      return { kind: 'draw', powers: alive.filter((p) => sets[0].includes(p)) };
    }
  }
  const largest = largestPowers(variant, position).powers;
  if (largest.length !== 1) return null;
  const winner = largest[0];
  const others = live.filter((x) => x.power !== winner);
  if (others.length && others.every((x) => x.vote?.concede === winner)) return { kind: 'concession', winner };
  return null;
}

/** Every vote of the game is void: a phase was processed or the game rolled back. */
export function clearVotes(db: Db, gameId: number): void {
  const game = getGame(db, gameId);
  if (!game) return;
  const settings = readSettings(game.settings);
  if (!Object.keys(settings.votes).length) return;
  setGameSettings(db, gameId, { ...settings, votes: {} });
}

/** A seat changed hands or fell vacant: its vote goes with the player who cast it. */
export function clearVote(db: Db, gameId: number, power: PowerId | null): void {
  const game = getGame(db, gameId);
  if (!game || power === null) return;
  const settings = readSettings(game.settings);
  if (!(power in settings.votes)) return;
  const votes = { ...settings.votes };
  delete votes[power];
  setGameSettings(db, gameId, { ...settings, votes });
}
