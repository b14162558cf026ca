// The judge's clock by mail: deadlines in the game's zone in every reply, reminders to the powers
// still missing orders, late notices, the grace period and what follows it, SET DEADLINE, SET
// ABSENCE, and catching up after downtime.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../../src/core/map/load.js';
import {
  deadlineJobKey,
  deadlineOf,
  formatDeadline,
  graceJobKey,
  reminderJobKey,
} from '../../../src/judge/lifecycle/deadlines.js';
import { adjustmentsDue } from '../../../src/judge/progress.js';
import { tick } from '../../../src/judge/tick.js';
import { localParts } from '../../../src/judge/timing/zone.js';
import { findGameByName, type Game } from '../../../src/store/games.js';
import { findJob } from '../../../src/store/jobs.js';
import { currentPhase, phaseHistory } from '../../../src/store/phases.js';
import { listSeats } from '../../../src/store/players.js';
import { botOrders } from '../bot.js';
import { createWorld, JUDGE, type World } from '../world.js';

const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const GM = 'gm@example.test';
const address = (power: string) => `${power}@players.test`;
const HOUR = 3_600_000;
/** Each test drives a seven-player game by mail; on a loaded machine that takes seconds. */
const SLOW = { timeout: 30_000 };
let world: World | null = null;
afterEach(() => world?.close());

async function started(w: World, name: string, settings: string[]): Promise<Game> {
  const created = await w.send(
    GM,
    [`CREATE ${name} gmpass1 standard`, 'RULE POWER_CHOICE', ...settings, 'FORM'].join('\n'),
  );
  expect(created).toContain(`Game ${name} is open`);
  for (const p of POWERS) await w.send(address(p), `JOIN ${name} pw-${p} ${p}`);
  expect(await w.send(GM, `SIGNON master@${name} gmpass1\nACTIVATE`)).toContain('has started');
  return findGameByName(w.db, name)!;
}

/** The bot's orders for the power (all of them, or only the first `limit`); returns the reply. */
async function order(w: World, game: Game, power: string, limit?: number): Promise<string> {
  const record = currentPhase(w.db, game.id)!;
  const lines = botOrders(loadVariant('standard'), record.position, power, adjustmentsDue(w.db, game.id, record)).slice(
    0,
    limit,
  );
  return w.send(address(power), [`SIGNON ${power}@${game.name} pw-${power}`, ...lines].join('\n'));
}

/** Moves the world's clock to `minutes` after the instant. */
function advanceTo(w: World, iso: string, minutes = 1): void {
  w.advance((Date.parse(iso) - Date.parse(w.now())) / HOUR + minutes / 60);
}

const rows = (w: World, subject: string) => w.outboxRows().filter((r) => r.subject.startsWith(subject));
const recipients = (r: { to: string[]; cc: string[]; bcc: string[] }) =>
  [...r.to, ...r.cc, ...r.bcc].filter((a) => a !== JUDGE.address).sort();
const phaseOf = (w: World, game: Game) => currentPhase(w.db, game.id)!.phase;
const seatStatus = (w: World, game: Game, power: string) =>
  listSeats(w.db, game.id).find((s) => s.power === power)!.status;

describe('deadlines in the game zone', SLOW, () => {
  it('falls on an allowed weekday at the time of day in the zone, and every reply states it with the time left', async () => {
    const w = (world = createWorld());
    const game = await started(w, 'zoned', ['TIMING ZONE Europe/Berlin DAYS MON-FRI AT 20:00']);
    const due = deadlineOf(w.db, game.id, 'S1901M')!;
    const local = localParts(Date.parse(due), 'Europe/Berlin');
    expect([local.hour, local.minute]).toEqual([20, 0]);
    expect([1, 2, 3, 4, 5]).toContain(local.weekday);
    // At least the delay less the 8-hour snap, at most the delay plus a day and a weekend.
    const hours = (Date.parse(due) - Date.parse(w.now())) / HOUR;
    expect(hours).toBeGreaterThan(72 - 8 - 0.1);
    expect(hours).toBeLessThan(72 + 16 + 48 + 0.1);

    const shown = formatDeadline(due, 'Europe/Berlin');
    expect(shown).toMatch(/^\w{3} \d{1,2} \w{3} \d{4} 20:00 Europe\/Berlin \(UTC\+0[12]:00\)$/);
    const reply = await w.send(address('france'), 'SIGNON france@zoned pw-france\nSTATUS');
    expect(reply).toMatch(
      new RegExp(
        `Deadline for S1901M of game 'zoned': ${shown.replace(/[()+]/g, '\\$&')} \\(\\d+ days?( \\d+ hours?)? left\\)\\.`,
      ),
    );
    expect(await w.send(GM, 'SIGNON master@zoned gmpass1')).toContain(`Deadline for S1901M of game 'zoned': ${shown}`);
    expect(rows(w, 'Diplomacy game zoned starting')[0].body).toContain(shown);
    const listed = await w.send('stranger@players.test', 'LIST zoned');
    expect(listed).toContain('Time zone Europe/Berlin; deadlines fall on MON-FRI at 20:00.');
    expect(w.errors).toEqual([]);
  });
});

describe('reminders, late notices, grace and civil disorder', SLOW, () => {
  it('reminds only the powers still missing orders, once; at the deadline tells the late and the GM; after grace declares CD and processes', async () => {
    const w = (world = createWorld());
    const game = await started(w, 'late', ['TIMING MOVE 48 GRACE 24 WARN 12 LATE CD']);
    for (const p of POWERS.slice(0, 5)) await order(w, game, p);
    await order(w, game, 'russia', 1); // one unit of four: still missing
    const due = deadlineOf(w.db, game.id, 'S1901M')!;
    expect(findJob(w.db, reminderJobKey(game.id, 'S1901M', 12))!.dueAt).toBe(
      new Date(Date.parse(due) - 12 * HOUR).toISOString(),
    );

    advanceTo(w, new Date(Date.parse(due) - 12 * HOUR).toISOString());
    await w.settle();
    await w.settle();
    const reminders = rows(w, 'Diplomacy deadline reminder late S1901M');
    expect(reminders.map(recipients).flat().sort()).toEqual([address('russia'), address('turkey')]);
    const russia = reminders.find((r) => r.to.includes(address('russia')))!;
    expect(russia.body).toContain('the orders for Russia (S1901M) are not complete yet');
    expect(russia.body).toMatch(/Units still unordered: [AF] [A-Z/]+, [AF] [A-Z/]+, [AF] [A-Z/]+\./);
    expect(russia.body).toMatch(/\(11 hours 5\d minutes left\)/);
    expect(phaseOf(w, game)).toBe('S1901M');

    advanceTo(w, due);
    await w.settle();
    expect(phaseOf(w, game)).toBe('S1901M');
    const notices = rows(w, 'Diplomacy late notice late S1901M');
    expect(notices.map(recipients).flat().sort()).toEqual([address('russia'), address('turkey')]);
    expect(notices[0].body).toContain('Late orders are still accepted until');
    expect(notices[0].body).toContain('declared in civil disorder');
    const gmNotice = rows(w, 'Diplomacy late powers late S1901M');
    expect(gmNotice.map(recipients)).toEqual([[GM]]);
    expect(gmNotice[0].body).toMatch(
      /Late powers:\n {2}Russia: +Units still unordered: .*\n {2}Turkey: +Units still unordered: .*\n/,
    );
    const graceEnds = findJob(w.db, graceJobKey(game.id, 'S1901M'))!.dueAt;
    expect(graceEnds).toBe(new Date(Date.parse(due) + 24 * HOUR).toISOString());

    // Russia completes his orders during the grace period; Turkey never does.
    const late = await order(w, game, 'russia');
    expect(late).toContain('has passed; late orders are awaited until');
    expect(phaseOf(w, game)).toBe('S1901M');
    await w.settle();
    expect(rows(w, 'Diplomacy late notice').length).toBe(2);

    advanceTo(w, graceEnds);
    await w.settle();
    expect(phaseOf(w, game)).toBe('F1901M');
    expect(w.outboxRows().filter((r) => r.dedupeKey === 'results:late:S1901M')).toHaveLength(1);
    expect(seatStatus(w, game, 'turkey')).toBe('cd');
    expect(seatStatus(w, game, 'russia')).toBe('active');
    const over = rows(w, 'Diplomacy grace period over late S1901M');
    expect(over.map(recipients)).toEqual([[address('turkey')]]);
    expect(over[0].body).toContain('TAKEOVER turkey@late <your password>');
    expect(rows(w, 'Diplomacy late powers late S1901M').at(-1)!.body).toContain('Powers in civil disorder: Turkey.');
    // The next deadline counts from the processing.
    const next = deadlineOf(w.db, game.id, 'F1901M')!;
    expect(Date.parse(next) - Date.parse(w.now())).toBeGreaterThan(47.9 * HOUR);

    expect(await w.send(address('turkey'), 'TAKEOVER turkey@late pw-turkey')).toContain('You took over Turkey');
    expect(seatStatus(w, game, 'turkey')).toBe('active');

    // Paused in a grace period and resumed: the phase gets a fresh deadline; the grace period is gone.
    advanceTo(w, next);
    await w.settle();
    expect(findJob(w.db, graceJobKey(game.id, 'F1901M'))!.status).toBe('pending');
    await w.send(GM, 'SIGNON master@late gmpass1\nPAUSE');
    const resumed = await w.send(GM, 'SIGNON master@late gmpass1\nRESUME');
    expect(resumed).toContain('resumed; the deadline for F1901M is');
    expect(findJob(w.db, graceJobKey(game.id, 'F1901M'))!.status).toBe('cancelled');
    expect(Date.parse(deadlineOf(w.db, game.id, 'F1901M')!) - Date.parse(w.now())).toBeGreaterThan(47.9 * HOUR);
    expect(w.errors).toEqual([]);
  });

  it('with LATE WAIT tells the GM after grace and waits; late orders in grace process at once despite SET WAIT; SET DEADLINE reopens', async () => {
    const w = (world = createWorld());
    const game = await started(w, 'waiting', ['TIMING MOVE 24 GRACE 12 WARN NONE LATE WAIT']);
    for (const p of POWERS.slice(0, 6)) await order(w, game, p);
    await w.send(address('france'), 'SIGNON france@waiting pw-france\nSET WAIT');
    const due = deadlineOf(w.db, game.id, 'S1901M')!;
    advanceTo(w, due);
    await w.settle();
    expect(rows(w, 'Diplomacy late notice waiting S1901M').map(recipients)).toEqual([[address('turkey')]]);
    expect(rows(w, 'Diplomacy late notice')[0].body).toContain('the GM decides');
    // Turkey's orders arrive in the grace period: France's WAIT held only until the deadline.
    await order(w, game, 'turkey');
    expect(phaseOf(w, game)).toBe('F1901M');
    expect(rows(w, 'Diplomacy deadline reminder')).toEqual([]);

    // F1901M: nobody orders. After grace the GM is asked, and the game waits.
    const due2 = deadlineOf(w.db, game.id, 'F1901M')!;
    advanceTo(w, due2);
    await w.settle();
    advanceTo(w, findJob(w.db, graceJobKey(game.id, 'F1901M'))!.dueAt);
    await w.settle();
    await w.settle();
    expect(phaseOf(w, game)).toBe('F1901M');
    const asked = rows(w, 'Diplomacy late powers waiting F1901M');
    expect(asked).toHaveLength(2);
    expect(asked[1].body).toContain('The game waits for you');
    expect(asked[1].body).toContain('PROCESS! F1901M');
    expect(rows(w, 'Diplomacy grace period over waiting F1901M')).toHaveLength(7);
    expect(await w.send(address('italy'), 'SIGNON italy@waiting pw-italy')).toContain(
      'and so has its grace period; the GM decides',
    );

    // The GM gives more time: a fresh deadline, announced to everyone, and the clock runs again.
    const before = w.outboxRows().length;
    const reply = await w.send(GM, 'SIGNON master@waiting gmpass1\nSET DEADLINE +24H');
    expect(reply).toMatch(/The deadline for F1901M is now .* \(1 day from now\); everyone was told\./);
    const announced = w
      .outboxRows()
      .slice(before)
      .filter((r) => r.subject === 'Diplomacy deadline changed waiting F1901M');
    expect(announced).toHaveLength(1);
    expect(recipients(announced[0])).toEqual([...POWERS.map(address), GM].sort());
    expect(announced[0].body).toContain('has been changed by the GM');
    expect(announced[0].body).toMatch(/\(1 day left\)|\(23 hours 5\d minutes left\)/);
    expect(await w.send(address('italy'), 'SIGNON italy@waiting pw-italy')).toMatch(
      /Deadline for F1901M of game 'waiting': .* UTC \((1 day|23 hours 5\d minutes) left\)/,
    );
    for (const p of POWERS) await order(w, game, p);
    expect(phaseOf(w, game)).not.toBe('F1901M');
    expect(w.errors).toEqual([]);
  });
});

describe('SET DEADLINE, SET TIMING and SET ABSENCE', SLOW, () => {
  it('reads SET DEADLINE in the game zone, moves the reminders, and refuses the past', async () => {
    const w = (world = createWorld());
    const game = await started(w, 'berlin', ['TIMING ZONE Europe/Berlin WARN 24H,2H']);
    const reply = await w.send(GM, 'SIGNON master@berlin gmpass1\nSET DEADLINE FRI 21:30');
    const due = deadlineOf(w.db, game.id, 'S1901M')!;
    const local = localParts(Date.parse(due), 'Europe/Berlin');
    expect([local.weekday, local.hour, local.minute]).toEqual([5, 21, 30]);
    expect(Date.parse(due) - Date.parse(w.now())).toBeLessThanOrEqual(7 * 24 * HOUR);
    expect(reply).toContain(`The deadline for S1901M is now ${formatDeadline(due, 'Europe/Berlin')}`);
    // The world starts on a Monday (WORLD_START), so Friday's deadline leaves room for both reminders:
    // each is asserted, whatever day the suite runs.
    expect(Date.parse(due) - Date.parse(w.now())).toBeGreaterThan(24 * HOUR);
    for (const hours of [24, 2]) {
      expect(findJob(w.db, reminderJobKey(game.id, 'S1901M', hours))).toMatchObject({
        status: 'pending',
        dueAt: new Date(Date.parse(due) - hours * HOUR).toISOString(),
      });
    }
    expect(rows(w, 'Diplomacy deadline changed berlin S1901M')[0].body).toContain(formatDeadline(due, 'Europe/Berlin'));
    expect(await w.send(GM, 'SIGNON master@berlin gmpass1\nSET DEADLINE 2020-01-01 20:00')).toContain(
      'the new deadline must be in the future',
    );
    expect(await w.send(GM, 'SIGNON master@berlin gmpass1\nSET DEADLINE whenever')).toContain(
      'write SET DEADLINE 2026-07-01 20:00',
    );
    expect(deadlineOf(w.db, game.id, 'S1901M')).toBe(due);
    expect(await w.send(address('france'), 'SIGNON france@berlin pw-france\nSET DEADLINE +1D')).toContain(
      'is a GM command',
    );

    // SET TIMING changes the rules for the deadlines to come; the current one stands.
    const timing = await w.send(
      GM,
      'SIGNON master@berlin gmpass1\nSET TIMING ZONE Asia/Tokyo DAYS MON-FRI AT 19:00 LATE WAIT\nSET GRACE 2D',
    );
    expect(timing).toContain(
      'The timing of game berlin is now: TIMING MOVE 3D RETREAT 1D ADJUST 1D ZONE Asia/Tokyo DAYS MON-FRI AT 19:00 HOLIDAY NONE GRACE 1D WARN 1D,2H LATE WAIT',
    );
    expect(timing).toContain('GRACE 2D WARN 1D,2H LATE WAIT');
    expect(timing).toContain('Late orders are awaited 2 days after the deadline; then the GM decides');
    expect(deadlineOf(w.db, game.id, 'S1901M')).toBe(due);
    expect(findGameByName(w.db, 'berlin')!.settings).toMatchObject({
      timing: { zone: 'Asia/Tokyo', at: '19:00', graceHours: 48, late: 'wait' },
    });
    expect(await w.send(GM, 'SIGNON master@berlin gmpass1\nSET TIMING ZONE Atlantis')).toContain(
      '"Atlantis" is not a time zone',
    );
    const refused = await w.send(address('france'), 'SIGNON france@berlin pw-france\nSET TIMING GRACE 0');
    expect(refused, refused).toContain('SET TIMING is a GM command');

    expect(findGameByName(w.db, 'berlin')!.settings).toMatchObject({ timing: { zone: 'Asia/Tokyo', graceHours: 48 } });
    // Replies now speak Tokyo time.
    expect(await w.send(address('france'), 'SIGNON france@berlin pw-france')).toContain(
      formatDeadline(due, 'Asia/Tokyo'),
    );
  });

  it('caps SET ABSENCE at the game maximum and moves a deadline that falls in it, telling everyone without the name', async () => {
    const w = (world = createWorld());
    const game = await started(w, 'absent', ['RULE MAX_ABSENCE 5', 'TIMING ZONE America/New_York AT 18:00']);
    const day = (ms: number) => {
      const p = localParts(ms, 'America/New_York');
      return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
    };
    const now = Date.parse(w.now());
    const tooLong = await w.send(
      address('france'),
      `SIGNON france@absent pw-france\nSET ABSENCE ${day(now)} TO ${day(now + 5 * 24 * HOUR)}`,
    );
    expect(tooLong).toContain('an absence may last at most 5 days in game absent, counted from today; this one has 6');
    expect(
      await w.send(address('france'), 'SIGNON france@absent pw-france\nSET ABSENCE 2020-01-01 TO 2020-01-02'),
    ).toContain('the absence is over already');

    const due = deadlineOf(w.db, game.id, 'S1901M')!;
    const reply = await w.send(
      address('france'),
      `SIGNON france@absent pw-france\nSET ABSENCE ${day(Date.parse(due) - 24 * HOUR)} TO ${day(Date.parse(due))}`,
    );
    expect(reply).toContain('no deadline of game absent will fall on those days');
    const moved = deadlineOf(w.db, game.id, 'S1901M')!;
    expect(day(Date.parse(moved))).toBe(day(Date.parse(due) + 24 * HOUR));
    expect(localParts(Date.parse(moved), 'America/New_York').hour).toBe(18);
    expect(reply).toContain(`fell in your absence and moved to ${formatDeadline(moved, 'America/New_York')}`);
    const told = rows(w, 'Diplomacy deadline changed absent S1901M');
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('because a player will be absent then');
    expect(told[0].body).not.toMatch(/France|french/i);
    expect(recipients(told[0])).toHaveLength(8);
  });
});

describe('catching up after downtime', SLOW, () => {
  it('processes the overdue phase once, sends no stale reminder or late notice, and counts the next deadline from the processing', async () => {
    const w = (world = createWorld());
    const game = await started(w, 'asleep', ['TIMING MOVE 72 GRACE 24 WARN 12 LATE PROCESS']);
    for (const p of POWERS.slice(0, 6)) await order(w, game, p);
    const due = deadlineOf(w.db, game.id, 'S1901M')!;
    const outboxBefore = w.outboxRows().length;
    // The judge was down for a month: the reminder, the deadline and the grace period all passed.
    const far = new Date(Date.parse(due) + 30 * 24 * HOUR).toISOString();
    const first = tick(w.db, far, JUDGE);
    expect(first.processed).toEqual(['S1901M']);
    expect(first.dropped).toEqual([expect.stringMatching(/^reminder:\d+:S1901M:12h: stale/)]);
    const mailed = w.outboxRows().slice(outboxBefore);
    expect(mailed.filter((r) => r.dedupeKey === 'results:asleep:S1901M')).toHaveLength(1);
    expect(mailed.filter((r) => /reminder|late notice/.test(r.subject))).toEqual([]);
    expect(mailed.filter((r) => r.subject.startsWith('Diplomacy grace period over')).map(recipients)).toEqual([
      [address('turkey')],
    ]);
    expect(seatStatus(w, game, 'turkey')).toBe('active');
    const next = deadlineOf(w.db, game.id, 'F1901M')!;
    expect(next).toBe(new Date(Date.parse(far) + 72 * HOUR).toISOString());
    expect(findJob(w.db, reminderJobKey(game.id, 'F1901M', 12))!.dueAt).toBe(
      new Date(Date.parse(next) - 12 * HOUR).toISOString(),
    );

    // Again at the same moment: nothing left to do.
    const count = w.outboxRows().length;
    expect(tick(w.db, far, JUDGE)).toEqual({ processed: [], dropped: [], notices: [], failed: [] });
    expect(w.outboxRows().length).toBe(count);

    // Down again for half a year: F1901M, with nobody ordering, processes once; the next phase waits.
    const later = new Date(Date.parse(far) + 180 * 24 * HOUR).toISOString();
    expect(tick(w.db, later, JUDGE).processed).toEqual(['F1901M']);
    expect(tick(w.db, later, JUDGE).processed).toEqual([]);
    const history = phaseHistory(w.db, game.id);
    expect(history.map((p) => [p.phase, p.result !== null])).toEqual([
      ['S1901M', true],
      ['F1901M', true],
      [history[2].phase, false],
    ]);
    expect(Date.parse(deadlineOf(w.db, game.id, history[2].phase)!)).toBeGreaterThan(Date.parse(later));
    expect(findJob(w.db, deadlineJobKey(game.id, 'S1901M'))!.status).toBe('done');
    expect(w.outboxRows().filter((r) => r.dedupeKey.startsWith('results:asleep:'))).toHaveLength(2);
  });
});
