// How units, orders and notes are worded in results mails (DPjudge/njudge "anglified" form):
// full location names from the variant, order words ->, HOLD, SUPPORT, CONVOY.
import { placeName, powerName } from '../core/map/display-names.js';
import type { Variant } from '../core/map/variant.js';
import type { OrderOutcome } from '../core/adjudicate/result.js';
import type { Loc, Note, Order, Phase, PowerId, Unit, UnitType } from '../core/types.js';
import { phaseText } from '../core/position/names.js';
import { phaseCode, provinceOf } from '../core/types.js';

/** "Fall 1901 Retreat (F1901R)": a phase named in words and by the code players write in orders. */
export function phaseWithCode(phase: Phase): string {
  return `${phaseText(phase)} (${phaseCode(phase)})`;
}

export function unitWord(type: UnitType): 'Army' | 'Fleet' {
  return type === 'A' ? 'Army' : 'Fleet';
}

export function powerAdjective(variant: Variant, power: PowerId): string {
  return variant.powerById.get(power)?.adjective ?? powerName(variant, power);
}

/** "Army Vienna", "Fleet St Petersburg (south coast)". */
export function unitName(variant: Variant, type: UnitType, loc: Loc): string {
  return `${unitWord(type)} ${placeName(variant, loc)}`;
}

/**
 * The unit a support or convoy names, found on the board the orders were written for.
 * Someone else's unit carries its owner's adjective ("Austrian Army Milan").
 */
function otherUnit(variant: Variant, board: Unit[], self: PowerId, province: string, typeHint?: UnitType): string {
  const unit = board.find((u) => provinceOf(u.loc) === province);
  const type = unit?.type ?? typeHint;
  const name = type ? unitName(variant, type, unit?.loc ?? province) : placeName(variant, province);
  return unit && unit.power !== self ? `${powerAdjective(variant, unit.power)} ${name}` : name;
}

/** The order part of a results line, without the power and the final period. */
export function orderPhrase(variant: Variant, order: Order, board: Unit[]): string {
  switch (order.kind) {
    case 'waive':
      return 'Build waived';
    case 'build':
      return `Builds ${order.type === 'A' ? 'an army' : 'a fleet'} in ${placeName(variant, order.loc)}`;
    case 'remove':
      return `Removes the ${order.type === 'A' ? 'army' : 'fleet'} in ${placeName(variant, order.loc)}`;
    default:
      break;
  }
  const unit = unitName(variant, order.type, order.loc);
  switch (order.kind) {
    case 'hold':
      return `${unit} HOLD`;
    case 'move': {
      const route = (order.path ?? []).map((p) => placeName(variant, p));
      return [unit, ...route, placeName(variant, order.to)].join(' -> ');
    }
    case 'support': {
      const target = otherUnit(variant, board, order.power, order.target, order.targetType);
      return order.to ? `${unit} SUPPORT ${target} -> ${placeName(variant, order.to)}` : `${unit} SUPPORT ${target}`;
    }
    case 'convoy': {
      const army = otherUnit(variant, board, order.power, order.from, 'A');
      return `${unit} CONVOY ${army} -> ${placeName(variant, order.to)}`;
    }
    case 'retreat':
      return `${unit} -> ${placeName(variant, order.to)}`;
    case 'disband':
      return `${unit} DISBAND`;
  }
}

/**
 * Notes as printed: "  (*bounce, dislodged*)". "no order" is printed only where outcomeText says so
 * (a Great Power's unit its player left unordered), first: "  (*no order, dislodged*)".
 */
export function notesSuffix(notes: Note[], unordered = false): string {
  const shown: string[] = notes.filter((n) => n !== 'no order');
  if (unordered) shown.unshift('no order');
  return shown.length ? `  (*${shown.join(', ')}*)` : '';
}

/**
 * A Great Power's unit that got no order from its player and was given the default (hold, disband,
 * a removal the judge chose), as njudge marks "No Order Processed". Not a DP-controlled neutral's
 * unit (nobody owes it orders) and not a build left unused (a waived build is no unit).
 */
export function isUnordered(variant: Variant, outcome: OrderOutcome): boolean {
  if (variant.powerById.get(outcome.order.power)?.kind !== 'great' || outcome.order.kind === 'waive') return false;
  return outcome.reason?.code === 'no-order' || outcome.notes.includes('no order');
}

export function outcomeText(variant: Variant, outcome: OrderOutcome, board: Unit[]): string {
  return `${orderPhrase(variant, outcome.order, board)}.${notesSuffix(outcome.notes, isUnordered(variant, outcome))}`;
}
