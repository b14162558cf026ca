// The A&E Religion Rule, in its two wordings. "Occupied" always means at the start of the turn,
// so every test reads the position the phase starts from.
//
// v5 (DPjudge, Ludopedia): the Papal States may only hold or support a unit of a Catholic power;
//   a Muslim minor may not support an attack by a Christian Great Power into a space a Muslim unit
//   occupies; a Christian minor may not support an attack by the Ottoman Empire (the Muslim Great
//   Power) into a space a Christian unit occupies.
// v6.01 §II: the Papal States may only hold, sortie into a space that is empty or holds a
//   non-Catholic unit, or support another Catholic unit; a Muslim minor may not support an attack
//   by a Christian unit into a Muslim-occupied space; a Christian minor may not support an attack
//   by an Islamic unit into a Christian-occupied space. Minors count as units here, Great Powers
//   or not: in v6 minors can sortie, so their attacks are attacks too.
// Orthodox and Protestant are both "Christian, non-Catholic" (v6 clarification).
import { powerName } from '../map/display-names.js';
import type { Variant } from '../map/variant.js';
import type { MovementOrder, PowerId, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';
import type { ReligionWording } from './config.js';

type Faith = 'catholic' | 'christian' | 'muslim' | 'none';

function faithOf(variant: Variant, power: PowerId): Faith {
  const r = variant.powerById.get(power)?.attrs.religion?.toLowerCase();
  if (r === 'catholic') return 'catholic';
  if (r === 'protestant' || r === 'orthodox' || r === 'christian') return 'christian';
  if (r === 'muslim' || r === 'islam' || r === 'islamic') return 'muslim';
  return 'none';
}

const isChristian = (f: Faith) => f === 'catholic' || f === 'christian';

/** "Adjacent" in the v6 wording: a land border, not a convoy's reach. */
function bordersByLand(variant: Variant, from: ProvinceId, to: ProvinceId): boolean {
  const a = variant.map.byId.get(provinceOf(from));
  const b = variant.map.byId.get(to);
  return a !== undefined && b !== undefined && variant.map.armyAdj[a.index].includes(b.index);
}

function isPapal(variant: Variant, power: PowerId): boolean {
  return variant.powerById.get(power)?.attrs.papacy === 'yes';
}

/** Why the Religion Rule forbids this order for this neutral unit, or undefined when it allows it. */
export function religionProblem(
  variant: Variant,
  wording: ReligionWording,
  startUnits: Map<ProvinceId, Unit>,
  unit: Unit,
  order: MovementOrder,
): string | undefined {
  if (isPapal(variant, unit.power)) {
    const name = powerName(variant, unit.power);
    if (order.kind === 'hold') return undefined;
    if (order.kind === 'support') {
      const supported = startUnits.get(order.target);
      if (!supported || faithOf(variant, supported.power) !== 'catholic')
        return `religion rule: the ${name} may support only a Catholic unit`;
      return undefined;
    }
    if (order.kind === 'move' && wording === 'v6') {
      if (order.viaConvoy || !bordersByLand(variant, unit.loc, provinceOf(order.to)))
        return `religion rule: the ${name} may sortie only into an adjacent space`;
      const there = startUnits.get(provinceOf(order.to));
      if (there && faithOf(variant, there.power) === 'catholic')
        return `religion rule: the ${name} may not sortie into a space a Catholic unit occupies`;
      return undefined;
    }
    return wording === 'v6'
      ? `religion rule: the ${name} may only hold, sortie or support a Catholic unit`
      : `religion rule: the ${name} may only hold or support a Catholic unit`;
  }

  if (order.kind !== 'support' || order.to === undefined) return undefined;
  const attacker = startUnits.get(order.target);
  const defender = startUnits.get(provinceOf(order.to));
  if (!attacker || !defender) return undefined;
  const mine = faithOf(variant, unit.power);
  const theirs = faithOf(variant, attacker.power);
  const defending = faithOf(variant, defender.power);
  const attackerCounts = wording === 'v6' || variant.powerById.get(attacker.power)?.kind === 'great';
  if (!attackerCounts) return undefined;
  if (mine === 'muslim' && isChristian(theirs) && defending === 'muslim')
    return `religion rule: a Muslim minor may not support a Christian attack on a Muslim-held space`;
  if (isChristian(mine) && theirs === 'muslim' && isChristian(defending)) {
    const attacker = wording === 'v5' ? 'an Ottoman' : 'a Muslim';
    return `religion rule: a Christian minor may not support ${attacker} attack on a Christian-held space`;
  }
  return undefined;
}
