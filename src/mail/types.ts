// The shapes that cross the boundary between mail transport and the judge.
import type { MailAttachment } from '../store/outbox.js';
import type { MailOrigin } from './origin.js';

/** An incoming mail, decoded and classified by parseIncoming(). */
export interface IncomingMail {
  /** Message-ID with angle brackets, e.g. `<abc@host>`; null when the mail has none. */
  messageId: string | null;
  /** Sender address (lower-cased domain kept as sent); null when the From header is missing or unreadable. */
  from: string | null;
  fromName: string | null;
  replyTo: string | null;
  to: string[];
  subject: string;
  date: Date | null;
  /** Whole plain-text body (HTML-only mail converted to text); quoted replies still included. */
  text: string;
  inReplyTo: string | null;
  references: string[];
  /** Out-of-office, vacation, Auto-Submitted, our own X-Loop: never answer. */
  autoReply: boolean;
  /** Delivery status notification or mail from mailer-daemon/postmaster: never answer. */
  bounce: boolean;
  /** Mailing-list or bulk mail: never answer. */
  listMail: boolean;
  /** Why the mail was classified as automated, or null for a person's mail. */
  reason: string | null;
  /** Size of the raw message in bytes. */
  size: number;
  /** The sending path and whether the From is verified (origin.ts); absent for mail built by hand. */
  origin?: MailOrigin;
  /** File names (or content types) of the attachments, which the judge does not read. */
  attachments?: string[];
}

export type OutgoingKind = 'reply' | 'result' | 'notice';

/** A mail the judge wants sent; turned into an outbox row inside the intake transaction. */
export interface OutgoingMail {
  /**
   * 'reply' answers the incoming mail (threaded, `Auto-Submitted: auto-replied`);
   * 'result' is a game result or broadcast; 'notice' is anything else the judge sends. Both get the game's
   * List-Id when they belong to a game (`game`).
   */
  kind: OutgoingKind;
  /**
   * Recipients. For a 'reply' it defaults to the incoming mail's From address; for a mail with only
   * `bcc` recipients it defaults to the judge's own address, so the header names nobody.
   */
  to?: string | string[];
  cc?: string | string[];
  /** Blind recipients: in the delivery envelope, never in a header, so no reader sees the others. */
  bcc?: string | string[];
  /** Defaults to `Re: <incoming subject>` for a reply. */
  subject?: string;
  text: string;
  /**
   * Makes queueing idempotent: a second mail with the same key is silently dropped. Give results a
   * semantic key (e.g. `result:<game>:<phase>:<address>`) so that two code paths processing the same
   * phase cannot both queue them. Default: derived from the incoming mail and the mail's position.
   */
  dedupeKey?: string;
  /** The game this mail is about; its name becomes the List-Id of a result mail. */
  game?: { id: number; name: string };
  /** Files sent with the mail, or pictures drawn when it is delivered (see MailAttachment). */
  attachments?: MailAttachment[];
  /**
   * Delivered even to an address that has not proven itself yet (src/judge/gate/address-proof.ts): the
   * mail carries the code that proves it. Not stored with the mail.
   */
  toUnproven?: boolean;
  /** Extra headers (e.g. `X-Chancery-Phase`); cannot override the loop-protection headers. */
  headers?: Record<string, string>;
}

export class MailError extends Error {
  constructor(
    readonly code:
      | 'ETOOLARGE' // incoming mail over the size limit
      | 'EPARSE' // not a readable mail
      | 'ENORECIPIENT' // outgoing mail with nobody to send to
      | 'ENOTFOUND' // no such mail (hand.ts show)
      | 'ESEND' // transport refused or failed
      | 'ECONFIG', // transport misconfigured
    message: string,
    options?: { cause?: unknown; permanent?: boolean },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MailError';
    this.permanent = options?.permanent ?? false;
  }

  /** For ESEND: retrying will not help (e.g. SMTP 5xx "no such user"). */
  readonly permanent: boolean;
}
