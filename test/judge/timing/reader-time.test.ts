// Issue 13.7, the pure parts: a time the judge wrote is read back exactly and written in the reader's
// zone beside it; a calendar file is valid RFC 5545 text (CRLF, folded at 75 octets, TEXT escaped).
import { describe, expect, it } from 'vitest';
import { deadlineCalendar } from '../../../src/judge/calendar/ics.js';
import { mentionsInstant, withReaderTimes } from '../../../src/judge/timing/reader-time.js';
import { formatInstant } from '../../../src/judge/timing/zone.js';

describe('withReaderTimes', () => {
  it("adds the reader's time after each time the judge wrote, in UTC or in a zone", () => {
    const at = Date.parse('2026-11-28T19:00:00Z');
    const berlin = formatInstant(at, 'Europe/Berlin');
    const text = `The deadline is ${berlin} (3 days left).\nThen ${formatInstant(at, 'UTC')}.`;
    expect(withReaderTimes(text, 'America/New_York')).toBe(
      'The deadline is Sat 28 Nov 2026 20:00 Europe/Berlin (UTC+01:00) ' +
        '(your time: Sat 28 Nov 2026 14:00 America/New_York, UTC-05:00) (3 days left).\n' +
        'Then Sat 28 Nov 2026 19:00 UTC (your time: Sat 28 Nov 2026 14:00 America/New_York, UTC-05:00).',
    );
    expect(withReaderTimes(text, 'UTC')).toContain('(UTC+01:00) (your time: Sat 28 Nov 2026 19:00 UTC) (3 days left)');
  });

  it('reads the hour a summer-time change repeats by its offset', () => {
    // 01:30 happens twice in New York on 1 Nov 2026: at 05:30 and at 06:30 UTC.
    const first = formatInstant(Date.parse('2026-11-01T05:30:00Z'), 'America/New_York');
    const second = formatInstant(Date.parse('2026-11-01T06:30:00Z'), 'America/New_York');
    expect(first.slice(0, 21)).toBe(second.slice(0, 21));
    expect(withReaderTimes(first, 'UTC')).toContain('(your time: Sun 1 Nov 2026 05:30 UTC)');
    expect(withReaderTimes(second, 'UTC')).toContain('(your time: Sun 1 Nov 2026 06:30 UTC)');
  });

  it('leaves alone the reader\'s own zone, "::" header lines, text it annotated already, and look-alikes', () => {
    const at = formatInstant(Date.parse('2026-11-28T19:00:00Z'), 'Europe/Berlin');
    expect(withReaderTimes(at, 'Europe/Berlin')).toBe(at);
    expect(withReaderTimes(`:: Deadline: S1901M ${at}`, 'Asia/Tokyo')).toBe(`:: Deadline: S1901M ${at}`);
    const once = withReaderTimes(at, 'Asia/Tokyo');
    expect(withReaderTimes(once, 'Asia/Tokyo')).toBe(once);
    // A Saturday that is not 28 Nov 2026's weekday is not a time the judge wrote.
    expect(withReaderTimes('Mon 28 Nov 2026 20:00 UTC', 'Asia/Tokyo')).toBe('Mon 28 Nov 2026 20:00 UTC');
    expect(mentionsInstant('no time here')).toBe(false);
    expect(mentionsInstant(`until ${at}`)).toBe(true);
  });
});

describe('deadlineCalendar', () => {
  it('writes one VEVENT in UTC with CRLF lines of at most 75 octets and escaped text', () => {
    const ics = deadlineCalendar({
      uid: 'deadline-7-S1901M@judge.example',
      sequence: 2,
      start: Date.parse('2026-11-28T19:00:00Z'),
      stamp: Date.parse('2026-11-25T06:00:30Z'),
      summary: 'Diplomacy game tz: Spring 1901 Movement (S1901M) orders due',
      description: `Orders; due, now\\later\nsee ${'é'.repeat(60)}`,
    });
    const lines = ics.split('\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines).toContain('DTSTART:20261128T190000Z');
    expect(lines).toContain('DTSTAMP:20261125T060030Z');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('UID:deadline-7-S1901M@judge.example');
    expect(lines).toContain('STATUS:CONFIRMED');
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:Orders\\; due\\, now\\\\later\\nsee ${'é'.repeat(60)}\r\n`);
  });
});
