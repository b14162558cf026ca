// From the text of one order to a list of recognised items: unit types, places, coasts, order words.
import { normaliseName } from '../map/names.js';
import type { PowerId, ProvinceId, UnitType } from '../types.js';
import { provinceOf, coastOf } from '../types.js';
import type { Keyword, Lexicon } from './lexicon.js';
import { coastIdOf, isFiller, keywordOf, unitTypeOf } from './lexicon.js';

interface Token {
  /** Folded form for lookups (lower case, no accents, dots or apostrophes); one word, no spaces. */
  word: string;
  raw: string;
  punct: boolean;
  /** Whitespace (or the start of the text) came just before this token. */
  spaced: boolean;
}

export type Item =
  | { k: 'unit'; type: UnitType; raw: string }
  | { k: 'loc'; province: ProvinceId; coast?: string; raw: string }
  | { k: 'coast'; coast: string; raw: string }
  | { k: 'kw'; kw: Keyword; raw: string }
  | { k: 'power'; power: PowerId; raw: string }
  | { k: 'unknown'; raw: string; word: string };

// "&" is a word: power names such as "Naples & Sicily" contain it.
const TOKEN_RE = /([\p{L}\p{N}.'’&]+)|(\S)/gu;
/** Punctuation that means nothing in an order: DPjudge deletes `.` and `:`, and `,` is a space. */
const SILENT_PUNCT = new Set([',', ':', '.', '(', ')', '[', ']', '{', '}', '"', '*']);

const ARROWISH = /[>→⇒⟶–—−]/;

export function tokenize(text: string): Token[] {
  // Most orders hold no arrow nor dash to unify: the two replacements only for those that may.
  const arrows = ARROWISH.test(text) ? text.replace(/-+>|=+>|[→⇒⟶]/g, ' - ').replace(/[–—−]/g, '-') : text;
  const tokens: Token[] = [];
  let last = 0;
  for (const m of arrows.matchAll(TOKEN_RE)) {
    // Every character between two tokens is whitespace, so a gap means a space.
    const spaced = m.index === 0 || last < m.index;
    last = m.index + m[0].length;
    if (m[1] !== undefined) {
      const folded = normaliseName(m[1]);
      const word = folded.includes(' ') ? folded.replace(/ /g, '') : folded;
      if (!word) continue;
      tokens.push({ word, raw: m[1], punct: false, spaced });
    } else {
      tokens.push({ word: m[2], raw: m[2], punct: true, spaced });
    }
  }
  return tokens;
}

/**
 * Words of a possible place name starting at `i`: words joined by spaces or by a hyphen written
 * without spaces ("Mid-Atlantic"), as a spaced " - " is a move.
 */
function wordRun(tokens: Token[], i: number, max: number): { words: string[]; ends: number[] } {
  const words: string[] = [];
  const ends: number[] = [];
  let j = i;
  while (j < tokens.length && words.length < max) {
    const t = tokens[j];
    if (t.punct) break;
    words.push(t.word);
    ends.push(j + 1);
    const dash = tokens[j + 1];
    const after = tokens[j + 2];
    if (dash && dash.punct && dash.word === '-' && !dash.spaced && after && !after.punct && !after.spaced) j += 2;
    else j += 1;
  }
  return { words, ends };
}

function isPlainWord(word: string): boolean {
  return !keywordOf(word) && !unitTypeOf(word) && !isFiller(word) && !coastIdOf(word);
}

/** The longest place name of two or more words at `i`. */
function multiWordPlace(lex: Lexicon, tokens: Token[], i: number): { loc: string; next: number } | null {
  const { words, ends } = wordRun(tokens, i, lex.maxPlaceWords);
  // Only as many words as can begin a place name, written apart or together, are worth joining.
  let reach = 1;
  let apart = words[0];
  let together = words[0];
  while (reach < words.length && (lex.placeStarts.has(apart) || lex.placeStarts.has(together))) {
    apart += ' ' + words[reach];
    together += words[reach];
    reach++;
  }
  for (let n = reach; n >= 2; n--) {
    const part = words.slice(0, n);
    // Written together ("midatlantic") only when no order word is swallowed: "mar s" is not "mars".
    const loc = lex.places.get(part.join(' ')) ?? (part.every(isPlainWord) ? lex.places.get(part.join('')) : undefined);
    if (loc !== undefined) return { loc, next: ends[n - 1] };
  }
  return null;
}

function longestPower(lex: Lexicon, tokens: Token[], i: number): { power: PowerId; next: number } | null {
  const { words, ends } = wordRun(tokens, i, lex.maxPowerWords);
  for (let n = words.length; n >= 1; n--) {
    const power = lex.powers.get(words.slice(0, n).join(' '));
    if (power !== undefined) return { power, next: ends[n - 1] };
  }
  return null;
}

/** A coast phrase at `i`: "nc" (also "n.c."), "north coast". */
function coastPhrase(tokens: Token[], i: number): { coast: string; next: number } | null {
  const t = tokens[i];
  if (!t || t.punct) return null;
  if (/^[nsew]c$/.test(t.word)) return { coast: t.word, next: i + 1 };
  const second = tokens[i + 1];
  if (!second || second.punct) return null;
  const dir = coastIdOf(t.word);
  if (dir && t.word.length > 2 && second.word === 'coast') return { coast: dir, next: i + 2 };
  return null;
}

function placeItem(loc: string, raw: string): Item {
  const coast = coastOf(loc);
  return coast ? { k: 'loc', province: provinceOf(loc), coast, raw } : { k: 'loc', province: loc, raw };
}

function rawOf(tokens: Token[], from: number, to: number): string {
  return tokens
    .slice(from, to)
    .map((t, n) => (n > 0 && t.spaced ? ' ' : '') + t.raw)
    .join('');
}

export function classify(lex: Lexicon, tokens: Token[]): Item[] {
  const items: Item[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    if (t.punct) {
      i = classifyPunct(tokens, i, items);
      continue;
    }
    const multi = multiWordPlace(lex, tokens, i);
    if (multi) {
      items.push(placeItem(multi.loc, rawOf(tokens, i, multi.next)));
      i = multi.next;
      continue;
    }
    const coast = coastPhrase(tokens, i);
    if (coast) {
      items.push({ k: 'coast', coast: coast.coast, raw: rawOf(tokens, i, coast.next) });
      i = coast.next;
      continue;
    }
    const type = unitTypeOf(t.word);
    const kw = keywordOf(t.word);
    const place = lex.places.get(t.word);
    if (type) items.push({ k: 'unit', type, raw: t.raw });
    else if (kw) items.push({ k: 'kw', kw, raw: t.raw });
    else if (isFiller(t.word) && place === undefined) {
      // a word such as "the" or "in" adds nothing, unless the map names a place so (A&E's AND, Andalusia)
    } else if (place !== undefined) items.push(placeItem(place, t.raw));
    else {
      const power = longestPower(lex, tokens, i);
      if (power) {
        items.push({ k: 'power', power: power.power, raw: rawOf(tokens, i, power.next) });
        i = power.next;
        continue;
      }
      items.push({ k: 'unknown', raw: t.raw, word: t.word });
    }
    i++;
  }
  return items;
}

function classifyPunct(tokens: Token[], i: number, items: Item[]): number {
  const t = tokens[i];
  if (t.word === '-' || t.word === '>') {
    items.push({ k: 'kw', kw: 'move', raw: t.raw });
    return i + 1;
  }
  if (t.word === '/') {
    const coast = coastPhrase(tokens, i + 1);
    if (coast) {
      items.push({ k: 'coast', coast: coast.coast, raw: rawOf(tokens, i, coast.next) });
      return coast.next;
    }
    return i + 1;
  }
  if (SILENT_PUNCT.has(t.word)) return i + 1;
  items.push({ k: 'unknown', raw: t.raw, word: t.word });
  return i + 1;
}
