// The state of one mail being executed: who sent it, who he has signed on as, the reply being
// written and the other mails it causes.
import type { Variant } from '../../core/map/variant.js';
import type { JudgeIdentity } from '../../mail/compose.js';
import type { MailOrigin } from '../../mail/origin.js';
import type { OutgoingMail } from '../../mail/types.js';
import type { MailAttachment } from '../../store/outbox.js';
import { ensureAccount, findAccount, getAccount, type Account } from '../../store/accounts.js';
import type { Db } from '../../store/database.js';
import type { Game } from '../../store/games.js';
import { Reply } from '../reply.js';
import type { OtherItem } from './tokenize.js';

export type Role = 'player' | 'master' | 'observer' | 'monitor';

export interface Signon {
  game: Game;
  variant: Variant;
  role: Role;
  power: string | null;
  seatId: number | null;
  /**
   * Signed on with a master password: as the GM (role master), or as the GM acting for a power (role
   * player, seatId null: BECOME, or a power's SIGNON with the game password). coMasterAccountId names
   * the co-GM whose own password it was (null: the game password).
   */
  gm?: { coMasterAccountId: number | null };
  /**
   * 'password': signed on by the seat's (or the game's) password in this mail. Absent when the mail
   * took the seat (JOIN, OBSERVE, MONITOR, TAKEOVER), which proves nothing about other seats.
   */
  proof?: 'password';
}

export interface Session {
  db: Db;
  now: string;
  judge: JudgeIdentity;
  sender: string;
  reply: Reply;
  mails: OutgoingMail[];
  signon: Signon | null;
  /** Lines after SIGNON that are not commands: orders and DP bids, read together at the end. */
  orderLines: OtherItem[];
  /** CLEAR was sent: earlier lines are dropped and the stored set withdrawn unless new lines follow. */
  cleared: boolean;
  /** The last SIGNON failed: the order lines after it are ignored, not read as commands. */
  signonFailed: boolean;
  /** SIGNOFF seen: the rest of the mail is ignored. */
  ended: boolean;
  /** Games whose state changed (for the daemon's tick). */
  touched: Set<number>;
  /**
   * Addresses on record that get a copy of this mail's reply, because someone signed on to their seat
   * (or as their game's GM) from another address; keyed by address, the value says what happened.
   */
  replyCopies: Map<string, { game: string; gameId: number; note: string }>;
  /** The mail's sending path and whether its From is verified (src/mail/origin.ts). */
  origin?: MailOrigin;
  /** The mail answered a code mailed to its From (CONFIRM): it comes from the address's owner. */
  addressProven: boolean;
  /** A CONFIRM was read in this mail (one a mail is checked). */
  codeChecked: boolean;
  /** Files the reply carries (MAP's picture). */
  attachments: MailAttachment[];
  /** Work that needs the mail's orders stored first (a player's PREVIEW): run after the last flush. */
  afterOrders: (() => void)[];
}

export function newSession(db: Db, now: string, judge: JudgeIdentity, sender: string, origin?: MailOrigin): Session {
  const session: Session = {
    db,
    now,
    judge,
    sender,
    reply: new Reply(),
    mails: [],
    signon: null,
    orderLines: [],
    cleared: false,
    signonFailed: false,
    ended: false,
    touched: new Set(),
    replyCopies: new Map(),
    origin,
    addressProven: false,
    codeChecked: false,
    attachments: [],
    afterOrders: [],
  };
  session.reply.scope = () => session.signon?.game.id ?? null;
  return session;
}

/** The sender's account, created on first use. */
export function senderAccount(s: Session): Account {
  return findAccount(s.db, s.sender) ?? ensureAccount(s.db, s.sender);
}

/** Records that the owner of `accountId` gets a copy of the reply, unless he is the sender. */
export function copyReplyToOwner(s: Session, accountId: number | null, game: Game, what: string): void {
  const owner = accountId === null ? null : getAccount(s.db, accountId)?.address;
  if (!owner || owner.toLowerCase() === s.sender.toLowerCase() || s.replyCopies.has(owner)) return;
  s.replyCopies.set(owner, {
    game: game.name,
    gameId: game.id,
    note:
      `Someone signed on as ${what} in game ${game.name} from ${s.sender || 'an unknown address'}, which is not the ` +
      `address on record for it, and gave the right password. Below is a copy of the judge's reply to that mail, as
far as it concerns game ${game.name}.
If this was not you, change your password at once (SIGNON, then SET PASSWORD) and tell the GM.`,
  });
}

/**
 * The owners' copies of the reply (see copyReplyToOwner), to queue with the reply itself. Each carries its
 * own game's part only: the rest of the mail may concern games (and players' addresses) the owner has no
 * part in.
 */
export function replyCopyMails(s: Session): OutgoingMail[] {
  return [...s.replyCopies].map(([address, copy]) => ({
    kind: 'notice',
    to: address,
    subject: `Diplomacy game ${copy.game}: sign-on from another address`,
    text: `${copy.note}

${'-'.repeat(70)}
${s.reply.render({ game: copy.gameId })}`,
  }));
}

/**
 * Queues a deadline-change notice, replacing one this mail queued before for the same game: two
 * SET DEADLINE lines in one mail announce only the deadline that stands, in one notice.
 */
export function announceDeadline(s: Session, notice: OutgoingMail): void {
  const earlier = s.mails.findIndex(
    (m) => m.subject?.startsWith('Diplomacy deadline changed') && m.game?.id === notice.game?.id,
  );
  if (earlier >= 0) s.mails.splice(earlier, 1);
  s.mails.push(notice);
}

/** True when the sign-on is the GM acting for a power (BECOME, or SIGNON power@game with a master password). */
export function isGmActing(on: Signon | null): boolean {
  return Boolean(on && on.gm && on.role === 'player');
}
