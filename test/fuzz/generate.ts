// Seeded generators of hostile lines for the fuzz tests: words from a dialect's vocabulary glued
// together, then mutated (letters dropped, doubled, swapped, case flipped, odd characters slipped
// in), and now and then a line of random bytes or random Unicode. A failure names its seed and line
// number, so it can be replayed.

export { seededRandom as rng } from '../harness/random.js';

export type Random = () => number;

export const pick = <T>(next: Random, list: readonly T[]): T => list[Math.floor(next() * list.length)];

// Characters that break naive parsers: controls, odd spaces, invisible marks, combining accents,
// right-to-left text, CJK, emoji (surrogate pairs) and lone surrogate halves.
const ODD_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\t',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u00ad',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2028',
  '\u2060',
  '\ufeff',
  '\u0301',
  '\u0308',
  'ß',
  'ø',
  'Ü',
  'é',
  'İ',
  'ı',
  'Ω',
  'Д',
  'ж',
  'ش',
  'א',
  '中',
  '文',
  '😀',
  '🇫🇷',
  '\ud800',
  '\udfff',
  '\uffff',
  '\ufffd',
  '→',
  '⇒',
  '–',
  '—',
  '“',
  '”',
  '‘',
  '’',
  '…',
  '·',
  '¼',
  '²',
  '٣',
];

function randomCodePoint(next: Random): string {
  const r = next();
  if (r < 0.35) return String.fromCharCode(32 + Math.floor(next() * 95)); // printable ASCII
  if (r < 0.55) return pick(next, ODD_CHARACTERS);
  if (r < 0.75) return String.fromCharCode(Math.floor(next() * 256)); // a byte read as Latin-1
  return String.fromCodePoint(Math.floor(next() * 0x110000)); // anywhere in Unicode, surrogates included
}

/** A line of random characters; never a line break (the caller counts lines). */
export function randomCharacters(next: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += randomCodePoint(next);
  return withoutLineBreaks(out);
}

export function withoutLineBreaks(text: string): string {
  return text.replace(/[\r\n]/g, ' ');
}

/** One small corruption of `text`: what a hurried typist or a broken mail client does. */
export function mutate(next: Random, text: string): string {
  if (text.length === 0) return randomCharacters(next, 1 + Math.floor(next() * 4));
  const at = Math.floor(next() * text.length);
  switch (Math.floor(next() * 8)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1); // a letter dropped
    case 1:
      return text.slice(0, at) + text[at] + text.slice(at); // a letter doubled
    case 2:
      return text.slice(0, at) + (text[at + 1] ?? '') + text[at] + text.slice(at + 2); // two letters swapped
    case 3:
      return text.slice(0, at) + randomCodePoint(next) + text.slice(at); // an odd character slipped in
    case 4:
      return text.slice(0, at) + randomCodePoint(next) + text.slice(at + 1); // a character replaced
    case 5:
      return next() < 0.5 ? text.toUpperCase() : text.toLowerCase();
    case 6:
      return text.slice(at) + ' ' + text.slice(0, at); // words out of order
    default:
      return text.repeat(2 + Math.floor(next() * 3)); // stutter
  }
}

/**
 * A generator of lines: usually 1-9 words of `vocabulary` (separated by spaces, sometimes by
 * nothing), mutated now and then; 5% random characters, and rarely a very long line.
 */
export function lineGenerator(next: Random, vocabulary: readonly string[]): () => string {
  return () => {
    const r = next();
    if (r < 0.05) return randomCharacters(next, 1 + Math.floor(next() * 40));
    if (r < 0.051)
      return withoutLineBreaks(
        Array.from({ length: 200 + Math.floor(next() * 800) }, () => pick(next, vocabulary)).join(' '),
      );
    const words = Array.from({ length: 1 + Math.floor(next() * 9) }, () => pick(next, vocabulary));
    let line = words.join(next() < 0.9 ? ' ' : '');
    const mutations = next() < 0.6 ? 0 : 1 + Math.floor(next() * 3);
    for (let i = 0; i < mutations; i++) line = mutate(next, line);
    return withoutLineBreaks(line);
  };
}
