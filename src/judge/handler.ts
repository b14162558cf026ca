// The judge's MailHandler: one incoming mail -> its reply plus the mails its commands cause.
// Runs inside the intake transaction (src/mail/intake.ts), so it is synchronous throughout.
import { extractCommandText } from '../mail/command-text.js';
import type { MailHandler } from '../mail/intake.js';
import type { OutgoingMail } from '../mail/types.js';
import { replySubject } from '../mail/compose.js';
import { execute } from './commands/execute.js';
import { maskSubjectSecrets } from './commands/secrets.js';
import { newSession, replyCopyMails } from './commands/session.js';
import { commandItems } from './commands/tokenize.js';
import { forReaders } from './reader-zones.js';
import { addProofSection } from './gate/address-proof.js';

/**
 * How much of a mail the judge reads, and how many rejected lines a reply lists. Far more than any
 * order mail with press needs; little enough that a body of megabytes costs neither much time nor a
 * reply of megabytes.
 */
export const READ_LIMITS = { textChars: 128 * 1024, lines: 1000, lineChars: 1000, listedRejections: 100 };

interface ReadableText {
  text: string;
  /** Lines over READ_LIMITS.lineChars, blanked in `text` so that line numbers still count them. */
  longLines: { line: number; text: string }[];
  /** Why part of the mail was not read, for the reply; null when all of it was. */
  cut: string | null;
}

function readableText(body: string): ReadableText {
  const chars = body.length > READ_LIMITS.textChars ? body.lastIndexOf('\n', READ_LIMITS.textChars) : -1;
  const head = chars >= 0 ? body.slice(0, chars) : body.slice(0, READ_LIMITS.textChars);
  const lines = extractCommandText(head).split('\n');
  const kept = lines.slice(0, READ_LIMITS.lines);
  const longLines: ReadableText['longLines'] = [];
  kept.forEach((line, index) => {
    if (line.length <= READ_LIMITS.lineChars) return;
    longLines.push({ line: index + 1, text: `${line.slice(0, 60)}...` });
    kept[index] = '';
  });
  const truncated = head.length < body.length || lines.length > kept.length;
  const cut = truncated
    ? `Your mail is longer than the judge reads: only its first ${kept.length} lines were read ` +
      `(at most ${READ_LIMITS.lines} lines and ${READ_LIMITS.textChars / 1024} KB of text); the rest was ignored.`
    : null;
  return { text: kept.join('\n'), longLines, cut };
}

export const handleMail: MailHandler = (mail, db, context) => {
  const sender = (mail.from ?? '').trim();
  const session = newSession(db, context.now, context.judge, sender, mail.origin);
  const readable = readableText(mail.text);
  if (readable.cut) session.reply.ok(readable.cut);
  for (const long of readable.longLines) {
    session.reply.reject(
      long.line,
      long.text,
      `line too long: the judge reads lines of up to ${READ_LIMITS.lineChars} characters`,
    );
  }
  const items = commandItems(readable.text);
  execute(session, items);
  addProofSection(session);
  // Orders sent as an attached file are not read: say so, even when the text held commands too.
  if (mail.attachments?.length) {
    session.reply.ok(
      `Attachments are not read (${mail.attachments.join(', ')}): write the commands in the text of the mail.`,
    );
  }
  const unlisted = session.reply.rejected.length - READ_LIMITS.listedRejections;
  if (unlisted > 0) {
    session.reply.rejected.splice(READ_LIMITS.listedRejections);
    session.reply.ok(
      `${unlisted} more rejected line${unlisted === 1 ? ' is' : 's are'} not listed; only the first ` +
        `${READ_LIMITS.listedRejections} are.`,
    );
  }
  const reply: OutgoingMail = {
    kind: 'reply',
    to: sender,
    subject: replySubject(maskSubjectSecrets(mail.subject)),
    text: session.reply.render(),
    attachments: session.attachments,
  };
  const mails = [reply, ...replyCopyMails(session), ...session.mails];
  // Last, after every change the mail made: calendar files (stamped with the real time at which they are
  // written) and each reader's own time zone.
  return forReaders(db, mails, { now: context.now, judge: context.judge, gameId: session.signon?.game.id });
};

/** What the intake sends when the handler fails: an apology that quotes nothing of the mail. */
export function apologyFor(mail: { from: string | null; subject: string }): OutgoingMail[] {
  if (!mail.from) return [];
  return [
    {
      kind: 'reply',
      to: mail.from,
      text:
        'The judge could not process your mail because of an internal error. Nothing in it was applied.\nPlease ' +
        'try again later; the judgekeeper has been told.\n',
    },
  ];
}
