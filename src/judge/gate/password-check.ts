// One guarded password check for every password a mail may give (SIGNON's seat and master passwords,
// a private game's join password): the guard (signon-guard.ts) may refuse the attempt unchecked, a
// wrong password is counted, a right one records the owner's path, and the owner hears of guessing.
import { verifyPasswordSync } from '../../store/passwords.js';
import type { Game } from '../../store/games.js';
import type { Session } from '../commands/session.js';
import { withUnlock } from './address-proof.js';
import type { GuardedPassword, SignonGuard } from './signon-guard.js';

/** One password given in a mail, and what it opens. */
export interface PasswordAttempt {
  target: GuardedPassword;
  password: string;
  /** The stored hash to verify against, or a test of the password. */
  check: string | null | ((pw: string) => boolean);
  /** What the password opens, for the owner's warning: "the GM password of game x". */
  what: string;
  /** What a wrong password is told: the same for every wrong word, so it tells a guesser nothing. */
  wrong: string;
}

/** Checks the password (against a hash, or by `check`) unless the guard refuses the attempt. True, or why not. */
export function checkPassword(s: Session, guard: SignonGuard, game: Game, attempt: PasswordAttempt): true | string {
  const { target, password, check, what, wrong } = attempt;
  const refusal = guard.refusal(target);
  const right = typeof check === 'function' ? check : (pw: string) => Boolean(check && verifyPasswordSync(pw, check));
  if (refusal === null && right(password)) {
    guard.succeeded(target);
    return true;
  }
  if (refusal === null) guard.failed(target);
  if (guard.refusal(target) && guard.tellOwner(target)) {
    s.mails.push({
      kind: 'notice',
      to: target.owner as string,
      subject: `Diplomacy game ${game.name}: wrong passwords for ${what}`,
      text:
        `Several wrong passwords for ${what} were sent to the judge, the latest from ${s.sender}.\n` +
        'The judge refuses further attempts for a while without checking the password; your own SIGNONs, sent as ' +
        'usual, still work.\n' +
        'If these were not yours, someone may be trying to guess your password: SIGNON, then SET PASSWORD to a ' +
        'longer one.\n',
      game: { id: game.id, name: game.name },
    });
  }
  return refusal ? withUnlock(s, refusal) : wrong;
}
