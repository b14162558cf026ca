// Diplomacy-Point allocations (bids). Kept apart from orders so that who may read them is easy to
// audit: only the owning power during the game, the GM, and everyone once the game is over.
// Like orders, a power's new DP sheet for a phase replaces its previous one whole.
import { nowIso, type Db } from './database.js';

export interface DpAllocation<Order = unknown> {
  id: number;
  gameId: number;
  phase: string;
  power: string;
  /** The unit the points are spent on, as the game layer names it (e.g. 'A bav'). */
  unit: string;
  amount: number;
  order: Order;
  createdAt: string;
}

interface DpRow {
  id: number;
  game_id: number;
  phase: string;
  power: string;
  unit: string;
  amount: number;
  order_json: string;
  created_at: string;
}

const toAllocation = (row: DpRow): DpAllocation => ({
  id: row.id,
  gameId: row.game_id,
  phase: row.phase,
  power: row.power,
  unit: row.unit,
  amount: row.amount,
  order: JSON.parse(row.order_json),
  createdAt: row.created_at,
});

export interface NewDpAllocation {
  unit: string;
  amount: number;
  order: unknown;
}

export function replaceDpAllocations(
  db: Db,
  gameId: number,
  phase: string,
  power: string,
  allocations: NewDpAllocation[],
): DpAllocation[] {
  const replace = db.transaction(() => {
    db.prepare('DELETE FROM dp_allocations WHERE game_id = ? AND phase = ? AND power = ?').run(gameId, phase, power);
    const insert = db.prepare(
      `INSERT INTO dp_allocations (game_id, phase, power, unit, amount, order_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const createdAt = nowIso(db);
    for (const allocation of allocations) {
      insert.run(gameId, phase, power, allocation.unit, allocation.amount, JSON.stringify(allocation.order), createdAt);
    }
    return dpAllocationsOf(db, gameId, phase, power);
  });
  return replace();
}

/** One power's own sheet: the only DP view a player may be shown while the game runs. */
export function dpAllocationsOf(db: Db, gameId: number, phase: string, power: string): DpAllocation[] {
  return (
    db
      .prepare('SELECT * FROM dp_allocations WHERE game_id = ? AND phase = ? AND power = ? ORDER BY id')
      .all(gameId, phase, power) as DpRow[]
  ).map(toAllocation);
}

/** Every power's allocations for a phase: for adjudication, the GM, and publication after the game. */
export function allDpAllocations(db: Db, gameId: number, phase: string): DpAllocation[] {
  return (
    db
      .prepare('SELECT * FROM dp_allocations WHERE game_id = ? AND phase = ? ORDER BY power, id')
      .all(gameId, phase) as DpRow[]
  ).map(toAllocation);
}
