// How legality verdicts name places, units and powers: in the players' words, not ids.
import { placeName } from '../map/display-names.js';
import type { Variant } from '../map/variant.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import type { Loc, Position, PowerId, UnitType } from '../types.js';

const COAST_WORDS: Record<string, string> = {
  nc: 'north coast',
  sc: 'south coast',
  ec: 'east coast',
  wc: 'west coast',
};

export function coastWord(coast: string): string {
  return COAST_WORDS[coast] ?? `${coast} coast`;
}

export function describeUnit(variant: Variant, unit: { type: UnitType; loc: Loc }): string {
  return `the ${unit.type === 'A' ? 'army' : 'fleet'} in ${placeName(variant, unit.loc)}`;
}

export function wrongType(variant: Variant, unit: { type: UnitType; loc: Loc }): string {
  const [is, isNot] = unit.type === 'A' ? ['an army', 'a fleet'] : ['a fleet', 'an army'];
  return `wrong unit type: there is ${is} in ${placeName(variant, unit.loc)}, not ${isNot}`;
}

export function isNeutralPower(variant: Variant, position: Position, power: PowerId): boolean {
  const kind = variantInPlay(variant, position).powerById.get(power)?.kind;
  return kind === 'minor' || kind === 'affiliate';
}
