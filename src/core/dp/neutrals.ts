// Which powers and units are neutral (A&E/1648 minors, S&L minors and affiliates), looked up
// by province. Lookups are cached per unit list because the adjudicator asks once per order.
import type { Variant } from '../map/variant.js';
import type { PowerId, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';

export function isNeutral(variant: Variant, power: PowerId): boolean {
  const kind = variant.powerById.get(power)?.kind;
  return kind === 'minor' || kind === 'affiliate';
}

export function isGreat(variant: Variant, power: PowerId): boolean {
  return variant.powerById.get(power)?.kind === 'great';
}

/** The sponsor of an affiliate (S&L), if any. */
export function sponsorOf(variant: Variant, power: PowerId): PowerId | undefined {
  const def = variant.powerById.get(power);
  return def?.kind === 'affiliate' ? def.attrs.sponsor : undefined;
}

const byProvinceCache = new WeakMap<readonly Unit[], Map<ProvinceId, Unit>>();

/** Units keyed by the province they stand in. */
export function unitsByProvince(units: readonly Unit[]): Map<ProvinceId, Unit> {
  let map = byProvinceCache.get(units);
  if (!map) {
    map = new Map();
    for (const u of units) map.set(provinceOf(u.loc), u);
    byProvinceCache.set(units, map);
  }
  return map;
}
