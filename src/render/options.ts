// How the legal orders of a phase (src/core/options) are printed: `chancery options` one order a
// line under each power's heading, as an order file writes them; OPTIONS by mail unit by unit.
import type { Variant } from '../core/map/variant.js';
import type { PhaseOptions, UnitOptions, WinterOptions } from '../core/options/index.js';
import { formatOrder } from '../core/orders/format.js';
import type { Order, PowerId } from '../core/types.js';
import { unitName } from './phrases.js';
import { powerName } from '../core/map/display-names.js';

/** A neutral unit is ordered by a DP line; its orders are shown as such a line of 1 DP. */
function line(variant: Variant, o: Order, by: UnitOptions['by']): string {
  return by === 'dp' ? `1 DP: ${formatOrder(o, variant)}` : formatOrder(o, variant);
}

/** One order a line; a power heading before each power's orders when several powers are listed. */
export function optionLines(variant: Variant, options: PhaseOptions, asker?: PowerId): string[] {
  const byPower = new Map<PowerId, string[]>();
  const add = (power: PowerId, lines: string[]) => byPower.set(power, [...(byPower.get(power) ?? []), ...lines]);
  for (const u of options.units)
    add(
      asker ?? u.unit.power,
      u.orders.map((o) => line(variant, o, u.by)),
    );
  for (const w of options.winter)
    add(
      w.power,
      w.orders.map((o) => formatOrder(o, variant)),
    );
  if (byPower.size <= 1) return [...byPower.values()].flat();
  return [...byPower].flatMap(([p, lines]) => [`${powerName(variant, p)}:`, ...lines]);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The mail's answer: a paragraph per unit (or the winter's builds or removals), orders indented. */
export function optionsText(variant: Variant, options: PhaseOptions): string {
  const blocks: string[] = [];
  for (const u of options.units) {
    const name = unitName(variant, u.unit.type, u.unit.loc);
    const head =
      u.by === 'dp'
        ? `${name} (neutral: ordered by a DP line, any amount; ${plural(u.orders.length, 'order')}):`
        : `${name} (${plural(u.orders.length, 'legal order')}):`;
    blocks.push([head, ...u.orders.map((o) => `  ${line(variant, o, u.by)}`)].join('\n'));
  }
  for (const w of options.winter) blocks.push(winterText(variant, w));
  return blocks.join('\n\n') || 'No unit of yours has an order to give in this phase.';
}

function winterText(variant: Variant, w: WinterOptions): string {
  if (w.delta === 0) return `${powerName(variant, w.power)} neither builds nor removes this winter.`;
  const head =
    w.delta > 0
      ? `${powerName(variant, w.power)} may build ${plural(w.delta, 'unit')} (or waive):`
      : `${powerName(variant, w.power)} must remove ${plural(-w.delta, 'unit')}:`;
  return [head, ...w.orders.map((o) => `  ${formatOrder(o, variant)}`)].join('\n');
}
