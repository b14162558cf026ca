// Mail to the whole game (the start, results, BROADCAST, the GM's OFFICIAL and notices) is one mail To: the judge with the game list
// in Bcc: every reader gets it and no copy names another reader. Private press stays one mail each.
// ACTIVATE gives the seats their powers in place (setSeatPower), so seats keep their ids.
import { afterEach, describe, expect, it } from 'vitest';
import { findGameByName } from '../../src/store/games.js';
import { addSeat, listSeats, setSeatPower } from '../../src/store/players.js';
import { getAccount } from '../../src/store/accounts.js';
import { createWorld, JUDGE, type World } from './world.js';

const PLAYERS = ['anna', 'bert', 'cleo', 'dirk', 'emma', 'finn', 'gina'].map((n) => `${n}@players.test`);
const GM = 'gm@example.test';
const WATCHER = 'watcher@example.test';
// A whole game by mail takes a few seconds; more when the machine is busy.
const WORLD_TIMEOUT_MS = 60_000;
let world: World | null = null;
afterEach(() => world?.close());

/** Checks that `address` got exactly one mail with `subject`, To: the judge, naming none of `others`. */
async function expectListCopy(w: World, address: string, subject: string, others: string[]) {
  const copies = (await w.mails(address)).filter((m) => m.subject === subject);
  expect(copies, `${address}: ${subject}`).toHaveLength(1);
  const raw = copies[0].raw.toString().toLowerCase();
  expect(raw).toMatch(new RegExp(`^to: ${JUDGE.address.replace('.', '\\.')}\\r?$`, 'm'));
  expect(raw).not.toMatch(/^bcc:/m);
  const named = others.filter((o) => o !== address && raw.includes(o));
  expect(named, `${address}'s copy of ${subject} names others`).toEqual([]);
}

describe('mail to the whole game', () => {
  it(
    'goes out once per footer (players, observers, GM), Bcc to everyone, each copy naming only the judge',
    async () => {
      const w = (world = createWorld());
      expect(await w.send(GM, 'CREATE listgame gmpass1 standard\nFORM')).toContain('created');
      for (const p of PLAYERS) expect(await w.send(p, `JOIN listgame pw-${p.slice(0, 4)}`)).toContain('You joined');
      expect(await w.send(WATCHER, 'OBSERVE listgame watchpw')).toContain('You observe');
      const game = findGameByName(w.db, 'listgame')!;
      const seatIds = listSeats(w.db, game.id).map((s) => s.id);

      expect(await w.send(GM, 'SIGNON master@listgame gmpass1\nACTIVATE')).toContain('has started');
      const seats = listSeats(w.db, game.id);
      expect(seats.map((s) => s.id)).toEqual(seatIds);
      expect(new Set(seats.filter((s) => s.role === 'player').map((s) => s.power)).size).toBe(7);
      const everyone = [...PLAYERS, WATCHER, GM];
      for (const address of everyone) await expectListCopy(w, address, 'Diplomacy game listgame starting', everyone);

      const powerOf = new Map(
        seats.filter((s) => s.power).map((s) => [getAccount(w.db, s.accountId)!.address, s.power!]),
      );
      const [writer, ...readers] = PLAYERS;
      const before = w.outboxRows().length;
      await w.send(
        writer,
        `SIGNON ${powerOf.get(writer)}@listgame pw-${writer.slice(0, 4)}\nBROADCAST\nPeace in our time.\nENDPRESS`,
      );
      const broadcast = w
        .outboxRows()
        .slice(before)
        .filter((r) => r.subject.startsWith('Diplomacy press'));
      // One list mail per way of answering (the players', the observer's, the GM's footer), never one per reader.
      expect(broadcast).toHaveLength(3);
      for (const copy of broadcast) expect(copy.to).toEqual([JUDGE.address]);
      expect(broadcast.flatMap((copy) => [...copy.bcc]).sort()).toEqual([...readers, WATCHER, GM].sort());
      expect(broadcast.map((copy) => copy.bcc.length).sort((a, b) => a - b)).toEqual([1, 1, readers.length]);
      for (const address of [...readers, WATCHER, GM])
        await expectListCopy(w, address, 'Diplomacy press listgame S1901M', everyone);
      expect((await w.mails(writer)).some((m) => m.subject.startsWith('Diplomacy press'))).toBe(false);

      // Private press is still one mail per reader, To: that reader.
      const target = readers[0];
      const targetPower = powerOf.get(target)!;
      const name = targetPower[0].toUpperCase() + targetPower.slice(1);
      const mark = w.outboxRows().length;
      await w.send(
        writer,
        `SIGNON ${powerOf.get(writer)}@listgame pw-${writer.slice(0, 4)}\nPRESS TO ${name}\nJust us.\nENDPRESS`,
      );
      expect(
        w
          .outboxRows()
          .slice(mark)
          .filter((r) => r.subject.startsWith('Diplomacy press'))
          .map((r) => [r.to, r.bcc]),
      ).toEqual([[[target], []]]);

      // The results of the first phase, processed by the GM.
      await w.send(GM, 'SIGNON master@listgame gmpass1\nPROCESS!');
      for (const address of everyone) await expectListCopy(w, address, 'Diplomacy results listgame S1901M', everyone);

      // The GM's announcements and notices to the game: one mail each, Bcc, like the results.
      await w.send(
        GM,
        'SIGNON master@listgame gmpass1\nOFFICIAL House rules\nNo press after midnight.\nENDPRESS\nPAUSE',
      );
      for (const address of everyone)
        await expectListCopy(w, address, 'Diplomacy game listgame: House rules', everyone);
      const paused = w
        .outboxRows()
        .filter((r) => r.subject.startsWith('Diplomacy game listgame') && r.subject.includes('paused'));
      expect(paused.map((r) => r.to)).toEqual([[JUDGE.address]]);
      for (const address of everyone) await expectListCopy(w, address, paused[0].subject, everyone);
    },
    WORLD_TIMEOUT_MS,
  );

  it('setSeatPower refuses a power another seat of the game holds', () => {
    const w = (world = createWorld());
    const db = w.db;
    db.prepare("INSERT INTO accounts (address, created_at) VALUES ('a@x.test', 'now'), ('b@x.test', 'now')").run();
    db.prepare(
      "INSERT INTO games (name, variant, status, seed, created_at) VALUES ('g', 'standard', 'forming', 's', 'now')",
    ).run();
    const [a, b] = [1, 2].map((accountId) => addSeat(db, { gameId: 1, accountId, role: 'player' }));
    setSeatPower(db, a.id, 'france');
    expect(() => setSeatPower(db, b.id, 'france')).toThrow(/UNIQUE/);
    expect(listSeats(db, 1).map((s) => [s.id, s.power])).toEqual([
      [a.id, 'france'],
      [b.id, null],
    ]);
  });
});
