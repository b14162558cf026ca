// A unit as a player names it in a question rather than an order ("F Spa", "army Paris", "Spain
// north coast"): the unit type word is optional, the place is any of its names. Used by OPTIONS.
import type { Variant } from '../map/variant.js';
import { normaliseName } from '../map/names.js';
import type { ProvinceId, UnitType } from '../types.js';
import { provinceOf } from '../types.js';
import { lexicon, unitTypeOf } from './lexicon.js';

export type UnitText = { type?: UnitType; province: ProvinceId } | { error: string };

export function readUnitText(variant: Variant, text: string): UnitText {
  const words = normaliseName(text.replace(/[/()]/g, ' ')).split(' ').filter(Boolean);
  const type = words.length > 1 ? unitTypeOf(words[0]) : undefined;
  const place = (type ? words.slice(1) : words).join(' ');
  const lex = lexicon(variant);
  // "spain north coast", "spa nc": the coast does not matter, the province does.
  const loc = lex.places.get(place) ?? lex.places.get(place.replace(/ (nc|sc|ec|wc|north coast|south coast)$/, ''));
  if (loc === undefined) return { error: `unknown place "${text.trim()}"` };
  return type ? { type, province: provinceOf(loc) } : { province: provinceOf(loc) };
}

/** Several units in one line: "F Spa, A Par" or "F Spa A Par": each starts at a comma or a unit word. */
export function splitUnitTexts(words: string[]): string[] {
  const out: string[][] = [];
  for (const chunk of words.join(' ').split(',')) {
    let group: string[] = [];
    for (const word of chunk.split(/\s+/).filter(Boolean)) {
      if (group.length && unitTypeOf(normaliseName(word)) !== undefined) {
        out.push(group);
        group = [];
      }
      group.push(word);
    }
    if (group.length) out.push(group);
  }
  return out.map((w) => w.join(' '));
}
