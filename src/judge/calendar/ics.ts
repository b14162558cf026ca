// One deadline as an iCalendar file (RFC 5545): a VEVENT at the deadline's instant, in UTC, so every
// calendar shows it in its owner's own zone. The UID is stable per game and phase, and SEQUENCE grows
// each time the deadline moves, so a calendar that imported the event updates it instead of adding a
// second one. A withdrawn deadline is the same event, cancelled.

export interface DeadlineEvent {
  uid: string;
  sequence: number;
  /** The deadline. */
  start: number;
  /** When this version of the event was written (DTSTAMP). */
  stamp: number;
  summary: string;
  description: string;
  /** The deadline is withdrawn (paused, ended, processed early): STATUS:CANCELLED, as RFC 5546 allows in PUBLISH. */
  cancelled?: boolean;
}

/** 20261125T200000Z */
function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded: CRLF and one space, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length ? 74 : 75;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: DeadlineEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    // A deadline takes no time: it never shows the reader as busy.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** One calendar file with one VEVENT per deadline (each with its own UID, as PUBLISH allows). */
export function deadlineCalendar(events: DeadlineEvent | DeadlineEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Chancery//Diplomacy judge//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...[events].flat().flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
