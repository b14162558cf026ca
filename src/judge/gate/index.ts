// The gate every line of every mail passes before it runs (commands/execute.ts): who the sender is as
// far as this mail has shown, whether that standing may run the command (authority.ts), and whether
// the mail's budget still allows what it costs (budget.ts). Commands do the work; they do not decide
// who may ask for it.
import type { Session } from '../commands/session.js';
import type { Item } from '../commands/tokenize.js';
import { readSetWord } from '../commands/verbs.js';
import { AUTHORITY, SET_AUTHORITY, type Authority, type Requirement } from './authority.js';
import type { MailBudget } from './budget.js';
import { withUnlock } from './address-proof.js';

/**
 * Who the sender is, as far as this mail has shown it:
 * - stranger: nothing proven (a From line proves nothing);
 * - address-proven: answered a code mailed to the address (CONFIRM) in this mail;
 * - new-seat: took a seat in this mail (JOIN, OBSERVE, MONITOR, TAKEOVER): that seat only;
 * - seat-holder: gave a seat's own password in this mail;
 * - gm / co-gm: gave the game's master password (his own, for a co-GM);
 * - gm-acting: the GM acting for a power (BECOME, or a power's SIGNON with a master password).
 * A departed player (resigned, ejected) cannot sign on to his old seat: he is a stranger to it.
 */
export type Standing = 'stranger' | 'address-proven' | 'new-seat' | 'seat-holder' | 'gm' | 'co-gm' | 'gm-acting';

export function standingOf(s: Session): Standing {
  const on = s.signon;
  if (!on) return s.addressProven ? 'address-proven' : 'stranger';
  if (on.gm && on.role === 'player') return 'gm-acting';
  if (on.role === 'master') return on.gm?.coMasterAccountId ? 'co-gm' : 'gm';
  return on.proof === 'password' ? 'seat-holder' : 'new-seat';
}

const MEETS: Record<Requirement, (standing: Standing, s: Session) => boolean> = {
  anyone: () => true,
  'signed-on': (standing) => standing !== 'stranger' && standing !== 'address-proven',
  player: (_, s) => s.signon?.role === 'player',
  'seat-password': (standing) => standing === 'seat-holder',
  gm: (standing) => standing === 'gm' || standing === 'co-gm',
  'gm-any': (standing) => standing === 'gm' || standing === 'co-gm' || standing === 'gm-acting',
};

function unmet(s: Session, need: Requirement, word: string, usage?: string): string {
  // A PREVIEW after a failed SIGNON previews nothing: the reason is the SIGNON (as for the orders).
  if (s.signonFailed && word === 'PREVIEW') {
    return 'ignored: the SIGNON above failed';
  }
  switch (need) {
    case 'gm':
    case 'gm-any':
      return `${word} is a GM command: SIGNON master@<game> <game password> first`;
    case 'player':
      return s.signon ? `${word} is for players: SIGNON <power>@<game> <password> first` : `${word} needs SIGNON first`;
    case 'seat-password':
      return (
        `${word} needs the seat's own password in this mail: SIGNON <power>@<game> <password> first ` +
        "(taking a seat proves nothing about the address's other seats)"
      );
    default:
      return usage ? `${word} needs SIGNON first: ${usage}` : `${word} needs SIGNON first`;
  }
}

/** The table's row for an item, and the word its refusals name it by. */
function authorityOf(item: Item): { authority: Authority; word: string } | null {
  if (item.kind === 'press')
    return { authority: AUTHORITY[item.verb], word: item.verb === 'OFFICIAL' ? 'OFFICIAL' : 'press' };
  if (item.kind !== 'command') return null;
  if (item.verb === 'SET') {
    const { sub } = readSetWord(item.args);
    const row = sub ? SET_AUTHORITY[sub] : undefined;
    // An unknown or missing SET word is answered by SET itself, with suggestions.
    if (row) return { authority: row, word: `SET ${sub}` };
  }
  const row = AUTHORITY[item.verb];
  return row ? { authority: row, word: item.verb } : null;
}

/** Why the item may not run now (who the sender is, or what the mail has cost already), or null. */
export function refusalOf(s: Session, item: Item, budget: MailBudget): string | null {
  const found = authorityOf(item);
  if (!found) return null;
  const { authority, word } = found;
  if (!MEETS[authority.who](standingOf(s), s)) return unmet(s, authority.who, word, authority.usage);
  const over = budget.admit(authority.cost, item.kind === 'press');
  if (!over) return null;
  // A bound shared with others (a network's password checks) is passed by proving the address.
  if (over.shared) return withUnlock(s, `not done: ${over.reason}`);
  return `not done: ${over.reason}; send the rest in another mail`;
}
