// The judge's MailHandler: one incoming mail -> its reply plus the mails its commands cause.
// Runs inside the intake transaction (src/mail/intake.ts), so it is synchronous throughout.
import { extractCommandText } from '../mail/command-text.js';
import type { MailHandler } from '../mail/intake.js';
import type { OutgoingMail } from '../mail/types.js';
import { execute } from './commands/execute.js';
import { newSession } from './commands/session.js';
import { tokenize } from './commands/tokenize.js';

export const handleMail: MailHandler = (mail, db, context) => {
  const sender = (mail.from ?? '').trim();
  const session = newSession(db, context.now, context.judge, sender);
  execute(session, tokenize(extractCommandText(mail.text)));
  const reply: OutgoingMail = { kind: 'reply', to: sender, text: session.reply.render() };
  return [reply, ...session.mails];
};

/** What the intake sends when the handler fails: an apology that quotes nothing of the mail. */
export function apologyFor(mail: { from: string | null; subject: string }): OutgoingMail[] {
  if (!mail.from) return [];
  return [
    {
      kind: 'reply',
      to: mail.from,
      text: 'The judge could not process your mail because of an internal error. Nothing in it was applied.\nPlease try again later; the judgekeeper has been told.\n',
    },
  ];
}
