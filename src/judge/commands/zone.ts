// SET ZONE <IANA zone> / SET ZONE / SET NOZONE: the deadlines in your mail of this game also in your own
// time zone (reader-zones.ts). Anyone signed on to the game may set it: players, observers, the GM.
import { listSeats } from '../../store/players.js';
import { getGame } from '../../store/games.js';
import { currentPhase } from '../../store/phases.js';
import { deadlineOf, formatDeadline, gameZone } from '../lifecycle/deadlines.js';
import { readerZoneOf, setReaderZone } from '../reader-zones.js';
import { readerTime } from '../timing/reader-time.js';
import { resolveZone } from '../timing/zone.js';
import { senderAccount, type Session, type Signon } from './session.js';

const EXAMPLES = 'America/New_York, Europe/London, Asia/Tokyo, Australia/Sydney or UTC';

/** The account whose mail the zone is for: the seat's holder, or the sender (the GM). */
function readerAccount(s: Session, on: Signon): number {
  const seat = on.seatId === null ? null : listSeats(s.db, on.game.id).find((x) => x.id === on.seatId);
  return seat?.accountId ?? senderAccount(s).id;
}

export function setZone(s: Session, on: Signon, words: string[], clear: boolean, fail: (reason: string) => void): void {
  const game = getGame(s.db, on.game.id) ?? on.game;
  const account = readerAccount(s, on);
  if (clear || words.length === 0) {
    const had = readerZoneOf(s.db, game.id, account);
    setReaderZone(s.db, game.id, account, null);
    refreshSignon(s, on);
    return s.reply.ok(
      had
        ? `Your time zone (${had}) was removed: deadlines of game ${game.name} are written in its zone, ` +
            `${gameZone(game)}, only.`
        : `You had no time zone of your own in game ${game.name}; its deadlines are written in ${gameZone(game)}.`,
    );
  }
  if (words.length > 1) return fail(`SET ZONE takes one IANA zone name, such as ${EXAMPLES}`);
  const zone = resolveZone(words[0]);
  if (!zone) return fail(`"${words[0]}" is not a time zone the judge knows: write an IANA name such as ${EXAMPLES}`);
  setReaderZone(s.db, game.id, account, zone);
  refreshSignon(s, on);
  const phase = game.status === 'active' ? currentPhase(s.db, game.id)?.phase : undefined;
  const due = phase ? deadlineOf(s.db, game.id, phase) : null;
  // Written here in the zone just set: the reply is rewritten for the mail's last zone, and leaves an instant
  // already annotated alone (a mail may set several).
  const own = due && zone !== gameZone(game) ? ` (your time: ${readerTime(Date.parse(due), zone)})` : '';
  const example = due ? ` The deadline for ${phase} is ${formatDeadline(due, gameZone(game))}${own}.` : '';
  s.reply.ok(
    `Your time zone in game ${game.name} is now ${zone}: every deadline in your mail from this game is ` +
      `written in it as well as in the game's zone (${gameZone(game)}).${example}`,
  );
}

/** Later commands of the same mail read the game's settings from the sign-on: they must see the zone. */
function refreshSignon(s: Session, on: Signon): void {
  const fresh = getGame(s.db, on.game.id);
  if (fresh && s.signon) s.signon = { ...s.signon, game: fresh };
}
