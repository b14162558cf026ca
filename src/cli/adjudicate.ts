// `chancery adjudicate`: plays a game offline from a sequence of order files, printing each
// phase's results exactly as the results mail shows them (or as JSON).
import { readFileSync } from 'node:fs';
import { adjudicate, initialPosition } from '../core/adjudicate/index.js';
import type { PhaseResult } from '../core/adjudicate/result.js';
import { loadVariant } from '../core/map/load.js';
import type { Variant } from '../core/map/variant.js';
import type { LineVerdict } from '../core/orders/parse.js';
import { parseOrders, splitLines } from '../core/orders/parse.js';
import { lexicon, powerByName } from '../core/orders/lexicon.js';
import { civilDisorderRefusal, declareCivilDisorder } from '../core/rules/variant/civil-disorder.js';
import { readPositionFile } from '../core/position/index.js';
import { phaseText, readPhase } from '../core/position/names.js';
import { checkBids } from '../core/dp/index.js';
import type { ReasonCode } from '../core/reasons.js';
import type { DpBid, MovementOrder, Order, Phase, Position, PowerId } from '../core/types.js';
import { phaseCode } from '../core/types.js';
import { readOrderSet } from '../core/orders/slot.js';
import { reasonText, refusalText } from '../render/reasons.js';
import { renderResults } from '../render/results.js';
import type { CliIo } from './io.js';

export interface AdjudicateCliOptions {
  variant?: string;
  orders: string[];
  position?: string;
  json?: boolean;
  game?: string;
  seed?: string;
  /** Play on past refused lines (they are still printed); without it a refused line stops the run. */
  keepGoing?: boolean;
  /** Print under each movement order why it succeeded or failed. */
  explain?: boolean;
  /** The game's year cap: a number of years, or "none" (default: the variant's own, if any). */
  yearCap?: string;
  /** Told of each phase played: the board it was played on and its result (`chancery map` draws it). */
  onPhase?: (variant: Variant, before: Position, result: PhaseResult) => void;
}

/** A line of an order file that was not taken: printed in the results, and in --json. */
export interface RefusedLine {
  file: string;
  line: number;
  text: string;
  reason: string;
  /** The legality's reason code, when it refused the line (src/core/reasons.ts); absent for unreadable words. */
  code?: ReasonCode;
  suggestion?: string;
  /** A DP line: secret, so reported on stderr and in --json, never in the results text. */
  bid?: true;
}

export interface PhaseOrders {
  orders: Order[];
  bids: DpBid[];
  /** Every line that was not accepted, with its reason. */
  refused: RefusedLine[];
  /** `file:line: error — suggestion` for every line that was not accepted, and replaced orders. */
  complaints: string[];
  /** The phase named by an optional `phase …` line in the file. */
  phase?: Phase;
  /** Powers a `civil disorder <power>` line declares in permanent civil disorder before the phase. */
  disorder: PowerId[];
}

const PHASE_LINE = /^\s*phase\s+(.+?)\s*$/i;
/** "civil disorder Spain": the GM declares the power in permanent civil disorder (A&E §III, 1648). */
const DISORDER_LINE = /^\s*civil[\s-]+disorder\s+(.+?)\s*$/i;

/**
 * Whether a line may be a `phase` or `civil disorder` line: a superset of what the two regular
 * expressions take, without one, as every line of every order file is asked (a letter's case is
 * dropped by `| 32`, which makes a lower-case letter of no other character).
 */
function mayBeGmLine(line: string): boolean {
  const end = line.length;
  let i = 0;
  while (i < end && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  if (i === end) return false;
  const c = line.charCodeAt(i);
  // Other white space (`\s` takes Unicode's too): the regular expressions decide.
  if (c > 127 || (c >= 9 && c <= 13)) return true;
  return wordAt(line, i, 'phase') || wordAt(line, i, 'civil');
}

/** Whether `word` (lower case) is written at `i` of `line`, in either case. */
function wordAt(line: string, i: number, word: string): boolean {
  if (line.length - i < word.length) return false;
  for (let k = 0; k < word.length; k++) if ((line.charCodeAt(i + k) | 32) !== word.charCodeAt(k)) return false;
  return true;
}

/** Reads one phase's order file in GM mode: every power's orders under their headings. */
export function readPhaseOrders(variant: Variant, position: Position, text: string, file: string): PhaseOrders {
  const complaints: string[] = [];
  const refused: RefusedLine[] = [];
  const found: GmLines = { complaints, disorder: [], phase: undefined };
  // A `phase` line is checked here and blanked for the order parser, keeping line numbers.
  const lines = splitLines(text);
  // Order files are GM-written: `#` starts a comment as in every Chancery file (mail bodies use `//`).
  const commented = text.includes('#');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const cut = commented && raw.includes('#') ? raw.replace(/(^|\s)#.*$/, '') : raw;
    const line = readGmLine(variant, cut, i, file, found);
    if (line !== raw) lines[i] = line;
  }
  const { disorder, phase } = found;
  const verdicts: LineVerdict[] = parseOrders(lines, { variant, position });
  const bids: DpBid[] = [];
  const bidLines: number[] = [];
  const words = { variant, position };
  // What the GM is told of each line, in the order of the file.
  const told: Told[] = [];
  for (const v of verdicts) {
    if (v.status === 'error') {
      const reason = refusalText(words, v.error);
      tell(told, file, v.line, `${reason}${v.suggestion ? ` — ${v.suggestion}` : ''}`);
      refused.push({
        file,
        line: v.line,
        text: v.text,
        reason,
        ...(typeof v.error === 'string' ? {} : { code: v.error.code }),
        ...(v.suggestion ? { suggestion: v.suggestion } : {}),
        ...(v.bid ? { bid: v.bid } : {}),
      });
    } else if (v.status === 'dp') {
      bids.push({ power: v.power, amount: v.amount, order: v.order as MovementOrder });
      bidLines.push(v.line);
      if (v.invalid)
        tell(
          told,
          file,
          v.line,
          `DP line whose order is invalid (${refusalText(words, v.invalid)}); kept as a bid: if it wins, the unit ` +
            'holds and its order is published as written, marked invalid',
        );
    }
  }
  const { kept, replaced } = readOrderSet(verdicts);
  for (const { earlier, later } of replaced)
    tell(told, file, later.line, `replaces the order on line ${earlier.line} for the same unit`);
  if (told.length) complaints.push(...told.sort((a, b) => a.line - b.line).map((t) => t.text));
  // A loop, not `map`: a closure made on every call costs more than the copy under tsx (esbuild's keepNames).
  const orders: Order[] = [];
  for (const v of kept) orders.push(v.order);
  complaints.push(...bidWarnings(variant, position, bids, bidLines, file));
  return { orders, bids, refused, complaints, phase, disorder };
}

/** What the GM is told of one line of the file. */
interface Told {
  line: number;
  text: string;
}

function tell(told: Told[], file: string, line: number, text: string): void {
  told.push({ line, text: `${file}:${line}: ${text}` });
}

/** What a GM's order file says besides orders: its phase, powers in civil disorder, complaints about those. */
interface GmLines {
  complaints: string[];
  disorder: PowerId[];
  phase: Phase | undefined;
}

/**
 * Line `i` of a GM's file (from 0, its comment cut): '' for a `phase` or `civil disorder` line, whose
 * content goes to `found`; any other line as it is.
 */
function readGmLine(variant: Variant, line: string, i: number, file: string, found: GmLines): string {
  if (!mayBeGmLine(line)) return line;
  const cd = DISORDER_LINE.exec(line);
  if (cd) {
    const power = powerByName(lexicon(variant), cd[1]);
    if (power === undefined)
      found.complaints.push(`${file}:${i + 1}: unknown power "${cd[1]}" in a civil disorder line`);
    else found.disorder.push(power);
    return '';
  }
  const m = PHASE_LINE.exec(line);
  if (!m) return line;
  const read = readPhase(m[1]);
  if ('error' in read) found.complaints.push(`${file}:${i + 1}: ${read.error}`);
  else found.phase = read.ok;
  return '';
}

/**
 * The judge refuses such DP lines when they are mailed; a GM adjudicating by hand transcribes what
 * the players wrote, so the lines stay in and the rules judge them (an overspend forfeits every
 * allocation, a move bid of a hold-only variant is void), and the GM is told why each one is wrong.
 */
function bidWarnings(variant: Variant, position: Position, bids: DpBid[], lines: number[], file: string): string[] {
  if (!bids.length) return [];
  const warnings: { line: number; text: string }[] = [];
  const powers = [...new Set(bids.map((b) => b.power))] as PowerId[];
  for (const power of powers) {
    const own = bids.map((bid, i) => ({ bid, line: lines[i] })).filter((b) => b.bid.power === power);
    const check = checkBids(
      variant,
      position,
      power,
      own.map((b) => b.bid),
    );
    check.verdicts.forEach((v, i) => {
      if (!v.ok && v.reason) {
        const why = reasonText({ variant, position }, v.reason);
        const text = `${file}:${own[i].line}: DP line the judge would refuse (${why}); left for the rules to judge`;
        warnings.push({ line: own[i].line, text });
      }
    });
  }
  return warnings.sort((a, b) => a.line - b.line).map((w) => w.text);
}

function yearCapOf(opts: AdjudicateCliOptions): number | null | undefined {
  if (opts.yearCap === undefined) return undefined;
  if (opts.yearCap.toLowerCase() === 'none') return null;
  const years = Number(opts.yearCap);
  if (!Number.isInteger(years) || years < 1)
    throw new Error(`--year-cap takes a number of years or "none", not "${opts.yearCap}"`);
  return years;
}

export function startingPoint(opts: AdjudicateCliOptions): { variant: Variant; position: Position } {
  if (opts.position)
    return readPositionFile(opts.position, { variant: opts.variant ? loadVariant(opts.variant) : undefined });
  const variant = loadVariant(opts.variant ?? 'standard');
  return { variant, position: initialPosition(variant) };
}

const samePhase = (a: Phase, b: Phase) => a.year === b.year && a.season === b.season && a.type === b.type;

/** Plays every order file in turn. Returns the exit status: 0, or 1 when the sequence could not be played. */
export function runAdjudicate(opts: AdjudicateCliOptions, io: CliIo): number {
  let { variant, position } = startingPoint(opts);
  const reports: PhaseReport[] = [];
  const texts: string[] = [];
  let over = false;
  const finish = (code: number): number => {
    io.out(opts.json ? `${JSON.stringify(reports, null, 2)}\n` : texts.join('\n'));
    return code;
  };
  for (const file of opts.orders) {
    if (over) {
      io.err(`${file}: the game is already over; these orders were not used\n`);
      return finish(1);
    }
    const text = readFileSync(file, 'utf8');
    let read = readPhaseOrders(variant, position, text, file);
    const declared: PowerId[] = [];
    if (read.disorder.length) {
      // Declared before the phase: the power's units are gone before anyone's orders are read.
      for (const power of read.disorder) {
        const refusal = civilDisorderRefusal(variant, position, power);
        if (refusal) {
          io.err(`${file}: civil disorder ${power}: ${reasonText({ variant, position }, refusal)}\n`);
          return finish(1);
        }
        position = declareCivilDisorder(variant, position, power).position;
        declared.push(power);
      }
      read = readPhaseOrders(variant, position, text, file);
    }
    for (const c of read.complaints) io.err(`${c}\n`);
    if (read.phase && !samePhase(read.phase, position.phase)) {
      io.err(`${file}: orders for ${phaseText(read.phase)}, but the game is at ${phaseText(position.phase)}\n`);
      return finish(1);
    }
    const result = adjudicate(variant, position, read.orders, {
      seed: opts.seed,
      bids: read.bids,
      yearCap: yearCapOf(opts),
      explain: opts.explain,
    });
    over = result.gameOver;
    reports.push({
      phase: phaseCode(result.phase),
      outcomes: result.outcomes,
      refused: read.refused,
      civilDisorder: declared,
      dp: result.dp ?? null,
      winners: result.winners,
      gameOver: result.gameOver,
      next: result.next,
      nextPhase: over ? null : phaseCode(result.next.phase),
    });
    // DP lines are secret until the game ends (A&E §II, S&L §8.0): a refused one is on stderr only.
    const publicRefusals = read.refused.filter((r) => !r.bid);
    texts.push(
      renderResults(variant, position, result, { game: opts.game, refused: publicRefusals, explain: opts.explain }),
    );
    opts.onPhase?.(variant, position, result);
    position = result.next;
    if (read.refused.length && !opts.keepGoing) {
      io.err(`${file}: ${read.refused.length} line(s) refused; stopped here (--keep-going plays on)\n`);
      return finish(1);
    }
  }
  return finish(0);
}

/** One phase in --json: what the results mail says, and what the GM alone may see (the DP report). */
interface PhaseReport {
  phase: string;
  outcomes: unknown[];
  refused: RefusedLine[];
  civilDisorder: PowerId[];
  dp: unknown;
  winners: PowerId[];
  gameOver: boolean;
  next: Position;
  nextPhase: string | null;
}
