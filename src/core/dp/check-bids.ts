// The check each DP line gets when a player submits it: the line's own rules (bid-rules.ts),
// then the budget counting the line itself, then the per-neutral cap (1648). A rejected line
// spends nothing, so the lines after it are judged as if it had not been sent.
// The attacking-and-allocating rule is not checked here: the orders it depends on may still
// change before the deadline; the resolution voids such bids.
import { placeName, powerName } from '../map/display-names.js';
import type { Variant } from '../map/variant.js';
import type { DpBid, PowerId, Position, ProvinceId } from '../types.js';
import { provinceOf } from '../types.js';
import type { HomesOf } from './allowance.js';
import { allowanceOf } from './allowance.js';
import { bidProblem } from './bid-rules.js';
import { dpConfig } from './config.js';
import { isRetired, variantInPlay } from '../rules/variant/powers-in-play.js';
import { unitsByProvince } from './neutrals.js';

export interface BidVerdict {
  bid: DpBid;
  ok: boolean;
  reason?: string;
}

export interface BidCheck {
  power: PowerId;
  verdicts: BidVerdict[];
  /** DP on the accepted lines. */
  spent: number;
  allowance: number;
  remaining: number;
}

export function checkBidsWith(
  fileVariant: Variant,
  position: Position,
  power: PowerId,
  bids: DpBid[],
  homesOf: HomesOf,
): BidCheck {
  // Minors created during the game (civil disorder) are bid on like the variant's own.
  const variant = variantInPlay(fileVariant, position);
  const config = dpConfig(variant);
  const allowance = allowanceOf(variant, position, power, homesOf);
  const startUnits = unitsByProvince(position.units);
  const perUnit = new Map<ProvinceId, number>();
  let spent = 0;
  const verdicts = bids.map((bid): BidVerdict => {
    const reject = (reason: string): BidVerdict => ({ bid, ok: false, reason });
    if (bid.power !== power) return reject(`a DP line of ${bid.power} in the orders of ${power}`);
    if (!config.allowance) return reject(`${variant.title} has no Diplomacy Points`);
    if (position.phase.type !== 'movement') return reject('DP are allocated only in Spring and Fall movement phases');
    if (isRetired(position, power))
      return reject(`${powerName(variant, power)} is in permanent civil disorder and allocates no DP`);
    const problem = bidProblem(variant, config, startUnits, bid);
    if (problem) return reject(problem);
    if (spent + bid.amount > allowance)
      return reject(
        `budget exceeded: this line brings your DP to ${spent + bid.amount}, but you have ${allowance} this phase`,
      );
    const province = provinceOf(bid.order.loc);
    const onUnit = (perUnit.get(province) ?? 0) + bid.amount;
    if (config.capPerNeutral !== undefined && onUnit > config.capPerNeutral) {
      const where = placeName(variant, province);
      return reject(`at most ${config.capPerNeutral} DP on one minor power: this line brings ${where} to ${onUnit}`);
    }
    perUnit.set(province, onUnit);
    spent += bid.amount;
    return { bid, ok: true };
  });
  return { power, verdicts, spent, allowance, remaining: allowance - spent };
}
