// The board as it stands, for LIST game and POSITION: what the classic judges' LIST shows — every
// unit by power (minors' and affiliates' too), dislodged units with where they may retreat, centre
// ownership, centre and unit counts, and in a winter the builds and removals due. Only what is on
// the board: Diplomacy Points never appear here.
import type { AdjustmentCount } from '../core/adjudicate/result.js';
import { adjustmentCounts } from '../core/adjudicate/adjustment.js';
import { geometry } from '../core/map/geometry.js';
import type { Variant } from '../core/map/variant.js';
import { rulesFor } from '../core/rules/index.js';
import { variantInPlay } from '../core/rules/variant/powers-in-play.js';
import type { PowerId, Position } from '../core/types.js';
import { PHASE_TYPE_NAME, phaseCode, SEASON_NAME } from '../core/types.js';
import { retreatOptionsSentence } from './dislodged.js';
import { adjustmentCountLines, ownershipLines, powersInOrder } from './ownership.js';
import { unitName } from './phrases.js';
import { powerName } from '../core/map/display-names.js';
import { announcements } from './results.js';
import { wrap } from './wrap.js';

/** Builds and removals due in an adjustment phase, as the variant's rules count them. */
function adjustmentsDue(fileVariant: Variant, position: Position): AdjustmentCount[] {
  const ctx = { variant: fileVariant, geometry: geometry(fileVariant), position, bids: [] };
  return adjustmentCounts(ctx, rulesFor(fileVariant), position);
}

/** `Austria:     3 Supply centers,  3 Units.` for every power holding centres or units. */
export function countLines(variant: Variant, position: Position): string[] {
  const centres = new Map<PowerId, number>();
  const units = new Map<PowerId, number>();
  for (const c in position.owners) centres.set(position.owners[c], (centres.get(position.owners[c]) ?? 0) + 1);
  for (const u of [...position.units, ...position.dislodged]) units.set(u.power, (units.get(u.power) ?? 0) + 1);
  const counts = powersInOrder(variant)
    .filter((p) => centres.has(p.id) || units.has(p.id))
    .map((p) => ({ power: p.id, centres: centres.get(p.id) ?? 0, units: units.get(p.id) ?? 0, delta: 0 }));
  // The adjustment table's rows without their builds: the same columns as after every Fall.
  return adjustmentCountLines(variant, counts, [], true);
}

function unitLines(variant: Variant, position: Position): string[] {
  const lines: string[] = [];
  const known = new Set(variant.powers.map((p) => p.id));
  const powers = [
    ...powersInOrder(variant).map((p) => p.id),
    ...new Set(position.units.map((u) => u.power).filter((p) => !known.has(p))),
  ];
  for (const power of powers) {
    const mine = position.units.filter((u) => u.power === power);
    if (!mine.length) continue;
    for (const u of mine) lines.push(`${powerName(variant, power)}: ${unitName(variant, u.type, u.loc)}.`);
    lines.push('');
  }
  return lines.length ? lines : ['(no units on the board)', ''];
}

export interface BoardOptions {
  /** Game name, for the phase reference `(game.S1901M)`. */
  game?: string;
}

/** The centre and unit counts alone (the game-over mail's final summary), as renderBoard prints them. */
export function renderCounts(fileVariant: Variant, position: Position): string[] {
  return countLines(variantInPlay(fileVariant, position), position);
}

export function renderBoard(fileVariant: Variant, position: Position, opts: BoardOptions = {}): string {
  const variant = variantInPlay(fileVariant, position);
  const phase = position.phase;
  const reference = `(${opts.game ? `${opts.game}.` : ''}${phaseCode(phase)})`;
  const season = `${SEASON_NAME[phase.season]} of ${phase.year}`;
  const title = `Position for ${season} (${PHASE_TYPE_NAME[phase.type]}).  ${reference}`;
  const lines = [title, '', ...unitLines(variant, position)];
  if (position.dislodged.length) {
    const sentences = position.dislodged.flatMap((d) => wrap('', retreatOptionsSentence(variant, d)));
    lines.push('The following units were dislodged and must retreat or disband:', '', ...sentences, '');
  }
  lines.push('Ownership of supply centers:', '', ...ownershipLines(variant, position.owners), '');
  const announced = announcements(fileVariant, position);
  if (announced.length) lines.push(...announced, '');
  if (phase.type === 'adjustment') {
    lines.push(
      'Adjustments due this winter:',
      '',
      ...adjustmentCountLines(variant, adjustmentsDue(fileVariant, position), []),
    );
  } else {
    lines.push('Supply centers and units:', '', ...countLines(variant, position));
  }
  return `${lines.join('\n')}\n`;
}
