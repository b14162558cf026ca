// The TIMING dialect of CREATE and the GM's SET TIMING, close to DPjudge's status-file line:
//   TIMING MOVE 3D RETREAT 1D ADJUST 1D ZONE Europe/Berlin DAYS MON-FRI AT 20:00
//          HOLIDAY 2026-12-24..2026-12-26,2027-01-01 GRACE 24H WARN 24H,4H LATE CD
// and the deadline a GM writes after SET DEADLINE. Pure: words in, rules (or an error) out.
import { hoursText, parseHours } from './duration.js';
import { ALL_DAYS, parseClock, type DateRange, type LatePolicy, type TimingRules } from './rules.js';
import {
  addDays,
  dateKey,
  daysBetween,
  instantOf,
  localParts,
  parseDateKey,
  resolveZone,
  WEEKDAY_NAMES,
  type LocalDate,
} from './zone.js';

export type PhaseDelays = { movement: number; retreat: number; adjustment: number };

export interface Timing {
  delays: PhaseDelays;
  rules: TimingRules;
}

const MAX_DELAY_HOURS = 60 * 24;
/** The smallest timing step: deadlines and reminders are kept and shown to the minute. */
const MIN_STEP_HOURS = 1 / 60;
/** The furthest deadline a GM may set (SET DEADLINE), in days from now. */
export const MAX_DEADLINE_DAYS = 365;
const MAX_GRACE_HOURS = 30 * 24;
const MAX_HOLIDAY_DAYS = 92;
const MAX_HOLIDAY_RANGES = 60;
const MAX_WARNINGS = 5;

const DELAY_KEYS: Record<string, (keyof PhaseDelays)[]> = {
  NEXT: ['movement', 'retreat', 'adjustment'],
  ALL: ['movement', 'retreat', 'adjustment'],
  MOVE: ['movement'],
  MOVES: ['movement'],
  MOVEMENT: ['movement'],
  RETREAT: ['retreat'],
  RETREATS: ['retreat'],
  ADJUST: ['adjustment'],
  ADJUSTMENT: ['adjustment'],
  ADJUSTMENTS: ['adjustment'],
  BUILDS: ['adjustment'],
};

const KEYS = [...Object.keys(DELAY_KEYS), 'ZONE', 'DAYS', 'AT', 'HOLIDAY', 'HOLIDAYS', 'NOT', 'GRACE', 'WARN', 'LATE'];

const KNOWN_KEYS = 'MOVE, RETREAT, ADJUST, NEXT, ZONE, DAYS, AT, HOLIDAY, GRACE, WARN, LATE';

const LATE_WORDS: Record<string, LatePolicy> = {
  CD: 'cd',
  CIVIL_DISORDER: 'cd',
  PROCESS: 'process',
  DEFAULT: 'process',
  DEFAULTS: 'process',
  WAIT: 'wait',
  GM: 'wait',
};

/**
 * Applies the words after TIMING to a copy of `timing`: every key takes one value. Returns the new
 * timing, or the first error (and nothing is applied).
 */
export function applyTimingWords(timing: Timing, words: string[]): Timing | string {
  const next: Timing = {
    delays: { ...timing.delays },
    rules: {
      ...timing.rules,
      days: [...timing.rules.days],
      holidays: [...timing.rules.holidays],
      warnHours: [...timing.rules.warnHours],
    },
  };
  if (words.length === 0)
    return `TIMING needs settings, e.g. TIMING MOVE 48 RETREAT 12 ADJUST 12 (known: ${KNOWN_KEYS})`;
  for (let i = 0; i < words.length; i++) {
    const key = words[i].toUpperCase();
    const value = words[i + 1];
    if (!KEYS.includes(key)) return `unknown TIMING setting "${words[i]}" (known: ${KNOWN_KEYS})`;
    if (value === undefined) return `TIMING ${key} needs a value`;
    i++;
    const delayKinds = DELAY_KEYS[key];
    if (delayKinds) {
      const hours = parseHours(value);
      if (hours === null || hours <= 0 || hours > MAX_DELAY_HOURS)
        return `"${value}" is not a number of hours for ${key} (write 48, 48H or 2D; more than 0, at most 60 days)`;
      if (hours < MIN_STEP_HOURS) return `${key} ${value} is too short: a timing step is at least one minute (1M)`;
      for (const kind of delayKinds) next.delays[kind] = wholeMinutes(hours);
      continue;
    }
    if (key === 'ZONE') {
      const zone = resolveZone(value);
      if (!zone)
        return (
          `"${value}" is not a time zone the judge knows; use an IANA name like Europe/Berlin, America/New_York ` +
          `or UTC`
        );
      next.rules.zone = zone;
      continue;
    }
    if (key === 'DAYS') {
      const days = parseDays(value);
      if (typeof days === 'string') return days;
      next.rules.days = days;
      continue;
    }
    if (key === 'AT') {
      if (/^(NONE|OFF|ANY)$/i.test(value)) {
        next.rules.at = null;
        continue;
      }
      const clock = parseClock(value);
      if (!clock) return `"${value}" is not a time of day for AT: write HH:MM, e.g. AT 20:00 (or AT NONE)`;
      next.rules.at = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
      continue;
    }
    if (key === 'HOLIDAY' || key === 'HOLIDAYS' || key === 'NOT') {
      if (/^(NONE|OFF)$/i.test(value)) {
        next.rules.holidays = [];
        continue;
      }
      // "HOLIDAY 2026-12-24 TO 2026-12-26", as SET ABSENCE writes it.
      let text = value;
      if (words[i + 1]?.toUpperCase() === 'TO' && words[i + 2]) {
        text = `${value}..${words[i + 2]}`;
        i += 2;
      }
      const ranges = parseDateRanges(text);
      if (typeof ranges === 'string') return ranges;
      next.rules.holidays = mergeRanges([...next.rules.holidays, ...ranges]);
      if (next.rules.holidays.length > MAX_HOLIDAY_RANGES) return `at most ${MAX_HOLIDAY_RANGES} holiday periods`;
      continue;
    }
    if (key === 'GRACE') {
      const hours = parseHours(value);
      if (hours === null || hours < 0 || hours > MAX_GRACE_HOURS)
        return `"${value}" is not a grace period: hours (24) or with a unit (1D), from 0 to 30 days`;
      if (hours > 0 && hours < MIN_STEP_HOURS)
        return `GRACE ${value} is too short: a grace period is 0 or at least one minute (1M)`;
      next.rules.graceHours = wholeMinutes(hours);
      continue;
    }
    if (key === 'WARN') {
      if (/^(NONE|OFF|0)$/i.test(value)) {
        next.rules.warnHours = [];
        continue;
      }
      const hours = value.split(',').filter(Boolean).map(parseHours);
      if (!hours.length || hours.some((h) => h === null || h <= 0 || h > MAX_DELAY_HOURS))
        return `"${value}" is not a list of reminder times: e.g. WARN 24H,4H (or WARN NONE)`;
      if (hours.some((h) => (h as number) < MIN_STEP_HOURS))
        return `WARN ${value} is too short: a reminder comes at least one minute (1M) before the deadline`;
      if (hours.length > MAX_WARNINGS) return `at most ${MAX_WARNINGS} reminders per phase`;
      next.rules.warnHours = [...new Set((hours as number[]).map(wholeMinutes))].sort((a, b) => b - a);
      continue;
    }
    const late = LATE_WORDS[value.toUpperCase()];
    if (!late)
      return (
        `LATE takes CD (civil disorder, then process), PROCESS (process with defaults) or WAIT (the GM ` +
        `decides), not "${value}"`
      );
    next.rules.late = late;
  }
  return next;
}

/** Hours rounded to the minute, as timingLine writes them back (90.4M is kept as the 90M it shows). */
const wholeMinutes = (hours: number) => Math.round(hours * 60) / 60;

const DPJUDGE_DAYS = 'SMTWTFS';
const FULL_DAY_NAMES = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/** DAYS MON-FRI | MON,WED,FRI | FRI-MON | ALL | DPjudge's -MTWTF- (Sunday first, "-" = no deadline). */
export function parseDays(text: string): number[] | string {
  const t = text.toUpperCase();
  const bad = `"${text}" is not a set of days: write e.g. DAYS MON-FRI, DAYS MON,WED,FRI, DAYS ALL or DAYS -MTWTF-`;
  if (t === 'ALL' || t === 'ANY' || t === 'DAILY') return [...ALL_DAYS];
  if (t.length === 7 && [...t].every((c, i) => c === '-' || c === DPJUDGE_DAYS[i])) {
    const days = ALL_DAYS.filter((d) => t[d] !== '-');
    return days.length ? days : 'DAYS must allow at least one day';
  }
  const day = (word: string) => (word.length >= 2 ? FULL_DAY_NAMES.findIndex((n) => n.startsWith(word)) : -1);
  const days = new Set<number>();
  for (const part of t.split(',').filter(Boolean)) {
    const [a, b, extra] = part.split('-');
    if (extra !== undefined) return bad;
    const from = day(a);
    const to = b === undefined ? from : day(b);
    if (from < 0 || to < 0) return bad;
    for (let d = from; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === to) break;
    }
  }
  return days.size ? [...days].sort((x, y) => x - y) : bad;
}

function parseOneDate(text: string): LocalDate | null {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return parseDateKey(compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text);
}

/** "2026-12-25", "2026-12-24..2026-12-26", DPjudge's "20261224-20261226", comma-separated. */
export function parseDateRanges(text: string): DateRange[] | string {
  const ranges: DateRange[] = [];
  for (const part of text.split(',').filter(Boolean)) {
    const m = /^(\d{4}-\d{2}-\d{2}|\d{8})(?:(?:\.\.|\/|-)(\d{4}-\d{2}-\d{2}|\d{8}))?$/.exec(part);
    const from = m && parseOneDate(m[1]);
    const to = m && (m[2] ? parseOneDate(m[2]) : from);
    if (!from || !to) return `"${part}" is not a date or a range of dates: write 2026-12-25 or 2026-12-24..2026-12-26`;
    const length = daysBetween(from, to) + 1;
    if (length < 1) return `the holiday ${part} ends before it starts`;
    if (length > MAX_HOLIDAY_DAYS) return `a holiday may last at most ${MAX_HOLIDAY_DAYS} days (${part} has ${length})`;
    ranges.push({ from: dateKey(from), to: dateKey(to) });
  }
  return ranges.length ? ranges : `HOLIDAY needs dates, e.g. HOLIDAY 2026-12-25`;
}

/** Sorted, with overlapping and touching ranges joined. */
export function mergeRanges(ranges: DateRange[]): DateRange[] {
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const out: DateRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    const dayAfterLast = last && dateKey(addDays(parseDateKey(last.to) as LocalDate, 1));
    if (last && r.from <= dayAfterLast) {
      if (r.to > last.to) last.to = r.to;
    } else out.push({ ...r });
  }
  return out;
}

function daysText(days: number[]): string {
  if (days.length === 7) return 'ALL';
  // Runs of three or more consecutive days are written as ranges: MON-FRI, FRI-MON.
  const set = new Set(days);
  const start = ALL_DAYS.find((d) => !set.has(d)) as number;
  const parts: string[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length >= 3) parts.push(`${WEEKDAY_NAMES[run[0]]}-${WEEKDAY_NAMES[run[run.length - 1]]}`.toUpperCase());
    else parts.push(...run.map((d) => WEEKDAY_NAMES[d].toUpperCase()));
    run = [];
  };
  for (let i = 1; i <= 7; i++) {
    const d = (start + i) % 7;
    if (set.has(d)) run.push(d);
    else flush();
  }
  return parts.join(',');
}

const durationWord = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24}D` : Number.isInteger(hours) ? `${hours}H` : `${Math.round(hours * 60)}M`;

/** The TIMING line that gives exactly these settings (a GM can send it back after SET TIMING). */
export function timingLine(timing: Timing): string {
  const { delays, rules } = timing;
  const words = [
    `MOVE ${durationWord(delays.movement)}`,
    `RETREAT ${durationWord(delays.retreat)}`,
    `ADJUST ${durationWord(delays.adjustment)}`,
    `ZONE ${rules.zone}`,
    `DAYS ${daysText(rules.days)}`,
    `AT ${rules.at ?? 'NONE'}`,
  ];
  const holidays = rules.holidays.map((r) => (r.from === r.to ? r.from : `${r.from}..${r.to}`)).join(',');
  words.push(`HOLIDAY ${holidays || 'NONE'}`);
  words.push(
    `GRACE ${durationWord(rules.graceHours)}`,
    `WARN ${rules.warnHours.length ? rules.warnHours.map(durationWord).join(',') : 'NONE'}`,
    `LATE ${rules.late.toUpperCase()}`,
  );
  return `TIMING ${words.join(' ')}`;
}

const LATE_TEXT: Record<LatePolicy, string> = {
  cd: 'the late powers are declared in civil disorder and the phase is processed with default orders',
  process: 'the phase is processed with default orders for the late powers',
  wait: 'the GM decides (PROCESS!, CD or a new deadline)',
};

export function latePolicyText(late: LatePolicy): string {
  return LATE_TEXT[late];
}

/** ", never on 12-24 to 12-26, 01-01" (nothing without holidays). */
function holidayText(holidays: Timing['rules']['holidays']): string {
  if (!holidays.length) return '';
  return `, never on ${holidays.map((r) => (r.from === r.to ? r.from : `${r.from} to ${r.to}`)).join(', ')}`;
}

/** The timing in words, for LIST and the GM's replies. */
export function describeTiming(timing: Timing): string {
  const { delays, rules } = timing;
  const lines = [
    `Deadlines: movement ${hoursText(delays.movement)}, retreats ${hoursText(delays.retreat)}, adjustments ` +
      `${hoursText(delays.adjustment)} after the phase starts.`,
    `Time zone ${rules.zone}; deadlines fall on ${daysText(rules.days) === 'ALL' ? 'any day' : daysText(rules.days)}` +
      `${rules.at ? ` at ${rules.at}` : ''}${holidayText(rules.holidays)}.`,
    rules.warnHours.length
      ? `Reminders ${rules.warnHours.map((h) => hoursText(h)).join(' and ')} before the deadline to powers still ` +
        `missing orders.`
      : 'No reminders.',
    `Late orders are awaited ${hoursText(rules.graceHours)} after the deadline; then ${LATE_TEXT[rules.late]}.`,
  ];
  return lines.join('\n');
}

/**
 * The deadline a GM writes after SET DEADLINE, read in the game's zone:
 *   2026-07-01 20:00 | 2026-07-01 (the game's AT time, else midnight at its start)
 *   +48H | +2D | +1D12H (from now) | FRI 20:00 | 20:00 (the next such moment) | FRI
 * Returns the instant, or an error; a deadline more than MAX_DEADLINE_DAYS ahead is an error (it could
 * not be stored and sorted as a four-digit-year instant, and no game waits that long). The caller
 * decides whether it is acceptable otherwise (in the future).
 */
export function parseDeadlineText(text: string, nowMs: number, rules: TimingRules): number | string {
  const at = readDeadlineText(text, nowMs, rules);
  // A minute over, for +365D rounded up to the minute it shows.
  if (typeof at === 'number' && !(at - nowMs <= MAX_DEADLINE_DAYS * 86_400_000 + 60_000))
    return (
      `a deadline is at most a year from now (${MAX_DEADLINE_DAYS} days: ` +
      `SET DEADLINE +${MAX_DEADLINE_DAYS}D at the latest)`
    );
  return at;
}

function readDeadlineText(text: string, nowMs: number, rules: TimingRules): number | string {
  const t = text.trim().toUpperCase().replace(/\s+/g, ' ');
  const usage =
    "write SET DEADLINE 2026-07-01 20:00, SET DEADLINE FRI 20:00 (in the game's time zone), or SET DEADLINE +48H / +2D";
  if (!t) return usage;
  const defaultTime = (rules.at ? parseClock(rules.at) : null) ?? { hour: 0, minute: 0 };
  const relative = /^\+\s*(.+)$/.exec(t) ?? (/^\d+(\.\d+)?[DHM]/.test(t) && !/^\d{4}-/.test(t) ? [t, t] : null);
  if (relative) {
    const hours = parseHours(relative[1].replace(/\s+/g, ''));
    if (hours === null || hours <= 0) return usage;
    // Deadlines are shown to the minute: round up, so none passes before the minute it shows.
    return Math.ceil((nowMs + Math.round(hours * 3_600_000)) / 60_000) * 60_000;
  }
  const absolute = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}:\d{2}))?$/.exec(t);
  if (absolute) {
    const date = parseDateKey(absolute[1]);
    const time = absolute[2] ? parseClock(absolute[2]) : defaultTime;
    if (!date || !time) return usage;
    return instantOf(date, time, rules.zone);
  }
  const weekly = /^(?:([A-Z]{3,9})\.?)?(?: ?(\d{1,2}:\d{2}))?$/.exec(t);
  if (weekly && (weekly[1] || weekly[2])) {
    const weekday = weekly[1] ? parseDays(weekly[1]) : null;
    if (typeof weekday === 'string' || (weekday && weekday.length !== 1)) return usage;
    const time = weekly[2] ? parseClock(weekly[2]) : defaultTime;
    if (!time) return usage;
    const now = localParts(nowMs, rules.zone);
    for (let i = 0; i <= 8; i++) {
      const date = addDays({ year: now.year, month: now.month, day: now.day }, i);
      const at = instantOf(date, time, rules.zone);
      if (at > nowMs && (!weekday || localParts(at, rules.zone).weekday === weekday[0])) return at;
    }
  }
  return usage;
}
