/** The form in which names are compared: lower case, accents and punctuation folded, single spaces. */
export function normaliseName(name: string): string {
  return normaliseAscii(name) ?? normaliseAny(name);
}

function normaliseAny(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[’'`.]/g, '')
    .replace(/[-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * normaliseAny for a name written in ASCII (nearly every word of every order), without a regular
 * expression: there NFKD and the accent and ß folds change nothing. Undefined for any other name.
 */
function normaliseAscii(name: string): string | undefined {
  if (name.length > 1000) return undefined;
  let upper = false;
  let other = false; // a character to drop, a space to fold, or a space at an end
  let previousSpace = true;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c > 127) return undefined;
    if (c >= 65 && c <= 90) upper = true;
    const space = isFoldedSpace(c);
    if ((space && (c !== 32 || previousSpace)) || c === 39 || c === 96 || c === 46) other = true;
    previousSpace = space;
  }
  if (previousSpace && name.length > 0) other = true;
  if (!other) return upper ? name.toLowerCase() : name;
  const codes: number[] = [];
  let gap = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 39 || c === 96 || c === 46) continue;
    if (isFoldedSpace(c)) {
      gap = codes.length > 0;
      continue;
    }
    if (gap) codes.push(32);
    gap = false;
    codes.push(c >= 65 && c <= 90 ? c + 32 : c);
  }
  return String.fromCharCode(...codes);
}

/** An ASCII character that normaliseAny turns into a space: whitespace, "-" and "_". */
function isFoldedSpace(c: number): boolean {
  return c === 32 || c === 45 || c === 95 || (c >= 9 && c <= 13);
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

/** The candidates nearest to `word`, best first, within a distance that still looks like a typo. */
export function suggest(word: string, candidates: Iterable<string>, max = 3): string[] {
  const w = word.toLowerCase();
  const limit = w.length <= 3 ? 1 : w.length <= 6 ? 2 : 3;
  const scored: [number, string][] = [];
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase());
    if (d <= limit) scored.push([d, c]);
  }
  scored.sort((x, y) => x[0] - y[0] || compareNames(x[1], y[1]));
  return [...new Set(scored.map(([, c]) => c))].slice(0, max);
}

const foldCache = new Map<string, string>();

/** "Württemberg" as "wurttemberg": accents and case aside, as an English reader alphabetises. */
function folded(name: string): string {
  let fold = foldCache.get(name);
  if (fold === undefined) {
    fold = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (foldCache.size < 10_000) foldCache.set(name, fold);
  }
  return fold;
}

/**
 * Alphabetical order of place and power names, the same on every machine: localeCompare follows the
 * machine's locale, and its collator's first use costs a hand-run command over 20 ms. On every name of
 * every variant it orders as English collation does (test/render/names.test.ts).
 */
export function compareNames(a: string, b: string): number {
  const x = folded(a);
  const y = folded(b);
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}
