// Wall-clock arithmetic in an IANA time zone with nothing but Intl: a game's deadlines are planned
// in its own zone (days of the week, "at 20:00", holidays), and stored as UTC instants.
// Local dates are plain {year, month, day} values; day arithmetic on them never touches a zone, so
// a DST change cannot shift a day boundary.

export interface LocalDate {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

export interface LocalTime {
  hour: number;
  minute: number;
}

export interface LocalParts extends LocalDate, LocalTime {
  second: number;
  /** 0 = Sunday .. 6 = Saturday, as Date#getUTCDay. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/**
 * ICU's canonical names that IANA has since renamed: ICU still answers the old name for both spellings,
 * and a reader who wrote the new one should read it back.
 */
const RENAMED: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

function knownZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The zone's one name as the judge stores it, or null when Intl does not know it. Every spelling of a
 * zone gives the same name ("us/EASTERN" and "US/Eastern" → "America/New_York", "UCT" and "Etc/GMT" →
 * "UTC", "Asia/Calcutta" → "Asia/Kolkata"), so readers who wrote one zone differently share one copy
 * of each list mail, not one copy per spelling.
 */
export function resolveZone(name: string): string | null {
  // Asked for every reader of every list mail: an Intl formatter costs a fraction of a millisecond.
  let zone = resolved.get(name);
  if (zone === undefined) {
    if (resolved.size > 10_000) resolved.clear();
    resolved.set(name, (zone = resolveUncached(name)));
  }
  return zone;
}

const resolved = new Map<string, string | null>();

function resolveUncached(name: string): string | null {
  // The judge's own zone and most games': its first Intl formatter would cost ~35 ms (ICU's zone data).
  if (name === 'UTC') return 'UTC';
  const trimmed = name.trim();
  if (!trimmed || !/^[A-Za-z0-9_+\-/]+$/.test(trimmed)) return null;
  const resolved = knownZone(trimmed);
  if (!resolved) return null;
  if (/^(etc\/)?(utc|uct|gmt|gmt[+-]?0|greenwich|universal|zulu|z)$/i.test(resolved)) return 'UTC';
  const renamed = RENAMED[resolved];
  return renamed && knownZone(renamed) ? renamed : resolved;
}

export function localParts(ms: number, zone: string): LocalParts {
  // The judge's own zone and most games': Date's UTC fields say the same as Intl, fifty times faster
  // (a deadline burst asks this tens of thousands of times).
  if (zone === 'UTC') {
    const d = new Date(ms);
    const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
    return {
      ...date,
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      weekday: d.getUTCDay(),
    };
  }
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const date = { year: parts.year, month: parts.month, day: parts.day };
  return { ...date, hour: parts.hour, minute: parts.minute, second: parts.second, weekday: weekdayOf(date) };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
export function offsetAt(ms: number, zone: string): number {
  const p = localParts(ms, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant at which the zone's clocks show this date and time. A time skipped by a DST change
 * (02:30 on a spring-forward day) lands after the gap, at the same distance past it; a time that
 * happens twice (autumn) is its first occurrence.
 */
export function instantOf(date: LocalDate, time: LocalTime, zone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  // Offsets on both sides of any transition near this wall time; no zone changes twice in 12 hours.
  const before = offsetAt(wall - 12 * 3_600_000, zone);
  const after = offsetAt(wall + 12 * 3_600_000, zone);
  const candidates = [wall - before, wall - after].filter((t) => t + offsetAt(t, zone) === wall);
  if (candidates.length) return Math.min(...candidates);
  return wall - before;
}

export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function dateKey(date: LocalDate): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(date.year).padStart(4, '0')}-${two(date.month)}-${two(date.day)}`;
}

/** A real calendar date written YYYY-MM-DD, or null (2026-02-30 is null). */
export function parseDateKey(text: string): LocalDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return dateKey(addDays(date, 0)) === text ? date : null;
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function offsetText(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * "Wed 25 Nov 2026 20:00 UTC", or in another zone "Wed 25 Nov 2026 20:00 Europe/Berlin (UTC+01:00)":
 * the zone's name and its offset at that instant, never an abbreviation that means different
 * things in different places.
 */
export function formatInstant(ms: number, zone: string): string {
  const p = localParts(ms, zone);
  const text =
    `${WEEKDAY_NAMES[p.weekday]} ${p.day} ${MONTH_NAMES[p.month - 1]} ${p.year} ` +
    `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  return zone === 'UTC' ? `${text} UTC` : `${text} ${zone} (${offsetText(offsetAt(ms, zone))})`;
}
