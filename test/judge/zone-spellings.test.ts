// Issue 17.10 / 21.4: forty observers who wrote their zones forty ways. Every spelling of one zone is
// one zone (one copy of each list mail), and the board picture is drawn once for the phase: every
// copy, whatever its zone, carries the same PNG bytes.
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const GM = 'gm@example.test';
const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const master = 'SIGNON master@spell gmpass1';

/** Forty spellings of four zones (the game's own zone, Europe/Berlin, is none of them). */
const SPELLINGS: Record<string, string[]> = {
  'America/New_York': ['us/EASTERN', 'US/Eastern', 'America/New_York', 'america/new_york', 'EST5EDT'],
  UTC: ['UCT', 'Etc/UCT', 'utc', 'UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'GMT0', 'Universal', 'Zulu', 'Greenwich'],
  'Asia/Tokyo': ['Asia/Tokyo', 'asia/tokyo', 'Japan', 'ASIA/TOKYO'],
  'Asia/Kolkata': ['Asia/Kolkata', 'Asia/Calcutta', 'asia/calcutta', 'ASIA/KOLKATA'],
};
const readers = Object.entries(SPELLINGS).flatMap(([zone, spellings]) =>
  spellings.map((spelling) => ({ zone, spelling })),
);
while (readers.length < 40) readers.push({ ...readers[readers.length % 24] });
const observer = (i: number) => `watcher${i}@example.test`;

describe('forty observers, forty spellings of four zones', { timeout: 120_000 }, () => {
  it('one results copy per zone, each saying the zone by its one name, and one picture for all', async () => {
    const w = (world = createWorld());
    await w.send(GM, `CREATE spell gmpass1 standard\nRULE POWER_CHOICE\nTIMING ZONE Europe/Berlin\nFORM`);
    for (const p of POWERS) await w.send(`${p}@players.test`, `JOIN spell pw-${p} ${p}`);
    for (const [i, { zone, spelling }] of readers.entries()) {
      await w.send(observer(i), `OBSERVE spell pw-${i}`);
      expect(await w.send(observer(i), `SIGNON spell pw-${i}\nSET ZONE ${spelling}`)).toContain(`is now ${zone}:`);
    }
    await w.send(GM, `${master}\nACTIVATE\nPROCESS!`);

    const rows = w.outboxRows().filter((r) => r.subject === 'Diplomacy results spell S1901M');
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual(
      ['results:spell:S1901M', ...Object.keys(SPELLINGS).map((z) => `results:spell:S1901M:zone:${z}`)].sort(),
    );
    for (const zone of Object.keys(SPELLINGS)) {
      const copy = rows.find((r) => r.dedupeKey === `results:spell:S1901M:zone:${zone}`)!;
      expect(copy.bcc).toHaveLength(readers.filter((r) => r.zone === zone).length);
    }

    const pictures = new Set<string>();
    for (const address of [...readers.map((_, i) => observer(i)), `france@players.test`, GM]) {
      const mails = await w.mails(address);
      const results = mails.filter((m) => m.subject === 'Diplomacy results spell S1901M');
      expect(results, address).toHaveLength(1);
      const parsed = await simpleParser(results[0].raw);
      const png = parsed.attachments.find((a) => a.contentType === 'image/png');
      expect(png, address).toBeDefined();
      pictures.add(png!.content.toString('base64'));
    }
    expect(pictures.size).toBe(1);
    // Drawn once for the results; the game start drew the board as it stood (no orders) once too.
    const drawn = w.db.prepare("SELECT COUNT(*) AS n FROM phase_pictures WHERE phase = 'S1901M'").get() as {
      n: number;
    };
    expect(drawn.n).toBe(2);
  });
});
