// Recognises mail that must never be answered: auto-replies, bounces, list and bulk mail, and our
// own mail coming back. Answering any of these risks a mail loop between the judge and a robot.
// (RFC 3834 for Auto-Submitted, RFC 3464 for delivery status notifications.)

export interface AutomatedVerdict {
  autoReply: boolean;
  bounce: boolean;
  listMail: boolean;
  reason: string | null;
}

export interface LoopGuardInput {
  /** Header name (lower case) → every raw value of that header. */
  headers: Map<string, string[]>;
  from: string | null;
  subject: string;
  /** The judge's own X-Loop value (its address); a mail carrying it, or from it, came from us. */
  ownLoopMarker: string;
}

const BOUNCE_SENDERS = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon)@/i;
// Subjects that out-of-office robots use. Only unambiguous phrases: a player may well write
// "Vacation" or "Absence" as the subject of a SET ABSENCE mail, and that must be answered.
const AUTO_REPLY_WORDS = [
  'auto(matic|matische)?[ -]?(reply|response|antwort)',
  'out of (the )?office',
  'away from (the )?office',
  'abwesenheits(notiz|meldung)',
  'r[ée]ponse automatique',
  'respuesta autom[aá]tica',
  'fuera de la oficina',
  'risposta automatica',
  'automatisch antwoord',
  'autosvar',
];
const AUTO_REPLY_SUBJECTS = new RegExp(String.raw`^\s*(${AUTO_REPLY_WORDS.join('|')})\b`, 'i');
const DELIVERY_FAILURE_WORDS = [
  'undeliver(ed|able)',
  'delivery (status notification|failure|has failed)',
  'returned mail',
  'mail delivery (failed|failure|system)',
  'failure notice',
];
const DELIVERY_FAILURE_SUBJECTS = new RegExp(String.raw`^\s*(${DELIVERY_FAILURE_WORDS.join('|')})\b`, 'i');

const NOT_DETECTED: AutomatedVerdict = { autoReply: false, bounce: false, listMail: false, reason: null };

export function classifyAutomated(input: LoopGuardInput): AutomatedVerdict {
  const first = (name: string) => input.headers.get(name)?.[0]?.trim() ?? null;
  const all = (name: string) => input.headers.get(name) ?? [];

  const contentType = first('content-type');
  if (contentType && /^multipart\/report\b/i.test(contentType)) {
    return { ...NOT_DETECTED, bounce: true, reason: 'Content-Type: multipart/report (delivery or read report)' };
  }
  if (input.from && BOUNCE_SENDERS.test(input.from)) {
    return { ...NOT_DETECTED, bounce: true, reason: `sender ${input.from} is a mail system` };
  }
  const returnPath = first('return-path');
  if (returnPath !== null && /^<\s*>$/.test(returnPath)) {
    return { ...NOT_DETECTED, bounce: true, reason: 'empty Return-Path (<>) marks a delivery notification' };
  }
  if (DELIVERY_FAILURE_SUBJECTS.test(input.subject)) {
    return { ...NOT_DETECTED, bounce: true, reason: `subject "${input.subject.trim()}" is a delivery failure` };
  }

  const marker = input.ownLoopMarker.trim().toLowerCase();
  if (marker && all('x-loop').some((value) => value.toLowerCase().includes(marker))) {
    return { ...NOT_DETECTED, autoReply: true, reason: `X-Loop: ${input.ownLoopMarker} (our own mail came back)` };
  }
  // A forwarder that strips X-Loop still cannot hide that the mail is from the judge's own address;
  // answering it would be the judge answering itself.
  if (marker && input.from?.trim().toLowerCase() === marker) {
    return { ...NOT_DETECTED, autoReply: true, reason: `sender ${input.from} is the judge itself` };
  }
  const autoSubmitted = first('auto-submitted');
  if (autoSubmitted !== null && !/^no\b/i.test(autoSubmitted)) {
    return { ...NOT_DETECTED, autoReply: true, reason: `Auto-Submitted: ${autoSubmitted}` };
  }
  const suppress = first('x-auto-response-suppress');
  if (suppress !== null) {
    return { ...NOT_DETECTED, autoReply: true, reason: `X-Auto-Response-Suppress: ${suppress}` };
  }
  for (const name of ['x-autoreply', 'x-autorespond', 'x-autoresponder']) {
    if (first(name) !== null) return { ...NOT_DETECTED, autoReply: true, reason: `${name} header present` };
  }

  const precedence = first('precedence')?.toLowerCase() ?? null;
  if (precedence === 'list') return { ...NOT_DETECTED, listMail: true, reason: 'Precedence: list' };
  if (precedence === 'bulk' || precedence === 'junk') {
    return { ...NOT_DETECTED, autoReply: true, listMail: precedence === 'bulk', reason: `Precedence: ${precedence}` };
  }
  const listId = first('list-id');
  if (listId !== null) return { ...NOT_DETECTED, listMail: true, reason: `List-Id: ${listId}` };
  if (first('list-unsubscribe') !== null)
    return { ...NOT_DETECTED, listMail: true, reason: 'List-Unsubscribe header present' };

  if (AUTO_REPLY_SUBJECTS.test(input.subject)) {
    return {
      ...NOT_DETECTED,
      autoReply: true,
      reason: `subject "${input.subject.trim()}" looks like an out-of-office reply`,
    };
  }
  return NOT_DETECTED;
}
