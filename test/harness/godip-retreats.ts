// godip's retreat cases give the board after the movement and the movement's results, but
// their boards and results are not always consistent enough to replay the movement. The retreat
// options are therefore worked out here from the map and the results, by the rules of retreat:
// an adjacent place that is empty, is not where the attack came from (unless by convoy) and was
// not left empty by a standoff (DATC 6.H.5, 6.H.6, 6.H.9-6.H.12).
import type { DislodgedUnit, MoveOrder, Order, ProvinceId, Unit } from '../../src/core/types.js';
import { provinceOf } from '../../src/core/types.js';
import type { MapResolver } from './resolve.js';

export interface RecordedResult {
  success: boolean;
  order: Order;
}

export function dislodgedWithRetreats(
  resolver: MapResolver,
  board: readonly Unit[],
  dislodged: readonly Unit[],
  results: readonly RecordedResult[],
): DislodgedUnit[] {
  const { map } = resolver.variant;
  const occupied = new Set(board.map((u) => provinceOf(u.loc)));
  const moves = results.filter((r): r is { success: boolean; order: MoveOrder } => r.order.kind === 'move');
  const convoyed = (m: MoveOrder) =>
    m.viaConvoy ||
    !armyNeighbours(resolver, provinceOf(m.loc)).includes(provinceOf(m.to)) ||
    results.some(
      (r) => r.order.kind === 'convoy' && r.order.from === provinceOf(m.loc) && r.order.to === provinceOf(m.to),
    );
  const attackerFrom = (prov: ProvinceId): ProvinceId | null => {
    const attack = moves.find((r) => r.success && provinceOf(r.order.to) === prov)?.order;
    return attack && !(attack.type === 'A' && convoyed(attack)) ? provinceOf(attack.loc) : null;
  };
  const standoffs = new Set<ProvinceId>();
  for (const { success, order } of moves) {
    if (success) continue;
    const from = provinceOf(order.loc);
    const to = provinceOf(order.to);
    // The results do not say why a convoyed army failed; in these files it is always a
    // disrupted or missing convoy, which contests nothing.
    const couldReach =
      order.type === 'A' ? !convoyed(order) : (map.fleetAdj.get(order.loc) ?? []).some((l) => provinceOf(l) === to);
    // A unit beaten in a head-to-head battle leaves no standoff where its attacker came from.
    const lostHeadToHead = dislodged.some((d) => provinceOf(d.loc) === from) && attackerFrom(from) === to;
    if (couldReach && !lostHeadToHead && !occupied.has(to)) standoffs.add(to);
  }
  return dislodged.map((u) => {
    const prov = provinceOf(u.loc);
    const from = attackerFrom(prov);
    const places = u.type === 'A' ? armyNeighbours(resolver, prov) : (map.fleetAdj.get(u.loc) ?? []);
    const retreats = places.filter((l) => {
      const p = provinceOf(l);
      return p !== from && !occupied.has(p) && !standoffs.has(p);
    });
    return { ...u, attackerFrom: from, retreats };
  });
}

function armyNeighbours(resolver: MapResolver, prov: ProvinceId): ProvinceId[] {
  const { map } = resolver.variant;
  const p = map.byId.get(prov);
  if (!p) return [];
  return map.armyAdj[p.index].map((i) => map.provinces[i].id);
}
