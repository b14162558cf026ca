// Places a mistyped word probably meant: "urk" -> Ukraine, "burgandy" -> Burgundy.
import { suggest } from '../map/names.js';
import type { Variant } from '../map/variant.js';
import type { Loc } from '../types.js';
import { lexicon, orderWordSpellings } from './lexicon.js';

/** One swap of neighbouring letters ("urk" for "ukr"), which plain edit distance counts as two edits. */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

const byLength = new WeakMap<Variant, Map<number, string[]>>();

function namesOfLength(variant: Variant): Map<number, string[]> {
  let table = byLength.get(variant);
  if (!table) {
    table = new Map();
    for (const name of lexicon(variant).places.keys()) {
      const list = table.get(name.length) ?? [];
      list.push(name);
      table.set(name.length, list);
    }
    byLength.set(variant, table);
  }
  return table;
}

let orderWordsByLength: Map<number, string[]> | null = null;

/** Order words close to `word`: "suport" -> "support". */
export function nearbyOrderWords(word: string, max = 2): string[] {
  if (!orderWordsByLength) {
    orderWordsByLength = new Map();
    for (const spelling of orderWordSpellings())
      orderWordsByLength.set(spelling.length, [...(orderWordsByLength.get(spelling.length) ?? []), spelling]);
  }
  const w = word.toLowerCase();
  // As in nearbyPlaces: only words within suggest()'s 3 edits in length, so that a long garbage word
  // is not compared letter by letter with every spelling.
  const close: string[] = [];
  for (let len = Math.max(1, w.length - 3); len <= w.length + 3; len++)
    close.push(...(orderWordsByLength.get(len) ?? []));
  return suggest(w, close, max);
}

/** Up to `max` distinct locations whose names are close to `word`, best first. */
export function nearbyPlaces(variant: Variant, word: string, max = 3): Loc[] {
  const lex = lexicon(variant);
  const table = namesOfLength(variant);
  const w = word.toLowerCase();
  const swapped: string[] = [];
  const close: string[] = [];
  // suggest() accepts at most 3 edits, so names differing in length by more cannot match.
  for (let len = Math.max(1, w.length - 3); len <= w.length + 3; len++) {
    for (const name of table.get(len) ?? []) {
      if (isTransposition(w, name)) swapped.push(name);
      else close.push(name);
    }
  }
  const ranked = [...swapped.sort(), ...suggest(w, close, max * 3)];
  const locs: Loc[] = [];
  for (const name of ranked) {
    const loc = lex.places.get(name)!;
    if (!locs.includes(loc)) locs.push(loc);
    if (locs.length === max) break;
  }
  return locs;
}
