// Name resolution shared by the test-data harnesses: the reference files spell provinces,
// coasts and powers in several ways (godip ids, "spa(nc)", "AUS", "Germnay").
import type { Variant } from '../../src/core/map/variant.js';
import { normaliseName, suggest } from '../../src/core/map/names.js';
import type { Loc, PowerId, ProvinceId } from '../../src/core/types.js';

export class MapResolver {
  private readonly powerNames = new Map<string, PowerId>();

  constructor(readonly variant: Variant) {
    for (const p of variant.powers) {
      for (const n of [p.id, p.name, p.adjective, p.name.slice(0, 3)]) this.powerNames.set(normaliseName(n), p.id);
    }
  }

  /** A location from any spelling the reference data uses; null when unknown. */
  loc(text: string): Loc | null {
    const coastInParens = /^(.+?)\s*\(\s*([a-z]{2})\s*\)$/i.exec(text.trim());
    const spelled = coastInParens ? `${coastInParens[1]}/${coastInParens[2]}` : text;
    const key = normaliseName(spelled).replace(/\s*\/\s*/g, '/');
    return this.variant.map.names.get(key) ?? null;
  }

  /** Like loc(), but throws: reference data naming an unknown place is a harness bug. */
  requireLoc(text: string): Loc {
    const loc = this.loc(text);
    if (loc === null) throw new Error(`unknown location '${text}'`);
    return loc;
  }

  /** A power from its id, name, adjective, three-letter code, or a near-miss typo of those. */
  power(text: string): PowerId {
    const key = normaliseName(text);
    const exact = this.powerNames.get(key);
    if (exact) return exact;
    const near = suggest(key, this.powerNames.keys(), 1)[0];
    if (near) return this.powerNames.get(near)!;
    throw new Error(`unknown power '${text}'`);
  }

  /** Home-centre ownership at the start of the game. */
  initialOwners(): Record<ProvinceId, PowerId> {
    const owners: Record<ProvinceId, PowerId> = {};
    for (const p of this.variant.powers) for (const c of [...p.home, ...p.owns]) owners[c] = p.id;
    return owners;
  }

  /** The power whose home centre `province` is, if any. */
  homePowerOf(province: ProvinceId): PowerId | null {
    return this.variant.powers.find((p) => p.home.includes(province))?.id ?? null;
  }
}
