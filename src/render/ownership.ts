// The supply-centre ownership table and the adjustment counts printed after each Fall.
import type { AdjustmentCount } from '../core/adjudicate/result.js';
import type { PowerDef, Variant } from '../core/map/variant.js';
import type { PowerId, ProvinceId } from '../core/types.js';
import { placeName, powerName } from '../core/map/display-names.js';
import { wrap } from './wrap.js';

/** Great Powers first, then minors and affiliates, each in the variant file's order. */
export function powersInOrder(variant: Variant): PowerDef[] {
  return [...variant.powers.filter((p) => p.kind === 'great'), ...variant.powers.filter((p) => p.kind !== 'great')];
}

/**
 * The width of the power column: 11, as DPjudge and njudge align their tables, or wider when a name
 * is longer ("Poland-Lithuania:"), so that a long name never pushes its row out of the column.
 */
export function powerColumnWidth(names: string[]): number {
  return Math.max(11, ...names.map((n) => n.length + 1));
}

/** "Austria:" padded to the column plus one space. */
function label(name: string, width: number): string {
  return `${`${name}:`.padEnd(width)} `;
}

/** Centres are listed by province id, as DPjudge does (so Liverpool follows London). */
function centreList(variant: Variant, centres: ProvinceId[]): string {
  return `${[...centres]
    .sort()
    .map((c) => placeName(variant, c))
    .join(', ')}.`;
}

export function ownershipLines(variant: Variant, owners: Record<ProvinceId, PowerId>): string[] {
  const rows: [string, ProvinceId[]][] = [];
  const owned = new Set<ProvinceId>();
  for (const power of powersInOrder(variant)) {
    const centres = Object.keys(owners).filter((c) => owners[c] === power.id);
    centres.forEach((c) => owned.add(c));
    if (centres.length) rows.push([power.name, centres]);
  }
  const unowned = variant.map.provinces.filter((p) => p.centre && !owned.has(p.id)).map((p) => p.id);
  if (unowned.length) rows.push(['Unowned', unowned]);
  const width = powerColumnWidth(rows.map(([name]) => name));
  return rows.flatMap(([name, centres]) => wrap(label(name, width), centreList(variant, centres), width + 1));
}

/** `Austria:     5 Supply centers,  4 Units:  Builds   1 unit.`, singulars padded to keep the columns. */
export function adjustmentCountLine(
  variant: Variant,
  count: AdjustmentCount,
  winner: boolean,
  final = false,
  width = 11,
): string {
  const name = powerName(variant, count.power);
  const centres = `${String(count.centres).padStart(2)} Supply ${count.centres === 1 ? 'center, ' : 'centers,'}`;
  const units = `${String(count.units).padStart(2)} ${count.units === 1 ? 'Unit: ' : 'Units:'}`;
  const amount = Math.abs(count.delta);
  const verb = (count.delta < 0 ? 'Removes' : 'Builds').padEnd(7);
  const change = `${verb} ${String(amount).padStart(2)} ${amount === 1 ? 'unit' : 'units'}.`;
  // A game that ended (a victory, a year cap) has no winter: the counts stand alone, builds would mislead.
  if (final)
    return `${label(name, width)}${centres} ${units.replace(/:\s*$/, '.')}${winner ? '  (* VICTORY!! *)' : ''}`;
  return `${label(name, width)}${centres} ${units}  ${change}${winner ? '  (* VICTORY!! *)' : ''}`;
}

export function adjustmentCountLines(
  variant: Variant,
  counts: AdjustmentCount[],
  winners: PowerId[],
  final = false,
): string[] {
  const rank = new Map(powersInOrder(variant).map((p, i) => [p.id, i]));
  const width = powerColumnWidth(counts.map((c) => powerName(variant, c.power)));
  return [...counts]
    .sort((a, b) => (rank.get(a.power) ?? Infinity) - (rank.get(b.power) ?? Infinity))
    .map((c) => adjustmentCountLine(variant, c, winners.includes(c.power), final, width));
}
