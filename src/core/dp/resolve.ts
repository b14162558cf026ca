// Turns a movement phase's bids into one order per neutral unit (A&E §II "Gaining Control of
// Minor Power Units", 1648 "Diplomacy Points", S&L §8):
//  - a bid that breaks a rule on its own is void (bid-rules.ts), and so is a bid on a neutral the
//    bidder's own units attack, or support or convoy an attack on, this turn (A&E v6, S&L);
//  - a power that allocated more DP than its allowance, or (1648) more than the cap on one
//    neutral, forfeits all its DP this phase; "allocated" counts every line it sent, void or not;
//  - per unit, the DP behind each distinct order add up across powers (A&E example 4), a sponsor's
//    DP count double on its affiliate (S&L §8.1); strictly the most wins, otherwise the unit holds.
import { placeName, powerName } from '../map/display-names.js';
import type { Variant } from '../map/variant.js';
import type { DpBid, MovementOrder, PowerId, Position, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';
import type { HomesOf } from './allowance.js';
import { allowanceOf } from './allowance.js';
import { bidProblem } from './bid-rules.js';
import { dpConfig } from './config.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import { isGreat, isNeutral, sponsorOf, unitsByProvince } from './neutrals.js';
import { orderKey } from './order-key.js';
import type { ChartEntry, DpReport, NeutralDecision, PowerAccount } from './report.js';

export interface Resolution {
  report: DpReport;
  /** One order per neutral unit on the board. */
  orders: MovementOrder[];
}

export function resolveBids(
  fileVariant: Variant,
  position: Position,
  given: MovementOrder[],
  bids: DpBid[],
  homesOf: HomesOf,
): Resolution {
  // Minors created during the game (civil disorder) are bid on like the variant's own.
  const variant = variantInPlay(fileVariant, position);
  const config = dpConfig(variant);
  const startUnits = unitsByProvince(position.units);
  const attacked = config.noAttackAndAllocate
    ? neutralsAttacked(variant, startUnits, given, config.attackIncludesConvoy)
    : undefined;

  const chart: ChartEntry[] = bids.map((bid) => {
    const problem = bidProblem(variant, config, startUnits, bid);
    if (problem) return { bid, weight: 0, status: 'void', reason: problem };
    const unit = startUnits.get(provinceOf(bid.order.loc))!;
    const province = provinceOf(unit.loc);
    if (attacked?.get(bid.power)?.has(province))
      return {
        bid,
        unit,
        weight: 0,
        status: 'void',
        reason:
          `attacking and allocating: ${powerName(variant, bid.power)} attacks ${placeName(variant, province)} ` +
          `(or supports${config.attackIncludesConvoy ? ' or convoys' : ''} an attack on it) this turn`,
      };
    const double = config.affiliateDouble && sponsorOf(variant, unit.power) === bid.power;
    return { bid, unit, weight: bid.amount * (double ? 2 : 1), status: 'counted', key: orderKey(bid.order) };
  });

  const powers = accounts(variant, position, chart, homesOf, config.capPerNeutral);
  const forfeited = new Set(powers.filter((a) => a.forfeited).map((a) => a.power));
  for (const entry of chart)
    if (entry.status === 'counted' && forfeited.has(entry.bid.power)) entry.status = 'forfeited';
  for (const account of powers)
    account.spent = chart
      .filter((e) => e.status === 'counted' && e.bid.power === account.power)
      .reduce((s, e) => s + e.bid.amount, 0);

  const neutrals = position.units.filter((u) => isNeutral(variant, u.power)).map((unit) => decide(unit, chart));
  return { report: { phase: position.phase, neutrals, powers, chart }, orders: neutrals.map((d) => d.order) };
}

/** Per power, the neutral provinces its own units attack, or support (or, if `convoys`, convoy) an attack on. */
function neutralsAttacked(
  variant: Variant,
  startUnits: Map<ProvinceId, Unit>,
  given: MovementOrder[],
  convoys: boolean,
): Map<PowerId, Set<ProvinceId>> {
  // The adjudicator uses the last order given to a unit; so does this rule.
  const last = new Map<ProvinceId, MovementOrder>();
  for (const o of given) {
    const unit = startUnits.get(provinceOf(o.loc));
    if (unit && unit.power === o.power && !isNeutral(variant, o.power)) last.set(provinceOf(o.loc), o);
  }
  const attacked = new Map<PowerId, Set<ProvinceId>>();
  for (const o of last.values()) {
    const target =
      o.kind === 'move' || (o.kind === 'support' && o.to !== undefined)
        ? provinceOf(o.to!)
        : o.kind === 'convoy' && convoys
          ? provinceOf(o.to)
          : undefined;
    if (target === undefined) continue;
    const defender = startUnits.get(target);
    if (!defender || !isNeutral(variant, defender.power)) continue;
    let set = attacked.get(o.power);
    if (!set) attacked.set(o.power, (set = new Set()));
    set.add(target);
  }
  return attacked;
}

function accounts(
  variant: Variant,
  position: Position,
  chart: ChartEntry[],
  homesOf: HomesOf,
  cap: number | undefined,
): PowerAccount[] {
  const out: PowerAccount[] = [];
  for (const p of variant.powers) {
    if (!isGreat(variant, p.id)) continue;
    const account: PowerAccount = {
      power: p.id,
      allowance: allowanceOf(variant, position, p.id, homesOf),
      allocated: 0,
      spent: 0,
      forfeited: false,
    };
    const perUnit = new Map<ProvinceId, number>();
    for (const e of chart) {
      if (e.bid.power !== p.id || !Number.isSafeInteger(e.bid.amount) || e.bid.amount <= 0) continue;
      account.allocated += e.bid.amount;
      // Every line counts toward the cap of the space it names, as it counts toward the total,
      // whether or not it could be carried out (1648: "no more than 2 DP on one minor").
      const province = provinceOf(e.unit?.loc ?? e.bid.order.loc);
      perUnit.set(province, (perUnit.get(province) ?? 0) + e.bid.amount);
    }
    if (account.allocated > account.allowance) {
      account.forfeited = true;
      account.reason = `allocated ${account.allocated} DP with an allowance of ${account.allowance}`;
    } else if (cap !== undefined) {
      const over = [...perUnit].find(([, amount]) => amount > cap);
      if (over) {
        account.forfeited = true;
        account.reason = `put ${over[1]} DP on ${placeName(variant, over[0])}, more than ${cap} on one minor power`;
      }
    }
    out.push(account);
  }
  return out;
}

function decide(unit: Unit, chart: ChartEntry[]): NeutralDecision {
  const totals = new Map<string, { key: string; total: number; order: MovementOrder }>();
  for (const e of chart) {
    if (e.status !== 'counted' || e.unit !== unit) continue;
    const seen = totals.get(e.key!);
    if (seen) seen.total += e.weight;
    else totals.set(e.key!, { key: e.key!, total: e.weight, order: e.bid.order });
  }
  let best: { key: string; total: number; order: MovementOrder } | undefined;
  let tied = false;
  for (const t of totals.values()) {
    if (!best || t.total > best.total) {
      best = t;
      tied = false;
    } else if (t.total === best.total) tied = true;
  }
  const hold: MovementOrder = { kind: 'hold', power: unit.power, type: unit.type, loc: unit.loc };
  if (!best || tied) return { unit, order: hold, won: false, total: 0, tie: tied };
  return {
    unit,
    order: { ...best.order, power: unit.power, type: unit.type, loc: unit.loc },
    won: true,
    key: best.key,
    total: best.total,
    tie: false,
  };
}
