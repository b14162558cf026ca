// The state of one mail being executed: who sent it, who he has signed on as, the reply being
// written and the other mails it causes.
import type { Variant } from '../../core/map/variant.js';
import type { JudgeIdentity } from '../../mail/compose.js';
import type { OutgoingMail } from '../../mail/types.js';
import { ensureAccount, findAccount, type Account } from '../../store/accounts.js';
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
}

export function newSession(db: Db, now: string, judge: JudgeIdentity, sender: string): Session {
  return { db, now, judge, sender, reply: new Reply(), mails: [], signon: null, orderLines: [], cleared: false, signonFailed: false, ended: false, touched: new Set() };
}

/** The sender's account, created on first use. */
export function senderAccount(s: Session): Account {
  return findAccount(s.db, s.sender) ?? ensureAccount(s.db, s.sender);
}

export function powerName(s: Session, power: string | null): string {
  if (!power || !s.signon) return power ?? '';
  return s.signon.variant.powerById.get(power)?.name ?? power;
}
