// The clock looks only at games marked as changed since it last looked (src/store/ready-checks.ts), and
// the marks are written by the database itself on every write: orders taken in by another connection
// (another process on the same database) still let the phase process early at the judge's next tick.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { apologyFor, handleMail } from '../../src/judge/handler.js';
import { tick } from '../../src/judge/tick.js';
import { DirectoryInbox } from '../../src/mail/directory-inbox.js';
import { openDatabase } from '../../src/store/database.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { gamesToCheck } from '../../src/store/ready-checks.js';
import { botOrders } from './bot.js';
import { playerAddress, POWERS, signon, startStandardGame } from './table.js';
import { createWorld, JUDGE, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

describe('early processing after a change made by another connection', { timeout: 60_000 }, () => {
  it('processes the phase whose last orders another connection took in, at the next tick', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'marks');
    const game = findGameByName(w.db, 'marks')!;
    const position = currentPhase(w.db, game.id)!.position;
    const ordersMail = (power: string) =>
      [signon(power, 'marks'), ...botOrders(loadVariant('standard'), position, power, [])].join('\n');
    const [last, ...others] = POWERS;
    for (const power of others) await w.send(playerAddress(power), ordersMail(power));
    expect(currentPhase(w.db, game.id)!.phase).toBe('S1901M');

    // The last orders come in through a second connection; the judge's own clock only ticks.
    const clock = () => Date.parse(w.now());
    const other = openDatabase(join(w.root, 'judge.sqlite'), { clock });
    try {
      const inbox = new DirectoryInbox(other, handleMail, {
        root: w.root,
        judge: JUDGE,
        rateLimit: false,
        clock,
        onHandlerError: (m) => apologyFor(m),
      });
      await w.hand.send(playerAddress(last), 'orders', ordersMail(last));
      expect((await inbox.processAll()).map((r) => r.outcome)).toEqual(['processed']);
    } finally {
      other.close();
    }
    expect(currentPhase(w.db, game.id)!.phase).toBe('S1901M');
    const report = tick(w.db, w.now(), JUDGE);
    expect(report.processed).toEqual(['S1901M']);
    expect(currentPhase(w.db, game.id)!.phase).toBe('F1901M');
    // Looked at, the game is not looked at again until something of it changes.
    expect(gamesToCheck(w.db)).toEqual([]);
  });
});
