// Which mail over the rate limit is still read: a player's or GM's, as far as the mail shows it is
// his. A From line alone proves nothing, so the address must play in a running game AND the mail must
// come by a path he has signed on from, or be verified by our own server. Mail without any path (the
// local mail directory, written only by the machine's own users) cannot be told apart and is read.
import type { MailOrigin } from '../../mail/origin.js';
import { findAccount } from '../../store/accounts.js';
import type { Db } from '../../store/database.js';
import { playsInRunningGame } from '../../store/players.js';
import { isKnownSignonPath } from '../../store/signon-paths.js';

export function isKnownCorrespondent(db: Db, address: string, origin?: MailOrigin): boolean {
  if (!playsInRunningGame(db, address)) return false;
  if (!origin || origin.verified || origin.path === null) return true;
  const account = findAccount(db, address);
  return account !== null && isKnownSignonPath(db, account.id, origin.path);
}
