// Public entry of the order parser: one verdict per order (or heading, or error) in a mail body.
// Choices where the rules are silent:
// - a unit named with no order word holds (movement phase only);
// - supporting or convoying an empty province is an error, as it is nearly always a typo;
// - GM mode: the power comes from the line's prefix, else the last heading, else the unit's owner
//   (for a build, the centre's owner);
// - orders split at ";" always, and at "," only when every piece is then a valid order;
// - a verdict's text is the whole line when the line holds one order, else that order's piece.
import { placeName } from '../map/display-names.js';
import { normaliseName, suggest } from '../map/names.js';
import { legalityScope, type LegalityScope } from '../legality/index.js';
import type { Variant } from '../map/variant.js';
import type { Loc, MovementOrder, Order, Position, PowerId, Unit } from '../types.js';
import type { Actor, Board, Refusal } from './check-context.js';
import { powerOnBoard } from './check-context.js';
import { checkDraft } from './check.js';
import { orderedUnit } from '../legality/movement.js';
import { writtenOrder } from './written.js';
import { nearbyOrderWords, nearbyPlaces } from './did-you-mean.js';
import { formatOrder } from './format.js';
import type { Draft, SyntaxError } from './grammar.js';
import { readDraft, tidy } from './grammar.js';
import { lexicon, type Lexicon } from './lexicon.js';
import type { DpPrefix } from './line-parts.js';
import { cleanLine, readBareNumber, readDpPrefix, readHeading, readPowerPrefix } from './line-parts.js';
import { classify, tokenize } from './words.js';

export { formatOrder } from './format.js';

export interface ParseContext {
  variant: Variant;
  /** The current position; its phase decides which orders are legal. */
  position: Position;
  /** The submitting power; undefined = GM/offline mode, where headings and prefixes name the power. */
  power?: PowerId;
}

export type LineVerdict =
  | { status: 'order'; line: number; text: string; power: PowerId; order: Order; normalised: string }
  | {
      status: 'dp';
      line: number;
      text: string;
      /** The bidder. */
      power: PowerId;
      amount: number;
      /** The order for the neutral unit; order.power is the unit's owner. */
      order: Order;
      /** "2 DP: A SWI S A PAR - SAV" */
      normalised: string;
      /**
       * Why the order cannot be carried out, when it cannot: the bid still counts, and if it wins the unit
       * holds and the order is published as written, "(*invalid*)" (A&E v6.01 §II example 5).
       */
      invalid?: Refusal;
      /** For an invalid order: the orders the player may have meant. */
      suggestion?: string;
    }
  | { status: 'heading'; line: number; text: string; power: PowerId }
  | {
      status: 'error';
      line: number;
      text: string;
      error: Refusal;
      suggestion?: string;
      /** The line was a DP line: secret, so never printed in public results (A&E §II, S&L §8.0). */
      bid?: true;
    };

type WithoutPlace<V> = V extends unknown ? Omit<V, 'line' | 'text'> : never;
type ClauseVerdict = WithoutPlace<Extract<LineVerdict, { status: 'order' | 'dp' | 'error' }>>;

/** The lines of a text, whatever its line ends; a split at one character when there is no "\r". */
export function splitLines(text: string): string[] {
  return text.includes('\r') ? text.split(/\r\n|\r|\n/) : text.split('\n');
}

/**
 * Reads a mail body (or part of one), as text or already split into lines (line numbers count
 * from 1 either way). Blank lines and `//` comments produce nothing.
 */
export function parseOrders(text: string | readonly string[], ctx: ParseContext): LineVerdict[] {
  const board: Board = {
    variant: ctx.variant,
    position: ctx.position,
    lex: lexicon(ctx.variant),
    scope: scopeFor(ctx.variant, ctx.position),
  };
  const verdicts: LineVerdict[] = [];
  let heading: PowerId | undefined;
  /** GM mode: the line of a heading that named no power, until the next good heading. */
  let unknownHeading: number | undefined;
  const lines = typeof text === 'string' ? splitLines(text) : text;
  const shapes = shapesOf(board.lex);
  let actor: Actor = { power: ctx.power, neutral: false };
  for (let n = 0; n < lines.length; n++) {
    const line = n + 1;
    const shape = lineShape(shapes, board.lex, lines[n], ctx.power === undefined);
    if (shape.kind === 'blank') continue;
    const text = shape.text;
    if (shape.kind === 'heading') {
      unknownHeading = undefined;
      if (ctx.power !== undefined && shape.power !== ctx.power)
        verdicts.push({ status: 'error', line, text, error: foreignPower(board, shape.power, ctx.power) });
      else {
        heading = shape.power;
        verdicts.push({ status: 'heading', line, text, power: shape.power });
      }
      continue;
    }
    if (shape.kind === 'unknown-heading') {
      // A GM's order file files lines under the last heading: under one naming no power, nothing
      // may be filed, lest another power's orders (and DP) be credited to the power before it.
      unknownHeading = line;
      heading = undefined;
      verdicts.push({ status: 'error', line, text, ...unknownPower(board, shape.name) });
      continue;
    }
    if (shape.kind === 'orders' && !shape.clauses.length) continue;
    if (shape.prefix === undefined && unknownHeading !== undefined) {
      const error = `not filed: the heading on line ${unknownHeading} names no power; write the power's name there`;
      verdicts.push({ status: 'error', line, text, error });
      continue;
    }
    if (shape.prefix !== undefined && ctx.power !== undefined && shape.prefix !== ctx.power) {
      verdicts.push({ status: 'error', line, text, error: foreignPower(board, shape.prefix, ctx.power) });
      continue;
    }
    const power = ctx.power ?? shape.prefix ?? heading;
    if (actor.power !== power) actor = { power, neutral: false };
    if (shape.kind === 'order') readLineClause(board, shape, actor, line, text, verdicts);
    else for (const clause of shape.clauses) readLineClause(board, clause, actor, line, clause.clause, verdicts);
  }
  return verdicts;
}

/**
 * The legality scope of the last position read, and where its units stood then: the judge reads each
 * power's orders of a phase against one position (at the deadline, every power's), and the scope is
 * the same while the position holds the same units in the same places (all it indexes; the rest it
 * reads from the position when asked).
 */
interface KeptScope {
  variant: Variant;
  position: Position;
  scope: LegalityScope;
  units: readonly Unit[];
  locs: readonly Loc[];
  dislodged: readonly Unit[];
  dislodgedLocs: readonly Loc[];
}
let keptScope: KeptScope | undefined;

function scopeFor(variant: Variant, position: Position): LegalityScope {
  const kept = keptScope;
  if (
    kept !== undefined &&
    kept.variant === variant &&
    kept.position === position &&
    standAsBefore(position.units, kept.units, kept.locs) &&
    standAsBefore(position.dislodged, kept.dislodged, kept.dislodgedLocs)
  )
    return kept.scope;
  const scope = legalityScope(variant, position);
  const units = position.units.slice();
  const dislodged = position.dislodged.slice();
  keptScope = { variant, position, scope, units, locs: locsOf(units), dislodged, dislodgedLocs: locsOf(dislodged) };
  return scope;
}

function locsOf(units: readonly Unit[]): Loc[] {
  const locs = new Array<Loc>(units.length);
  for (let i = 0; i < units.length; i++) locs[i] = units[i].loc;
  return locs;
}

/** Whether the pool holds the units it held, in the same order and places. */
function standAsBefore(pool: readonly Unit[], units: readonly Unit[], locs: readonly Loc[]): boolean {
  if (pool.length !== units.length) return false;
  for (let i = 0; i < pool.length; i++) if (pool[i] !== units[i] || pool[i].loc !== locs[i]) return false;
  return true;
}

/** Pushes the verdicts of one clause of line `line`, quoted as `text`: its own, or its comma pieces'. */
function readLineClause(
  board: Board,
  clause: ClauseWords,
  actor: Actor,
  line: number,
  text: string,
  verdicts: LineVerdict[],
): void {
  const whole = readClause(board, clause, actor, true, line, text);
  const pieces = whole.status === 'error' ? commaPieces(board, clause.clause, actor, line, text) : null;
  if (pieces === null) verdicts.push(whole);
  else for (const v of pieces) verdicts.push(v);
}

/**
 * What a line is, whatever the board: nothing, a power heading, one order or other than one (with
 * a power prefix); `text` is the line trimmed, as verdicts quote it. A line of one order is its own
 * clause: the line read before is found with one look-up and one object, as nearly every line is.
 */
type LineShape =
  | { kind: 'blank' }
  | { kind: 'heading'; text: string; power: PowerId }
  | { kind: 'unknown-heading'; text: string; name: string }
  | ({ kind: 'order'; text: string; prefix?: PowerId } & ClauseWords)
  | { kind: 'orders'; text: string; prefix?: PowerId; clauses: ClauseWords[] };

/**
 * A clause as the variant's words read it, whatever the board: its DP amount or bare number if it
 * has one, and the order written after it. Kept with its line, so a line read before costs one lookup.
 */
interface ClauseWords {
  clause: string;
  dp: DpPrefix | undefined;
  bare: { amount: string; rest: string } | undefined;
  /** What the order's words read as: the clause's, or the words after its DP amount or bare number. */
  draft: Draft | SyntaxError;
}

function clauseWords(lex: Lexicon, text: string): ClauseWords {
  const dp = readDpPrefix(text);
  const bare = dp ? undefined : readBareNumber(text);
  const words = dp ? dp.rest : bare ? bare.rest : text;
  return { clause: text, dp, bare, draft: readText(lex, words) };
}

// A line's shape depends on the variant's vocabulary only; mails and archives repeat lines endlessly.
const shapeCache = new WeakMap<Board['lex'], Map<string, LineShape>>();
const SHAPE_CACHE_SIZE = 20_000;

function shapesOf(lex: Lexicon): Map<string, LineShape> {
  let shapes = shapeCache.get(lex);
  if (!shapes) shapeCache.set(lex, (shapes = new Map()));
  return shapes;
}

/** `gm`: in a GM's file a line shaped like a heading ("Xxx:") that names no power is one. */
function lineShape(shapes: Map<string, LineShape>, lex: Lexicon, raw: string, gm: boolean): LineShape {
  let shape = shapes.get(raw);
  if (shape === undefined) {
    shape = readLineShape(lex, raw);
    if (shapes.size >= SHAPE_CACHE_SIZE) shapes.clear();
    shapes.set(detached(raw), shape);
  }
  if (shape.kind === 'unknown-heading' && !gm)
    return orderLine(shape.text, undefined, clauseWords(lex, cleanLine(raw)));
  return shape;
}

/**
 * A copy of a string cut from a mail, for a cache to keep: V8 cuts a line out of a mail as a view
 * of the whole mail, which the cache would keep alive, and which costs a look-up one more hop.
 */
function detached(text: string): string {
  return text.length < 13 ? text : text.split('').join('');
}

/** "Xxx:" or "[Xxx]" alone on a line: shaped like a power heading, whatever it names. */
const HEADING_SHAPE = /^(?:\[\s*([^\]]+?)\s*\]|\(\s*([^)]+?)\s*\)|([^:[\]()]+?))\s*:?$/;

function readLineShape(lex: Board['lex'], raw: string): LineShape {
  const body = cleanLine(raw);
  if (!body) return { kind: 'blank' };
  const text = detached(raw.trim());
  const prefix = readPowerPrefix(lex, body);
  // "France:" alone, or "F)" with nothing after it, is a heading.
  const headed = readHeading(lex, body) ?? (prefix && !/[^\s;]/.test(prefix.rest) ? prefix.power : undefined);
  if (headed !== undefined) return { kind: 'heading', text, power: headed };
  const shaped = !prefix && (body.endsWith(':') || /^[[(].*[\])]:?$/.test(body)) ? HEADING_SHAPE.exec(body) : null;
  if (shaped) return { kind: 'unknown-heading', text, name: (shaped[1] ?? shaped[2] ?? shaped[3]).trim() };
  const clauses = (prefix ? prefix.rest : body)
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => clauseWords(lex, detached(c)));
  if (clauses.length === 1) return orderLine(text, prefix?.power, clauses[0]);
  return { kind: 'orders', text, prefix: prefix?.power, clauses };
}

/**
 * A line of one order, its clause's words written out field by field: an object spread would keep
 * the fields after the first few in a second object, one more memory read on every line read again.
 */
function orderLine(text: string, prefix: PowerId | undefined, words: ClauseWords): LineShape {
  return { kind: 'order', text, prefix, clause: words.clause, dp: words.dp, bare: words.bare, draft: words.draft };
}

/** "unknown power "Polnd" — did you mean Poland-Saxony?" */
function unknownPower(board: Board, name: string): { error: string; suggestion?: string } {
  const keys = suggest(normaliseName(name), board.lex.powers.keys(), 3);
  const powers = [...new Set(keys.map((k) => board.lex.powers.get(k)!))].map((p) => powerOnBoard(board, p));
  const error = `unknown power "${name}": the lines under it are not filed for any power`;
  return powers.length ? { error, suggestion: `did you mean ${powers.join(' or ')}?` } : { error };
}

function foreignPower(board: Board, named: PowerId, self: PowerId): string {
  return `orders for ${powerOnBoard(board, named)}, but you are ${powerOnBoard(board, self)}`;
}

/**
 * njudge allows "," between orders too: when a whole clause fails, its comma pieces if every one
 * passes, else null (the whole clause's refusal stands).
 */
function commaPieces(board: Board, clause: string, actor: Actor, line: number, text: string): LineVerdict[] | null {
  if (!clause.includes(',')) return null;
  const pieces = clause
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (pieces.length < 2) return null;
  const read = pieces.map((p) => readClause(board, clauseWords(board.lex, p), actor, false, line, text));
  return read.every((v) => v.status !== 'error') ? read : null;
}

/** The verdict of a clause of line `line`, quoted as `text`. */
function readClause(
  board: Board,
  clause: ClauseWords,
  actor: Actor,
  withSuggestions: boolean,
  line: number,
  text: string,
): LineVerdict {
  if (clause.dp || clause.bare) return placed(readNumbered(board, clause, actor.power, withSuggestions), line, text);
  const checked = readAndCheck(board, clause.clause, clause.draft, actor, withSuggestions);
  if (!('order' in checked)) return placed(rejected(checked, ''), line, text);
  const order = checked.order;
  // One object literal of one shape for every accepted order: this is the path nearly every line takes.
  const power = actor.power ?? order.power;
  return { status: 'order', power, order, normalised: formatOrder(order, board.variant), line, text };
}

/** The verdict of a clause placed on its line: the key order (`line` and `text` last) of every verdict. */
function placed(v: ClauseVerdict, line: number, text: string): LineVerdict {
  const verdict = v as LineVerdict;
  verdict.line = line;
  verdict.text = text;
  return verdict;
}

/** A clause with a number before its order: a DP bid ("2 DP: A swi H"), or a number without "DP". */
function readNumbered(
  board: Board,
  clause: ClauseWords,
  power: PowerId | undefined,
  withSuggestions: boolean,
): ClauseVerdict {
  const dp = clause.dp;
  if (dp) {
    if ('error' in dp) return { status: 'error', error: dp.error, bid: true };
    if (board.position.phase.type !== 'movement')
      return { status: 'error', error: 'DP bids are made only in movement phases', bid: true };
    const checked = readBid(board, dp.rest, clause.draft, withSuggestions);
    if (!('order' in checked)) return { ...rejected(checked, `${dp.amount} DP: `), bid: true } as ClauseVerdict;
    if (power === undefined)
      return {
        status: 'error',
        error: 'whose DP bid? put the power name first, e.g. "France: 2 DP: A SWI H"',
        bid: true,
      };
    const normalised = `${dp.amount} DP: ${formatOrder(checked.order, board.variant)}`;
    const bid: ClauseVerdict = { status: 'dp', power, amount: dp.amount, order: checked.order, normalised };
    if (!('invalid' in checked)) return bid;
    const meant = checked.alternatives?.map((a) => `${dp.amount} DP: ${a}`).join(' or ');
    return meant ? { ...bid, invalid: checked.invalid, suggestion: meant } : { ...bid, invalid: checked.invalid };
  }
  const bare = clause.bare!;
  const guess = readAndCheck(board, bare.rest, clause.draft, BIDDER, false);
  // The helpful reading of "2 A bel H" is a bid, if the unit is neutral.
  const suggestion = 'order' in guess ? `${bare.amount} DP: ${formatOrder(guess.order, board.variant)}` : undefined;
  return {
    status: 'error',
    error: `a number before an order: a DP bid is written "${bare.amount} DP: <order>"`,
    suggestion,
  };
}

/** A rejection: the reason, and either orders the player may have meant or a free hint. */
type Failed = { status: 'error'; error: Refusal; alternatives?: string[]; hint?: string };
type Read = { order: Order } | Failed;

function rejected(failed: Failed, prefix: string): ClauseVerdict {
  const suggestion = failed.alternatives?.length
    ? failed.alternatives.map((a) => prefix + a).join(' or ')
    : failed.hint;
  return suggestion === undefined
    ? { status: 'error', error: failed.error }
    : { status: 'error', error: failed.error, suggestion };
}

/** `draft`: what `text` reads as (readText), which the caller has at hand. */
function readAndCheck(
  board: Board,
  text: string,
  draft: Draft | SyntaxError,
  actor: Actor,
  withSuggestions: boolean,
): Read {
  if ('error' in draft) {
    if (draft.unknownWord === undefined || !withSuggestions) return { status: 'error', error: draft.error };
    return { status: 'error', ...unknownWordHelp(board, text, draft, actor) };
  }
  const checked = checkDraft(board, draft, actor);
  if ('order' in checked) return checked;
  return { status: 'error', error: checked.error, alternatives: checked.alternatives };
}

const BIDDER: Actor = { neutral: true };
const MOVEMENT_KINDS = new Set<Order['kind']>(['hold', 'move', 'support', 'convoy']);

/**
 * A DP line's order. One the legality refuses is still a bid, when it names a neutral unit that is there
 * and is an order of the phase: the seeds publish the winning order "just as the player or players wrote
 * it ... even if the order is invalid, in which case the minor power unit holds" (A&E v6.01 §II, example 5).
 * What cannot be read as such an order (no unit, not a neutral one, an unknown place) is refused.
 */
function readBid(
  board: Board,
  text: string,
  draft: Draft | SyntaxError,
  withSuggestions: boolean,
): { order: Order } | { order: Order; invalid: Refusal; alternatives?: string[] } | Failed {
  const checked = readAndCheck(board, text, draft, BIDDER, withSuggestions);
  if ('order' in checked) return checked;
  if ('error' in draft) return checked;
  const written = writtenOrder(board, draft, BIDDER);
  if (!('order' in written) || !MOVEMENT_KINDS.has(written.order.kind)) return checked;
  if ('reason' in orderedUnit(board.scope, written.order as MovementOrder)) return checked;
  return { order: written.order, invalid: checked.error, alternatives: checked.alternatives };
}

// Reading a clause's words depends on the variant's vocabulary only, never on the board, and
// players and archives repeat the same clauses endlessly: drafts are kept per vocabulary.
const draftCache = new WeakMap<Lexicon, Map<string, Draft | SyntaxError>>();
const DRAFT_CACHE_SIZE = 20_000;

function readText(lex: Lexicon, text: string): Draft | SyntaxError {
  let drafts = draftCache.get(lex);
  if (!drafts) draftCache.set(lex, (drafts = new Map()));
  const known = drafts.get(text);
  if (known) return known;
  const tidied = tidy(classify(lex, tokenize(text)));
  const draft = 'error' in tidied ? tidied : readDraft(tidied);
  if (drafts.size >= DRAFT_CACHE_SIZE) drafts.clear();
  drafts.set(detached(text), draft);
  return draft;
}

/** For an unknown word, the places or order words it resembles; if one makes a valid order, that order. */
function unknownWordHelp(board: Board, text: string, draft: SyntaxError, actor: Actor): Omit<Failed, 'status'> {
  const word = draft.unknownWord!;
  const places = nearbyPlaces(board.variant, word);
  const orderWords = nearbyOrderWords(word);
  if (places.length === 0 && orderWords.length === 0) return { error: draft.error };
  const asPlace = draft.error.replace(/^unknown word/, 'unknown place');
  const raw = /"(.*)"$/.exec(draft.error)?.[1] ?? word;
  for (const replacement of [...places, ...orderWords]) {
    const fixed = text.replace(raw, ` ${replacement} `);
    const again = readAndCheck(board, fixed, readText(board.lex, fixed), actor, false);
    const error = places.includes(replacement) ? asPlace : draft.error;
    if ('order' in again) return { error, alternatives: [formatOrder(again.order, board.variant)] };
  }
  const error = places.length ? asPlace : draft.error;
  const names = places.length
    ? places.map((l) => `${l.toUpperCase()} (${placeName(board.variant, l)})`)
    : orderWords.map((w) => w.toUpperCase());
  return { error, hint: `did you mean ${names.join(' or ')}?` };
}
