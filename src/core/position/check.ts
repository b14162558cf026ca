// Consistency checks shared by the text and JSON position formats. Each problem is placed by
// the caller (`file:line` for text, `file` and a path for JSON).
import { geometry } from '../map/geometry.js';
import type { Variant } from '../map/variant.js';
import { rulesFor } from '../rules/index.js';
import type { RuleContext } from '../rules/ruleset.js';
import type { Loc, Position, ProvinceId, UnitType } from '../types.js';
import { coastOf, provinceOf } from '../types.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import { mayRetreat } from './retreats.js';

export type PositionRef =
  | { kind: 'phase' }
  | { kind: 'unit'; index: number }
  | { kind: 'dislodged'; index: number }
  | { kind: 'owner'; centre: ProvinceId }
  | { kind: 'state'; module: string };

/** Why a unit of this type cannot stand on `loc`, or null when it can. */
export function unitLocProblem(variant: Variant, type: UnitType, loc: Loc): string | null {
  const province = variant.map.byId.get(provinceOf(loc));
  if (!province) return `unknown place "${loc}"`;
  const coast = coastOf(loc);
  if (type === 'A') {
    if (province.terrain !== 'land' && province.terrain !== 'coast')
      return `an army cannot stand in ${province.name} (${province.terrain})`;
    if (coast) return `an army stands in ${province.id}, not on a coast (${loc})`;
    return null;
  }
  if (province.terrain !== 'sea' && province.terrain !== 'coast')
    return `a fleet cannot stand in ${province.name} (${province.terrain})`;
  if (province.coasts.length && !coast) {
    const coasts = province.coasts.map((c) => `${province.id}/${c}`).join(' or ');
    return `a fleet in ${province.name} must name its coast: ${coasts}`;
  }
  if (coast && !province.coasts.includes(coast)) return `${province.name} has no coast "${coast}"`;
  return null;
}

function phaseProblem(position: Position): string | null {
  const { season, type, year } = position.phase;
  if (!['spring', 'fall', 'winter'].includes(season)) return `unknown season "${season}"`;
  if (!['movement', 'retreat', 'adjustment'].includes(type)) return `unknown phase type "${type}"`;
  if (!Number.isInteger(year)) return `the year must be a whole number, not ${year}`;
  if (season === 'winter' && type !== 'adjustment') return 'winter has only an adjustment phase';
  if (season !== 'winter' && type === 'adjustment') return 'adjustments happen in winter';
  if (type === 'retreat' && position.dislodged.length === 0) return 'a retreat phase needs at least one dislodged unit';
  if (type !== 'retreat' && position.dislodged.length > 0) return 'dislodged units are allowed only in a retreat phase';
  return null;
}

export function positionProblems(variant: Variant, position: Position, where: (ref: PositionRef) => string): string[] {
  const problems: string[] = [];
  const say = (ref: PositionRef, message: string) => problems.push(`${where(ref)}: ${message}`);
  // Powers created during the game (civil disorder minors) are recorded in the position's state.
  const inPlay = variantInPlay(variant, position);
  const knownPower = (power: string) => inPlay.powerById.has(power);

  const phase = phaseProblem(position);
  if (phase) say({ kind: 'phase' }, phase);

  const standing = new Map<ProvinceId, number>();
  position.units.forEach((u, index) => {
    const ref: PositionRef = { kind: 'unit', index };
    if (!knownPower(u.power)) say(ref, `unknown power "${u.power}"`);
    const locProblem = unitLocProblem(variant, u.type, u.loc);
    if (locProblem) return say(ref, locProblem);
    const province = provinceOf(u.loc);
    const first = standing.get(province);
    if (first !== undefined) say(ref, `two units in ${province} (also at ${where({ kind: 'unit', index: first })})`);
    else standing.set(province, index);
  });

  const retreating = new Map<ProvinceId, number>();
  position.dislodged.forEach((d, index) => {
    const ref: PositionRef = { kind: 'dislodged', index };
    if (!knownPower(d.power)) say(ref, `unknown power "${d.power}"`);
    const locProblem = unitLocProblem(variant, d.type, d.loc);
    if (locProblem) return say(ref, locProblem);
    const province = provinceOf(d.loc);
    if (retreating.has(province)) say(ref, `two dislodged units in ${province}`);
    retreating.set(province, index);
    if (d.attackerFrom !== null && !variant.map.byId.has(d.attackerFrom)) say(ref, `unknown place "${d.attackerFrom}"`);
    for (const r of d.retreats)
      if (unitLocProblem(variant, d.type, r)) say(ref, `cannot retreat to ${r}: ${unitLocProblem(variant, d.type, r)}`);
    if (knownPower(d.power) && !mayRetreat(variant, position, d))
      say(ref, `${d.power} units are destroyed when dislodged, never retreat`);
    else if (d.retreats.length === 0)
      say(
        ref,
        `the ${d.type === 'A' ? 'army' : 'fleet'} in ${d.loc} has nowhere to retreat, so it is destroyed: leave it out`,
      );
  });

  for (const [centre, power] of Object.entries(position.owners)) {
    const ref: PositionRef = { kind: 'owner', centre };
    const province = variant.map.byId.get(centre);
    if (!province) say(ref, `unknown place "${centre}"`);
    else if (!province.centre) say(ref, `${province.name} is not a supply centre`);
    if (!knownPower(power)) say(ref, `unknown power "${power}"`);
  }
  // What rule modules keep in the state (the Emperor, extra home centres …) is theirs to check.
  const ctx: RuleContext = { variant, geometry: geometry(variant), position, bids: [] };
  for (const problem of rulesFor(variant).stateProblems(ctx, position.state)) {
    say({ kind: 'state', module: problem.split(':')[0].replace(/^state\s+/, '') }, problem);
  }
  return problems;
}
