// Reading an order line without a board: whether its words make orders at all, and which kinds of
// phase those orders belong to. Orders sent in advance for a later phase are read this way when they
// arrive; the board of their phase does not exist yet, so their legality waits until it opens
// (parseOrders, with the one legality, then).
import { powerName, placeName } from '../map/display-names.js';
import type { Variant } from '../map/variant.js';
import type { PhaseType, PowerId } from '../types.js';
import { nearbyOrderWords, nearbyPlaces } from './did-you-mean.js';
import { readDraft, tidy, type Draft } from './grammar.js';
import { lexicon } from './lexicon.js';
import { cleanLine, readDpPrefix, readHeading, readPowerPrefix } from './line-parts.js';
import { classify, tokenize } from './words.js';

export type LineSyntax =
  | { status: 'blank' }
  /** A heading naming the writer's own power ("France:"): nothing to read. */
  | { status: 'heading' }
  /** Orders; `phases` are the kinds of phase every one of them fits. */
  | { status: 'orders'; phases: PhaseType[] }
  | { status: 'error'; error: string; suggestion?: string };

const ALL: PhaseType[] = ['movement', 'retreat', 'adjustment'];

/** The phases an order of this shape is read in (as the parser's written orders take them). */
export function phasesOf(draft: Draft): PhaseType[] {
  switch (draft.kind) {
    case 'bare':
      return ['movement', 'retreat'];
    case 'hold':
    case 'support':
    case 'convoy':
      return ['movement'];
    case 'move':
      if (draft.retreatWord) return draft.path.length || draft.viaConvoy ? [] : ['retreat'];
      return draft.path.length || draft.viaConvoy ? ['movement'] : ['movement', 'retreat'];
    case 'disband':
    case 'remove':
      return ['retreat', 'adjustment'];
    case 'build':
    case 'waive':
      return ['adjustment'];
  }
}

function readClause(variant: Variant, clause: string): Draft | { error: string; suggestion?: string } {
  const lex = lexicon(variant);
  const tidied = tidy(classify(lex, tokenize(clause)));
  const draft = 'error' in tidied ? tidied : readDraft(tidied);
  if (!('error' in draft)) return draft;
  if (draft.unknownWord === undefined) return { error: draft.error };
  const places = nearbyPlaces(variant, draft.unknownWord).map((l) => `${l.toUpperCase()} (${placeName(variant, l)})`);
  const words = nearbyOrderWords(draft.unknownWord).map((w) => w.toUpperCase());
  const near = [...places, ...words];
  return near.length
    ? { error: draft.error, suggestion: `did you mean ${near.join(' or ')}?` }
    : { error: draft.error };
}

/** Reads one line of `power`'s orders: its clauses split at ";" (or at "," when every piece reads). */
export function readLineSyntax(variant: Variant, line: string, power: PowerId): LineSyntax {
  const body = cleanLine(line);
  if (!body) return { status: 'blank' };
  const lex = lexicon(variant);
  const heading = readHeading(lex, body);
  const prefix = heading === undefined ? readPowerPrefix(lex, body) : undefined;
  const named = heading ?? prefix?.power;
  if (named !== undefined && named !== power) {
    const name = (p: PowerId) => powerName(variant, p);
    return { status: 'error', error: `orders for ${name(named)}, but you are ${name(power)}` };
  }
  if (heading !== undefined || (prefix && !/[^\s;]/.test(prefix.rest))) return { status: 'heading' };
  const clauses = (prefix ? prefix.rest : body)
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  let phases = ALL;
  for (const clause of clauses) {
    if (readDpPrefix(clause))
      return { status: 'error', error: 'DP bids are not taken in advance: send them in their own phase' };
    let drafts: Draft[];
    const whole = readClause(variant, clause);
    if (!('error' in whole)) drafts = [whole];
    else {
      const pieces = clause
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      const read = pieces.length > 1 ? pieces.map((p) => readClause(variant, p)) : [];
      if (!read.length || read.some((r) => 'error' in r)) return { status: 'error', ...whole };
      drafts = read as Draft[];
    }
    for (const draft of drafts) phases = phases.filter((p) => phasesOf(draft).includes(p));
  }
  return { status: 'orders', phases };
}

/** "if dislodged, A Ser - Alb" (njudge's and players' way of writing a retreat in advance). */
export function readIfDislodged(line: string): string | null {
  const m = /^\s*if\s+dislodged\b\s*[,:;-]?\s*(?:then\b\s*)?(.*)$/i.exec(line);
  return m ? m[1] : null;
}
