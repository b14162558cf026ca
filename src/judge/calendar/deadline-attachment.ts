// The calendar file a mail announcing a deadline carries (game start, results, deadline changes,
// RESUME, ROLLBACK, the grace period), and the one withdrawing it (PAUSE, TERMINATE). The code that
// writes such a mail only asks for it (`calendarRequest`); the file is written when the mail is queued
// (`resolveCalendars`), after everything the mail reports is stored. That is where SEQUENCE is
// counted: per game and phase, one more each time the announced event differs from the one announced
// before, kept in the game's settings. Counting there, last in the transaction, means no other write
// of the settings in the same transaction can undo the count.
import { parsePhaseCode } from '../../core/types.js';
import type { JudgeIdentity } from '../../mail/compose.js';
import type { OutgoingMail } from '../../mail/types.js';
import type { Db } from '../../store/database.js';
import { getGame, setGameSettings } from '../../store/games.js';
import type { MailAttachment } from '../../store/outbox.js';
import { phaseLabel } from '../board-mail.js';
import { readSettings, type GameSettings } from '../settings.js';
import { formatInstant } from '../timing/zone.js';
import { deadlineCalendar } from './ics.js';

export const DEADLINE_CALENDAR = 'deadline-calendar';

/**
 * What the instant is: the phase's deadline, the end of the grace period after it, or (cancelled) no
 * deadline any more: the event last announced for the phase is withdrawn.
 */
export type CalendarMoment = 'deadline' | 'grace' | 'cancelled';

interface CalendarArgs {
  gameId: number;
  phase: string;
  /** The instant; for a cancelled event, the one last announced (null here). */
  at: string | null;
  moment: CalendarMoment;
}

/** The last event announced per phase, and its SEQUENCE; in the game's settings JSON. */
type CalendarSequences = NonNullable<GameSettings['calendar']>;

/** Phases whose counts are kept: a ROLLBACK goes back a few phases, never dozens. */
const KEPT_PHASES = 12;

/** Asks for the calendar file of an announced deadline; written when the mail is queued. */
export function calendarRequest(
  game: { id: number; name: string },
  phase: string,
  at: string | null,
  moment: CalendarMoment = 'deadline',
): MailAttachment[] {
  if (!at && moment !== 'cancelled') return [];
  const args: CalendarArgs = { gameId: game.id, phase, at, moment };
  return [
    {
      filename: `${game.name}-${phase}.ics`,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      render: { kind: DEADLINE_CALENDAR, args: { ...args } },
    },
  ];
}

function isRequest(a: MailAttachment): boolean {
  return a.content === undefined && a.render?.kind === DEADLINE_CALENDAR;
}

/**
 * Writes every calendar file the mails ask for. The same deadline announced in several mails of one
 * batch (a late notice to each late power) gets one SEQUENCE.
 */
export function resolveCalendars(db: Db, mails: OutgoingMail[], now: string, judge: JudgeIdentity): OutgoingMail[] {
  if (!mails.some((m) => m.attachments?.some(isRequest))) return mails;
  const written = new Map<string, string>();
  const content = (args: CalendarArgs): string | null => {
    const key = `${args.gameId}:${args.phase}:${args.at}:${args.moment}`;
    if (!written.has(key)) {
      const text = writeCalendar(db, args, now, judge);
      if (text === null) return null;
      written.set(key, Buffer.from(text, 'utf8').toString('base64'));
    }
    return written.get(key) as string;
  };
  return mails.map((mail) => {
    if (!mail.attachments?.some(isRequest)) return mail;
    const attachments = mail.attachments.flatMap((a) => {
      if (!isRequest(a)) return [a];
      const file = content(a.render!.args as unknown as CalendarArgs);
      return file === null ? [] : [{ filename: a.filename, contentType: a.contentType, content: file }];
    });
    return { ...mail, attachments };
  });
}

function writeCalendar(db: Db, args: CalendarArgs, now: string, judge: JudgeIdentity): string | null {
  const game = getGame(db, args.gameId);
  const phase = parsePhaseCode(args.phase);
  if (!game || !phase) return null;
  const settings = readSettings(game.settings);
  const sequences: CalendarSequences = { ...(settings.calendar ?? {}) };
  const last = sequences[args.phase];
  // Nothing was announced for the phase: no event to withdraw.
  const atIso = args.moment === 'cancelled' ? (last?.at ?? null) : args.at;
  if (!atIso) return null;
  const same = last && last.at === atIso && (last.moment ?? 'deadline') === args.moment;
  const sequence = !last ? 0 : same ? last.sequence : last.sequence + 1;
  delete sequences[args.phase];
  sequences[args.phase] = { at: atIso, sequence, moment: args.moment };
  const kept = Object.fromEntries(Object.entries(sequences).slice(-KEPT_PHASES));
  setGameSettings(db, game.id, { ...settings, calendar: kept });
  const at = Date.parse(atIso);
  const label = `${phaseLabel(phase)} (${args.phase})`;
  const gameTime = formatInstant(at, settings.timing.zone);
  const what = {
    deadline: {
      summary: 'orders due',
      description: `Orders for ${label} in game '${game.name}' are due ${gameTime}. Mail them to ${judge.address}.`,
    },
    grace: {
      summary: 'late orders due (end of the grace period)',
      description:
        `The deadline of ${args.phase} in game '${game.name}' has passed; ` +
        `late orders are taken until ${gameTime}. Mail them to ${judge.address}.`,
    },
    cancelled: {
      summary: 'no deadline',
      description: `Game '${game.name}' has no deadline for ${label} any more: the GM stopped its clock.`,
    },
  }[args.moment];
  return deadlineCalendar({
    uid: `deadline-${game.id}-${args.phase}@${judge.domain}`,
    sequence,
    start: at,
    stamp: Date.parse(now),
    summary: `Diplomacy game ${game.name}: ${label} ${what.summary}`,
    description: what.description,
    cancelled: args.moment === 'cancelled',
  });
}
