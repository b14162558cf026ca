// The shape of an order, read from recognised items without looking at the board.
// Order words may come before or after the unit ("build A par" = "A par build").
import type { ProvinceId, UnitType } from '../types.js';
import type { Keyword } from './lexicon.js';
import type { Item } from './words.js';

export interface PlaceDraft {
  province: ProvinceId;
  coast?: string;
  raw: string;
}

export interface UnitDraft extends PlaceDraft {
  type?: UnitType;
}

/** `bare` is a unit with no order word: a hold in movement, an error elsewhere. */
type SoloKind = 'bare' | 'hold' | 'disband' | 'remove' | 'build';
type SoloDraft<K extends SoloKind> = { kind: K; unit: UnitDraft };

export type Draft =
  | SoloDraft<'bare'>
  | SoloDraft<'hold'>
  | SoloDraft<'disband'>
  | SoloDraft<'remove'>
  | SoloDraft<'build'>
  | {
      kind: 'move';
      unit: UnitDraft;
      to: PlaceDraft;
      path: readonly PlaceDraft[];
      viaConvoy: boolean;
      /** The player wrote R/retreat rather than a plain move. */
      retreatWord: boolean;
    }
  | { kind: 'support'; unit: UnitDraft; target: UnitDraft; to?: PlaceDraft }
  | { kind: 'convoy'; unit: UnitDraft; target: UnitDraft; to: PlaceDraft }
  | { kind: 'waive' };

export interface SyntaxError {
  error: string;
  /** The unrecognised word, when that was the trouble; the caller looks for a place it resembles. */
  unknownWord?: string;
}

type Tidied = Extract<Item, { k: 'unit' } | { k: 'loc' } | { k: 'kw' }>;

/**
 * Attaches coasts to their place ("spa nc", "spa (north coast)", "north coast of spain"),
 * drops owner adjectives ("SUPPORT Austrian Army Milan") and "from"/"of".
 */
export function tidy(items: Item[]): Tidied[] | SyntaxError {
  const out: Tidied[] = [];
  // A coast written before its place: "north coast of spain".
  let pending: Extract<Item, { k: 'coast' }> | null = null;
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it.k === 'unknown') return { error: `unknown word "${it.raw}"`, unknownWord: it.word };
    if (it.k === 'kw' && it.kw === 'from') continue;
    if (it.k === 'coast') {
      const prev = out[out.length - 1];
      if (pending) return { error: `coast "${pending.raw}" does not go with a place` };
      if (prev && prev.k === 'loc' && !prev.coast) prev.coast = it.coast;
      else if (prev && prev.k === 'loc' && prev.coast !== it.coast)
        return { error: `two different coasts given for ${prev.raw}` };
      else if (!prev || prev.k !== 'loc') pending = it;
      continue;
    }
    if (it.k === 'power') {
      const next = items[i + 1];
      if (next && (next.k === 'unit' || next.k === 'loc')) continue;
      return { error: `unexpected power name "${it.raw}"` };
    }
    if (pending) {
      if (it.k !== 'loc') return { error: `coast "${pending.raw}" does not go with a place` };
      if (it.coast && it.coast !== pending.coast) return { error: `two different coasts given for ${it.raw}` };
      out.push({ ...it, coast: pending.coast });
      pending = null;
      continue;
    }
    out.push(it.k === 'loc' ? { ...it } : it);
  }
  if (pending) return { error: `coast "${pending.raw}" does not go with a place` };
  return out;
}

// The parser keeps a draft per line read, and the same few places and units recur in thousands of lines:
// each part is made once, so a line read again finds its parts among a few hundred objects in use,
// not among as many copies as there are lines.
const parts = new Map<string, UnitDraft>();
const PARTS_SIZE = 5_000;

/** The unit or place written: `type` absent for a place alone, as for a unit whose type was left out. */
function part(province: ProvinceId, coast: string | undefined, raw: string, type?: UnitType): UnitDraft {
  const key = `${type ?? ''}\n${province}\n${coast ?? ''}\n${raw}`;
  let made = parts.get(key);
  if (made === undefined) {
    // Frozen: shared by every draft naming it, a change to one would be a change to all.
    made = Object.freeze(type === undefined ? { province, coast, raw } : { province, coast, raw, type });
    if (parts.size >= PARTS_SIZE) parts.clear();
    parts.set(key, made);
  }
  return made;
}

/** A move with no route written: one empty route for all of them. */
const NO_ROUTE: readonly PlaceDraft[] = Object.freeze([]);

class Reader {
  private i = 0;
  constructor(private readonly items: Tidied[]) {}
  peek(): Tidied | undefined {
    return this.items[this.i];
  }
  next(): Tidied | undefined {
    return this.items[this.i++];
  }
  atEnd(): boolean {
    return this.i >= this.items.length;
  }
  isKw(...kws: Keyword[]): boolean {
    const it = this.peek();
    return it !== undefined && it.k === 'kw' && kws.includes(it.kw);
  }
  unit(): UnitDraft | SyntaxError | null {
    const first = this.peek();
    if (!first) return null;
    if (first.k === 'loc') {
      this.i++;
      // "Paris army" is as clear as "army Paris".
      const after = this.peek();
      if (after && after.k === 'unit') {
        this.i++;
        return part(first.province, first.coast, first.raw, after.type);
      }
      return part(first.province, first.coast, first.raw);
    }
    if (first.k !== 'unit') return null;
    this.i++;
    const loc = this.next();
    if (!loc || loc.k !== 'loc') return { error: `"${first.raw}" must be followed by a place` };
    return part(loc.province, loc.coast, loc.raw, first.type);
  }
  place(): PlaceDraft | null {
    const it = this.peek();
    if (!it || it.k !== 'loc') return null;
    this.i++;
    return part(it.province, it.coast, it.raw);
  }
  rest(): string {
    return this.items
      .slice(this.i)
      .map((it) => it.raw)
      .join(' ');
  }
}

const LEADING: Keyword[] = ['build', 'remove', 'disband', 'retreat', 'hold', 'waive'];
const TRAILING_SOLO: Keyword[] = ['hold', 'build', 'remove', 'disband'];

function isError(x: unknown): x is SyntaxError {
  return typeof x === 'object' && x !== null && 'error' in x;
}

export function readDraft(tidied: Tidied[]): Draft | SyntaxError {
  if (tidied.length === 0) return { error: 'empty order' };
  const r = new Reader(tidied);
  const first = r.peek()!;
  const lead = first.k === 'kw' && LEADING.includes(first.kw) ? first.kw : null;
  if (lead) r.next();
  if (lead === 'waive') return r.atEnd() ? { kind: 'waive' } : { error: `nothing may follow WAIVE ("${r.rest()}")` };
  const unit = r.unit();
  if (unit === null) return { error: `expected a unit or place, found "${r.peek()?.raw ?? first.raw}"` };
  if (isError(unit)) return unit;
  const draft = readAfterUnit(r, unit, lead);
  if (isError(draft)) return draft;
  if (!r.atEnd()) return { error: `unexpected "${r.rest()}" at the end of the order` };
  return draft;
}

function readAfterUnit(r: Reader, unit: UnitDraft, lead: Keyword | null): Draft | SyntaxError {
  const next = r.peek();
  if (!next) {
    if (lead === 'retreat') return { error: `retreat where? write R and a place, or D to disband` };
    return { kind: (lead ?? 'bare') as SoloKind, unit } as Draft;
  }
  if (next.k === 'kw' && TRAILING_SOLO.includes(next.kw)) {
    r.next();
    const kind = next.kw as 'hold' | 'build' | 'remove' | 'disband';
    if (lead && lead !== kind && !(isRemoval(lead) && isRemoval(kind)))
      return { error: `conflicting order words "${lead}" and "${next.raw}"` };
    return { kind: lead && isRemoval(lead) ? lead : kind, unit } as Draft;
  }
  if (lead && lead !== 'retreat') return { error: `unexpected "${r.rest()}" after ${lead.toUpperCase()}` };
  if (next.k === 'kw' && next.kw === 'support') {
    r.next();
    return readSupport(r, unit);
  }
  if (next.k === 'kw' && next.kw === 'convoy') {
    r.next();
    return readConvoy(r, unit);
  }
  return readMove(r, unit, lead === 'retreat');
}

function isRemoval(kw: Keyword | string): boolean {
  return kw === 'remove' || kw === 'disband';
}

function readSupport(r: Reader, unit: UnitDraft): Draft | SyntaxError {
  const target = r.unit();
  if (target === null) return { error: 'support whom? name the supported unit' };
  if (isError(target)) return target;
  if (r.isKw('hold')) r.next();
  if (r.atEnd()) return { kind: 'support', unit, target };
  if (r.isKw('move')) r.next();
  const to = r.place();
  if (!to) return { error: `expected the destination of the supported move, found "${r.rest()}"` };
  return { kind: 'support', unit, target, to };
}

function readConvoy(r: Reader, unit: UnitDraft): Draft | SyntaxError {
  const target = r.unit();
  if (target === null) return { error: 'convoy whom? name the convoyed army' };
  if (isError(target)) return target;
  if (r.isKw('move')) r.next();
  const to = r.place();
  if (!to) return { error: 'convoy to where? write F NTH C A LON - NWY' };
  return { kind: 'convoy', unit, target, to };
}

/** "- bur", "R alb", "- nth - nwy", "lon nth nwy", "- nwy via convoy", "- nwy via nth". */
function readMove(r: Reader, unit: UnitDraft, retreatLead: boolean): Draft | SyntaxError {
  const places: PlaceDraft[] = [];
  const via: PlaceDraft[] = [];
  let viaConvoy = false;
  let retreatWord = retreatLead;
  while (!r.atEnd()) {
    const it = r.peek()!;
    if (it.k === 'kw' && (it.kw === 'move' || it.kw === 'retreat')) {
      if (it.kw === 'retreat') retreatWord = true;
      r.next();
      continue;
    }
    if (it.k === 'loc') {
      places.push(r.place()!);
      continue;
    }
    if (it.k === 'kw' && it.kw === 'via') {
      r.next();
      viaConvoy = true;
      if (r.isKw('convoy')) {
        r.next();
        continue;
      }
      let sea = r.place();
      if (!sea) return { error: 'via what? write "via convoy" or name the seas' };
      while (sea) {
        via.push(sea);
        if (r.isKw('move')) r.next();
        sea = r.place();
      }
      continue;
    }
    return { error: `unexpected "${it.raw}"` };
  }
  const to = places.pop();
  if (!to) return { error: 'move where? the destination is missing' };
  const path = places.length || via.length ? [...places, ...via] : NO_ROUTE;
  return { kind: 'move', unit, to, path, viaConvoy: viaConvoy || path.length > 0, retreatWord };
}
