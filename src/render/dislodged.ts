// "The following units were dislodged:" — where each dislodged unit may go, or that it is gone.
import type { PhaseResult } from '../core/adjudicate/result.js';
import type { Variant } from '../core/map/variant.js';
import type { DislodgedUnit, Unit } from '../core/types.js';
import { powersInOrder } from './ownership.js';
import { powerAdjective } from './phrases.js';
import { placeName } from '../core/map/display-names.js';
import { compareNames } from '../core/map/names.js';
import { orList, wrap } from './wrap.js';

function subject(variant: Variant, unit: Unit): string {
  const kind = unit.type === 'A' ? 'army' : 'fleet';
  return `The ${powerAdjective(variant, unit.power)} ${kind} in ${placeName(variant, unit.loc)}`;
}

export function retreatOptionsSentence(variant: Variant, unit: DislodgedUnit): string {
  const options = unit.retreats.map((l) => placeName(variant, l)).sort(compareNames);
  return options.length
    ? `${subject(variant, unit)} can retreat to ${orList(options)}.`
    : `${subject(variant, unit)} with no valid retreats was destroyed.`;
}

const same = (a: Unit, b: Unit) => a.power === b.power && a.loc === b.loc && a.type === b.type;

/**
 * One sentence per unit dislodged in a movement phase. Units that could have retreated but may
 * not (neutral units in DP variants) appear among the destroyed without being listed as dislodged.
 */
export function dislodgedSentences(variant: Variant, result: PhaseResult, before: Unit[]): string[] {
  const entries: { unit: Unit; text: string }[] = result.dislodged.map((d) => ({
    unit: d,
    text: retreatOptionsSentence(variant, d),
  }));
  for (const u of result.destroyed)
    if (!result.dislodged.some((d) => same(d, u)))
      entries.push({ unit: u, text: `${subject(variant, u)} was destroyed.` });
  const rank = new Map(powersInOrder(variant).map((p, i) => [p.id, i]));
  const place = (u: Unit) => {
    const i = before.findIndex((b) => same(b, u));
    return i < 0 ? Infinity : i;
  };
  entries.sort(
    (a, b) =>
      (rank.get(a.unit.power) ?? Infinity) - (rank.get(b.unit.power) ?? Infinity) || place(a.unit) - place(b.unit),
  );
  return entries.flatMap((e) => wrap('', e.text));
}
