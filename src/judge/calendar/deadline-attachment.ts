// The calendar file a mail announcing a deadline carries (game start, results, deadline changes,
// RESUME, ROLLBACK, the grace period), and the one withdrawing it (PAUSE, TERMINATE, a phase processed
// before its deadline). The code that writes such a mail only asks for it (`calendarRequest`); the
// file is written when the mail is queued (`resolveCalendars`), after everything the mail reports is
// stored. That is where SEQUENCE is counted: per game and phase, one more each time the announced
// event differs from the one announced before, kept in the game's settings. Counting there, last in
// the transaction, means no other write of the settings in the same transaction can undo the count.
import { parsePhaseCode } from '../../core/types.js';
import type { JudgeIdentity } from '../../mail/compose.js';
import type { OutgoingMail } from '../../mail/types.js';
import type { Db } from '../../store/database.js';
import { getGame, setGameSettings, type Game } from '../../store/games.js';
import type { MailAttachment } from '../../store/outbox.js';
import { phaseWithCode } from '../../render/phrases.js';
import { readSettings, type CalendarMomentName, type GameSettings } from '../settings.js';
import { formatInstant } from '../timing/zone.js';
import { deadlineCalendar, type DeadlineEvent } from './ics.js';

export const DEADLINE_CALENDAR = 'deadline-calendar';

/**
 * What the event says: the phase's deadline, the end of the grace period after it, or no deadline any
 * more, the event last announced for the phase withdrawn: the clock stopped (cancelled: PAUSE,
 * TERMINATE) or the phase processed before its deadline (processed).
 */
export type CalendarMoment = CalendarMomentName;

const WITHDRAWN = new Set<CalendarMoment>(['cancelled', 'processed']);

interface CalendarArgs {
  gameId: number;
  phase: string;
  /**
   * The instant announced; for a withdrawal, null (cancelled) or when the phase was processed: a
   * withdrawn event keeps the instant last announced.
   */
  at: string | null;
  moment: CalendarMoment;
}

/** The last event announced per phase, and its SEQUENCE; in the game's settings JSON. */
type CalendarSequences = NonNullable<GameSettings['calendar']>;

/** Phases whose counts are kept: a ROLLBACK goes back a few phases, never dozens. */
const KEPT_PHASES = 12;

/**
 * Asks for the calendar event of an announced deadline, written when the mail is queued. A phase
 * processed at `at` withdraws its event only if that was still ahead (processed early, or in a grace
 * period some readers have in their calendars); a cancelled one withdraws it whenever it was announced.
 */
export function calendarRequest(
  game: { id: number; name: string },
  phase: string,
  at: string | null,
  moment: CalendarMoment = 'deadline',
): MailAttachment[] {
  if (!at && moment !== 'cancelled') return [];
  const args: CalendarArgs = { gameId: game.id, phase, at: moment === 'cancelled' ? null : at, moment };
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
 * Writes the calendar file each mail asks for: all the events one mail asks for go in one file (the
 * results withdraw the phase processed early and announce the next one), named for the deadline it
 * announces. The same event in several mails of one batch (a late notice to each late power) gets one
 * SEQUENCE.
 */
export function resolveCalendars(
  db: Db,
  mails: OutgoingMail[],
  now: string,
  judge: JudgeIdentity,
  readGame: (id: number) => Game | null = (id) => getGame(db, id),
): OutgoingMail[] {
  if (!mails.some((m) => m.attachments?.some(isRequest))) return mails;
  // Each game's settings read once and written once, with every count of the batch in them.
  const games = new Map<number, CountingGame | null>();
  const gameOf = (id: number): CountingGame | null => {
    if (!games.has(id)) {
      const game = readGame(id);
      games.set(id, game && { game, settings: readSettings(game.settings), counted: false });
    }
    return games.get(id)!;
  };
  const written = new Map<string, DeadlineEvent | null>();
  const eventFor = (args: CalendarArgs): DeadlineEvent | null => {
    const key = `${args.gameId}:${args.phase}:${args.at}:${args.moment}`;
    if (!written.has(key)) written.set(key, nextEvent(gameOf(args.gameId), args, now, judge));
    return written.get(key) ?? null;
  };
  const resolved = mails.map((mail) => {
    const requests = mail.attachments?.filter(isRequest) ?? [];
    if (!requests.length) return mail;
    const others = (mail.attachments ?? []).filter((a) => !isRequest(a));
    const events = requests.map((a) => eventFor(a.render!.args as unknown as CalendarArgs));
    const present = events.filter((e): e is DeadlineEvent => e !== null);
    if (!present.length) return { ...mail, attachments: others };
    const named = requests[events.findIndex((e) => e !== null && !e.cancelled)] ?? requests[events.indexOf(present[0])];
    const content = Buffer.from(deadlineCalendar(present), 'utf8').toString('base64');
    return { ...mail, attachments: [...others, { filename: named.filename, contentType: named.contentType, content }] };
  });
  for (const entry of games.values()) if (entry?.counted) setGameSettings(db, entry.game.id, { ...entry.settings });
  return resolved;
}

/** A game whose calendar counts are being written: its settings, changed in place, stored at the end. */
interface CountingGame {
  game: Game;
  settings: GameSettings;
  counted: boolean;
}

/** The event as announced now, its SEQUENCE counted (in `entry`); null when there is nothing to announce. */
function nextEvent(
  entry: CountingGame | null,
  args: CalendarArgs,
  now: string,
  judge: JudgeIdentity,
): DeadlineEvent | null {
  const phase = parsePhaseCode(args.phase);
  if (!entry || !phase) return null;
  const { game, settings } = entry;
  const sequences: CalendarSequences = { ...(settings.calendar ?? {}) };
  const last = sequences[args.phase];
  const withdrawn = WITHDRAWN.has(args.moment);
  // A withdrawal keeps the time last announced; with nothing announced, or withdrawn already, none.
  if (withdrawn && (!last || WITHDRAWN.has(last.moment ?? 'deadline'))) return null;
  // A phase processed once its announced time had passed leaves the event as it is.
  if (args.moment === 'processed' && Date.parse(last.at) <= Date.parse(args.at as string)) return null;
  const atIso = withdrawn ? last.at : args.at;
  if (!atIso) return null;
  const same = last && last.at === atIso && (last.moment ?? 'deadline') === args.moment;
  const sequence = !last ? 0 : same ? last.sequence : last.sequence + 1;
  delete sequences[args.phase];
  sequences[args.phase] = { at: atIso, sequence, moment: args.moment };
  settings.calendar = Object.fromEntries(Object.entries(sequences).slice(-KEPT_PHASES));
  entry.counted = true;
  const at = Date.parse(atIso);
  const label = phaseWithCode(phase);
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
    processed: {
      summary: 'processed',
      description: `${label} of game '${game.name}' was processed before its deadline, ${gameTime}.`,
    },
  }[args.moment];
  return {
    uid: `deadline-${game.id}-${args.phase}@${judge.domain}`,
    sequence,
    start: at,
    stamp: Date.parse(now),
    summary: `Diplomacy game ${game.name}: ${label} ${what.summary}`,
    description: what.description,
    cancelled: withdrawn,
  };
}
