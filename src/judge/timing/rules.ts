// A game's timing rules: in which zone it runs, on which days a deadline may fall, the time of day
// deadlines snap to, the holidays, the reminders, the grace period and what happens after it.
// Pure data, kept in the game's settings.

/** After the grace period: CD declares the late powers in civil disorder and processes with
 * defaults; PROCESS processes with defaults and leaves the players in place; WAIT leaves the
 * decision to the GM (PROCESS!, CD power, SET DEADLINE). */
export type LatePolicy = 'cd' | 'process' | 'wait';

export interface DateRange {
  /** YYYY-MM-DD, first day, in the game's zone. */
  from: string;
  /** YYYY-MM-DD, last day (inclusive). */
  to: string;
}

export interface TimingRules {
  /** IANA zone name; 'UTC' by default. */
  zone: string;
  /** Weekdays on which a deadline may fall, 0 = Sunday .. 6 = Saturday. Never empty. */
  days: number[];
  /** "HH:MM" in the zone: deadlines snap to this time of day; null keeps the computed time. */
  at: string | null;
  /** Days on which no deadline falls (DPjudge's TIMING NOT). */
  holidays: DateRange[];
  /** Hours after the deadline during which late orders are still awaited; 0 = none. */
  graceHours: number;
  /** Reminders go this many hours before the deadline to powers still missing orders. */
  warnHours: number[];
  late: LatePolicy;
}

export const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

export function defaultTiming(): TimingRules {
  return { zone: 'UTC', days: [...ALL_DAYS], at: null, holidays: [], graceHours: 24, warnHours: [12], late: 'cd' };
}

export function parseClock(text: string): { hour: number; minute: number } | null {
  const m = /^(\d{1,2}):?(\d{2})$/.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}
