// The TIMING dialect, SET DEADLINE's times, and durations.
import { describe, expect, it } from 'vitest';
import { durationText, parseHours } from '../../../src/judge/timing/duration.js';
import {
  applyTimingWords,
  describeTiming,
  parseDateRanges,
  parseDays,
  parseDeadlineText,
  timingLine,
  type Timing,
} from '../../../src/judge/timing/parse.js';
import { defaultTiming } from '../../../src/judge/timing/rules.js';
import { applySettingLine, defaultSettings } from '../../../src/judge/settings.js';

const base = (): Timing => ({ delays: { movement: 72, retreat: 24, adjustment: 24 }, rules: defaultTiming() });
const words = (line: string) => line.trim().split(/\s+/);
const apply = (line: string) => applyTimingWords(base(), words(line));

describe('TIMING settings', () => {
  it('reads a full line: delays, zone, days, time of day, holidays, grace, reminders, policy', () => {
    const t = apply(
      'MOVE 2D RETREAT 12H ADJUST 12 ZONE europe/berlin DAYS MON-FRI AT 20:00 HOLIDAY 2026-12-24..2026-12-26,2027-01-01 GRACE 1D12H WARN 24H,4H LATE WAIT',
    );
    expect(t).toEqual({
      delays: { movement: 48, retreat: 12, adjustment: 12 },
      rules: {
        zone: 'Europe/Berlin',
        days: [1, 2, 3, 4, 5],
        at: '20:00',
        holidays: [
          { from: '2026-12-24', to: '2026-12-26' },
          { from: '2027-01-01', to: '2027-01-01' },
        ],
        graceHours: 36,
        warnHours: [24, 4],
        late: 'wait',
      },
    });
  });

  it('accepts DPjudge spellings: NEXT, -MTWTF-, NOT with compact dates, HOLIDAY a TO b', () => {
    const t = apply('NEXT 1D MOVE 3D DAYS -MTWTF- NOT 20261224-20261226 HOLIDAY 2027-01-01 TO 2027-01-02') as Timing;
    expect(t.delays).toEqual({ movement: 72, retreat: 24, adjustment: 24 });
    expect(t.rules.days).toEqual([1, 2, 3, 4, 5]);
    expect(t.rules.holidays).toEqual([
      { from: '2026-12-24', to: '2026-12-26' },
      { from: '2027-01-01', to: '2027-01-02' },
    ]);
  });

  it('reads day sets: lists, ranges that wrap past Sunday, full names', () => {
    expect(parseDays('MON,WED,FRI')).toEqual([1, 3, 5]);
    expect(parseDays('FRI-MON')).toEqual([0, 1, 5, 6]);
    expect(parseDays('saturday,Sunday')).toEqual([0, 6]);
    expect(parseDays('TU,TH')).toEqual([2, 4]);
    expect(parseDays('ALL')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parseDays('-------')).toBe('DAYS must allow at least one day');
    expect(parseDays('T')).toMatch(/not a set of days/);
    expect(parseDays('MON-FRI-SAT')).toMatch(/not a set of days/);
  });

  it('joins overlapping holidays and refuses impossible ones', () => {
    expect(parseDateRanges('2026-12-24..2026-12-26,2026-12-27')).toEqual([
      { from: '2026-12-24', to: '2026-12-26' },
      { from: '2026-12-27', to: '2026-12-27' },
    ]);
    const t = apply('HOLIDAY 2026-12-24..2026-12-26 HOLIDAY 2026-12-27,2026-12-20..2026-12-25') as Timing;
    expect(t.rules.holidays).toEqual([{ from: '2026-12-20', to: '2026-12-27' }]);
    expect(parseDateRanges('2026-02-30')).toMatch(/not a date/);
    expect(parseDateRanges('2026-12-26..2026-12-24')).toMatch(/ends before it starts/);
    expect(parseDateRanges('2026-01-01..2026-12-31')).toMatch(/at most 92 days/);
  });

  it('refuses each bad value with a reason, and applies nothing of a line with an error', () => {
    expect(apply('ZONE Mars/Base')).toMatch(/not a time zone/);
    expect(apply('MOVE x')).toMatch(/"x" is not a number of hours/);
    expect(apply('MOVE 0')).toMatch(/not a number of hours/);
    expect(apply('AT 25:00')).toMatch(/not a time of day/);
    expect(apply('GRACE -1')).toMatch(/not a grace period/);
    expect(apply('WARN 4H,x')).toMatch(/not a list of reminder times/);
    expect(apply('LATE MAYBE')).toMatch(/LATE takes CD/);
    expect(apply('SPEED 3')).toMatch(/unknown TIMING setting "SPEED"/);
    expect(apply('MOVE')).toMatch(/needs a value/);
    const settings = defaultSettings('');
    expect(applySettingLine(settings, 'TIMING MOVE 48 ZONE Nowhere/Land')).toMatch(/not a time zone/);
    expect(settings.deadlineHours.movement).toBe(72);
    expect(applySettingLine(settings, 'TIMING MOVE 48 ZONE Asia/Tokyo WARN NONE GRACE 0 LATE PROCESS')).toBeNull();
    expect(settings.deadlineHours.movement).toBe(48);
    expect(settings.timing).toMatchObject({ zone: 'Asia/Tokyo', warnHours: [], graceHours: 0, late: 'process' });
  });

  it('writes a TIMING line that reads back to the same settings', () => {
    const t = apply(
      'MOVE 36H RETREAT 1D ZONE America/New_York DAYS SAT-MON AT 9:30 HOLIDAY 2026-07-04 GRACE 2D WARN 1D,6H LATE PROCESS',
    ) as Timing;
    const line = timingLine(t);
    expect(line).toBe(
      'TIMING MOVE 36H RETREAT 1D ADJUST 1D ZONE America/New_York DAYS SAT-MON AT 09:30 HOLIDAY 2026-07-04 GRACE 2D WARN 1D,6H LATE PROCESS',
    );
    expect(applyTimingWords(base(), words(line).slice(1))).toEqual(t);
    expect(timingLine(base())).toBe(
      'TIMING MOVE 3D RETREAT 1D ADJUST 1D ZONE UTC DAYS ALL AT NONE HOLIDAY NONE GRACE 1D WARN 12H LATE CD',
    );
    expect(describeTiming(t)).toContain(
      'Time zone America/New_York; deadlines fall on SAT-MON at 09:30, never on 2026-07-04.',
    );
  });
});

describe('SET DEADLINE times, read in the game zone', () => {
  const berlin = { ...defaultTiming(), zone: 'Europe/Berlin' };
  const now = Date.parse('2026-11-25T10:00:00Z'); // Wednesday 11:00 in Berlin

  it('reads dates with and without a time, relative times, weekdays and times of day', () => {
    const iso = (text: string, rules = berlin) => {
      const r = parseDeadlineText(text, now, rules);
      return typeof r === 'number' ? new Date(r).toISOString() : r;
    };
    expect(iso('2026-12-01 20:00')).toBe('2026-12-01T19:00:00.000Z');
    expect(iso('2026-07-01 20:00')).toBe('2026-07-01T18:00:00.000Z');
    expect(iso('2026-12-01')).toBe('2026-11-30T23:00:00.000Z');
    expect(iso('2026-12-01', { ...berlin, at: '20:00' })).toBe('2026-12-01T19:00:00.000Z');
    expect(iso('+48H')).toBe('2026-11-27T10:00:00.000Z');
    expect(iso('+2d')).toBe('2026-11-27T10:00:00.000Z');
    // A relative deadline falls on a whole minute, never before the minute it is shown as.
    const later = parseDeadlineText('+48H', now + 44_123, berlin);
    expect(new Date(later as number).toISOString()).toBe('2026-11-27T10:01:00.000Z');
    expect(iso('36h')).toBe('2026-11-26T22:00:00.000Z');
    expect(iso('FRI 20:00')).toBe('2026-11-27T19:00:00.000Z');
    expect(iso('wednesday 10:00')).toBe('2026-12-02T09:00:00.000Z');
    expect(iso('12:00')).toBe('2026-11-25T11:00:00.000Z');
    expect(iso('10:30')).toBe('2026-11-26T09:30:00.000Z');
    expect(iso('soon')).toMatch(/write SET DEADLINE/);
    expect(iso('2026-02-30 20:00')).toMatch(/write SET DEADLINE/);
    expect(iso('')).toMatch(/write SET DEADLINE/);
  });
});

describe('durations', () => {
  it('reads and writes them', () => {
    expect(parseHours('48')).toBe(48);
    expect(parseHours('2d')).toBe(48);
    expect(parseHours('1D12H')).toBe(36);
    expect(parseHours('90M')).toBe(1.5);
    expect(parseHours('two days')).toBeNull();
    expect(durationText(2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toBe('2 days 3 hours');
    expect(durationText(86_400_000)).toBe('1 day');
    expect(durationText(3_600_000 + 60_000)).toBe('1 hour 1 minute');
    expect(durationText(12 * 60_000 + 5_000)).toBe('12 minutes');
    expect(durationText(5_000)).toBe('less than a minute');
  });
});
