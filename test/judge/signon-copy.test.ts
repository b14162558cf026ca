// A SIGNON from an address not on record works with the right password, but the address on record
// gets a copy of the reply (both classic judges do this), so a stolen password is not used unseen.
import { afterEach, describe, expect, it } from 'vitest';
import { findGameByName } from '../../src/store/games.js';
import { listSeats } from '../../src/store/players.js';
import { getAccount } from '../../src/store/accounts.js';
import { createWorld, type World } from './world.js';

const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const GM = 'gm@example.test';
const STRANGER = 'stranger@elsewhere.test';
// A whole game by mail takes a few seconds; more when the machine is busy.
const WORLD_TIMEOUT_MS = 60_000;
let world: World | null = null;
afterEach(() => world?.close());

async function started(w: World) {
  await w.send(GM, 'CREATE copygame gmpass1 standard\nRULE POWER_CHOICE\nFORM');
  for (const p of POWERS) await w.send(`${p}@players.test`, `JOIN copygame pw-${p} ${p}`);
  await w.send(GM, 'SIGNON master@copygame gmpass1\nACTIVATE');
}

const copiesTo = async (w: World, address: string) =>
  (await w.mails(address)).filter((m) => m.subject === 'Diplomacy game copygame: sign-on from another address');

describe('SIGNON from an address not on record', () => {
  it(
    'copies the reply, with the sender and the orders, to the address on record',
    async () => {
      const w = (world = createWorld());
      await started(w);
      const reply = await w.send(STRANGER, 'SIGNON france@copygame pw-france\nA PAR-BUR\nF BRE-MAO');
      expect(reply).toContain('Signed on to game copygame as France.');
      const [copy, ...more] = await copiesTo(w, 'france@players.test');
      expect(more).toEqual([]);
      expect(copy.text).toContain(`from ${STRANGER}, which is not the address on record`);
      expect(copy.text).toContain('Signed on to game copygame as France.');
      expect(copy.text).toContain('A PAR - BUR');
      // Only France's owner hears of it; the stranger gets his reply and nothing else.
      for (const p of POWERS.filter((x) => x !== 'france')) expect(await copiesTo(w, `${p}@players.test`)).toEqual([]);
      expect(await copiesTo(w, GM)).toEqual([]);
      expect((await w.mails(STRANGER)).map((m) => m.subject)).toEqual(['Re: orders']);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'sends no copy for a SIGNON from the address on record, nor for a wrong password',
    async () => {
      const w = (world = createWorld());
      await started(w);
      expect(await w.send('france@players.test', 'SIGNON france@copygame pw-france')).toContain('Signed on');
      expect(await w.send(STRANGER, 'SIGNON france@copygame not-the-password')).toContain(
        'wrong game, power or password',
      );
      expect(await copiesTo(w, 'france@players.test')).toEqual([]);
    },
    WORLD_TIMEOUT_MS,
  );

  it(
    'tells the GM of a GM sign-on from another address, and an owner of RESIGN in his name',
    async () => {
      const w = (world = createWorld());
      await started(w);
      expect(await w.send(STRANGER, 'SIGNON master@copygame gmpass1\nPAUSE')).toContain('Game copygame is paused.');
      const [gmCopy] = await copiesTo(w, GM);
      expect(gmCopy.text).toContain('signed on as GM in game copygame');
      expect(gmCopy.text).toContain('Game copygame is paused.');

      expect(await w.send(STRANGER, 'RESIGN turkey@copygame pw-turkey')).toContain('You resigned Turkey');
      const [turkeyCopy] = await copiesTo(w, 'turkey@players.test');
      expect(turkeyCopy.text).toContain('You resigned Turkey');
      // The seat is still his account's: only the password was used from elsewhere.
      const game = findGameByName(w.db, 'copygame')!;
      const turkey = listSeats(w.db, game.id).find((s) => s.power === 'turkey')!;
      expect(getAccount(w.db, turkey.accountId)!.address).toBe('turkey@players.test');
    },
    WORLD_TIMEOUT_MS,
  );
});
