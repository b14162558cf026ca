// Queues the judge's outgoing mail in the outbox. Call it inside the transaction that made the change
// the mail reports, so the change and its mail commit (or vanish) together.
import type { Db } from '../store/database.js';
import { enqueueMail, type OutboxMail } from '../store/outbox.js';
import { toOutboxRow, type JudgeIdentity } from './compose.js';
import type { IncomingMail, OutgoingMail } from './types.js';

export interface QueueContext {
  judge: JudgeIdentity;
  /** Where these mails come from (an incoming mail's source key, a job key); basis of default dedupe keys. */
  origin: string;
  /** The mail being answered, when there is one. */
  incoming?: IncomingMail | null;
  now?: string;
}

/** Queues each mail; returns the rows actually queued (a repeated dedupe key queues nothing). */
export function queueMails(db: Db, mails: readonly OutgoingMail[], context: QueueContext): OutboxMail[] {
  const queued: OutboxMail[] = [];
  mails.forEach((mail, index) => {
    const row = enqueueMail(db, toOutboxRow(mail, { ...context, index }), context.now);
    if (row) queued.push(row);
  });
  return queued;
}
