// Which later phase an advance order is for: the order of phases in a year, the coming retreat or
// adjustment phase, and the written forms a player uses to name one ("PHASE F1901R", "PHASE Winter
// 1901", "Retreats:", "if dislodged, …").
import { phaseText, readPhase } from '../core/position/names.js';
import type { Phase, PhaseType } from '../core/types.js';

const SEQUENCE: readonly string[] = [
  'spring movement',
  'spring retreat',
  'fall movement',
  'fall retreat',
  'winter adjustment',
];

/** Phases in playing order: a larger rank comes later. */
export function phaseRank(phase: Phase): number {
  const within = SEQUENCE.indexOf(`${phase.season} ${phase.type}`);
  return phase.year * SEQUENCE.length + Math.max(0, within);
}

/** The first phase of that type at or after `current` (the retreats or the winter a player orders for). */
export function comingPhase(current: Phase, type: Exclude<PhaseType, 'movement'>): Phase {
  if (type === 'adjustment') return { year: current.year, season: 'winter', type };
  if (current.type !== 'adjustment') return { year: current.year, season: current.season, type };
  return { year: current.year + 1, season: 'spring', type };
}

/** A PHASE line's argument, as a phase that exists in the game's calendar, or why not. */
export function readPhaseArgument(text: string): Phase | string {
  if (!text.trim()) return 'PHASE needs a phase: PHASE F1901R, PHASE Winter 1901 or PHASE Fall 1901 Retreat';
  const read = readPhase(text);
  if ('error' in read) return read.error;
  const phase = read.ok;
  if (!SEQUENCE.includes(`${phase.season} ${phase.type}`))
    return `there is no ${phaseText(phase)} phase: retreats follow movement, and adjustments come in the Winter`;
  return phase;
}

const RETREAT_HEADING = /^(?:retreats?|if\s+dislodged|dislodged)\s*:?$/i;
const ADJUSTMENT_HEADING = /^(?:builds?|adjustments?|removals?|disbands?|winter)\s*:?$/i;
const MOVEMENT_HEADING = /^(?:moves?|movements?|orders?)\s*:?$/i;

/** A section heading in a player's orders: the phase type its lines are for, or null for none. */
export function sectionHeading(text: string): PhaseType | null {
  const line = text.trim();
  if (RETREAT_HEADING.test(line)) return 'retreat';
  if (ADJUSTMENT_HEADING.test(line)) return 'adjustment';
  if (MOVEMENT_HEADING.test(line)) return 'movement';
  return null;
}
