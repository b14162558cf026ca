// Durations as the judge writes and reads them.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 days 3 hours", "5 hours 20 minutes", "12 minutes", "less than a minute" (two units at most, rounded down). */
export function durationText(exact: number): string {
  if (exact < MINUTE) return 'less than a minute';
  // To the nearest minute: 2 min 59 s left is "3 minutes", never "2 minutes" (a reminder must not shorten it).
  const ms = Math.round(exact / MINUTE) * MINUTE;
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days) return hours ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours) return minutes ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  return plural(minutes, 'minute');
}

/**
 * Hours in a duration written "48", "48H", "2D", "90M", "1D12H" or "1.5D" (case ignored); null when
 * it is not one. A bare number is hours, as in the TIMING line of older games.
 */
export function parseHours(text: string): number | null {
  const t = text.trim().toUpperCase();
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
  if (!/^(\d+(\.\d+)?[DHM])+$/.test(t)) return null;
  let hours = 0;
  for (const m of t.matchAll(/(\d+(?:\.\d+)?)([DHM])/g))
    hours += Number(m[1]) * (m[2] === 'D' ? 24 : m[2] === 'H' ? 1 : 1 / 60);
  return hours;
}

/** "72 hours" → "3 days", "36" → "1 day 12 hours": for describing settings. */
export function hoursText(hours: number): string {
  return hours === 0 ? '0 hours' : durationText(hours * HOUR);
}
