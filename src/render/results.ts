// The results mail body in the classic DPjudge/njudge layout, which players and tools
// (Mapper, floc.net) read line by line. Diplomacy Points are secret and never appear here.
import type { PhaseResult } from '../core/adjudicate/result.js';
import { geometry } from '../core/map/geometry.js';
import type { Variant } from '../core/map/variant.js';
import { rulesFor } from '../core/rules/index.js';
import type { RuleContext } from '../core/rules/ruleset.js';
import { variantInPlay } from '../core/rules/variant/powers-in-play.js';
import type { OrderOutcome } from '../core/adjudicate/result.js';
import type { Phase, PowerId, Position, Unit } from '../core/types.js';
import { phaseCode, provinceOf, SEASON_NAME } from '../core/types.js';
import { dislodgedSentences, retreatOptionsSentence } from './dislodged.js';
import { adjustmentCountLines, ownershipLines, powerColumnWidth, powersInOrder } from './ownership.js';
import { outcomeText, unitName } from './phrases.js';
import { powerName } from '../core/map/display-names.js';
import { wrap, andList } from './wrap.js';
import { explanationLines } from './explain.js';
import type { Explanation } from '../core/adjudicate/trace.js';

export interface ResultsOptions {
  /** Game name: in the header, the phase reference `(game.S1901M)` and the footer. */
  game?: string;
  /** Judge id for the `:: Judge:` header line. */
  judge?: string;
  /** Deadline of the adjudicated phase, already formatted, for the `:: Deadline:` header line. */
  deadline?: string;
  /** Deadline of the next phase, already formatted ("Wednesday 25 November 2026 20:00 GMT"). */
  nextDeadline?: string;
  /** Order lines a hand GM's file held that were not taken, with the reason (offline adjudication). */
  refused?: { text: string; reason: string }[];
  /** Print under each movement order why it succeeded or failed (result.explanations, when recorded). */
  explain?: boolean;
}

const PHASE_TITLE = {
  movement: 'Movement results',
  retreat: 'Retreat orders',
  adjustment: 'Adjustment orders',
} as const;
/** Footer wording: "will be Adjustments for Winter of 1901". */
const NEXT_PHASE_NAME = { movement: 'Movement', retreat: 'Retreats', adjustment: 'Adjustments' } as const;

function seasonOf(phase: Phase): string {
  return `${SEASON_NAME[phase.season]} of ${phase.year}`;
}

function phaseReference(phase: Phase, game?: string): string {
  return `(${game ? `${game}.` : ''}${phaseCode(phase)})`;
}

/** Mapper expects winter adjustments as F1901B in the deadline header, as DPjudge writes them. */
function mapperCode(phase: Phase): string {
  return phase.type === 'adjustment' && phase.season === 'winter' ? `F${phase.year}B` : phaseCode(phase);
}

function headerLines(variant: Variant, phase: Phase, opts: ResultsOptions): string[] {
  const lines: string[] = [];
  if (opts.judge !== undefined || opts.game !== undefined) {
    const parts = [
      opts.judge !== undefined ? `Judge: ${opts.judge}` : '',
      opts.game !== undefined ? `Game: ${opts.game}` : '',
      `Variant: ${variant.id}`,
    ];
    lines.push(`:: ${parts.filter(Boolean).join('  ')}`);
  }
  if (opts.deadline !== undefined) lines.push(`:: Deadline: ${mapperCode(phase)} ${opts.deadline}`);
  if (lines.length) lines.push('');
  return lines;
}

/** Outcomes grouped by power in the variant's power order; each group in board order. */
function groupByPower(
  variant: Variant,
  outcomes: OrderOutcome[],
  boardOrder: (o: OrderOutcome) => number,
): [PowerId, OrderOutcome[]][] {
  const groups: [PowerId, OrderOutcome[]][] = [];
  const known = new Set<PowerId>();
  for (const p of powersInOrder(variant)) {
    known.add(p.id);
    const mine = outcomes.filter((o) => o.order.power === p.id);
    if (mine.length)
      groups.push([
        p.id,
        mine
          .map((o, i) => [o, i] as const)
          .sort((a, b) => boardOrder(a[0]) - boardOrder(b[0]) || a[1] - b[1])
          .map(([o]) => o),
      ]);
  }
  const strays = outcomes.filter((o) => !known.has(o.order.power));
  for (const power of new Set(strays.map((o) => o.order.power)))
    groups.push([power, strays.filter((o) => o.order.power === power)]);
  return groups;
}

function indexOfUnit(units: Unit[], outcome: OrderOutcome): number {
  const order = outcome.order;
  if (!('loc' in order)) return Infinity;
  const i = units.findIndex((u) => u.power === order.power && provinceOf(u.loc) === provinceOf(order.loc));
  return i < 0 ? Infinity : i;
}

/** Movement lines: `Austria: Army Vienna -> Bohemia.  (*bounce*)`, one blank line after each power. */
function movementLines(
  variant: Variant,
  before: Position,
  outcomes: OrderOutcome[],
  explained?: Explanation[],
): string[] {
  const lines: string[] = [];
  for (const [power, list] of groupByPower(variant, outcomes, (o) => indexOfUnit(before.units, o))) {
    // Only one space after the colon: Mapper depends on it. Lines are not wrapped, one unit per line.
    for (const o of list) {
      lines.push(`${powerName(variant, power)}: ${outcomeText(variant, o, before.units)}`);
      if (explained) lines.push(...explanationLines(variant, explained[outcomes.indexOf(o)]?.facts ?? []));
    }
    lines.push('');
  }
  return lines;
}

/** Retreat and adjustment lines: `Austria:    Builds an army in Vienna.`, the power column padded. */
function paddedLines(variant: Variant, before: Position, outcomes: OrderOutcome[], board: Unit[]): string[] {
  const lines: string[] = [];
  const groups = groupByPower(variant, outcomes, (o) => indexOfUnit(board, o));
  const width = powerColumnWidth(groups.map(([power]) => powerName(variant, power)));
  for (const [power, list] of groups)
    for (const o of list) {
      lines.push(`${`${powerName(variant, power)}:`.padEnd(width)} ${outcomeText(variant, o, before.units)}`);
    }
  lines.push('');
  return lines;
}

/** A Fall season is complete (no retreats pending): centres change hands and are listed. */
function endsFall(result: PhaseResult): boolean {
  return result.phase.season === 'fall' && result.phase.type !== 'adjustment' && result.next.phase.type !== 'retreat';
}

function footerLines(variant: Variant, result: PhaseResult, opts: ResultsOptions): string[] {
  if (result.gameOver && result.drawn?.length) {
    const names = result.drawn.map((p) => powerName(variant, p));
    const list = andList(names);
    const last = result.capLastYear ?? result.phase.year;
    // A board that started past the cap (a position file, a cap lowered mid-game) ends at its first Fall.
    const reached = last < result.phase.year ? `is past its last year, ${last}` : `has reached its last year, ${last}`;
    return [
      ...wrap('', `The game ${reached}, and is drawn among ${list}.`),
      'The game is over.  Thank you for playing.',
    ];
  }
  if (result.gameOver && result.winners.length) {
    // Said in words, not only by the "(* VICTORY!! *)" mark in the table.
    const won = result.winners.map((p) => {
      const centres = result.adjustments.find((c) => c.power === p)?.centres;
      return `${powerName(variant, p)}${centres === undefined ? '' : ` (${centres} supply centres)`}`;
    });
    const verb = won.length === 1 ? 'has' : 'have';
    return [...wrap('', `${andList(won)} ${verb} won the game.`), 'The game is over.  Thank you for playing.'];
  }
  if (result.gameOver) return ['The game is over.  Thank you for playing.'];
  const next = result.next.phase;
  const of = opts.game !== undefined ? ` of '${opts.game}'` : '';
  const lines = [`The next phase${of} will be ${NEXT_PHASE_NAME[next.type]} for ${seasonOf(next)}.`];
  if (opts.nextDeadline !== undefined) lines.push(`The deadline for orders will be ${opts.nextDeadline}.`);
  return lines;
}

/** `Swabia: Army Swabia rebuilt.` for each minor or affiliate unit the winter put back. */
function rebuiltLines(variant: Variant, units: Unit[]): string[] {
  return [
    '',
    'Units rebuilt in their home centres:',
    '',
    ...units.map((u) => `${powerName(variant, u.power)}: ${unitName(variant, u.type, u.loc)} rebuilt.`),
  ];
}

/** What the variant's rule modules announce with the ownership (e.g. who is Holy Roman Emperor). */
export function announcements(variant: Variant, position: Position): string[] {
  const ctx: RuleContext = { variant, geometry: geometry(variant), position, bids: [] };
  return rulesFor(variant).announcements(ctx, position);
}

export function renderResults(
  fileVariant: Variant,
  before: Position,
  result: PhaseResult,
  opts: ResultsOptions = {},
): string {
  // Powers only ever join during a game, so the position after the phase names every power in it.
  const variant = variantInPlay(fileVariant, result.next);
  const phase = result.phase;
  const lines = [
    ...headerLines(variant, phase, opts),
    `${PHASE_TITLE[phase.type]} for ${seasonOf(phase)}.  ${phaseReference(phase, opts.game)}`,
    '',
  ];
  if (phase.type === 'movement') {
    lines.push(...movementLines(variant, before, result.outcomes, opts.explain ? result.explanations : undefined));
    const dislodged = dislodgedSentences(variant, result, before.units);
    if (dislodged.length) lines.push('', 'The following units were dislodged:', '', ...dislodged, '', '');
  } else if (phase.type === 'retreat') {
    lines.push(...paddedLines(variant, before, result.outcomes, before.dislodged));
  } else {
    lines.push(...paddedLines(variant, before, result.outcomes, before.units));
  }
  // A blank line after the rebuilds, as after every other block: "The next phase" must not run into them.
  if (result.rebuilt?.length && phase.type === 'adjustment') lines.push(...rebuiltLines(variant, result.rebuilt), '');
  if (opts.refused?.length) {
    lines.push('', 'The following orders were not accepted:', '');
    for (const r of opts.refused) lines.push(`  ${r.text}  (*invalid*)`, `      ${r.reason}`);
    lines.push('');
  }
  if (endsFall(result)) {
    lines.push('', 'Ownership of supply centers:', '', ...ownershipLines(variant, result.next.owners), '');
    const announced = announcements(fileVariant, result.next);
    if (announced.length) lines.push(...announced, '');
    lines.push(...adjustmentCountLines(variant, result.adjustments, result.winners, result.gameOver), '');
    // No winter to play: the rebuilds it would have reported come with the Fall results.
    if (result.rebuilt?.length) lines.push(...rebuiltLines(variant, result.rebuilt).slice(1), '');
  }
  lines.push(...footerLines(variant, result, opts));
  return `${lines.join('\n')}\n`;
}

export interface PositionOptions {
  game?: string;
  judge?: string;
  /** Deadline of the first phase, already formatted. */
  deadline?: string;
}

/** The game-start mail body: every unit, any dislodged unit's options, and centre ownership. */
export function renderPosition(fileVariant: Variant, position: Position, opts: PositionOptions = {}): string {
  const variant = variantInPlay(fileVariant, position);
  const lines = [
    ...headerLines(variant, position.phase, opts),
    `Starting position for ${seasonOf(position.phase)}.  ${phaseReference(position.phase, opts.game)}`,
    '',
  ];
  for (const power of powersInOrder(variant)) {
    const units = position.units.filter((u) => u.power === power.id);
    if (!units.length) continue;
    for (const u of units) lines.push(`${power.name}: ${unitName(variant, u.type, u.loc)}.`);
    lines.push('');
  }
  if (position.dislodged.length) {
    lines.push(
      '',
      'The following units were dislodged:',
      '',
      ...position.dislodged.flatMap((d) => wrap('', retreatOptionsSentence(variant, d))),
      '',
      '',
    );
  }
  lines.push('', 'Ownership of supply centers:', '', ...ownershipLines(variant, position.owners), '');
  const announced = announcements(fileVariant, position);
  if (announced.length) lines.push(...announced, '');
  if (opts.deadline !== undefined) lines.push('', `The deadline for the first orders is ${opts.deadline}.`);
  return `${lines.join('\n')}\n`;
}
