// njudge's conditional orders in advance: `IF <condition>` … [`ELSE` …] `ENDIF` among the orders sent
// for a later phase, decided on the board as that phase opens. A condition names units ("A Bur",
// "F North Sea", or a bare "Bur": a unit of any power there) joined by NOT, AND, OR and parentheses;
// a unit term holds when such a unit stands there when the phase opens. Blocks nest, within bounds.
import type { Variant } from '../map/variant.js';
import { normaliseName } from '../map/names.js';
import { provinceOf, type Loc, type Position, type UnitType } from '../types.js';
import { lexicon, unitTypeOf } from './lexicon.js';

/** How deep blocks nest and how long a condition may be: no mail makes the judge read without bound. */
export const CONDITIONAL_LIMITS = { depth: 4, conditionWords: 24 };

export type ConditionalLine = { kind: 'if'; condition: string } | { kind: 'else' } | { kind: 'endif' } | null;

/** IF / ELSE / ENDIF lines (any case, "END IF" too); null for any other line. */
export function conditionalLine(text: string): ConditionalLine {
  const t = text.trim();
  if (/^else$/i.test(t)) return { kind: 'else' };
  if (/^end\s*if$/i.test(t)) return { kind: 'endif' };
  const m = /^if\s+(.+)$/i.exec(t);
  // "if dislodged, A Ser - Alb" is the retreat shorthand, not a condition on the board.
  if (m && !/^dislodged\b/i.test(m[1])) return { kind: 'if', condition: m[1] };
  return null;
}

type Node =
  | { op: 'unit'; type: UnitType | null; loc: Loc; text: string }
  | { op: 'not'; of: Node }
  | { op: 'and' | 'or'; left: Node; right: Node };

const OPERATORS: Record<string, string> = { AND: 'AND', '&': 'AND', OR: 'OR', '|': 'OR', NOT: 'NOT', '!': 'NOT' };

/** Reads a condition, or says what is wrong with it. */
export function readCondition(variant: Variant, text: string): Node | { error: string } {
  const tokens = text
    .replace(/([()&|!])/g, ' $1 ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.length > CONDITIONAL_LIMITS.conditionWords)
    return { error: `a condition of at most ${CONDITIONAL_LIMITS.conditionWords} words` };
  let at = 0;
  const peek = () => OPERATORS[tokens[at]?.toUpperCase()] ?? tokens[at];
  const fail = (error: string): never => {
    throw { error };
  };
  const term = (): Node => {
    if (tokens[at] === '(') {
      at++;
      const inner = either();
      if (tokens[at++] !== ')') fail('a "(" without its ")"');
      return inner;
    }
    if (peek() === 'NOT') {
      at++;
      return { op: 'not', of: term() };
    }
    const words: string[] = [];
    while (at < tokens.length && !['AND', 'OR', 'NOT', '(', ')'].includes(peek())) words.push(tokens[at++]);
    if (!words.length) fail(`a unit expected${tokens[at] ? ` before "${tokens[at]}"` : ' at the end'}`);
    return unitTerm(variant, words) ?? fail(`"${words.join(' ')}" is no unit or place of ${variant.title}`);
  };
  const both = (): Node => {
    let left = term();
    while (peek() === 'AND') {
      at++;
      left = { op: 'and', left, right: term() };
    }
    return left;
  };
  const either = (): Node => {
    let left = both();
    while (peek() === 'OR') {
      at++;
      left = { op: 'or', left, right: both() };
    }
    return left;
  };
  try {
    const node = either();
    if (at < tokens.length) fail(`"${tokens[at]}" where AND, OR or the end was expected`);
    return node;
  } catch (thrown) {
    if (thrown && typeof thrown === 'object' && 'error' in thrown) return thrown as { error: string };
    throw thrown;
  }
}

function unitTerm(variant: Variant, words: string[]): Node | null {
  const type = unitTypeOf(words[0].toLowerCase()) ?? null;
  const place = (type ? words.slice(1) : words).join(' ').replace(/\//g, ' ');
  const loc = lexicon(variant).places.get(normaliseName(place));
  return loc ? { op: 'unit', type, loc, text: words.join(' ') } : null;
}

export function conditionHolds(node: Node, position: Position): boolean {
  switch (node.op) {
    case 'unit':
      return position.units.some(
        (u) => provinceOf(u.loc) === provinceOf(node.loc) && (node.type === null || u.type === node.type),
      );
    case 'not':
      return !conditionHolds(node.of, position);
    case 'and':
      return conditionHolds(node.left, position) && conditionHolds(node.right, position);
    case 'or':
      return conditionHolds(node.left, position) || conditionHolds(node.right, position);
  }
}

/** Whether the IF / ELSE / ENDIF lines of a set pair up and nest within bounds: the first fault, or null. */
export function blockFault(lines: string[]): { index: number; error: string } | null {
  const open: { index: number; sawElse: boolean }[] = [];
  for (const [index, text] of lines.entries()) {
    const c = conditionalLine(text);
    if (c?.kind === 'if') {
      if (open.length >= CONDITIONAL_LIMITS.depth)
        return { index, error: `IF blocks nest at most ${CONDITIONAL_LIMITS.depth} deep` };
      open.push({ index, sawElse: false });
    } else if (c?.kind === 'else') {
      const top = open.at(-1);
      if (!top) return { index, error: 'ELSE without IF' };
      if (top.sawElse) return { index, error: 'a second ELSE for one IF' };
      top.sawElse = true;
    } else if (c?.kind === 'endif' && !open.pop()) return { index, error: 'ENDIF without IF' };
  }
  const unclosed = open.at(-1);
  return unclosed ? { index: unclosed.index, error: 'IF without ENDIF' } : null;
}

export interface BranchChoice {
  /** The IF line as written. */
  text: string;
  holds: boolean;
}

/**
 * The order lines a set gives on `position`: each IF's branch that its condition picks (the ELSE part
 * when it fails), and which way each IF that was reached went. Blocks must pair up (blockFault).
 */
export function chooseBranches(
  variant: Variant,
  lines: string[],
  position: Position,
): { lines: string[]; choices: BranchChoice[] } {
  const kept: string[] = [];
  const choices: BranchChoice[] = [];
  // For each open block: whether the lines now read are used.
  const using: boolean[] = [];
  const active = () => using.every(Boolean);
  for (const text of lines) {
    const c = conditionalLine(text);
    if (c?.kind === 'if') {
      const reached = active();
      const node = readCondition(variant, c.condition);
      const holds = !('error' in node) && conditionHolds(node, position);
      if (reached) choices.push({ text, holds });
      using.push(holds);
    } else if (c?.kind === 'else') using.push(!using.pop());
    else if (c?.kind === 'endif') using.pop();
    else if (active()) kept.push(text);
  }
  return { lines: kept, choices };
}
