// Preference lists (njudge's SET PREFERENCE) and how ACTIVATE honours them.
//
// A list ranks powers: `France, Germany, Russia` (names, adjectives or initials, comma-separated) or
// njudge's letter string `FGR`, where `E[FGR]T` puts France, Germany and Russia level in second place.
// Powers a list leaves out come after the named ones, all level; a player with no list likes every
// power the same.
//
// The method (deterministic from the game's seed, and fair): each player's rank of a power is its
// place in his list, counting from 0 (first choice 0). The assignment minimises the sum of the
// squared ranks, so one player is never sent to a late choice to give another a slightly earlier
// one. Among assignments equally good, the players are taken in a random order drawn from the game's
// seed, and the earlier ones get their earlier choices; powers nobody ranks are dealt in the order of
// the game's seeded shuffle. Without any list, powers are dealt exactly as before: the seeded shuffle.
import type { Variant } from '../../core/map/variant.js';
import { normaliseName } from '../../core/map/names.js';
import { seededShuffle } from '../seeds.js';
import { findPower } from './target.js';
import { powerName } from '../../core/map/display-names.js';

/** Ranked groups of equally wanted powers, best first; [] means no preference. */
export type Preference = string[][];

function greatPowerIds(variant: Variant): Set<string> {
  return new Set(variant.powers.filter((p) => p.kind === 'great').map((p) => p.id));
}

/** njudge's letter string: `FGE`, `E[FGR][TAI]`; each letter (or a variant's two-letter initial) a power. */
function readLetters(variant: Variant, text: string): Preference | string {
  const initials = variant.powers
    .filter((p) => p.kind === 'great')
    .map((p) => ({ initial: p.initial.toUpperCase(), id: p.id }))
    .sort((a, b) => b.initial.length - a.initial.length);
  const groups: Preference = [];
  let open: string[] | null = null;
  const upper = text.toUpperCase();
  for (let i = 0; i < upper.length;) {
    const c = upper[i];
    if (c === '[') {
      if (open) return 'a "[" inside another "[...]"';
      open = [];
      i++;
      continue;
    }
    if (c === ']') {
      if (!open) return 'a "]" without its "["';
      if (open.length) groups.push(open);
      open = null;
      i++;
      continue;
    }
    const hit = initials.find((p) => upper.startsWith(p.initial, i));
    if (!hit) return `"${text[i]}" is not the initial of a power of ${variant.title}`;
    if (open) open.push(hit.id);
    else groups.push([hit.id]);
    i += hit.initial.length;
  }
  if (open) return 'a "[" without its "]"';
  return groups;
}

/** One power by name, adjective, id or (unique) initial; great powers only. */
function readName(variant: Variant, word: string): string | null {
  const id = findPower(variant, word);
  return id && greatPowerIds(variant).has(id) ? id : null;
}

/**
 * Reads the words after SET PREFERENCE. `*` (njudge) or `NONE` clears the list. Returns the ranked
 * groups or why the list cannot be read.
 */
export function readPreference(variant: Variant, words: string[]): Preference | string {
  const text = words.join(' ').trim();
  if (!text) return 'SET PREFERENCE needs a list of powers, e.g. SET PREFERENCE France, Germany, Russia (or FGR)';
  if (text === '*' || /^none$/i.test(text)) return [];
  let groups: Preference | string;
  if (text.includes(',')) {
    groups = [];
    for (const item of text
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean)) {
      const id = readName(variant, item);
      if (!id) return `"${item}" is not a power of ${variant.title}`;
      groups.push([id]);
    }
  } else {
    const whole = readName(variant, text);
    const each = text.split(/\s+/).map((w) => readName(variant, w));
    if (whole) groups = [[whole]];
    else if (each.every((id): id is string => id !== null)) groups = each.map((id) => [id]);
    else groups = readLetters(variant, text.replace(/\s+/g, ''));
  }
  if (typeof groups === 'string') return groups;
  const seen = new Set<string>();
  for (const id of groups.flat()) {
    if (seen.has(id)) return `${powerName(variant, id)} is named twice`;
    seen.add(id);
  }
  return groups;
}

/** "France, then Germany = Russia (level), then the others". */
export function describePreference(variant: Variant, groups: Preference): string {
  if (!groups.length) return 'no preference: any power';
  const name = (id: string) => powerName(variant, id);
  const parts = groups.map((g) => (g.length === 1 ? name(g[0]) : `${g.map(name).join(' = ')}`));
  const all = greatPowerIds(variant).size;
  return `${parts.join(', then ')}${groups.flat().length < all ? ', then the others' : ''}`;
}

/** The rank of `power` in a preference (0 = first choice); powers left out rank after all named ones. */
function rankOf(groups: Preference, power: string): number {
  const at = groups.findIndex((g) => g.includes(power));
  return at >= 0 ? at : groups.length;
}

/** Enough for any variant's ten powers; the best assignment found by then is kept (still deterministic). */
const SEARCH_LIMIT = 2_000_000;

/**
 * Deals `free` (already in the game's seeded shuffle order) to `seatIds` (in seat order), honouring
 * the preferences by seat id. Returns the power of each seat. See the method at the top of this file.
 */
export function assignPowers(
  seatIds: number[],
  free: string[],
  preferences: Record<string, Preference>,
  seed: string,
): Map<number, string> {
  const dealt = new Map<number, string>();
  const listed = seatIds.filter((id) => (preferences[String(id)] ?? []).length > 0);
  if (listed.length === 0) {
    seatIds.forEach((id, i) => dealt.set(id, free[i]));
    return dealt;
  }
  const order = seededShuffle(seatIds, `${seed}:preference-order`);
  const candidates = order.map((id) => {
    const groups = preferences[String(id)] ?? [];
    const cost = (p: string) => rankOf(groups, p) ** 2;
    // Stable sort: equal ranks keep the seeded shuffle's order.
    return free.map((p) => ({ power: p, cost: cost(p) })).sort((a, b) => a.cost - b.cost);
  });
  let best: string[] | null = null;
  let bestCost = Infinity;
  let visited = 0;
  const chosen: string[] = [];
  const used = new Set<string>();
  const search = (depth: number, cost: number): void => {
    if (visited++ > SEARCH_LIMIT && best) return;
    if (depth === order.length) {
      if (cost < bestCost) {
        bestCost = cost;
        best = [...chosen];
      }
      return;
    }
    // Lower bound: every player still to come gets his cheapest power still free.
    let bound = cost;
    for (let d = depth; d < order.length; d++) bound += candidates[d].find((c) => !used.has(c.power))?.cost ?? 0;
    if (bound >= bestCost) return;
    for (const c of candidates[depth]) {
      if (used.has(c.power)) continue;
      used.add(c.power);
      chosen.push(c.power);
      search(depth + 1, cost + c.cost);
      chosen.pop();
      used.delete(c.power);
    }
  };
  search(0, 0);
  const result = best as string[] | null;
  order.forEach((id, i) => dealt.set(id, (result ?? free)[i]));
  return dealt;
}

/** A preference as njudge letters, for the roster: `F[GR]E`. */
export function preferenceLetters(variant: Variant, groups: Preference): string {
  const initial = (id: string) => variant.powerById.get(id)?.initial ?? normaliseName(id);
  return groups.map((g) => (g.length === 1 ? initial(g[0]) : `[${g.map(initial).join('')}]`)).join('') || '*';
}
