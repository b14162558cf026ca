// A deadline written for a reader in another time zone: every instant the judge wrote in a game's zone
// ("Wed 25 Nov 2026 20:00 UTC", "Wed 25 Nov 2026 20:00 Europe/Berlin (UTC+01:00)") gets the reader's
// own time beside it. The judge's format always carries the offset (or is UTC), so the instant is read
// back exactly, even in the hour a DST change repeats.
import { formatInstant } from './zone.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** formatInstant's output: date, time, then "UTC" or "<IANA zone> (UTC±hh:mm)". */
const WRITTEN_INSTANT = new RegExp(
  String.raw`\b(?:Sun|Mon|Tue|Wed|Thu|Fri|Sat) (\d{1,2}) (${MONTHS.join('|')}) (\d{4}) (\d{2}):(\d{2}) ` +
    String.raw`(?:UTC\b(?![+-])|([A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+)*) \(UTC([+-])(\d{2}):(\d{2})\))`,
  'g',
);

const ANNOTATION = ' (your time: ';

/** True when the text holds at least one instant written by the judge. */
export function mentionsInstant(text: string): boolean {
  WRITTEN_INSTANT.lastIndex = 0;
  return WRITTEN_INSTANT.test(text);
}

interface WrittenInstant {
  ms: number;
  zone: string;
}

/** The instant a match stands for, or null when the text only looks like one (checked by writing it again). */
function readInstant(match: string[]): WrittenInstant | null {
  const [written, day, month, year, hour, minute, zoneName, sign, offHours, offMinutes] = match;
  const wall = Date.UTC(Number(year), MONTHS.indexOf(month), Number(day), Number(hour), Number(minute));
  const offset = zoneName ? (sign === '-' ? -1 : 1) * (Number(offHours) * 60 + Number(offMinutes)) * 60_000 : 0;
  const zone = zoneName ?? 'UTC';
  const ms = wall - offset;
  try {
    return formatInstant(ms, zone) === written ? { ms, zone } : null;
  } catch {
    return null;
  }
}

/** "Wed 25 Nov 2026 15:00 America/New_York, UTC-05:00": the reader's wall clock, zone and offset. */
export function readerTime(ms: number, zone: string): string {
  return formatInstant(ms, zone).replace(/ \((UTC[+-]\d\d:\d\d)\)$/, ', $1');
}

/**
 * The text with the reader's time after each instant written in another zone:
 * "Wed 25 Nov 2026 20:00 UTC (your time: Wed 25 Nov 2026 15:00 America/New_York, UTC-05:00)".
 * Lines starting with "::" are left alone: Mapper and other tools read the `:: Deadline:` header
 * line of a results mail as the judge wrote it. An instant already annotated is not annotated again.
 */
export function withReaderTimes(text: string, readerZone: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('::')) return line;
      return line.replace(WRITTEN_INSTANT, (...args) => {
        const written = args[0] as string;
        const at = args[args.length - 2] as number;
        const instant = readInstant(args.slice(0, 10) as string[]);
        if (!instant || instant.zone === readerZone) return written;
        if (line.startsWith(ANNOTATION, at + written.length)) return written;
        return `${written}${ANNOTATION}${readerTime(instant.ms, readerZone)})`;
      });
    })
    .join('\n');
}
