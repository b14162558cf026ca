// Wall-clock arithmetic in IANA zones, including the days clocks change.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatInstant,
  instantOf,
  localParts,
  offsetAt,
  parseDateKey,
  resolveZone,
} from '../../../src/judge/timing/zone.js';

const utc = (iso: string) => Date.parse(iso);

describe('time zones with Intl only', () => {
  it('knows zone names, corrects their case, and refuses unknown ones', () => {
    expect(resolveZone('europe/berlin')).toBe('Europe/Berlin');
    expect(resolveZone('America/New_York')).toBe('America/New_York');
    expect(resolveZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(resolveZone('utc')).toBe('UTC');
    expect(resolveZone('GMT')).toBe('UTC');
    // Every spelling of a zone is one name: readers who wrote one zone differently share one copy.
    expect(resolveZone('us/EASTERN')).toBe('America/New_York');
    expect(resolveZone('UCT')).toBe('UTC');
    expect(resolveZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(resolveZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(resolveZone('Mars/Olympus_Mons')).toBeNull();
    expect(resolveZone('Europe/Berlin; DROP')).toBeNull();
    expect(resolveZone('')).toBeNull();
  });

  it('reads offsets in winter, summer, and in zones with half and quarter hours', () => {
    expect(offsetAt(utc('2026-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(3_600_000);
    expect(offsetAt(utc('2026-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(7_200_000);
    expect(offsetAt(utc('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(offsetAt(utc('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
    expect(offsetAt(utc('2026-01-15T12:00:00Z'), 'Pacific/Chatham')).toBe(13.75 * 3_600_000);
    // Lord Howe Island moves its clocks by half an hour.
    expect(
      offsetAt(utc('2026-01-15T12:00:00Z'), 'Australia/Lord_Howe') -
        offsetAt(utc('2026-07-15T12:00:00Z'), 'Australia/Lord_Howe'),
    ).toBe(1_800_000);
  });

  it('gives the local date and weekday, which may differ from UTC', () => {
    const chatham = localParts(utc('2026-01-15T12:00:00Z'), 'Pacific/Chatham');
    expect([chatham.year, chatham.month, chatham.day, chatham.hour, chatham.minute, chatham.weekday]).toEqual([
      2026, 1, 16, 1, 45, 5,
    ]);
    const honolulu = localParts(utc('2026-01-15T05:00:00Z'), 'Pacific/Honolulu');
    expect([honolulu.day, honolulu.hour, honolulu.weekday]).toEqual([14, 19, 3]);
  });

  it('finds the instant of a wall time on ordinary days and on both DST change days', () => {
    expect(
      new Date(instantOf({ year: 2026, month: 11, day: 25 }, { hour: 20, minute: 0 }, 'Europe/Berlin')).toISOString(),
    ).toBe('2026-11-25T19:00:00.000Z');
    expect(
      new Date(instantOf({ year: 2026, month: 7, day: 1 }, { hour: 20, minute: 0 }, 'Europe/Berlin')).toISOString(),
    ).toBe('2026-07-01T18:00:00.000Z');
    // 29 March 2026: Berlin's clocks jump from 02:00 to 03:00; 20:00 that evening is summer time.
    expect(
      new Date(instantOf({ year: 2026, month: 3, day: 29 }, { hour: 20, minute: 0 }, 'Europe/Berlin')).toISOString(),
    ).toBe('2026-03-29T18:00:00.000Z');
    // 02:30 does not exist that night: it lands an hour later, after the gap (03:30 CEST).
    expect(
      new Date(instantOf({ year: 2026, month: 3, day: 29 }, { hour: 2, minute: 30 }, 'Europe/Berlin')).toISOString(),
    ).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:30 happens twice; the first one (still CEST) is taken.
    expect(
      new Date(instantOf({ year: 2026, month: 10, day: 25 }, { hour: 2, minute: 30 }, 'Europe/Berlin')).toISOString(),
    ).toBe('2026-10-25T00:30:00.000Z');
    // New York changes on other days: 8 March and 1 November 2026.
    expect(
      new Date(instantOf({ year: 2026, month: 3, day: 8 }, { hour: 2, minute: 30 }, 'America/New_York')).toISOString(),
    ).toBe('2026-03-08T07:30:00.000Z');
    expect(
      new Date(instantOf({ year: 2026, month: 11, day: 1 }, { hour: 1, minute: 30 }, 'America/New_York')).toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
    expect(
      new Date(instantOf({ year: 2026, month: 11, day: 1 }, { hour: 20, minute: 0 }, 'America/New_York')).toISOString(),
    ).toBe('2026-11-02T01:00:00.000Z');
  });

  it('does date arithmetic without a zone and validates dates', () => {
    expect(addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({ year: 2027, month: 1, day: 2 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDateKey('2026-02-29')).toBeNull();
    expect(parseDateKey('2026-13-01')).toBeNull();
    expect(parseDateKey('2026-12-25')).toEqual({ year: 2026, month: 12, day: 25 });
  });

  it('formats an instant in the zone with its offset at that moment', () => {
    expect(formatInstant(utc('2026-11-25T20:00:00Z'), 'UTC')).toBe('Wed 25 Nov 2026 20:00 UTC');
    expect(formatInstant(utc('2026-11-25T19:00:00Z'), 'Europe/Berlin')).toBe(
      'Wed 25 Nov 2026 20:00 Europe/Berlin (UTC+01:00)',
    );
    expect(formatInstant(utc('2026-07-01T18:00:00Z'), 'Europe/Berlin')).toBe(
      'Wed 1 Jul 2026 20:00 Europe/Berlin (UTC+02:00)',
    );
    expect(formatInstant(utc('2026-07-01T00:30:00Z'), 'America/New_York')).toBe(
      'Tue 30 Jun 2026 20:30 America/New_York (UTC-04:00)',
    );
    expect(formatInstant(utc('2026-01-15T12:00:00Z'), 'Asia/Kolkata')).toBe(
      'Thu 15 Jan 2026 17:30 Asia/Kolkata (UTC+05:30)',
    );
  });
});
