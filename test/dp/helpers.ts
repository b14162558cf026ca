// Shared set-up for the DP tests: real variants, orders and DP lines written as players write
// them (read by the order parser), one call to the adjudicator, and short-hands for outcomes.
import { expect } from 'vitest';
import { adjudicate, initialPosition, type PhaseResult } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Variant } from '../../src/core/map/variant.js';
import { parseOrders } from '../../src/core/orders/parse.js';
import type { OrderOutcome } from '../../src/core/adjudicate/result.js';
import type { Refusal } from '../../src/core/orders/check-context.js';
import type { DpBid, MovementOrder, Phase, Position, PowerId, Unit, UnitType } from '../../src/core/types.js';
import { provinceOf } from '../../src/core/types.js';

const variants = new Map<string, Variant>();

export function variant(id: string): Variant {
  let v = variants.get(id);
  if (!v) variants.set(id, (v = loadVariant(id)));
  return v;
}

export interface Board {
  phase?: Partial<Phase>;
  /** Units to take off the starting board, by province. */
  remove?: string[];
  /** Units to add: "france A bur". */
  add?: string[];
  /** Centre owners to change: { sav: 'france' }. */
  owners?: Record<string, PowerId>;
  state?: Record<string, unknown>;
}

/** The variant's starting position, changed as described. */
export function position(v: Variant, board: Board = {}): Position {
  const p = initialPosition(v);
  const gone = new Set(board.remove ?? []);
  const units: Unit[] = p.units.filter((u) => !gone.has(provinceOf(u.loc)));
  for (const text of board.add ?? []) {
    const [power, type, loc] = text.split(/\s+/);
    expect(v.powerById.has(power), `unknown power ${power}`).toBe(true);
    units.push({ power, type: type as UnitType, loc });
  }
  return {
    ...p,
    phase: { ...p.phase, ...board.phase },
    units,
    owners: { ...p.owners, ...board.owners },
    state: { ...p.state, ...board.state },
  };
}

export interface Submission {
  orders: MovementOrder[];
  bids: DpBid[];
  /** Why each bid's order is invalid, for the bids the parser kept though their order cannot be carried out. */
  invalid: Refusal[];
}

/** Reads each power's mail text; every line must be accepted by the parser. */
export function submit(v: Variant, pos: Position, mails: Record<PowerId, string>): Submission {
  const orders: MovementOrder[] = [];
  const bids: DpBid[] = [];
  const invalid: Refusal[] = [];
  for (const [power, text] of Object.entries(mails)) {
    for (const line of parseOrders(text, { variant: v, position: pos, power })) {
      if (line.status === 'error') throw new Error(`${power}: "${line.text}": ${JSON.stringify(line.error)}`);
      if (line.status === 'order') orders.push(line.order as MovementOrder);
      if (line.status === 'dp') {
        bids.push({ power: line.power, amount: line.amount, order: line.order as MovementOrder });
        if (line.invalid) invalid.push(line.invalid);
      }
    }
  }
  return { orders, bids, invalid };
}

export function play(v: Variant, pos: Position, mails: Record<PowerId, string>): PhaseResult {
  const { orders, bids } = submit(v, pos, mails);
  return adjudicate(v, pos, orders, { bids });
}

export function outcomeAt(result: PhaseResult, province: string): OrderOutcome {
  const o = result.outcomes.find((x) => 'loc' in x.order && provinceOf(x.order.loc) === province);
  if (!o) throw new Error(`no outcome for a unit in ${province}`);
  return o;
}

/** The order a unit was given, as a compact text: "A SWI S A MAR - SAV". */
export function givenAt(result: PhaseResult, province: string): string {
  const order = outcomeAt(result, province).order as MovementOrder;
  const unit = `${order.type} ${order.loc.toUpperCase()}`;
  switch (order.kind) {
    case 'hold':
      return `${unit} H`;
    case 'move':
      return `${unit} - ${order.to.toUpperCase()}`;
    case 'support':
      return `${unit} S ${order.target.toUpperCase()}${order.to ? ` - ${order.to.toUpperCase()}` : ''}`;
    case 'convoy':
      return `${unit} C ${order.from.toUpperCase()} - ${order.to.toUpperCase()}`;
  }
}

export function unitIn(pos: Position, province: string): Unit | undefined {
  return pos.units.find((u) => provinceOf(u.loc) === province);
}
