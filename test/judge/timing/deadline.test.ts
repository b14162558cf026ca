// Where deadlines fall: delay, snap to a time of day, allowed weekdays, holidays, absences, DST.
import { describe, expect, it } from 'vitest';
import {
  computeDeadline,
  graceEnd,
  isOpenDay,
  moveToOpenDay,
  reminderTimes,
} from '../../../src/judge/timing/deadline.js';
import { defaultTiming, type TimingRules } from '../../../src/judge/timing/rules.js';
import { localParts } from '../../../src/judge/timing/zone.js';

const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const rules = (over: Partial<TimingRules>): TimingRules => ({ ...defaultTiming(), ...over });
const berlin = (ms: number) => {
  const p = localParts(ms, 'Europe/Berlin');
  return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][p.weekday]} ${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

describe('computeDeadline', () => {
  it('adds the delay and rounds up to the minute when there is no time of day', () => {
    expect(iso(computeDeadline(at('2026-11-21T06:20:25.500Z'), 72, defaultTiming()))).toBe('2026-11-24T06:21:00.000Z');
    expect(iso(computeDeadline(at('2026-11-21T06:20:00.000Z'), 1.5, defaultTiming()))).toBe('2026-11-21T07:50:00.000Z');
  });

  it('snaps to the time of day in the zone, taking back at most 8 hours of the delay', () => {
    const r = rules({ zone: 'Europe/Berlin', at: '20:00' });
    // Started 21:00 with 72 hours: 20:00 three days later (71 hours), not four days.
    expect(berlin(computeDeadline(at('2026-11-20T20:00:00Z'), 72, r))).toBe('Mon 2026-11-23 20:00');
    // Started 19:00: the full delay reaches 19:00, so 20:00 the same day (73 hours).
    expect(berlin(computeDeadline(at('2026-11-20T18:00:00Z'), 72, r))).toBe('Mon 2026-11-23 20:00');
    // Started 11:00: taking back 19 hours is too much, so the 20:00 after the full delay (81 hours).
    expect(berlin(computeDeadline(at('2026-11-20T10:00:00Z'), 72, r))).toBe('Mon 2026-11-23 20:00');
    // Started 03:00: giving back 7 hours reaches 20:00 of the day before (65 hours).
    expect(berlin(computeDeadline(at('2026-11-20T02:00:00Z'), 72, r))).toBe('Sun 2026-11-22 20:00');
    // A short delay keeps at least three quarters of itself: 4 hours from 19:00 is not 20:00.
    expect(berlin(computeDeadline(at('2026-11-20T18:00:00Z'), 4, r))).toBe('Sat 2026-11-21 20:00');
  });

  it('keeps 20:00 on the wall clock across both DST changes', () => {
    const r = rules({ zone: 'Europe/Berlin', at: '20:00' });
    // Friday 27 March 20:00 CET + 72 hours crosses the spring change; Monday 20:00 is CEST.
    const spring = computeDeadline(at('2026-03-27T19:00:00Z'), 72, r);
    expect(iso(spring)).toBe('2026-03-30T18:00:00.000Z');
    expect(berlin(spring)).toBe('Mon 2026-03-30 20:00');
    const autumn = computeDeadline(at('2026-10-23T18:00:00Z'), 72, r);
    expect(iso(autumn)).toBe('2026-10-26T19:00:00.000Z');
    expect(berlin(autumn)).toBe('Mon 2026-10-26 20:00');
  });

  it('counts real hours without a time of day, so the wall time moves by the DST hour', () => {
    const deadline = computeDeadline(at('2026-03-27T19:00:00Z'), 72, rules({ zone: 'Europe/Berlin' }));
    expect(deadline - at('2026-03-27T19:00:00Z')).toBe(72 * H);
    expect(berlin(deadline)).toBe('Mon 2026-03-30 21:00');
  });

  it('moves a deadline off days that are not allowed, to the next allowed day at the same time', () => {
    const weekdays = rules({ zone: 'Europe/Berlin', days: [1, 2, 3, 4, 5] });
    // Thursday 26 Nov 2026 10:00 Berlin + 48 hours = Saturday: Monday 10:00.
    expect(berlin(computeDeadline(at('2026-11-26T09:00:00Z'), 48, weekdays))).toBe('Mon 2026-11-30 10:00');
    const fridays = rules({ zone: 'America/New_York', days: [5], at: '21:00' });
    const deadline = computeDeadline(at('2026-11-23T15:00:00Z'), 24, fridays);
    expect(iso(deadline)).toBe('2026-11-28T02:00:00.000Z'); // Friday 27 Nov 21:00 EST
    // The weekday is the zone's: 21:00 Friday in New York is Saturday in UTC.
    expect(localParts(deadline, 'America/New_York').weekday).toBe(5);
    expect(new Date(deadline).getUTCDay()).toBe(6);
  });

  it('skips holidays given as dates in the game zone, and players’ absences', () => {
    const r = rules({
      zone: 'Europe/Berlin',
      days: [1, 2, 3, 4, 5],
      at: '20:00',
      holidays: [
        { from: '2026-12-24', to: '2026-12-26' },
        { from: '2027-01-01', to: '2027-01-01' },
      ],
    });
    // Due Thursday 24 Dec: the 24th and 25th are holidays, the 26th and 27th a weekend.
    expect(berlin(computeDeadline(at('2026-12-21T19:00:00Z'), 72, r))).toBe('Mon 2026-12-28 20:00');
    expect(berlin(computeDeadline(at('2026-12-29T19:00:00Z'), 72, r))).toBe('Mon 2027-01-04 20:00');
    // An absence is one more closed range.
    expect(berlin(computeDeadline(at('2026-12-29T19:00:00Z'), 72, r, [{ from: '2027-01-04', to: '2027-01-05' }]))).toBe(
      'Wed 2027-01-06 20:00',
    );
    expect(isOpenDay({ year: 2026, month: 12, day: 25 }, r)).toBe(false);
    expect(isOpenDay({ year: 2026, month: 12, day: 23 }, r)).toBe(true);
  });

  it('a holiday is a date in the zone, not in UTC', () => {
    // 23:30 on 24 Dec in Berlin is 22:30 UTC: still the 24th in both; 00:30 on the 25th in Berlin is the 24th in UTC.
    const r = rules({ zone: 'Europe/Berlin', holidays: [{ from: '2026-12-25', to: '2026-12-25' }] });
    expect(berlin(moveToOpenDay(at('2026-12-24T23:30:00Z'), r))).toBe('Sat 2026-12-26 00:30');
    expect(iso(moveToOpenDay(at('2026-12-24T22:30:00Z'), r))).toBe('2026-12-24T22:30:00.000Z');
  });

  it('never moves a deadline earlier, and leaves one on an open day alone', () => {
    const r = rules({ zone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], at: '20:00' });
    const saturday = at('2026-11-28T09:00:00Z');
    expect(berlin(moveToOpenDay(saturday, r))).toBe('Mon 2026-11-30 20:00');
    const monday = at('2026-11-30T09:00:00Z');
    expect(moveToOpenDay(monday, r)).toBe(monday);
  });
});

describe('reminders and grace', () => {
  it('places reminders before the deadline and leaves out those already past', () => {
    const due = at('2026-11-24T20:00:00Z');
    const r = rules({ warnHours: [24, 4] });
    expect(reminderTimes(due, r, at('2026-11-21T20:00:00Z')).map((x) => [x.hours, iso(x.at)])).toEqual([
      [24, '2026-11-23T20:00:00.000Z'],
      [4, '2026-11-24T16:00:00.000Z'],
    ]);
    expect(reminderTimes(due, r, at('2026-11-24T10:00:00Z')).map((x) => x.hours)).toEqual([4]);
    expect(reminderTimes(due, rules({ warnHours: [] }), at('2026-11-21T20:00:00Z'))).toEqual([]);
  });

  it('ends the grace period its length after the deadline', () => {
    expect(iso(graceEnd(at('2026-11-24T20:00:00Z'), rules({ graceHours: 36 })))).toBe('2026-11-26T08:00:00.000Z');
  });
});
