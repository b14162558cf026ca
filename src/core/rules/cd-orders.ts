// Smarter orders for a power in civil disorder, as the GM's rules ask (DPjudge's CD_SUPPORTS, CD_RETREATS,
// CD_BUILDS): instead of every unit holding, the units support each other's holds; a dislodged unit
// retreats toward its power's centres instead of disbanding; owed builds are built in free home centres.
// Every order is chosen from the phase's legal orders (options/: the one legality), never made up here,
// and goes to the adjudicator like any player's. Where a choice remains, it is drawn from the phase's seed,
// which the result records: PREVIEW and PROCESS choose alike, and a replay chooses the same again.
import { createHash } from 'node:crypto';
import { distancesFrom } from '../adjudicate/adjustment.js';
import { geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import { phaseOptions } from '../options/index.js';
import type { BuildOrder, Order, Position, PowerId, RetreatOrder, SupportOrder } from '../types.js';
import { provinceOf } from '../types.js';

export interface CdOrderRules {
  /** CD_SUPPORTS: each unit supports the hold of one of its power's units beside it, where that is legal. */
  supports?: boolean;
  /** CD_RETREATS: a dislodged unit retreats to the place nearest its power's centres instead of disbanding. */
  retreats?: boolean;
  /** CD_BUILDS: the builds owed are built in free home centres instead of waived. */
  builds?: boolean;
}

/**
 * The orders the rules give `power`'s units that `given` leaves without one (nothing when no rule
 * applies to the phase: the adjudicator's defaults stand). `seed` is the phase's.
 */
export function civilDisorderOrders(
  variant: Variant,
  position: Position,
  power: PowerId,
  given: Order[],
  rules: CdOrderRules,
  seed: string,
): Order[] {
  const ordered = new Set(given.flatMap((o) => (o.power === power && o.kind !== 'waive' ? [provinceOf(o.loc)] : [])));
  const choose = chooser(`${seed}:cd:${power}`);
  switch (position.phase.type) {
    case 'movement':
      return rules.supports ? mutualSupports(variant, position, power, ordered, given, choose) : [];
    case 'retreat':
      return rules.retreats ? retreatsHome(variant, position, power, ordered, choose) : [];
    case 'adjustment':
      return rules.builds && !given.some((o) => o.power === power) ? homeBuilds(variant, position, power, choose) : [];
  }
}

type Choose = <T>(what: string, among: T[]) => T;

/** A seeded choice: the same seed, key and candidates always give the same pick. */
function chooser(seed: string): Choose {
  return (what, among) => {
    const digest = createHash('sha256').update(`${seed}:${what}`).digest();
    return among[digest.readUInt32BE(0) % among.length];
  };
}

/**
 * Each unit without an order supports the hold of a unit of its power that stays where it is (one
 * without an order, or holding): the unit with the fewest supports so far, seeded among equals.
 */
function mutualSupports(
  variant: Variant,
  position: Position,
  power: PowerId,
  ordered: Set<string>,
  given: Order[],
  choose: Choose,
): Order[] {
  const holding = new Set(
    position.units
      .filter((u) => u.power === power)
      .map((u) => provinceOf(u.loc))
      .filter((p) => !ordered.has(p) || given.some((o) => o.kind === 'hold' && provinceOf(o.loc) === p)),
  );
  const received = new Map<string, number>();
  const out: Order[] = [];
  for (const { unit, orders } of phaseOptions(variant, position, { power }).units) {
    if (unit.power !== power || ordered.has(provinceOf(unit.loc))) continue;
    const supports = orders.filter((o): o is SupportOrder => o.kind === 'support' && !o.to && holding.has(o.target));
    if (!supports.length) continue;
    const fewest = Math.min(...supports.map((o) => received.get(o.target) ?? 0));
    const pick = choose(
      unit.loc,
      supports.filter((o) => (received.get(o.target) ?? 0) === fewest),
    );
    received.set(pick.target, fewest + 1);
    out.push(pick);
  }
  return out;
}

/** Each dislodged unit retreats to the place nearest its power's centres (its home centres if it owns none). */
function retreatsHome(
  variant: Variant,
  position: Position,
  power: PowerId,
  ordered: Set<string>,
  choose: Choose,
): Order[] {
  const g = geometry(variant);
  const owned = Object.keys(position.owners).filter((c) => position.owners[c] === power);
  const homes = owned.length ? owned : (variant.powerById.get(power)?.home ?? []);
  const distance = distancesFrom(
    g,
    homes.map((c) => g.index.get(c)!),
  );
  const taken = new Set<string>();
  const out: Order[] = [];
  for (const { unit, orders } of phaseOptions(variant, position, { power }).units) {
    if (unit.power !== power || ordered.has(provinceOf(unit.loc))) continue;
    // Two units retreating to one place would both be destroyed: each goes somewhere of its own.
    const retreats = orders.filter((o): o is RetreatOrder => o.kind === 'retreat' && !taken.has(provinceOf(o.to)));
    if (!retreats.length) continue;
    const far = (o: RetreatOrder) => distance[g.index.get(provinceOf(o.to))!];
    const nearest = Math.min(...retreats.map(far));
    const pick = choose(
      unit.loc,
      retreats.filter((o) => far(o) === nearest),
    );
    taken.add(provinceOf(pick.to));
    out.push(pick);
  }
  return out;
}

/** As many builds as are owed, one per free home centre, the sites and unit types seeded. */
function homeBuilds(variant: Variant, position: Position, power: PowerId, choose: Choose): Order[] {
  const winter = phaseOptions(variant, position, { power }).winter.find((w) => w.power === power);
  if (!winter || winter.delta <= 0) return [];
  const bySite = new Map<string, BuildOrder[]>();
  for (const o of winter.orders)
    if (o.kind === 'build') bySite.set(provinceOf(o.loc), [...(bySite.get(provinceOf(o.loc)) ?? []), o]);
  const sites = [...bySite.keys()].sort();
  const out: Order[] = [];
  while (out.length < winter.delta && sites.length) {
    const site = choose(`site ${out.length}`, sites);
    sites.splice(sites.indexOf(site), 1);
    out.push(choose(`unit ${site}`, bySite.get(site)!));
  }
  return out;
}
