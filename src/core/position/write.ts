// Writes a position in the hand-written format, so that reading it back gives the same position.
import type { Variant } from '../map/variant.js';
import type { DislodgedUnit, Position } from '../types.js';
import { phaseText } from './names.js';
import { retreatOptions } from './retreats.js';

/** Retreats are written out only when they are not what the board alone gives (a standoff, a hand edit). */
function dislodgedLine(variant: Variant, position: Position, d: DislodgedUnit): string {
  const from = d.attackerFrom !== null ? ` from ${d.attackerFrom}` : '';
  const computed = retreatOptions(variant, position, d, d.attackerFrom);
  const same = computed.length === d.retreats.length && computed.every((l) => d.retreats.includes(l));
  return `  dislodged ${d.type} ${d.loc}${from}${same ? '' : ` retreats ${d.retreats.join(' ')}`}`;
}

export function positionToText(variant: Variant, position: Position): string {
  const strangers = [
    ...position.units.map((u) => u.power),
    ...position.dislodged.map((d) => d.power),
    ...Object.values(position.owners),
  ].filter((p) => !variant.powerById.has(p));
  if (strangers.length)
    throw new Error(`positionToText: ${[...new Set(strangers)].join(', ')} not powers of ${variant.id}`);

  const lines = [`variant ${variant.id}`, `phase ${phaseText(position.phase)}`, ''];
  for (const power of variant.powers) {
    const units = position.units.filter((u) => u.power === power.id);
    const dislodged = position.dislodged.filter((d) => d.power === power.id);
    const centres = Object.keys(position.owners)
      .filter((c) => position.owners[c] === power.id)
      .sort();
    if (!units.length && !dislodged.length && !centres.length) continue;
    lines.push(`${power.name}:`);
    for (const u of units) lines.push(`  ${u.type} ${u.loc}`);
    for (const d of dislodged) lines.push(dislodgedLine(variant, position, d));
    if (centres.length) lines.push(`  owns ${centres.join(' ')}`);
    lines.push('');
  }
  for (const [module, value] of Object.entries(position.state)) lines.push(`state ${module} ${JSON.stringify(value)}`);
  return `${lines.join('\n').trimEnd()}\n`;
}
