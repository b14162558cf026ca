// DP speed: a ten-power A&E v6 movement phase (Spring 1763, every unit ordered) in which every
// one of the 17 minors is bid on, most of them contested. Target: median <= 100 µs for the whole
// phase (bid checks, resolution, adjudication with sorties).
import { adjudicate, initialPosition } from '../src/core/adjudicate/index.js';
import { checkBids, dpReportOf } from '../src/core/dp/index.js';
import { resolveBids } from '../src/core/dp/resolve.js';
import { loadVariant } from '../src/core/map/load.js';
import type { Variant } from '../src/core/map/variant.js';
import type { DpBid, MovementOrder, Position, Unit } from '../src/core/types.js';
import { provinceOf } from '../src/core/types.js';

const ROUNDS = 5000;
const WARM_UP = 500;

function neighbours(variant: Variant, unit: Unit): string[] {
  if (unit.type === 'A')
    return variant.map.armyAdj[variant.map.byId.get(provinceOf(unit.loc))!.index].map(
      (i) => variant.map.provinces[i].id,
    );
  return variant.map.fleetAdj.get(unit.loc) ?? [];
}

/** Every Great Power unit moves to its first neighbour or, every third unit, holds. */
function greatPowerOrders(variant: Variant, position: Position): MovementOrder[] {
  return position.units
    .filter((u) => variant.powerById.get(u.power)!.kind === 'great')
    .map((u, i): MovementOrder =>
      i % 3 === 2 ? { kind: 'hold', ...u } : { kind: 'move', ...u, to: neighbours(variant, u)[0], viaConvoy: false },
    );
}

/**
 * Each minor gets a line from the next power with DP left: a sortie (into an empty neighbour, so
 * that some would succeed and are invalidated, forcing re-adjudication), a
 * support of a neighbouring unit, or a hold, in turn; the DP left over go to rival orders on the
 * first minors, so that contests, pooling and ties all occur.
 */
function bidsOnEveryMinor(variant: Variant, position: Position): DpBid[] {
  const left = new Map(variant.powers.filter((p) => p.kind === 'great').map((p) => [p.id, 0]));
  for (const power of left.keys()) left.set(power, checkBids(variant, position, power, []).allowance);
  const minors = position.units.filter((u) => variant.powerById.get(u.power)!.kind !== 'great');
  const byProvince = new Map(position.units.map((u) => [provinceOf(u.loc), u]));
  const bids: DpBid[] = [];
  const payer = () => [...left].find(([, dp]) => dp > 0)?.[0];
  const orderFor = (unit: Unit, style: number): MovementOrder => {
    const next = neighbours(variant, unit).map(provinceOf);
    const supported = next.map((p) => byProvince.get(p)).find((u) => u !== undefined);
    const empty = next.find((p) => !byProvince.has(p));
    if (style % 3 === 0) return { kind: 'move', ...unit, to: empty ?? next[0], viaConvoy: false };
    if (style % 3 === 1 && supported) return { kind: 'support', ...unit, target: provinceOf(supported.loc) };
    return { kind: 'hold', ...unit };
  };
  for (let round = 0; payer(); round++) {
    for (const [i, unit] of minors.entries()) {
      const power = payer();
      if (!power) break;
      bids.push({ power, amount: 1, order: orderFor(unit, i + round) });
      left.set(power, left.get(power)! - 1);
    }
  }
  return bids;
}

export function benchDp(): void {
  const variant = loadVariant('ambition6');
  const position = initialPosition(variant);
  const orders = greatPowerOrders(variant, position);
  const bids = bidsOnEveryMinor(variant, position);
  const bidders = [...new Set(bids.map((b) => b.power))];
  const minorsBid = new Set(bids.map((b) => b.order.loc)).size;

  const phase = timeMedian(() => adjudicate(variant, position, orders, { bids, seed: 'bench' }));
  const plain = timeMedian(() => adjudicate(variant, position, orders, { seed: 'bench' }));
  const resolution = timeMedian(() => resolveBids(variant, position, orders, bids, () => []));
  const submission = timeMedian(() => {
    for (const power of bidders)
      checkBids(
        variant,
        position,
        power,
        bids.filter((b) => b.power === power),
      );
  });
  const report = dpReportOf(adjudicate(variant, position, orders, { bids, seed: 'bench' }))!;
  const given = report.neutrals.filter((d) => d.won);
  const sorties = given.filter((d) => d.order.kind === 'move');
  console.log(
    `A&E v6 Spring 1763: ${orders.length} Great Power orders, ${bids.length} DP lines from ${bidders.length} powers on ${minorsBid} minors`,
  );
  console.log(
    `  ${given.length} minors given a bid order (${sorties.length} sorties, ${given.filter((d) => d.invalid).length} invalid), ` +
      `${report.neutrals.filter((d) => d.tie).length} ties, ${report.chart.filter((e) => e.status === 'void').length} void bids`,
  );
  console.log(`  adjudication with bids: median ${phase.toFixed(1)} µs per phase (target <= 100 µs)`);
  console.log(`    of which the bid resolution alone: median ${resolution.toFixed(1)} µs`);
  console.log(`  the same orders without bids (every minor holds): median ${plain.toFixed(1)} µs`);
  console.log(`  checking all ten powers' DP lines at submission: median ${submission.toFixed(1)} µs`);
}

function timeMedian(run: () => unknown): number {
  for (let i = 0; i < WARM_UP; i++) run();
  const micros: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    run();
    micros.push((performance.now() - t) * 1000);
  }
  micros.sort((a, b) => a - b);
  return micros[Math.floor(micros.length / 2)];
}
