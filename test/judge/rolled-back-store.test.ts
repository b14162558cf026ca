// The store side of ROLLBACK/ROLLFORWARD: what ROLLBACK deletes (orders, DP allocations) is kept per
// phase and comes back whole, but never over what a player has sent since.
import { describe, expect, it } from 'vitest';
import { initialPosition } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import * as store from '../../src/store/index.js';
import {
  keepRolledBackPhases,
  restoreRolledBackOrders,
  rolledBackPhase,
  rolledBackPhases,
} from '../../src/store/rolled-back.js';

const position = initialPosition(loadVariant('standard'));
const bid = (unit: string, amount: number) => ({ unit, amount, order: { kind: 'hold', unit } });

function gameWithThreePhases() {
  const db = store.openDatabase(':memory:');
  const game = store.createGame(db, { name: 'kept', variant: 'standard', seed: 's' });
  const result = { gameOver: false } as never;
  for (const [phase, processed] of [
    ['S1901M', true],
    ['F1901M', true],
    ['S1902M', false],
  ] as const) {
    const record = store.appendPhase(db, game.id, phase, { ...position, state: { phase } });
    store.replaceOrders(db, {
      gameId: game.id,
      phase,
      power: 'france',
      lines: [`A PAR H (${phase})`],
      normalised: { phase },
    });
    store.replaceOrders(db, {
      gameId: game.id,
      phase,
      power: 'italy',
      lines: [`A ROM H (${phase})`],
      normalised: { phase },
    });
    store.replaceDpAllocations(db, game.id, phase, 'france', [bid('A par', 2), bid('A mar', 1)]);
    if (processed) store.recordPhaseResult(db, record.id, result, 'seed');
  }
  return { db, gameId: game.id };
}

describe('rolled-back phases', () => {
  it('keeps the orders and DP allocations ROLLBACK deletes, and restores them whole', () => {
    const { db, gameId } = gameWithThreePhases();
    const dpBefore = store
      .allDpAllocations(db, gameId, 'F1901M')
      .map(({ power, unit, amount, order }) => ({ power, unit, amount, order }));
    keepRolledBackPhases(db, gameId, 1);
    store.rollbackToPhase(db, gameId, 1);
    expect(
      rolledBackPhases(db, gameId).map((p) => [p.seq, p.phase, p.wasProcessed, p.orders.length, p.allocations.length]),
    ).toEqual([
      [1, 'S1901M', true, 0, 0], // the target keeps its own orders in place
      [2, 'F1901M', true, 2, 2],
      [3, 'S1902M', false, 2, 2],
    ]);
    expect(store.listOrders(db, gameId, 'F1901M')).toEqual([]);
    expect(store.allDpAllocations(db, gameId, 'F1901M')).toEqual([]);

    // Italy has ordered F1901M anew since the rollback: his new set stays, France's old one returns.
    store.replaceOrders(db, {
      gameId,
      phase: 'F1901M',
      power: 'italy',
      lines: ['A ROM - VEN'],
      normalised: { changed: true },
    });
    expect(restoreRolledBackOrders(db, rolledBackPhase(db, gameId, 2)!)).toEqual(['france']);
    expect(store.listOrders(db, gameId, 'F1901M').map((o) => [o.power, o.lines])).toEqual([
      ['france', ['A PAR H (F1901M)']],
      ['italy', ['A ROM - VEN']],
    ]);
    expect(
      store
        .allDpAllocations(db, gameId, 'F1901M')
        .map(({ power, unit, amount, order }) => ({ power, unit, amount, order })),
    ).toEqual(dpBefore);
    // A second restore adds nothing.
    expect(restoreRolledBackOrders(db, rolledBackPhase(db, gameId, 2)!)).toEqual([]);
    expect(store.allDpAllocations(db, gameId, 'F1901M')).toHaveLength(2);
  });

  it("a second ROLLBACK, further back, keeps the first one's later phases after its own", () => {
    const { db, gameId } = gameWithThreePhases();
    keepRolledBackPhases(db, gameId, 2);
    store.rollbackToPhase(db, gameId, 2);
    keepRolledBackPhases(db, gameId, 1);
    store.rollbackToPhase(db, gameId, 1);
    // F1901M was open at the second ROLLBACK, but S1902M still follows it: it is to be processed.
    expect(
      rolledBackPhases(db, gameId).map((p) => [p.seq, p.phase, p.wasProcessed, p.orders.map((o) => o.power)]),
    ).toEqual([
      [1, 'S1901M', true, []],
      [2, 'F1901M', true, ['france', 'italy']],
      [3, 'S1902M', false, ['france', 'italy']],
    ]);
  });
});
