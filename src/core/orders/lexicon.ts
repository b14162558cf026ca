// The words a player may type, as lookup tables built once per variant.
import { normaliseName } from '../map/names.js';
import type { Variant } from '../map/variant.js';
import type { Loc, PowerId, UnitType } from '../types.js';

export type Keyword =
  'move' | 'support' | 'convoy' | 'hold' | 'retreat' | 'disband' | 'remove' | 'build' | 'waive' | 'via' | 'from';

/** Order words, in every spelling accepted (DPjudge's list plus `M`, `mv`, `stands`). */
const KEYWORDS: Record<string, Keyword> = {};
function spell(kw: Keyword, words: string): void {
  for (const w of words.split(' ')) KEYWORDS[w] = kw;
}
spell('move', '- m mv move moves moving to attack attacks attacking');
spell('support', 's sup supp support supports supporting');
spell('convoy', 'c convoy convoys convoying');
spell('hold', 'h hold holds holding stand stands');
spell('retreat', 'r retreat retreats retreating');
spell('disband', 'd disband disbands disbanded disbanding');
spell('remove', 'remove removes removed removing removal');
spell('build', 'b build builds building');
spell('waive', 'w v waive waives waived waiving');
spell('via', 'via through over by');
spell('from', 'from of');

/** Words that carry no meaning in an order ("army paris moves to the burgundy"). */
const FILLERS = new Set(['the', 'is', 'will', 'in', 'at', 'on', 'and', 'an', 'unit', 'then', 'please']);

const UNIT_WORDS: Record<string, UnitType> = { a: 'A', army: 'A', f: 'F', fleet: 'F' };

const COAST_IDS: Record<string, string> = {
  nc: 'nc',
  sc: 'sc',
  ec: 'ec',
  wc: 'wc',
  north: 'nc',
  south: 'sc',
  east: 'ec',
  west: 'wc',
};

export interface Lexicon {
  /** Normalised place name -> location (a province, or province/coast). */
  places: Map<string, Loc>;
  /** Longest place name, in words. */
  maxPlaceWords: number;
  /**
   * What words written apart can begin a place name of several words with: the first words of each
   * such name ("mid", "mid atlantic"), and the beginnings of each name of one word ("midatl"), which
   * words written apart also match ("mid atlantic" for a name "midatlantic").
   */
  placeStarts: Set<string>;
  /** Normalised power name, id or adjective -> power. */
  powers: Map<string, PowerId>;
  /** Longest power name, in words. */
  maxPowerWords: number;
  /** Power initials ("E" for England), accepted only in a line prefix such as `E)`. */
  initials: Map<string, PowerId>;
}

const cache = new WeakMap<Variant, Lexicon>();

export function lexicon(variant: Variant): Lexicon {
  let lex = cache.get(variant);
  if (!lex) {
    lex = build(variant);
    cache.set(variant, lex);
  }
  return lex;
}

/**
 * Every name a player may write for a power: id, name, adjective, the variant file's `formal`
 * name (with and without its leading "The"), its `abbreviation` and its `aliases`; "&" also as "and".
 */
export function powerNames(p: Variant['powers'][number]): string[] {
  const formal = p.attrs.formal ? [p.attrs.formal, p.attrs.formal.replace(/^the\s+/i, '')] : [];
  const aliases = (p.attrs.aliases ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const abbreviation = p.attrs.abbreviation ? [p.attrs.abbreviation] : [];
  const names = [p.id, p.name, p.adjective, ...formal, ...abbreviation, ...aliases];
  return [...names, ...names.filter((n) => n.includes('&')).map((n) => n.replace(/\s*&\s*/g, ' and '))];
}

function wordCount(s: string): number {
  return s.split(' ').length;
}

function build(variant: Variant): Lexicon {
  const places = new Map<string, Loc>();
  let maxPlaceWords = 1;
  for (const [name, loc] of variant.map.names) {
    // The loader spells coasts as "spa/nc"; the tokenizer splits at "/", so that form is rebuilt there.
    const key = normaliseName(name.replace(/\//g, ' '));
    if (!places.has(key)) places.set(key, loc);
    maxPlaceWords = Math.max(maxPlaceWords, wordCount(key));
  }
  const placeStarts = new Set<string>();
  for (const key of places.keys()) {
    const words = key.split(' ');
    for (let n = 1; n < words.length; n++) placeStarts.add(words.slice(0, n).join(' '));
    if (words.length === 1) for (let n = 1; n < key.length; n++) placeStarts.add(key.slice(0, n));
  }
  const powers = new Map<string, PowerId>();
  const initials = new Map<string, PowerId>();
  let maxPowerWords = 1;
  // Great Powers first: a name or initial two powers share ("T" for Turkey, Tunis and Tuscany)
  // belongs to the Great Power, whose players write it in headings and prefixes.
  const byRank = [...variant.powers].sort((a, b) => Number(b.kind === 'great') - Number(a.kind === 'great'));
  for (const p of byRank) {
    for (const n of powerNames(p)) {
      const key = normaliseName(n);
      if (!key || powers.has(key)) continue;
      powers.set(key, p.id);
      maxPowerWords = Math.max(maxPowerWords, wordCount(key));
    }
    if (p.initial && p.kind === 'great' && !initials.has(p.initial.toLowerCase()))
      initials.set(p.initial.toLowerCase(), p.id);
  }
  return { places, maxPlaceWords, placeStarts, powers, maxPowerWords, initials };
}

/** Every spelling of an order word long enough to be mistyped recognisably ("suport"). */
export function orderWordSpellings(): string[] {
  return Object.keys(KEYWORDS).filter((w) => w.length >= 4);
}

export function keywordOf(word: string): Keyword | undefined {
  return Object.prototype.hasOwnProperty.call(KEYWORDS, word) ? KEYWORDS[word] : undefined;
}

export function isFiller(word: string): boolean {
  return FILLERS.has(word);
}

export function unitTypeOf(word: string): UnitType | undefined {
  return Object.prototype.hasOwnProperty.call(UNIT_WORDS, word) ? UNIT_WORDS[word] : undefined;
}

/** A coast written as a word: "nc", or "north" when "coast" follows. */
export function coastIdOf(word: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(COAST_IDS, word) ? COAST_IDS[word] : undefined;
}

export function powerByName(lex: Lexicon, text: string): PowerId | undefined {
  return lex.powers.get(normaliseName(text));
}
