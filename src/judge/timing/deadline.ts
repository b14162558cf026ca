// Where a deadline falls: the phase's delay from the start, snapped to the game's time of day, moved
// off days on which no deadline may fall (weekdays not allowed, holidays, players' absences). All
// planning happens on the zone's wall clock, so "Fridays at 20:00" stays 20:00 across a DST change.
import type { DateRange, TimingRules } from './rules.js';
import { parseClock } from './rules.js';
import { addDays, dateKey, instantOf, localParts, weekdayOf, type LocalDate, type LocalTime } from './zone.js';

const HOUR = 3_600_000;
/** Snapping may take back at most this much of the delay (DPjudge's 8-hour fudge)... */
const SNAP_FUDGE = 8 * HOUR;
/** ...and never more than this share of it, so short retreat deadlines keep most of their time. */
const SNAP_FUDGE_SHARE = 1 / 4;
/** Holidays and absences are capped in length; past this many closed days in a row, they are ignored. */
const MAX_CLOSED_DAYS = 800;

function closedBy(ranges: readonly DateRange[], key: string): boolean {
  return ranges.some((r) => r.from <= key && key <= r.to);
}

/** Whether a deadline may fall on this local date. */
export function isOpenDay(date: LocalDate, rules: TimingRules, blocked: readonly DateRange[] = []): boolean {
  if (!rules.days.includes(weekdayOf(date))) return false;
  const key = dateKey(date);
  return !closedBy(rules.holidays, key) && !closedBy(blocked, key);
}

/** The first date from `date` on which a deadline may fall. */
export function firstOpenDay(date: LocalDate, rules: TimingRules, blocked: readonly DateRange[] = []): LocalDate {
  for (let i = 0; i <= MAX_CLOSED_DAYS; i++) {
    const candidate = addDays(date, i);
    if (isOpenDay(candidate, rules, blocked)) return candidate;
  }
  // Only the weekdays are binding then: rules.days is never empty, so this ends within a week.
  for (let i = 0; ; i++) if (rules.days.includes(weekdayOf(addDays(date, i)))) return addDays(date, i);
}

/**
 * The deadline of a phase starting at `startMs` with a delay of `delayHours`.
 * With a time of day (AT 20:00) the deadline is the first such time no earlier than the delay minus
 * a small fudge (up to 8 hours, at most a quarter of the delay), so a phase started at 21:00 with
 * 72 hours ends at 20:00 three days later, not four. Without it the deadline keeps the computed
 * time, rounded up to the minute. Either way it then moves to the next open day, same time of day.
 */
export function computeDeadline(
  startMs: number,
  delayHours: number,
  rules: TimingRules,
  blocked: readonly DateRange[] = [],
): number {
  const delay = delayHours * HOUR;
  const base = startMs + delay;
  const snap = rules.at ? parseClock(rules.at) : null;
  if (!snap) return moveToOpenDay(Math.ceil(base / 60_000) * 60_000, rules, blocked);
  const earliest = base - Math.min(SNAP_FUDGE, delay * SNAP_FUDGE_SHARE);
  const p = localParts(earliest, rules.zone);
  let date: LocalDate = { year: p.year, month: p.month, day: p.day };
  if (instantOf(date, snap, rules.zone) < earliest) date = addDays(date, 1);
  return instantOf(firstOpenDay(date, rules, blocked), snap, rules.zone);
}

/**
 * The instant itself when it falls on an open day, else the same time of day (the game's AT time
 * when it has one) on the next open day. Used for fresh deadlines and to push an existing deadline
 * out of a player's new absence; it never moves a deadline earlier.
 */
export function moveToOpenDay(ms: number, rules: TimingRules, blocked: readonly DateRange[] = []): number {
  const p = localParts(ms, rules.zone);
  const date: LocalDate = { year: p.year, month: p.month, day: p.day };
  const open = firstOpenDay(date, rules, blocked);
  if (dateKey(open) === dateKey(date)) return ms;
  const time: LocalTime = (rules.at ? parseClock(rules.at) : null) ?? { hour: p.hour, minute: p.minute };
  return instantOf(open, time, rules.zone);
}

/** Reminder times before `dueMs`, by their WARN hours; those not after `nowMs` are left out. */
export function reminderTimes(dueMs: number, rules: TimingRules, nowMs: number): { hours: number; at: number }[] {
  return [...new Set(rules.warnHours)]
    .filter((h) => h > 0)
    .map((hours) => ({ hours, at: dueMs - hours * HOUR }))
    .filter((r) => r.at > nowMs);
}

export function graceEnd(dueMs: number, rules: TimingRules): number {
  return dueMs + rules.graceHours * HOUR;
}
