// Facts the legality looks up about powers: neutrality is a rule fact. The legality's reasons carry ids;
// src/render words them (names: core/map/display-names.ts).
import type { Variant } from '../map/variant.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import type { Position, PowerId } from '../types.js';

export function isNeutralPower(variant: Variant, position: Position, power: PowerId): boolean {
  const kind = variantInPlay(variant, position).powerById.get(power)?.kind;
  return kind === 'minor' || kind === 'affiliate';
}
