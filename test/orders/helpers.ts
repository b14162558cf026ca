// Variants, positions and short-hands shared by the order-parser tests.
import { readFileSync } from 'node:fs';
import { initialPosition } from '../../src/core/adjudicate/index.js';
import { loadVariant, parseVariant, variantPath } from '../../src/core/map/load.js';
import type { Variant } from '../../src/core/map/variant.js';
import type { LineVerdict, ParseContext } from '../../src/core/orders/parse.js';
import type { Refusal } from '../../src/core/orders/check-context.js';
import { parseOrders } from '../../src/core/orders/parse.js';
import { refusalText } from '../../src/render/reasons.js';
import type { DislodgedUnit, PhaseType, Position, PowerId, Unit, UnitType } from '../../src/core/types.js';

export const standard = loadVariant('standard');

/**
 * Standard plus two neutral powers for DP lines: a minor in Belgium (army) and an affiliate
 * in Holland (fleet). Built from the standard file so the map stays the real one.
 */
export const withNeutrals: Variant = (() => {
  const text = readFileSync(variantPath('standard'), 'utf8');
  const neutrals = [
    'power belgians',
    '  name       Belgians',
    '  adjective  Belgian',
    '  initial    B',
    '  kind       minor',
    '  home       bel',
    '  units      A bel',
    '',
    'power dutch',
    '  name       Netherlands',
    '  adjective  Dutch',
    '  initial    N',
    '  kind       affiliate',
    '  home       hol',
    '  units      F hol',
    '',
  ].join('\n');
  const at = text.indexOf('\nspace ');
  return parseVariant(text.slice(0, at + 1) + neutrals + text.slice(at + 1), 'with-neutrals.variant');
})();

export const start: Position = initialPosition(standard);

/** "france: A par, F bre/nc; england: F nth" -> units. */
export function units(spec: string): Unit[] {
  const out: Unit[] = [];
  for (const group of spec
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [power, list] = group.split(':').map((s) => s.trim());
    for (const u of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [type, loc] = u.split(/\s+/);
      out.push({ power, type: type as UnitType, loc });
    }
  }
  return out;
}

export function position(
  phase: PhaseType,
  unitSpec: string,
  extra: { dislodged?: DislodgedUnit[]; owners?: Record<string, PowerId>; variant?: Variant } = {},
): Position {
  const variant = extra.variant ?? standard;
  const owners: Record<string, PowerId> = {};
  for (const p of variant.powers) for (const c of [...p.home, ...p.owns]) owners[c] = p.id;
  return {
    variant: variant.id,
    phase: { year: 1901, season: phase === 'adjustment' ? 'winter' : 'spring', type: phase },
    units: units(unitSpec),
    dislodged: extra.dislodged ?? [],
    owners: { ...owners, ...extra.owners },
    state: {},
  };
}

export function parse(text: string, ctx: Partial<ParseContext> = {}): LineVerdict[] {
  return parseOrders(text, { variant: standard, position: start, ...ctx });
}

/** The single verdict of a one-order text. */
export function one(text: string, ctx: Partial<ParseContext> = {}): LineVerdict {
  const all = parse(text, ctx);
  if (all.length !== 1) throw new Error(`expected one verdict for "${text}", got ${JSON.stringify(all)}`);
  return all[0];
}

/** A refusal in the words the player reads (src/render/reasons.ts), for the board it was judged on. */
export function wordsOf(refusal: Refusal, ctx: Partial<ParseContext> = {}): string {
  return refusalText({ variant: ctx.variant ?? standard, position: ctx.position ?? start }, refusal);
}

/** The normalised order, or "ERROR: reason" so a failing test shows why. */
export function norm(text: string, ctx: Partial<ParseContext> = {}): string {
  const v = one(text, ctx);
  if (v.status === 'order' || v.status === 'dp') return v.normalised;
  if (v.status === 'error') return `ERROR: ${wordsOf(v.error, ctx)}`;
  return `HEADING ${v.power}`;
}

/** A refused line as the player reads it: the words (src/render/reasons.ts) and the suggestion. */
export function errorOf(text: string, ctx: Partial<ParseContext> = {}): { error: string; suggestion?: string } {
  const v = one(text, ctx);
  if (v.status !== 'error') throw new Error(`expected an error for "${text}", got ${JSON.stringify(v)}`);
  return { error: wordsOf(v.error, ctx), suggestion: v.suggestion };
}

/** A refused line as the core gives it: the legality's reason (a code with its facts), or the parser's sentence. */
export function refusalOf(text: string, ctx: Partial<ParseContext> = {}): Refusal {
  const v = one(text, ctx);
  if (v.status !== 'error') throw new Error(`expected an error for "${text}", got ${JSON.stringify(v)}`);
  return v.error;
}
