// SET PRESS COPY / SET NOPRESS COPY: a reader's own press, copied into the judge's reply to the mail
// that sent it (press.ts asks wantsPressCopy). HISTORY keeps the rest of his archive (board-info.ts).
import { getGame, setGameSettings } from '../../store/games.js';
import { getSeat } from '../../store/players.js';
import { readSettings } from '../settings.js';
import type { Session, Signon } from './session.js';

/**
 * Whose copy flag a sign-on sets: the seat's holder, or the GM (a co-GM his own). Null for the GM
 * acting for a power: the power's player decides about his own copies.
 */
export function pressCopyOwner(s: Session, on: Signon): number | null {
  if (on.role === 'master') return on.gm?.coMasterAccountId ?? on.game.gmAccountId;
  if (on.seatId === null) return null;
  return getSeat(s.db, on.seatId)?.accountId ?? null;
}

/** Whether the signed-on sender asked for a copy of his own press in his reply (SET PRESS COPY). */
export function wantsPressCopy(s: Session, on: Signon): boolean {
  const owner = pressCopyOwner(s, on);
  const game = getGame(s.db, on.game.id) ?? on.game;
  return owner !== null && (readSettings(game.settings).pressCopies ?? []).includes(owner);
}

/**
 * SET PRESS COPY / SET NOPRESS COPY: each press this reader sends comes back in the judge's reply to
 * that mail, as its readers got it (njudge echoes press in its reply). In the reply, not in a mail of
 * its own: it goes only where the reply goes, and costs no delivery.
 */
export function setPressCopy(s: Session, on: Signon, wanted: boolean, rest: string[], fail: (r: string) => void): void {
  if (rest.length) return fail(`SET ${wanted ? 'PRESS' : 'NOPRESS'} COPY takes no more words`);
  const owner = pressCopyOwner(s, on);
  if (owner === null) return fail('the GM acting for a power sets nothing in its name: BECOME MASTER first');
  const game = getGame(s.db, on.game.id) ?? on.game;
  const settings = readSettings(game.settings);
  const others = (settings.pressCopies ?? []).filter((id) => id !== owner);
  setGameSettings(s.db, game.id, { ...settings, pressCopies: wanted ? [...others, owner] : others });
  s.reply.ok(
    wanted
      ? `PRESS COPY set: the reply to each mail of yours with press in game ${game.name} carries a copy of it.`
      : `PRESS COPY removed: replies in game ${game.name} only say to whom your press was sent.`,
  );
}
