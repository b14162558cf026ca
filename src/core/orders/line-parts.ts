// The parts of an order line around the order itself: comments, pasted result notes,
// power headings and prefixes, DP amounts.
import { normaliseName } from '../map/names.js';
import type { PowerId } from '../types.js';
import type { Lexicon } from './lexicon.js';
import { powerByName } from './lexicon.js';

/** Drops a `//` comment and result notes such as `(*bounce*)` pasted from a results mail. */
export function cleanLine(line: string): string {
  const comment = /(^|\s)\/\//.exec(line);
  const text = comment ? line.slice(0, comment.index) : line;
  return text.replace(/\(\s*\*[^)]*\*\s*\)/g, ' ').trim();
}

/** "France", "France:", "[France]", "(France)": a line naming only a power. */
export function readHeading(lex: Lexicon, line: string): PowerId | undefined {
  const bracketed = /^[[(]\s*([^\])]+?)\s*[\])]\s*:?$/.exec(line);
  const colon = /^([^:[\]()]+?)\s*:$/.exec(line);
  const name = bracketed?.[1] ?? colon?.[1] ?? line;
  const power = powerByName(lex, name);
  if (power === undefined) return undefined;
  // A bare word that is also a place ("Sweden") reads as an order for the unit there.
  if (!bracketed && !colon && lex.places.has(normaliseName(name))) return undefined;
  return power;
}

/** "France: …", "[France] …", "France) …", "F) …": the power an order line is for. */
export function readPowerPrefix(lex: Lexicon, line: string): { power: PowerId; rest: string } | undefined {
  const m = /^\[\s*([^\]]+?)\s*\]\s*:?\s*(.*)$/.exec(line) ?? /^([^:()[\];]+?)\s*[:)]\s*(.*)$/.exec(line);
  if (!m) return undefined;
  const name = m[1];
  const power = powerByName(lex, name) ?? (name.length === 1 ? lex.initials.get(name.toLowerCase()) : undefined);
  return power === undefined ? undefined : { power, rest: m[2] };
}

export type DpPrefix = { amount: number; rest: string } | { error: string; rest: string };

const AMOUNT = String.raw`[-+]?[\d.][\d.,*#+]*`;
const DP_FIRST = new RegExp(String.raw`^dp(?![a-z])\s*:?\s*([^\s:]+)\s*:?\s*(.*)$`, 'i');
const AMOUNT_FIRST = new RegExp(String.raw`^(${AMOUNT})\s*dp\b\s*:?\s*(.*)$`, 'i');
const COLON_FORM = new RegExp(String.raw`^(${AMOUNT})\s*:\s*(.*)$`);
const BARE_NUMBER = new RegExp(String.raw`^(${AMOUNT})\s+(.*)$`);

/**
 * Whether the clause's first character can begin an amount (`[-+\d.]`) or, with `dp`, "DP": the
 * patterns above are anchored there, and most clauses are orders that begin with neither.
 */
function mayStartAmount(clause: string, dp: boolean): boolean {
  const c = clause.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) return true;
  return dp && (c === 100 || c === 68);
}

/**
 * "2 DP: …", "2DP …", "DP 2 …", DPjudge's "2 : …". Returns undefined when the clause has no DP
 * amount. The amount must be a positive whole number; DPjudge's "3*2", "5+2" and "8#4" are not offered.
 */
export function readDpPrefix(clause: string): DpPrefix | undefined {
  if (!mayStartAmount(clause, true)) return undefined;
  const m = DP_FIRST.exec(clause) ?? AMOUNT_FIRST.exec(clause) ?? COLON_FORM.exec(clause);
  if (!m) return undefined;
  const text = m[1];
  const rest = m[2];
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) === 0)
    return { error: `the DP amount must be a positive whole number, not "${text}"`, rest };
  return { amount: Number(text), rest };
}

/** "2 A swi H": a number in front of an order but no DP marker. */
export function readBareNumber(clause: string): { amount: string; rest: string } | undefined {
  if (!mayStartAmount(clause, false)) return undefined;
  const m = BARE_NUMBER.exec(clause);
  return m ? { amount: m[1], rest: m[2] } : undefined;
}
