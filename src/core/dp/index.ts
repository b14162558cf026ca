// Diplomacy Points: the public face of the DP module.
//
// The rule lines `dp`, `dp-first-year`, `dp-cap-per-neutral`, `dp-affiliate-double`,
// `dp-no-attack-and-allocate`, `neutral-orders`, `religion` (and the stating lines
// `dp-overspend`, `neutral-dislodged`, `neutral-rebuild`) are registered by ./register.ts; the
// adjudicator applies them through its rule hooks. A judge needs only what is exported here:
//
//   dpAllowance(variant, position, power) -> number
//       DP the power may allocate in the current movement phase (0 in other phases, for neutrals,
//       and in variants without DP).
//   checkBids(variant, position, power, bids) -> { verdicts, spent, allowance, remaining }
//       the check of a player's DP lines at submission, line by line in the order written, each
//       rejection with its reason: unknown unit, not a neutral unit, an order neutrals may not
//       take in this variant, budget exceeded (counting the line), the per-minor cap. Rejected
//       lines spend nothing. Bids come from the order parser's 'dp' lines; a line whose order the
//       legality refuses (the Religion Rule, a blocked strait, out of reach) is a bid all the same,
//       marked `invalid` by the parser: if it wins, the unit holds (A&E v6.01 §II, example 5).
//   adjudicate(variant, position, orders, { bids })  (src/core/adjudicate)
//       resolves the bids (the `dp` module's supplyOrders) and leaves a DpReport in result.dp;
//   dpReportOf(result) -> DpReport | undefined
//       that report, with each neutral decision marked `invalid` when the adjudicator could not
//       carry the winning order out. The report is SECRET: GM only during the game.
// Refusals and forfeits are reason codes (src/core/reasons.ts); the GM's bid chart and a player's
// confirmation (only his own lines and his remaining budget) are worded in src/render/dp-chart.ts.
//
// Public results must be built from result.outcomes, which for neutral units show only the
// order given (as written, `invalid` when it could not be carried out), never who paid.
import type { PhaseResult } from '../adjudicate/result.js';
import type { Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import { geometry } from '../map/geometry.js';
import type { RuleContext } from '../rules/ruleset.js';
import type { DpBid, PowerId, Position } from '../types.js';
import { allowanceOf, type HomesOf } from './allowance.js';
import { checkBidsWith, type BidCheck } from './check-bids.js';
import type { DpReport } from './report.js';
import { bidProblem } from './bid-rules.js';
import type { DpReason } from '../reasons.js';
import { dpConfig } from './config.js';
import { unitsByProvince } from './neutrals.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';

export type { BidCheck, BidVerdict } from './check-bids.js';
export type { BidStatus, ChartEntry, DpReport, NeutralDecision, PowerAccount } from './report.js';
export { isNeutral } from './neutrals.js';

function homesOf(variant: Variant, position: Position): HomesOf {
  const ctx: RuleContext = { variant, geometry: geometry(variant), position, bids: [] };
  return (power) => rulesFor(variant).homeCentres(ctx, power, variant.powerById.get(power)?.home ?? []);
}

export function dpAllowance(variant: Variant, position: Position, power: PowerId): number {
  return allowanceOf(variant, position, power, homesOf(variant, position));
}

export function checkBids(variant: Variant, position: Position, power: PowerId, bids: DpBid[]): BidCheck {
  return checkBidsWith(variant, position, power, bids, homesOf(variant, position));
}

export function dpReportOf(result: PhaseResult): DpReport | undefined {
  const report = result.dp as DpReport | undefined;
  if (!report) return undefined;
  const neutrals = report.neutrals.map((d) => {
    const outcome = result.outcomes.find((o) => 'loc' in o.order && o.order.loc === d.unit.loc);
    return { ...d, invalid: outcome ? outcome.notes.includes('invalid') : false };
  });
  return { ...report, neutrals };
}

/**
 * Why a DP line giving this order would be refused whatever its amount (the unit, the orders the
 * variant lets neutrals take, the Religion Rule), or undefined: the line's own rules (bid-rules.ts),
 * as the judge checks them when the line is mailed.
 */
export function bidOrderProblem(
  fileVariant: Variant,
  position: Position,
  bidder: PowerId,
  order: DpBid['order'],
): DpReason | undefined {
  const variant = variantInPlay(fileVariant, position);
  const bid = { power: bidder, amount: 1, order };
  return bidProblem(variant, dpConfig(variant), unitsByProvince(position.units), bid);
}
