// Why each order of a movement phase succeeded or failed, as typed facts (a closed set of codes),
// recorded by the resolver when asked (adjudicate(..., { explain: true })) and never otherwise.
// Facts name units and strengths only: what the results already publish (who bid for a neutral
// unit, and how much, is never among them). src/render/explain.ts words them.
import type { Reason } from '../reasons.js';
import type { ProvinceId, Unit } from '../types.js';

export type Fact =
  /** The order was not carried out as given: illegal (the unit held), with the legality's reason. */
  | { code: 'illegal'; reason: Reason }
  | { code: 'no-order' }
  /** Supports that counted for this unit's move or hold. */
  | { code: 'supported'; by: Unit[] }
  /** Supports given to this unit that were cut, so did not count. */
  | { code: 'support-lost'; by: Unit[] }
  | { code: 'moved'; attack: number; against: number }
  /** A unit of its own power stays in the destination: no strength at all (DATC 4.B). */
  | { code: 'own-unit-stays'; unit: Unit }
  | { code: 'held-off'; defender: Unit; attack: number; hold: number }
  | { code: 'lost-head-to-head'; opponent: Unit; attack: number; defend: number }
  | { code: 'bounced'; with: Unit[]; attack: number; prevent: number }
  | { code: 'convoy-disrupted'; at: ProvinceId[] }
  | { code: 'no-convoy' }
  /** A convoy paradox was broken by the Szykman rule: the convoyed army fails without effect (DATC 4.A.2). */
  | { code: 'szykman' }
  /** Circular movement: every move of the ring succeeds. */
  | { code: 'circular' }
  /** A neutral unit's sortie that would have succeeded: it may never end elsewhere, so it held (A&E v6 ex. 7). */
  | { code: 'sortie-held' }
  /** A neutral unit's move never leaves its space (DP "stationary" rule). */
  | { code: 'stationary' }
  | { code: 'support-given'; to: Unit }
  | { code: 'support-void'; to: Unit | null }
  /** A sortie rule voided the support (A&E v6 example 8). */
  | { code: 'support-void-sortie' }
  | { code: 'support-cut'; by: Unit }
  | { code: 'support-cut-dislodged'; by: Unit }
  | { code: 'convoying'; army: Unit }
  | { code: 'convoy-void' }
  | { code: 'held' }
  | { code: 'dislodged'; by: Unit; attack: number; hold: number }
  // Retreat and adjustment phases, read from their outcomes (explain.ts).
  | { code: 'retreated' }
  /** Two or more units retreated to one province: all are destroyed. */
  | { code: 'retreat-bounced'; with: Unit[] }
  | { code: 'disbanded' }
  | { code: 'carried-out' }
  /** A winter order the count did not allow (no builds left, a removal by a power that builds...). */
  | { code: 'not-counted'; reason: Reason };

/** One per unit, in the order of the phase's outcomes. */
export interface Explanation {
  /** The unit ordered; for a build or a waiver, none. */
  unit: Unit | null;
  facts: Fact[];
}
