// The daemon checks for phases ready to process shortly after mail comes in, without waiting for
// its timer: a burst of mail shares one such check instead of paying one per mail.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { getAccount } from '../../src/store/accounts.js';
import { currentPhase } from '../../src/store/phases.js';
import { listSeats } from '../../src/store/players.js';
import { botOrders } from './bot.js';
import { passwordOf, startDaemonTable, type DaemonTable } from './daemon-table.js';
import { waitFor } from './wait-for.js';

let table: DaemonTable | null = null;
afterEach(async () => {
  await table?.close();
  table = null;
});

describe('the daemon after mail', () => {
  it('processes a phase whose last orders just came in long before its next timer tick', async () => {
    // The timer alone would not tick again within the test: only the tick after mail can process.
    const t = (table = await startDaemonTable('quick', { tickMs: 10 * 60_000 }));
    const record = currentPhase(t.db, t.game.id)!;
    const variant = loadVariant('standard');
    // Every player's orders at once: one burst of mail.
    await Promise.all(
      listSeats(t.db, t.game.id).map((seat) => {
        const address = getAccount(t.db, seat.accountId)!.address;
        const lines = botOrders(variant, record.position, seat.power!, []);
        const signon = `SIGNON ${seat.power}@quick ${passwordOf(address)}`;
        return t.hand.send(address, 'orders', [signon, ...lines].join('\n'));
      }),
    );
    await waitFor(() => currentPhase(t.db, t.game.id)!.phase !== record.phase, `${record.phase} to be processed`);
    expect(currentPhase(t.db, t.game.id)!.phase).toBe('F1901M');
  }, 30_000);
});
