// What the bids decided in one movement phase. The whole report is secret (the GM's bid chart);
// the public results carry only each neutral unit's order, through the adjudicator's outcomes.
import type { DpReason, StoredWords } from '../reasons.js';
import type { DpBid, MovementOrder, Phase, PowerId, Unit } from '../types.js';

export type BidStatus =
  /** The bid counted towards its order. */
  | 'counted'
  /** The bid broke a rule on its own (unknown unit, forbidden order, religion, attacking and allocating). */
  | 'void'
  /** The power over-allocated (or passed the per-neutral cap), so none of its DP counted this phase. */
  | 'forfeited';

export interface ChartEntry {
  bid: DpBid;
  /** DP the bid is worth to its unit: its amount, doubled when an affiliate's sponsor bids (S&L). */
  weight: number;
  status: BidStatus;
  /** Why a void bid is void. */
  reason?: DpReason | StoredWords;
  /** The neutral unit bid on (absent when there is no such neutral unit). */
  unit?: Unit;
  /** Identifies the order among the unit's bids; equal keys pool their DP. */
  key?: string;
}

export interface NeutralDecision {
  unit: Unit;
  /** The order the unit was given: the winning bid's order as written, or the default hold. */
  order: MovementOrder;
  /** True when a bid won; false for the default hold (no bid, or a tie). */
  won: boolean;
  /** The winning order's key among the unit's bids (see orderKey). */
  key?: string;
  /** DP (weighted) behind the given order; 0 for a default hold. */
  total: number;
  /** True when there were counted bids but the top orders tied. */
  tie: boolean;
  /** Filled from the adjudication by dpReportOf: the order could not be carried out and the unit held. */
  invalid?: boolean;
}

export interface PowerAccount {
  power: PowerId;
  allowance: number;
  /** Every DP the power's lines asked for, void ones included. */
  allocated: number;
  /** DP that counted towards some order. */
  spent: number;
  forfeited: boolean;
  /** Why the DP were forfeited (dp-overspent, dp-over-cap). */
  reason?: DpReason | StoredWords;
}

export interface DpReport {
  phase: Phase;
  /** One decision per neutral unit on the board, in the variant's order of powers. */
  neutrals: NeutralDecision[];
  /** One account per Great Power, in the variant's order. */
  powers: PowerAccount[];
  /** Every bid received, in the order received. */
  chart: ChartEntry[];
}
