// A player's SET DEADLINE under RULE PLAYER_DEADLINES (DPjudge): the players extend the open phase's
// deadline by agreement. Each player's SET DEADLINE +24H is his agreement to that extension; the table
// (and the GM) is told; once every power still playing has agreed to the same number of hours, the
// deadline moves by it and everyone is told as for the GM's SET DEADLINE. The rule caps each extension
// and how many a phase may have; only the GM may shorten a deadline or move it further.
import { getGame, setGameSettings, type Game } from '../../store/games.js';
import { currentPhase } from '../../store/phases.js';
import { powerName } from '../../core/map/display-names.js';
import { deadlineChangeMail, formatDeadline, gameZone, phaseClock, setDeadline } from '../lifecycle/deadlines.js';
import { activePlayers, gameNotice } from '../lifecycle/roster.js';
import { readSettings, type GameSettings } from '../settings.js';
import { parseHours } from '../timing/duration.js';
import { announceDeadline, type Session, type Signon } from './session.js';

type Fail = (reason: string) => void;

/** Whether a player's SET DEADLINE is his (the rule is on); without it, SET DEADLINE is the GM's. */
export function playersSetDeadlines(game: Game): boolean {
  return Boolean(readSettings(game.settings).playerDeadlines);
}

/**
 * "+24H", "+2D", "+ 36 h", "+1D12H": the hours of an extension, or null. After the plus, a duration as
 * every other deadline setting reads one (parseHours).
 */
function extensionHours(words: string[]): number | null {
  const m = /^\+(.+)$/.exec(words.join('').trim());
  return m ? parseHours(m[1]) : null;
}

export function playerDeadline(s: Session, on: Signon, rest: string[], fail: Fail): void {
  const game = getGame(s.db, on.game.id) ?? on.game;
  const settings = readSettings(game.settings);
  const rule = settings.playerDeadlines;
  const phase = currentPhase(s.db, game.id)?.phase;
  if (!rule || !phase || !on.power || game.status !== 'active')
    return fail(`game ${game.name} is ${game.status}; deadlines run only in active games`);
  const clock = phaseClock(s.db, game.id, phase);
  if (clock.state !== 'running')
    return fail(`the deadline of ${phase} has passed; only the GM can move it now (PRESS TO Master)`);
  const hours = extensionHours(rest);
  const usage = `SET DEADLINE +24H (players may only extend it, by at most ${rule.hours} hours)`;
  if (hours === null || hours < 1) return fail(`players agree to an extension: ${usage}`);
  if (hours > rule.hours) return fail(`RULE PLAYER_DEADLINES allows at most ${rule.hours} hours: ${usage}`);
  const open = settings.deadlineAgreements?.phase === phase ? settings.deadlineAgreements : null;
  const state = open ?? { phase, extensions: 0, agreed: {} };
  if (state.extensions >= rule.perPhase)
    return fail(
      `${phase} was extended ${times(state.extensions)} already, as often as RULE PLAYER_DEADLINES allows a phase; ` +
        'ask the GM (PRESS TO Master)',
    );
  const agreed = { ...state.agreed, [on.power]: hours };
  const waiting = activePlayers(s.db, game.id)
    .map((seat) => seat.power as string)
    .filter((power) => agreed[power] !== hours);
  // The same agreement again (a mail repeating the line, or sent twice) tells the table nothing new.
  if (waiting.length && state.agreed[on.power] === hours)
    return s.reply.ok(
      `Your agreement to extend ${phase} by ${hours} hours stands; still to agree: ${names(on, waiting)}.`,
    );
  if (waiting.length) return recordAgreement(s, on, game, settings, { ...state, agreed }, hours, waiting);
  extend(s, game, settings, { phase, extensions: state.extensions + 1, agreed: {} }, clock.deadline, hours);
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);
const names = (on: Signon, powers: string[]) => powers.map((p) => powerName(on.variant, p)).join(', ');

function recordAgreement(
  s: Session,
  on: Signon,
  game: Game,
  settings: GameSettings,
  state: NonNullable<GameSettings['deadlineAgreements']>,
  hours: number,
  waiting: string[],
): void {
  setGameSettings(s.db, game.id, { ...settings, deadlineAgreements: state });
  const who = powerName(on.variant, on.power as string);
  const body =
    `${who} agrees to extend the deadline of ${state.phase} by ${hours} hours (RULE PLAYER_DEADLINES). It moves ` +
    `when every power still playing agrees to the same: send SIGNON, then SET DEADLINE +${hours}H.\n` +
    `Still to agree: ${names(on, waiting)}.`;
  const notice = gameNotice(s.db, game, `Diplomacy game ${game.name}: deadline extension asked`, body);
  if (notice) s.mails.push(notice);
  s.reply.ok(
    `Your agreement to extend ${state.phase} by ${hours} hours is recorded; still to agree: ${names(on, waiting)}.`,
  );
}

function extend(
  s: Session,
  game: Game,
  settings: GameSettings,
  state: NonNullable<GameSettings['deadlineAgreements']>,
  deadline: string,
  hours: number,
): void {
  const due = new Date(Date.parse(deadline) + hours * 3_600_000).toISOString();
  setGameSettings(s.db, game.id, { ...settings, deadlineAgreements: state });
  setDeadline(s.db, game, state.phase, due, s.now);
  const why = `by ${hours} hours, by agreement of every power still playing`;
  announceDeadline(s, deadlineChangeMail(s.db, game, state.phase, due, s.now, why));
  s.reply.ok(
    `Every power agreed: the deadline for ${state.phase} is now ${formatDeadline(due, gameZone(game))}; ` +
      'everyone, the GM too, was told.',
  );
}
