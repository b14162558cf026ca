// Permanent civil disorder declared by the GM (A&E §III, 1648): the power's units are disbanded
// and its centres no longer count for it. `civil-disorder-minors <A|F|as-start A>` says which unit
// a centre's new minor gets. Turning the vacated centres into new minor powers needs powers that
// appear during a game; the core does not model those yet, so the centres stay with the
// disordered power, which no longer builds (reported on issue 4).
import type { PowerId, Position, UnitType } from '../../types.js';
import type { Ruleset } from '../ruleset.js';
import type { RuleFactory } from '../registry.js';

const KEY = 'civilDisorder';

export function powersInCivilDisorder(position: Position): PowerId[] {
  return (position.state[KEY] as PowerId[] | undefined) ?? [];
}

/** The position after `power` is declared in permanent civil disorder: its units are gone. */
export function declareCivilDisorder(position: Position, power: PowerId): Position {
  const already = powersInCivilDisorder(position);
  return {
    ...position,
    units: position.units.filter((u) => u.power !== power),
    dislodged: position.dislodged.filter((u) => u.power !== power),
    state: { ...structuredClone(position.state), [KEY]: already.includes(power) ? already : [...already, power] },
  };
}

export const civilDisorderMinors: RuleFactory = (_variant, setting) => {
  const args = setting.args.map((a) => a.toUpperCase());
  const fallback = (args[0] === 'AS-START' ? args[1] : args[0]) as UnitType | undefined;
  if (fallback !== 'A' && fallback !== 'F') throw new Error('expected: civil-disorder-minors <A|F> or as-start <A|F>');
  const rules: Ruleset = {
    adjusts: (ctx, power) => !powersInCivilDisorder(ctx.position).includes(power),
  };
  return rules;
};
