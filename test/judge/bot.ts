// Plays a power by mail, simply and deterministically: each unit moves to a neighbouring supply
// centre it does not own (else holds), retreats where it can, builds in free home centres.
import type { AdjustmentCount } from '../../src/core/adjudicate/result.js';
import type { Variant } from '../../src/core/map/variant.js';
import type { Position, PowerId } from '../../src/core/types.js';
import { provinceOf } from '../../src/core/types.js';

export function botOrders(variant: Variant, position: Position, power: PowerId, due: AdjustmentCount[]): string[] {
  const map = variant.map;
  const occupied = new Set(position.units.map((u) => provinceOf(u.loc)));
  if (position.phase.type === 'movement') {
    const claimed = new Set<string>();
    return position.units
      .filter((u) => u.power === power)
      .map((u) => {
        const from = map.byId.get(provinceOf(u.loc))!;
        const options =
          u.type === 'A' ? map.armyAdj[from.index].map((i) => map.provinces[i].id) : (map.fleetAdj.get(u.loc) ?? []);
        const target = options.find((loc) => {
          const p = map.byId.get(provinceOf(loc))!;
          return p.centre && position.owners[p.id] !== power && !claimed.has(p.id) && !occupied.has(p.id);
        });
        if (!target) return `${u.type} ${u.loc} H`;
        claimed.add(provinceOf(target));
        return `${u.type} ${u.loc} - ${target}`;
      });
  }
  if (position.phase.type === 'retreat') {
    return position.dislodged
      .filter((u) => u.power === power)
      .map((u) => (u.retreats.length ? `${u.type} ${u.loc} R ${u.retreats[0]}` : `${u.type} ${u.loc} D`));
  }
  const delta = due.find((d) => d.power === power)?.delta ?? 0;
  const def = variant.powerById.get(power)!;
  if (delta > 0) {
    const free = def.home.filter((h) => position.owners[h] === power && !occupied.has(h)).slice(0, delta);
    const lines = free.map((h) => `BUILD A ${h}`);
    while (lines.length < delta) lines.push('WAIVE');
    return lines;
  }
  if (delta < 0)
    return position.units
      .filter((u) => u.power === power)
      .slice(0, -delta)
      .map((u) => `REMOVE ${u.type} ${u.loc}`);
  return [];
}
