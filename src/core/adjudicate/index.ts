// Public entry of the adjudicator: one call per phase, pure and deterministic.
export type { PhaseResult, AdjustmentCount } from './result.js';
export { adjudicate, initialPosition, yearCapInForce } from './phase.js';
export type { AdjudicateOptions } from './phase.js';
