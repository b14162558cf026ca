// After a ROLLBACK (or a ROLLFORWARD that stops short) the phase reached usually has all its orders
// already, so the clock would process it again within a second, before the GM or the players could
// change anything: the rollback would be for nothing. The phase is therefore held from early
// processing until its orders or DP lines change; its deadline and the GM's PROCESS still apply.
import type { Db } from '../../store/database.js';
import { allDpAllocations } from '../../store/dp-allocations.js';
import { getGame, setGameSettings, type Game } from '../../store/games.js';
import { listOrders } from '../../store/orders.js';
import { readSettings } from '../settings.js';

export interface RollbackHold {
  phase: string;
  /** The phase's orders and DP lines when the hold began. */
  signature: string;
}

function ordersSignature(db: Db, gameId: number, phase: string): string {
  const orders = listOrders(db, gameId, phase).map((o) => [o.power, o.lines, o.submittedAt]);
  const bids = allDpAllocations(db, gameId, phase).map((a) => a.id);
  return JSON.stringify([orders, bids]);
}

export function holdAfterRollback(db: Db, gameId: number, phase: string): void {
  const game = getGame(db, gameId);
  if (!game) return;
  const hold: RollbackHold = { phase, signature: ordersSignature(db, gameId, phase) };
  setGameSettings(db, gameId, { ...readSettings(game.settings), rollbackHold: hold });
}

export function isHeldAfterRollback(db: Db, game: Game, phase: string): boolean {
  const hold = readSettings(game.settings).rollbackHold;
  return !!hold && hold.phase === phase && hold.signature === ordersSignature(db, game.id, phase);
}
