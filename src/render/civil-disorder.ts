// The announcement of a permanent civil disorder, in the results' wording: what was disbanded,
// which minor powers arose, which centres wait for their occupier to leave.
import type { Variant } from '../core/map/variant.js';
import type { CivilDisorderDeclaration } from '../core/rules/variant/civil-disorder.js';
import { variantInPlay } from '../core/rules/variant/powers-in-play.js';
import { phaseCode, PHASE_TYPE_NAME, SEASON_NAME } from '../core/types.js';
import { powerAdjective, unitName } from './phrases.js';
import { placeName, powerName } from '../core/map/display-names.js';
import { wrap, andList } from './wrap.js';

export function renderCivilDisorder(fileVariant: Variant, d: CivilDisorderDeclaration): string {
  const variant = variantInPlay(fileVariant, d.position);
  const { season, year, type } = d.position.phase;
  const name = powerName(variant, d.power);
  const sentences = [
    `${name} is in permanent civil disorder from ${SEASON_NAME[season]} ${year} ${PHASE_TYPE_NAME[type]} ` +
      `(${phaseCode(d.position.phase)}); no player may take it over.`,
    d.disbanded.length
      ? `Its units are disbanded: ${andList(d.disbanded.map((u) => unitName(variant, u.type, u.loc)))}.`
      : `It has no units to disband.`,
    ...d.created.map((m) => {
      const place = placeName(variant, m.home[0]);
      const unit = unitName(variant, m.units[0].type, m.units[0].loc);
      return `${place} is a new minor power${m.name === place ? '' : `, ${m.name}`}, with ${unit}.`;
    }),
    ...d.pending.map(
      (p) =>
        `${placeName(variant, p.centre)}, occupied by the ${powerAdjective(variant, p.occupier.power)} ` +
        `${unitName(variant, p.occupier.type, p.occupier.loc)}, stays ${name}'s for now and becomes a new minor ` +
        'power if it is vacant at the end of a Fall turn.',
    ),
  ];
  return `${sentences.flatMap((s) => wrap('', s)).join('\n')}\n`;
}
