// What one mail may cost the judge and others, counted in one place for every command (gate/index.ts):
// slow password hashes, new games, answers and the size of the reply, and the deliveries of every mail
// it causes (notices, press, OFFICIAL, PROMOTE, copies of the reply) — per mail, and per sender and
// sending path per hour, the GM included. A command is refused, with the reason, once the part of the
// budget it would draw on is spent; what ran before it stands.
import { senderKey } from '../../mail/origin.js';
import { SenderRateLimiter, type RateLimitOptions } from '../../mail/rate-limit.js';
import type { OutgoingMail } from '../../mail/types.js';
import { databaseBucketStore } from '../../store/rate-buckets.js';
import type { Session } from '../commands/session.js';
import type { Cost } from './authority.js';

export const MAIL_LIMITS = {
  /** Commands that check or set a password (each a hash of about 50 ms). */
  passwordCommands: 10,
  creates: 3,
  pressBlocks: 20,
  /** Commands that only answer (LIST, HISTORY, MAP, ...). */
  answers: 10,
  /** The reply's text and files; an answer that would start beyond it is refused. */
  replyBytes: 512 * 1024,
  /** Mails to anyone but the sender (each recipient of each mail counts once). */
  deliveries: 60,
};

/** Deliveries one sender (address and sending path) may cause an hour, over all his mails. */
export const HOURLY_DELIVERIES: RateLimitOptions = { burst: 300, perHour: 300 };

/**
 * Password checks an hour from one sending network (its mails under any From), so that a forger who
 * writes under a thousand players' addresses still costs the judge a bounded number of slow hashes. A
 * mail that answered a code mailed to its From (CONFIRM) is not counted: an honest player behind a
 * network under attack gets in that way. Mail with no path (the local mail directory) is not counted.
 */
export const HOURLY_HASHES_PER_PATH: RateLimitOptions = { burst: 200, perHour: 200 };

/** A board picture drawn at delivery, as the reply's budget counts it. */
const PICTURE_BYTES = 200 * 1024;

const ANSWER_NAMES = 'PREVIEW, POSITION, HISTORY, SUMMARY, MAP, LIST, HELP, STATUS, ROSTER, GET, VERSION';

/**
 * Why the budget refuses a command. `shared`: a bound the sender shares with others (his network's
 * password checks), which a mail that proves its address passes (gate/index.ts).
 */
export interface BudgetRefusal {
  reason: string;
  shared: boolean;
}

export class MailBudget {
  private passwords = 0;
  private creates = 0;
  private press = 0;
  private answers = 0;
  /** Deliveries the sender may still cause this hour, read when the mail arrives. */
  private readonly hourly: number;
  private readonly limiter: SenderRateLimiter;
  private readonly key: string;

  constructor(private readonly s: Session) {
    this.limiter = new SenderRateLimiter(databaseBucketStore(s.db), HOURLY_DELIVERIES);
    this.key = `deliveries:${senderKey(s.sender, s.origin)}`;
    this.hourly = this.limiter.tokens(this.key, Date.parse(s.now));
  }

  /** Why a command of these costs is refused now, or null; counts it when it may run. */
  admit(costs: readonly Cost[], isPress: boolean): BudgetRefusal | null {
    const own = (reason: string): BudgetRefusal => ({ reason, shared: false });
    if (isPress && this.press + 1 > MAIL_LIMITS.pressBlocks)
      return own(`at most ${MAIL_LIMITS.pressBlocks} press messages in one mail`);
    if (costs.includes('create') && this.creates + 1 > MAIL_LIMITS.creates)
      return own(`at most ${MAIL_LIMITS.creates} CREATE in one mail`);
    if (costs.includes('password') && this.passwords + 1 > MAIL_LIMITS.passwordCommands)
      return own(
        `at most ${MAIL_LIMITS.passwordCommands} commands with a password in one mail ` +
          '(each costs the judge a slow hash)',
      );
    if (costs.includes('password') && !this.s.addressProven && !this.takeHash())
      return {
        reason:
          `the judge checks at most ${HOURLY_HASHES_PER_PATH.burst} passwords an hour from your network, and it ` +
          'is busy now',
        shared: true,
      };
    if (costs.includes('answer')) {
      if (this.answers + 1 > MAIL_LIMITS.answers)
        return own(`at most ${MAIL_LIMITS.answers} answers (${ANSWER_NAMES}) in one mail`);
      if (replyBytes(this.s) >= MAIL_LIMITS.replyBytes)
        return own(`the reply has reached ${MAIL_LIMITS.replyBytes / 1024} KB, as much as one mail carries`);
    }
    if (costs.includes('mail') || isPress) {
      const sent = deliveries(this.s);
      if (sent >= MAIL_LIMITS.deliveries)
        return own(`this mail has caused ${sent} mails to others, as many as one mail may (${MAIL_LIMITS.deliveries})`);
      if (sent >= this.hourly)
        return own(
          'you have caused as many mails to others as the judge sends for one sender in an hour ' +
            `(${HOURLY_DELIVERIES.burst}); try again later`,
        );
    }
    if (isPress) this.press += 1;
    if (costs.includes('create')) this.creates += 1;
    if (costs.includes('password')) this.passwords += 1;
    if (costs.includes('answer')) this.answers += 1;
    return null;
  }

  /** One password check from the mail's sending network; false when the network's hour is spent. */
  private takeHash(): boolean {
    const path = this.s.origin && !this.s.origin.verified ? this.s.origin.path : null;
    if (path === null) return true;
    const hashes = new SenderRateLimiter(databaseBucketStore(this.s.db), HOURLY_HASHES_PER_PATH);
    return hashes.take(`hashes:via:${path}`, Date.parse(this.s.now));
  }

  /** Charges the sender's hourly allowance with what the mail caused; call once, when it is read. */
  settle(): void {
    this.limiter.spend(this.key, deliveries(this.s), Date.parse(this.s.now));
  }
}

const asList = (value: OutgoingMail['to']): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Mails to others so far: every recipient of every mail but the reply to the sender himself. */
export function deliveries(s: Session): number {
  let count = s.replyCopies.size;
  for (const mail of s.mails) {
    const recipients = [...asList(mail.to), ...asList(mail.cc), ...asList(mail.bcc)];
    count += recipients.filter((a) => a.trim().toLowerCase() !== s.sender.trim().toLowerCase()).length;
  }
  return count;
}

/** The reply's size so far: its text and the files it carries. */
export function replyBytes(s: Session): number {
  const { reply } = s;
  let bytes = 0;
  for (const line of reply.done) bytes += line.text.length;
  for (const r of reply.rejected) bytes += r.text.length + r.reason.length;
  for (const section of reply.sections) bytes += section.title.length + section.body.length;
  for (const file of s.attachments) bytes += file.content ? file.content.length : PICTURE_BYTES;
  return bytes;
}

/**
 * Mails to an address that did not write (a co-GM's code, a new address's code): each address gets a
 * few a day whoever asks, so that no GM, player or forger can make the judge mail a stranger over and
 * over (PROMOTE and DEMOTE in turn, SET ADDRESS again and again).
 */
export const UNASKED_MAILS: RateLimitOptions = { burst: 3, perHour: 3 / 24 };

/** Why the judge will not mail `address` unasked now, or null (and the mail is counted). */
export function unaskedMailRefusal(s: Session, address: string): string | null {
  const limiter = new SenderRateLimiter(databaseBucketStore(s.db), UNASKED_MAILS);
  if (limiter.take(`unasked:${address.trim().toLowerCase()}`, Date.parse(s.now))) return null;
  return `${address} has been mailed ${UNASKED_MAILS.burst} codes it did not ask for lately; try again tomorrow`;
}
