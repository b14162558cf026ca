// Permanent civil disorder, declared by the GM (A&E v6.01 §III, A&E v5 "Zivile Unruhen", 1648
// "Civil Disorder (Optional Rule)"):
//  - the power's units are disbanded at once and nobody plays it again: it is retired (see
//    powers-in-play.ts), so it neither adjusts nor allocates DP;
//  - every centre it controls that no other unit occupies becomes a new minor power at once, with
//    a unit built in it: `civil-disorder-minors A` an army (1648; v5 "even where a fleet
//    started"), `as-start A` the type of the unit that stood there at game start (v6), the
//    second word for a centre where no unit started;
//  - a centre another power's unit occupies stays the disordered power's. If it is vacant at the
//    end of a Fall turn, nobody captured it, and it becomes a new minor then; its unit is built in
//    that Winter by the minors' ordinary rebuild (neutral-orders module), which from then on
//    rebuilds it like any minor's;
//  - a new minor has the former power's religion (v6 says so; v5 and 1648 are silent, and 1648
//    has no religions) and is a minor power for the rest of the game: DP steer it, a dislodged
//    unit of it is destroyed, it rebuilds in its empty centre.
// A new minor is named after its centre; if a power of that name exists already, the former
// power's adjective is added ("Savoy (French)").
import { normaliseName } from '../../map/names.js';
import type { Variant } from '../../map/variant.js';
import { ruleSetting } from '../../map/variant.js';
import type { AddedPower, Loc, Position, PowerId, ProvinceId, Unit, UnitType } from '../../types.js';
import { phaseCode, provinceOf } from '../../types.js';
import type { RuleFactory } from '../registry.js';
import type { Ruleset } from '../ruleset.js';
import { changePowersInPlay, isRetired, retiredPowers, variantAtStart, variantInPlay } from './powers-in-play.js';
import type { RuleReason } from '../../reasons.js';

const RULE = 'civil-disorder-minors';

interface MinorUnitRule {
  /** Use the type of the unit that stood in the centre at game start, when there was one. */
  asStart: boolean;
  /** The type otherwise. */
  type: UnitType;
}

function readSetting(args: string[]): MinorUnitRule {
  const words = args.map((a) => a.toUpperCase());
  const asStart = words[0] === 'AS-START';
  const type = asStart ? words[1] : words[0];
  if ((type !== 'A' && type !== 'F') || words.length !== (asStart ? 2 : 1))
    throw new Error('expected: civil-disorder-minors <A|F> or as-start <A|F>');
  return { asStart, type };
}

/** Whether the variant's rules let the GM declare a power in permanent civil disorder. */
export function hasPermanentCivilDisorder(variant: Variant): boolean {
  return ruleSetting(variant, RULE) !== undefined;
}

/** Why the power cannot be declared in permanent civil disorder now, or undefined when it can. */
export function civilDisorderRefusal(variant: Variant, position: Position, power: PowerId): RuleReason | undefined {
  if (!hasPermanentCivilDisorder(variant)) return { code: 'cd-not-in-variant' };
  const def = variant.powerById.get(power);
  if (!def || def.kind !== 'great') return { code: 'cd-not-great', power };
  if (isRetired(position, power)) return { code: 'cd-already', power };
  return undefined;
}

export interface CivilDisorderDeclaration {
  power: PowerId;
  /** The position with the power's units gone and the new minors in place. */
  position: Position;
  /** The power's units disbanded, dislodged ones included. */
  disbanded: Unit[];
  /** Minor powers created now, each with its unit on the board. */
  created: AddedPower[];
  /** Centres still the power's because another unit occupies them, with that unit. */
  pending: { centre: ProvinceId; occupier: Unit }[];
}

/** Declares `power` in permanent civil disorder at the position's current phase. */
export function declareCivilDisorder(variant: Variant, position: Position, power: PowerId): CivilDisorderDeclaration {
  const refusal = civilDisorderRefusal(variant, position, power);
  // Callers ask civilDisorderRefusal first and word its reason; reaching here refused is a bug.
  if (refusal) throw new Error(`permanent civil disorder refused: ${refusal.code}`);
  const rule = readSetting(ruleSetting(variant, RULE)!.args);
  const units = position.units.filter((u) => u.power !== power);
  const disbanded = [...position.units, ...position.dislodged].filter((u) => u.power === power);
  const next: Position = {
    ...position,
    units,
    dislodged: position.dislodged.filter((u) => u.power !== power),
    owners: { ...position.owners },
    state: structuredClone(position.state),
  };
  changePowersInPlay(next.state, { retire: [power] });
  const occupiers = new Map(units.map((u) => [provinceOf(u.loc), u]));
  const centres = Object.keys(position.owners)
    .filter((c) => position.owners[c] === power)
    .sort();
  const pending = centres
    .filter((c) => occupiers.has(c))
    .map((centre) => ({ centre, occupier: occupiers.get(centre)! }));
  const created = becomeMinors(
    variant,
    next,
    power,
    centres.filter((c) => !occupiers.has(c)),
    rule,
  );
  next.units = [...next.units, ...created.map((m) => ({ power: m.id, ...m.units[0] }))];
  return { power, position: next, disbanded, created, pending };
}

/** Turns the centres into new minor powers in `next` (ownership and state); returns them. */
function becomeMinors(
  variant: Variant,
  next: Position,
  power: PowerId,
  centres: ProvinceId[],
  rule: MinorUnitRule,
): AddedPower[] {
  const created: AddedPower[] = [];
  for (const centre of centres) {
    const minor = newMinor(variant, next, power, centre, rule);
    changePowersInPlay(next.state, { add: [minor] });
    next.owners[centre] = minor.id;
    created.push(minor);
  }
  return created;
}

function newMinor(
  fileVariant: Variant,
  position: Position,
  power: PowerId,
  centre: ProvinceId,
  rule: MinorUnitRule,
): AddedPower {
  const variant = variantInPlay(fileVariant, position);
  const former = variant.powerById.get(power)!;
  const place = variant.map.byId.get(centre)?.name ?? centre;
  const taken = new Set(variant.powers.flatMap((p) => [p.id, p.name, p.adjective].map(normaliseName)));
  const name = taken.has(normaliseName(place)) ? `${place} (${former.adjective})` : place;
  let id = `${power}-${centre}`;
  for (let n = 2; variant.powerById.has(id); n++) id = `${power}-${centre}-${n}`;
  const attrs: Record<string, string> = { formerly: power, since: phaseCode(position.phase) };
  if (former.attrs.religion) attrs.religion = former.attrs.religion;
  return {
    id,
    name,
    adjective: name,
    kind: 'minor',
    home: [centre],
    units: [unitFor(variantAtStart(fileVariant), centre, rule)],
    attrs,
  };
}

/**
 * The new minor's unit: the game-start unit's type (and coast) under as-start, else the rule's type
 * where it can stand.
 */
function unitFor(variant: Variant, centre: ProvinceId, rule: MinorUnitRule): { type: UnitType; loc: Loc } {
  if (rule.asStart) {
    const start = variant.powers.flatMap((p) => p.units).find((u) => provinceOf(u.loc) === centre);
    if (start) return { type: start.type, loc: start.loc };
  }
  const province = variant.map.byId.get(centre)!;
  if (rule.type === 'A' || province.terrain === 'land') return { type: 'A', loc: centre };
  return { type: 'F', loc: province.coasts.length ? `${centre}/${province.coasts[0]}` : centre };
}

export const civilDisorderMinors: RuleFactory = (variant, setting) => {
  const rule = readSetting(setting.args);
  // The new minors' Winter builds are the minors' ordinary rebuild.
  if (!ruleSetting(variant, 'neutral-orders'))
    throw new Error('new minor powers need the minor-power rules: add a `rule neutral-orders` line');
  const rules: Ruleset = {
    adjusts: (ctx, power) => !isRetired(ctx.position, power),
    afterFall(_ctx, next) {
      const occupied = new Set(next.units.map((u) => provinceOf(u.loc)));
      for (const power of retiredPowers(next)) {
        // Centres still the retired power's after Fall were vacant at its end: nobody captured them.
        const vacated = Object.keys(next.owners)
          .filter((c) => next.owners[c] === power && !occupied.has(c))
          .sort();
        if (vacated.length) becomeMinors(variant, next, power, vacated, rule);
      }
    },
  };
  return rules;
};
