// Issue 13.7: time for international players. SET ZONE puts every deadline of a player's mail in his
// own zone too, and every mail announcing a new deadline carries an .ics calendar file whose event
// keeps its UID per game and phase and raises SEQUENCE when the deadline moves. Checked on the mails
// the players' mailboxes receive.
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const GM = 'gm@example.test';
const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const address = (power: string) => `${power}@players.test`;
const master = (game: string) => `SIGNON master@${game} gmpass1`;
const signon = (power: string, game: string) => `SIGNON ${power}@${game} pw-${power}`;

async function formed(w: World, game: string, timing = 'TIMING ZONE Europe/Berlin'): Promise<void> {
  await w.send(GM, `CREATE ${game} gmpass1 standard\nRULE POWER_CHOICE\n${timing}\nFORM`);
  for (const p of POWERS) await w.send(address(p), `JOIN ${game} pw-${p} ${p}`);
}

interface Received {
  subject: string;
  text: string;
  raw: string;
  calendar: string | null;
}

/** The mails an address received whose subject starts so, with the .ics file each carried. */
async function received(w: World, to: string, subjectStart: string): Promise<Received[]> {
  const out: Received[] = [];
  for (const mail of await w.mails(to)) {
    if (!mail.subject.startsWith(subjectStart)) continue;
    const parsed = await simpleParser(mail.raw);
    const ics = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    out.push({
      subject: mail.subject,
      text: parsed.text ?? '',
      raw: mail.raw.toString('latin1'),
      calendar: ics ? ics.content.toString('utf8') : null,
    });
  }
  return out;
}

async function one(w: World, to: string, subjectStart: string): Promise<Received> {
  const mails = await received(w, to, subjectStart);
  if (mails.length !== 1) throw new Error(`${to}: ${mails.length} mails "${subjectStart}…"`);
  return mails[0];
}

/** The VEVENTs of a calendar file, lines unfolded. */
function events(calendar: string): string[] {
  const unfolded = calendar.replace(/\r\n /g, '');
  return unfolded.split('BEGIN:VEVENT\r\n').slice(1);
}

/** A property of the calendar's VEVENT (of the one whose UID names the phase, when it has several). */
function field(calendar: string, name: string, phase?: string): string {
  const all = events(calendar);
  const event = phase ? all.find((e) => new RegExp(`^UID:[^\r]*-${phase}@`, 'm').test(e)) : all[0];
  if (!phase && all.length !== 1) throw new Error(`${all.length} events in\n${calendar}`);
  const line = event?.split('\r\n').find((l) => l.startsWith(`${name}:`));
  if (line === undefined) throw new Error(`no ${name} ${phase ?? ''} in\n${calendar}`);
  return line.slice(name.length + 1);
}

/** 20261128T200000Z -> epoch ms */
function utc(stamp: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp)!;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
}

/** The instant a "Wed 25 Nov 2026 20:00 Europe/Berlin (UTC+01:00)" stands for, read independently of the judge. */
function instant(text: string): number {
  const m = /(\d{1,2}) (\w{3}) (\d{4}) (\d{2}):(\d{2}) Europe\/Berlin \(UTC([+-])(\d{2}):(\d{2})\)/.exec(text)!;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(m[2]);
  const offset = (m[6] === '-' ? -1 : 1) * (+m[7] * 60 + +m[8]) * 60_000;
  return Date.UTC(+m[3], month, +m[1], +m[4], +m[5]) - offset;
}

/** "(your time: Wed 25 Nov 2026 14:00 America/New_York, UTC-05:00)" after the game's time. */
const NEW_YORK = /\(your time: \w{3} \d{1,2} \w{3} \d{4} \d{2}:\d{2} America\/New_York, UTC-0[45]:00\)/;

describe("SET ZONE: deadlines in a player's own zone (issue 13.7)", () => {
  it('validates the zone with Intl, and SET NOZONE clears it', async () => {
    const w = (world = createWorld());
    await formed(w, 'tz');
    const bad = await w.send(address('france'), `${signon('france', 'tz')}\nSET ZONE Mars/Olympus_Mons`);
    expect(bad).toContain('"Mars/Olympus_Mons" is not a time zone the judge knows');
    expect(bad).toContain('America/New_York');
    const set = await w.send(address('france'), `${signon('france', 'tz')}\nSET ZONE america/new_york`);
    expect(set).toContain('Your time zone in game tz is now America/New_York');
    const cleared = await w.send(address('france'), `${signon('france', 'tz')}\nSET NOZONE`);
    expect(cleared).toContain('Your time zone (America/New_York) was removed');
    const again = await w.send(address('france'), `${signon('france', 'tz')}\nSET ZONE`);
    expect(again).toContain('You had no time zone of your own in game tz');
  });

  it('start, replies, deadline notices, results: a zoned player sees his time; others get the list mail', async () => {
    const w = (world = createWorld());
    await formed(w, 'tz');
    await w.send(address('france'), `${signon('france', 'tz')}\nSET ZONE America/New_York`);
    // The same zone as the game's: nothing to add for him.
    await w.send(address('germany'), `${signon('germany', 'tz')}\nSET ZONE Europe/Berlin`);
    await w.send(GM, `${master('tz')}\nACTIVATE`);

    const frStart = await one(w, address('france'), 'Diplomacy game tz starting');
    const enStart = await one(w, address('england'), 'Diplomacy game tz starting');
    const deStart = await one(w, address('germany'), 'Diplomacy game tz starting');
    const line = (text: string) => text.split('\n').find((l) => l.startsWith('The deadline for the first orders'))!;
    expect(line(frStart.text)).toMatch(NEW_YORK);
    // The New York wall clock of the same instant, as Intl itself tells it.
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(instant(line(enStart.text))))
        .map((p) => [p.type, p.value]),
    );
    expect(line(frStart.text)).toContain(`(your time: `);
    expect(line(frStart.text)).toContain(
      ` ${parts.day} ${parts.month} ${parts.year} ${parts.hour}:${parts.minute} America/New_York`,
    );
    expect(enStart.text).not.toContain('your time');
    expect(deStart.text).not.toContain('your time');
    // France's own copy is still blind: it names no other reader.
    for (const p of POWERS.filter((x) => x !== 'france')) expect(frStart.raw).not.toContain(address(p));

    const reply = await w.send(address('france'), `${signon('france', 'tz')}\nA Par - Bur`);
    const clock = reply.split('\n').find((l) => l.startsWith('Deadline for S1901M'))!;
    expect(clock).toMatch(NEW_YORK);
    expect(await w.send(address('england'), `${signon('england', 'tz')}\nF Lon - Nth`)).not.toContain('your time');

    await w.send(GM, `${master('tz')}\nSET DEADLINE +48H`);
    const frNotice = await one(w, address('france'), 'Diplomacy deadline changed tz S1901M');
    expect(frNotice.text.split('\n').find((l) => l.startsWith('The new deadline'))).toMatch(NEW_YORK);
    expect((await one(w, address('italy'), 'Diplomacy deadline changed tz S1901M')).text).not.toContain('your time');

    await w.send(GM, `${master('tz')}\nPROCESS!`);
    const frResults = await one(w, address('france'), 'Diplomacy results tz S1901M');
    expect(frResults.text.split('\n').find((l) => l.startsWith('The deadline for orders will be'))).toMatch(NEW_YORK);
    // Mapper reads the header line as the judge writes it.
    expect(frResults.text.split('\n').find((l) => l.startsWith(':: Deadline:'))).not.toContain('your time');
    expect((await one(w, address('austria'), 'Diplomacy results tz S1901M')).text).not.toContain('your time');
    // One copy for New York's reader, one list mail for everyone else.
    const rows = w.outboxRows().filter((r) => r.subject === 'Diplomacy results tz S1901M');
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual([
      'results:tz:S1901M',
      'results:tz:S1901M:zone:America/New_York',
    ]);
    expect(rows.find((r) => r.dedupeKey.endsWith('New_York'))!.bcc).toEqual([address('france')]);

    await w.send(address('france'), `${signon('france', 'tz')}\nSET NOZONE`);
    await w.send(GM, `${master('tz')}\nSET DEADLINE +30H`);
    expect((await one(w, address('france'), 'Diplomacy deadline changed tz F1901M')).text).not.toContain('your time');
  });

  it('the GM and an observer may set a zone too; readers of one zone share one copy', async () => {
    const w = (world = createWorld());
    await formed(w, 'watch');
    await w.send('kibitzer@example.test', 'OBSERVE watch pw-kib');
    expect(await w.send('kibitzer@example.test', 'SIGNON watch pw-kib\nSET ZONE Asia/Tokyo')).toContain(
      'is now Asia/Tokyo',
    );
    expect(await w.send(GM, `${master('watch')}\nSET ZONE Asia/Tokyo`)).toContain('is now Asia/Tokyo');
    await w.send(GM, `${master('watch')}\nACTIVATE\nPROCESS!`);
    const tokyo = /\(your time: \w{3} \d{1,2} \w{3} \d{4} \d{2}:\d{2} Asia\/Tokyo, UTC\+09:00\)/;
    for (const reader of ['kibitzer@example.test', GM]) {
      const results = await one(w, reader, 'Diplomacy results watch S1901M');
      expect(results.text.split('\n').find((l) => l.startsWith('The deadline for orders will be'))).toMatch(tokyo);
    }
    const rows = w.outboxRows().filter((r) => r.subject === 'Diplomacy results watch S1901M');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.dedupeKey === 'results:watch:S1901M:zone:Asia/Tokyo')!.bcc.sort()).toEqual(
      [GM, 'kibitzer@example.test'].sort(),
    );
    expect(rows.find((r) => r.dedupeKey === 'results:watch:S1901M')!.bcc).toHaveLength(7);
  });

  it('a reminder and a late notice to a zoned player carry his time', async () => {
    const w = (world = createWorld());
    await formed(w, 'late', 'TIMING ZONE Europe/Berlin MOVE 24H WARN 6H GRACE 12H');
    await w.send(address('france'), `${signon('france', 'late')}\nSET ZONE America/New_York`);
    await w.send(GM, `${master('late')}\nACTIVATE`);
    w.advance(19);
    await w.settle();
    const reminder = await one(w, address('france'), 'Diplomacy deadline reminder late S1901M');
    expect(reminder.text.split('\n').find((l) => l.startsWith('The deadline is'))).toMatch(NEW_YORK);
    expect((await one(w, address('england'), 'Diplomacy deadline reminder late S1901M')).text).not.toContain(
      'your time',
    );
    w.advance(6);
    await w.settle();
    const notice = await one(w, address('france'), 'Diplomacy late notice late S1901M');
    expect(notice.text.split('\n').find((l) => l.startsWith('Late orders are still accepted until'))).toMatch(NEW_YORK);
  });
});

describe('calendar files with every new deadline (issue 13.7)', () => {
  it('game start, SET DEADLINE, the grace period and results each carry an event; it moves under one UID', async () => {
    const w = (world = createWorld());
    await formed(w, 'cal', 'TIMING ZONE Europe/Berlin MOVE 48H GRACE 12H WARN NONE');
    await w.send(GM, `${master('cal')}\nACTIVATE`);
    const start = await one(w, address('turkey'), 'Diplomacy game cal starting');
    expect(start.calendar).not.toBeNull();
    const first = start.calendar!;
    expect(first.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(first).toContain('BEGIN:VEVENT\r\n');
    expect(first.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    for (const l of first.split('\r\n')) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    const line = start.text.split('\n').find((l) => l.startsWith('The deadline for the first orders'))!;
    expect(utc(field(first, 'DTSTART'))).toBe(instant(line));
    expect(field(first, 'SEQUENCE')).toBe('0');
    expect(field(first, 'SUMMARY')).toContain('cal');
    expect(field(first, 'SUMMARY')).toContain('S1901M');
    const uid = field(first, 'UID');
    expect(uid).toMatch(/@example\.test$/);

    // The GM moves the deadline: same event, next SEQUENCE, new time.
    await w.send(GM, `${master('cal')}\nSET DEADLINE +72H`);
    const change = await one(w, address('turkey'), 'Diplomacy deadline changed cal S1901M');
    const moved = change.calendar!;
    expect(field(moved, 'UID')).toBe(uid);
    expect(field(moved, 'SEQUENCE')).toBe('1');
    // The GM's +72H keeps its seconds; the notice shows the minute.
    const shown = instant(change.text.split('\n').find((l) => l.startsWith('The new deadline'))!);
    expect(utc(field(moved, 'DTSTART')) - shown).toBeGreaterThanOrEqual(0);
    expect(utc(field(moved, 'DTSTART')) - shown).toBeLessThan(60_000);
    expect(utc(field(moved, 'DTSTART'))).toBeGreaterThan(utc(field(first, 'DTSTART')));

    // Everyone but Turkey orders; at the deadline Turkey's late notice moves his event to the end of grace.
    for (const p of POWERS.filter((x) => x !== 'turkey')) await w.send(address(p), `${signon(p, 'cal')}\nSET WAIT`);
    w.advance(73);
    await w.settle();
    const late = (await one(w, address('turkey'), 'Diplomacy late notice cal S1901M')).calendar!;
    expect(field(late, 'UID')).toBe(uid);
    expect(field(late, 'SEQUENCE')).toBe('2');
    expect(utc(field(late, 'DTSTART'))).toBe(utc(field(moved, 'DTSTART')) + 12 * 3_600_000);
    expect(field(late, 'SUMMARY')).toContain('late orders');

    // The results announce the next phase, a new event of its own, and, processed within the grace
    // period, withdraw the phase's event in the same file.
    await w.send(GM, `${master('cal')}\nPROCESS!`);
    const results = await one(w, address('turkey'), 'Diplomacy results cal S1901M');
    const next = results.calendar!;
    expect(events(next)).toHaveLength(2);
    expect(field(next, 'UID', 'F1901M')).not.toBe(uid);
    expect(field(next, 'SEQUENCE', 'F1901M')).toBe('0');
    expect(field(next, 'STATUS', 'F1901M')).toBe('CONFIRMED');
    const footer = results.text.split('\n').find((l) => l.startsWith('The deadline for orders will be'))!;
    expect(utc(field(next, 'DTSTART', 'F1901M'))).toBe(instant(footer));
    expect(field(next, 'UID', 'S1901M')).toBe(uid);
    expect(field(next, 'STATUS', 'S1901M')).toBe('CANCELLED');
    expect(field(next, 'SEQUENCE', 'S1901M')).toBe('3');
    expect(field(next, 'SUMMARY', 'S1901M')).toContain('processed');
    // Every reader's calendar gets the same events.
    const austria = (await one(w, address('austria'), 'Diplomacy results cal S1901M')).calendar!;
    for (const name of ['UID', 'SEQUENCE', 'DTSTART']) {
      for (const phase of ['S1901M', 'F1901M']) expect(field(austria, name, phase)).toBe(field(next, name, phase));
    }

    // A ROLLBACK opens S1901M again with a fresh deadline: its event comes back under its old UID, later.
    w.advance(1);
    await w.send(GM, `${master('cal')}\nROLLBACK S1901M`);
    const back = await one(w, address('turkey'), 'Diplomacy game cal rolled back to S1901M');
    expect(field(back.calendar!, 'UID')).toBe(uid);
    expect(field(back.calendar!, 'SEQUENCE')).toBe('4');
    expect(utc(field(back.calendar!, 'DTSTART'))).toBe(instant(back.text));
  });

  it('a phase processed early withdraws its event; one processed at its deadline leaves it be', async () => {
    const w = (world = createWorld());
    await formed(w, 'early', 'TIMING GRACE 0 LATE PROCESS WARN NONE');
    await w.send(GM, `${master('early')}\nACTIVATE\nPROCESS!`);
    const spring = (await one(w, address('italy'), 'Diplomacy results early S1901M')).calendar!;
    expect(events(spring)).toHaveLength(2);
    expect(field(spring, 'STATUS', 'S1901M')).toBe('CANCELLED');
    expect(field(spring, 'SEQUENCE', 'S1901M')).toBe('1');
    expect(field(spring, 'STATUS', 'F1901M')).toBe('CONFIRMED');
    w.advance(73);
    await w.settle();
    const fall = (await one(w, address('italy'), 'Diplomacy results early F1901M')).calendar!;
    expect(events(fall)).toHaveLength(1);
    expect(field(fall, 'UID')).not.toContain('F1901M');
    expect(field(fall, 'STATUS')).toBe('CONFIRMED');
  });

  it("a game ended by a draw vote withdraws the open phase's event", async () => {
    const w = (world = createWorld());
    await formed(w, 'vote');
    await w.send(GM, `${master('vote')}\nACTIVATE`);
    for (const p of POWERS) await w.send(address(p), `${signon(p, 'vote')}\nSET DRAW`);
    const over = (await one(w, address('italy'), 'Diplomacy game vote is over')).calendar!;
    expect(field(over, 'UID')).toContain('S1901M');
    expect(field(over, 'STATUS')).toBe('CANCELLED');
    expect(field(over, 'SEQUENCE')).toBe('1');
    // One event for all: every reader's mail carries the same version.
    expect(field((await one(w, address('turkey'), 'Diplomacy game vote is over')).calendar!, 'SEQUENCE')).toBe('1');
  });

  it('PAUSE withdraws the event; RESUME announces the fresh deadline under the same UID', async () => {
    const w = (world = createWorld());
    await formed(w, 'again');
    await w.send(GM, `${master('again')}\nACTIVATE`);
    const start = (await one(w, address('italy'), 'Diplomacy game again starting')).calendar!;
    expect(field(start, 'STATUS')).toBe('CONFIRMED');
    await w.send(GM, `${master('again')}\nPAUSE`);
    const paused = (await one(w, address('italy'), 'Diplomacy game again paused')).calendar!;
    expect(field(paused, 'UID')).toBe(field(start, 'UID'));
    expect(field(paused, 'STATUS')).toBe('CANCELLED');
    expect(field(paused, 'SEQUENCE')).toBe('1');
    expect(field(paused, 'DTSTART')).toBe(field(start, 'DTSTART'));
    w.advance(5);
    await w.send(GM, `${master('again')}\nRESUME`);
    const resumed = await one(w, address('italy'), 'Diplomacy game again resumed');
    expect(resumed.calendar).not.toBeNull();
    expect(field(resumed.calendar!, 'UID')).toBe(field(start, 'UID'));
    expect(field(resumed.calendar!, 'STATUS')).toBe('CONFIRMED');
    expect(field(resumed.calendar!, 'SEQUENCE')).toBe('2');
    const said = resumed.text.split('\n').find((l) => l.startsWith('The deadline for S1901M is'))!;
    expect(utc(field(resumed.calendar!, 'DTSTART'))).toBe(instant(said));
  });
});
