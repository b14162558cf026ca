// SET DRAW [powers] / SET NODRAW / SET CONCEDE power / SET NOCONCEDE: a player's secret vote for the
// phase open now, and the end of the game once the votes agree (lifecycle/votes.ts says when).
import type { Variant } from '../../core/map/variant.js';
import type { Position, PowerId } from '../../core/types.js';
import { renderCounts } from '../../render/position-listing.js';
import { getGame, setGameSettings, setGameStatus, type Game } from '../../store/games.js';
import { cancelJob } from '../../store/jobs.js';
import { calendarRequest } from '../calendar/deadline-attachment.js';
import { currentPhase } from '../../store/phases.js';
import { dpRevealText } from '../dp-mail.js';
import { deadlineJobKey } from '../lifecycle/deadlines.js';
import { resultRecipients } from '../lifecycle/roster.js';
import { flushOrders } from './orders.js';
import { recordEnding } from '../lifecycle/game-end.js';
import { findPower } from '../lifecycle/target.js';
import { takeoverCommand } from '../lifecycle/private-game.js';
import { decideVotes, largestPowers, survivors, voterSeats, type VoteOutcome } from '../lifecycle/votes.js';
import { readSettings, type Vote } from '../settings.js';
import { renderTemplate } from '../template.js';
import { variantOf } from '../variants.js';
import type { Session, Signon } from './session.js';
import { powerName } from '../../core/map/display-names.js';
import { andList } from '../../render/wrap.js';

type Fail = (reason: string, suggestion?: string) => void;

/** "France, Germany and Italy". */
function listNames(variant: Variant, powers: PowerId[]): string {
  return andList(powers.map((p) => powerName(variant, p)));
}

/**
 * The powers named after SET DRAW, by name, adjective or initial, separated by spaces or commas;
 * a name of several words ("Holy Roman Empire") is matched longest first. A string: why not.
 */
function namedPowers(variant: Variant, words: string[]): PowerId[] | string {
  const parts = words
    .join(' ')
    .split(/[\s,]+/)
    .filter((w) => w && w.toUpperCase() !== 'AND');
  const powers: PowerId[] = [];
  for (let i = 0; i < parts.length;) {
    let found: { power: PowerId; length: number } | null = null;
    for (let length = Math.min(4, parts.length - i); length >= 1 && !found; length--) {
      const power = findPower(variant, parts.slice(i, i + length).join(' '));
      if (power) found = { power, length };
    }
    if (!found) return `"${parts[i]}" is not a power of ${variant.title}`;
    if (variant.powerById.get(found.power)?.kind !== 'great')
      return `${powerName(variant, found.power)} is not a Great Power`;
    if (!powers.includes(found.power)) powers.push(found.power);
    i += found.length;
  }
  return powers;
}

/** Applies one SET word to the seat's vote; a string says why it cannot be. */
function changedVote(
  on: Signon,
  position: Position,
  noDias: boolean,
  sub: string,
  rest: string[],
  mine: Vote,
): Vote | string {
  const variant = on.variant;
  const alive = survivors(variant, position);
  const next = { ...mine };
  if (sub === 'DRAW') {
    next.draw = true;
    delete next.drawWith;
    if (!rest.length) return next;
    if (!noDias) {
      const all = listNames(variant, alive);
      const game = on.game.name;
      return `a draw in game ${game} includes every surviving power (${all}); naming its powers needs RULE NO_DIAS`;
    }
    const named = namedPowers(variant, rest);
    if (typeof named === 'string') return named;
    const gone = named.filter((p) => !alive.includes(p));
    if (gone.length)
      return `${listNames(variant, gone)} ${gone.length > 1 ? 'have' : 'has'} no centre or unit left to share a draw`;
    if (named.length < 2)
      return 'a draw names at least two powers (a single winner is a concession: SET CONCEDE power)';
    next.drawWith = alive.filter((p) => named.includes(p));
    return next;
  }
  if (sub === 'NODRAW') {
    next.draw = false;
    delete next.drawWith;
    return next;
  }
  if (sub === 'NOCONCEDE') {
    delete next.concede;
    return next;
  }
  const to = rest.length ? findPower(variant, rest.join(' ')) : null;
  if (!to || variant.powerById.get(to)?.kind !== 'great')
    return 'SET CONCEDE names the power you concede to, e.g. SET CONCEDE France';
  if (to === on.power) return 'you cannot concede to yourself';
  const largest = largestPowers(variant, position);
  const name = powerName(variant, to);
  if (largest.powers.length !== 1) {
    const tied = listNames(variant, largest.powers);
    return `a concession goes only to the largest power, and ${tied} share the most centres (${largest.centres})`;
  }
  if (largest.powers[0] !== to) {
    const owned = Object.values(position.owners).filter((p) => p === to).length;
    const biggest = `${listNames(variant, largest.powers)} with ${largest.centres} centres`;
    return `a concession goes only to the largest power: ${biggest} (${name} has ${owned})`;
  }
  next.concede = to;
  return next;
}

function voteSummary(variant: Variant, position: Position, vote: Vote): string {
  const draw = !vote.draw
    ? 'no draw'
    : vote.drawWith
      ? `draw among ${listNames(variant, vote.drawWith)}`
      : `draw among all surviving powers (${listNames(variant, survivors(variant, position))})`;
  return `${draw}${vote.concede ? `, concede to ${powerName(variant, vote.concede)}` : ''}`;
}

/**
 * "Your vote for S1901M: draw among ...", for STATUS: the vote the player cast this phase, to himself
 * alone (a GM acting for his power does not see it). Null when the phase has no votes to show.
 */
export function ownVoteLine(s: Session, on: Signon): string | null {
  if (on.gm || on.seatId === null || !on.power) return null;
  const record = currentPhase(s.db, on.game.id);
  if (!record || record.result) return null;
  const game = getGame(s.db, on.game.id) ?? on.game;
  const stored = readSettings(game.settings).votes[on.power];
  const seat = voterSeats(s.db, game.id, on.variant, record.position).find((x) => x.id === on.seatId);
  if (!seat) return null;
  const mine = stored && stored.phase === record.phase && stored.accountId === seat.accountId ? stored : null;
  const cast = mine && (mine.draw || mine.concede) ? voteSummary(on.variant, record.position, mine) : null;
  return `Your vote for ${record.phase}: ${cast ?? 'none (SET DRAW or SET CONCEDE power to vote)'}.`;
}

/** Why a signed-on player has no vote: his power is out, or he does not play it now (civil disorder). */
function noVoteReason(on: Signon, position: Position): string {
  const power = on.power as string;
  const name = powerName(on.variant, power);
  if (!survivors(on.variant, position).includes(power))
    return `${name} has no centre or unit left: only surviving powers vote`;
  return (
    `${name} is in civil disorder: only players who still play their power vote ` +
    `(to play it again: ${takeoverCommand(on.game, power, '<your password>')}, or ask the GM to REVIVE it)`
  );
}

export function vote(s: Session, on: Signon, sub: string, rest: string[], fail: Fail): void {
  // The order lines above the vote are this phase's: stored before a vote that may end the game, or the
  // mail would answer its own orders "game is completed".
  flushOrders(s);
  const game = getGame(s.db, on.game.id) ?? on.game;
  if (game.status !== 'active' && game.status !== 'paused') return fail(`game ${game.name} is ${game.status}`);
  const record = currentPhase(s.db, game.id);
  if (!record || record.result) return fail(`game ${game.name} has no phase open for votes`);
  const seat = voterSeats(s.db, game.id, on.variant, record.position).find((x) => x.id === on.seatId);
  if (!seat) return fail(noVoteReason(on, record.position));
  const settings = readSettings(game.settings);
  const power = on.power as string;
  const stored = settings.votes[power];
  // A vote from an earlier phase or an earlier player of the seat is gone: start afresh.
  const mine = stored && stored.phase === record.phase && stored.accountId === seat.accountId ? stored : {};
  const next = changedVote(on, record.position, !!settings.noDias, sub, rest, mine);
  if (typeof next === 'string') return fail(next);
  const votes = { ...settings.votes, [power]: { ...next, phase: record.phase, accountId: seat.accountId } };
  setGameSettings(s.db, game.id, { ...settings, votes });
  s.reply.ok(
    `Your vote for ${record.phase} is recorded: ${voteSummary(on.variant, record.position, next)}. ` +
      'Votes are secret until they succeed, and last until this phase is processed.',
  );
  const voters = voterSeats(s.db, game.id, on.variant, record.position);
  const outcome = decideVotes(on.variant, record.position, voters, votes, record.phase);
  if (outcome) endByVote(s, on, record.phase, outcome);
}

function outcomeText(variant: Variant, outcome: VoteOutcome): string {
  if (outcome.kind === 'draw') return `The game is drawn among ${listNames(variant, outcome.powers)}.`;
  return `Every other player conceded: ${powerName(variant, outcome.winner)} wins the game.`;
}

/** The final position summary of a game ended by a vote: centres and units per power, as POSITION shows them. */
function finalCounts(s: Session, game: Game): string {
  const position = currentPhase(s.db, game.id)?.position;
  if (!position) return '';
  return `\n\nSupply centers and units:\n\n${renderCounts(variantOf(game.variant), position).join('\n')}`;
}

/** The votes agree: the game is over, and everyone who receives its results is told. */
function endByVote(s: Session, on: Signon, phase: string, outcome: VoteOutcome): void {
  const text = outcomeText(on.variant, outcome);
  setGameStatus(s.db, on.game.id, 'completed');
  const powers = outcome.kind === 'draw' ? outcome.powers : [outcome.winner];
  recordEnding(s.db, on.game.id, { how: outcome.kind, phase, powers });
  // The phase's deadline will never come: nothing is left to process.
  cancelJob(s.db, deadlineJobKey(on.game.id, phase));
  const game = getGame(s.db, on.game.id) ?? on.game;
  // A game that ends again after a ROLLBACK is announced again: the key carries the rollback count.
  const rollbacks = readSettings(game.settings).rollbacks;
  const suffix = rollbacks ? `:after-rollback-${rollbacks}` : '';
  const reveal = dpRevealText(s.db, game);
  const counts = finalCounts(s, game);
  const body = `${text}\nThe game is over.  Thank you for playing.${counts}${reveal ? `\n\n${reveal}` : ''}`;
  // The deadline readers have in their calendars is withdrawn (one event, whatever the number of mails).
  const calendar = calendarRequest(game, phase, null, 'cancelled');
  for (const address of resultRecipients(s.db, game)) {
    s.mails.push({
      kind: 'result',
      to: address,
      subject: `Diplomacy game ${game.name} is over`,
      text: renderTemplate('notice', { game: game.name, body }),
      game: { id: game.id, name: game.name },
      dedupeKey: `over:${game.name}:${address}${suffix}`,
      attachments: calendar,
    });
  }
  s.reply.ok(text);
}
