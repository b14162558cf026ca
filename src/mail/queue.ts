// Queues the judge's outgoing mail in the outbox. Call it inside the transaction that made the change
// the mail reports, so the change and its mail commit (or vanish) together.
import type { Db } from '../store/database.js';
import { enqueueMail, type OutboxMail } from '../store/outbox.js';
import { gamePageUrl } from '../web/public.js';
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
  mails.forEach((given, index) => {
    const mail = withGamePage(db, given, context.judge);
    const row = enqueueMail(db, toOutboxRow(mail, { ...context, index }), context.now);
    if (row) queued.push(row);
  });
  return queued;
}

/**
 * A game's list mail (results, the start, the end) carries the address of its page on the web site
 * when the judge has one (web.baseUrl) and the site shows the game (not private, not unlisted); it goes
 * above the signature.
 */
function withGamePage(db: Db, mail: OutgoingMail, judge: JudgeIdentity): OutgoingMail {
  if (!judge.webBaseUrl || mail.kind !== 'result' || !mail.game) return mail;
  const url = gamePageUrl(db, judge.webBaseUrl, mail.game.id);
  if (!url) return mail;
  const line = `The game on the web: ${url}`;
  const signature = mail.text.lastIndexOf('\n-- \n');
  const text =
    signature < 0
      ? `${mail.text.trimEnd()}\n\n${line}\n`
      : `${mail.text.slice(0, signature).trimEnd()}\n\n${line}\n${mail.text.slice(signature)}`;
  return { ...mail, text };
}
