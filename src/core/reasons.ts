// Why an order or a DP line is refused, or was not carried out: a closed set of codes, each with the
// facts needed to word it (units, provinces, powers, amounts: ids, never names). The core decides
// and branches on these codes; src/render/reasons.ts alone turns them into the players' words, so
// a wording can change without touching a rule or a test (godip's ErrIllegalSupportDestination style).
import type { Loc, Order, PhaseType, PowerId, ProvinceId, Unit, UnitType } from './types.js';

/** A unit as a reason names it: its type and where it stands, and whose it is. */
export type UnitFact = Pick<Unit, 'power' | 'type' | 'loc'>;

/** The bad news a rule module closing a strait gives: the sea and the fleet there (A&E straits). */
export interface StraitFact {
  unit: UnitFact;
  from: Loc;
  to: Loc;
  sea: ProvinceId;
  guard: PowerId;
}

/** Why the legality (src/core/legality) refuses an order. */
export type LegalityReason =
  | { code: 'wrong-phase'; kind: Order['kind']; phase: PhaseType; allowed: PhaseType[] }
  | { code: 'unknown-place'; place: string }
  | { code: 'no-unit'; province: ProvinceId }
  | { code: 'no-dislodged-unit'; province: ProvinceId }
  | { code: 'not-dislodged'; unit: UnitFact }
  /** `neutral`: the unit is a neutral's, ordered through DP. */
  | { code: 'foreign-unit'; unit: UnitFact; neutral: boolean }
  | { code: 'wrong-unit-type'; unit: UnitFact }
  | { code: 'variant-rule' }
  | { code: 'move-to-own-province'; unit: UnitFact }
  | { code: 'impassable'; province: ProvinceId }
  | { code: 'fleet-convoyed' }
  | { code: 'fleet-inland'; province: ProvinceId }
  | { code: 'army-to-sea'; province: ProvinceId }
  | { code: 'unknown-coast'; province: ProvinceId; coast: string }
  | { code: 'cannot-reach'; unit: UnitFact; place: Loc }
  | { code: 'ambiguous-coast'; unit: UnitFact; choices: Loc[] }
  /** `convoyHint`: an army that could be convoyed instead ("write via convoy"). */
  | { code: 'strait-closed'; strait: StraitFact; convoyHint: boolean }
  | { code: 'path-not-sea'; province: ProvinceId }
  | { code: 'path-not-coastal'; province: ProvinceId }
  | { code: 'path-broken'; from: ProvinceId; to: ProvinceId }
  | { code: 'nothing-to-support'; province: ProvinceId }
  | { code: 'support-self' }
  | { code: 'support-into-own-province' }
  | { code: 'supported-already-there'; province: ProvinceId }
  /** The supporter cannot reach where it supports: `why` is a strait or plain distance; `move`: a move, not a hold. */
  | { code: 'support-out-of-reach'; why: StraitOrDistance; move: boolean }
  | { code: 'supported-cannot-reach'; unit: UnitFact; place: Loc }
  | { code: 'convoy-by-army'; unit: UnitFact }
  | { code: 'convoy-not-at-sea'; province: ProvinceId }
  | { code: 'nothing-to-convoy'; province: ProvinceId }
  | { code: 'convoy-of-fleet'; unit: UnitFact }
  | { code: 'convoyed-already-there'; province: ProvinceId }
  | { code: 'convoy-impossible'; from: ProvinceId; to: ProvinceId; through: ProvinceId }
  | { code: 'retreat-coast-ambiguous'; unit: UnitFact; choices: Loc[] }
  | { code: 'retreat-or-disband'; unit: UnitFact }
  | { code: 'invalid-retreat'; unit: UnitFact; province: ProvinceId; coast: string | null }
  | { code: 'build-not-land'; province: ProvinceId; terrain: 'sea' | 'impassable' }
  | { code: 'fleet-built-inland'; province: ProvinceId }
  | { code: 'build-coast-missing'; province: ProvinceId }
  | { code: 'build-site-unknown-power'; power: PowerId }
  | { code: 'build-site-used'; province: ProvinceId }
  | { code: 'build-site-not-home'; province: ProvinceId; power: PowerId }
  | { code: 'build-site-not-owned'; province: ProvinceId; power: PowerId }
  | { code: 'build-site-occupied'; province: ProvinceId }
  | { code: 'build-site-refused'; province: ProvinceId; power: PowerId };

export type StraitOrDistance =
  Extract<LegalityReason, { code: 'strait-closed' }> | Extract<LegalityReason, { code: 'cannot-reach' }>;

/** Why a variant rule module refuses an order (Ruleset.checkOrder). */
export type RuleReason =
  /** A&E v6 §VII: the coast of a unified-coast space is always named. */
  | { code: 'coast-always-named'; province: ProvinceId }
  | { code: 'neutral-by-dp-only' }
  /** The Religion Rule (src/core/dp/religion.ts); `papal` is the Papal States' power. */
  | { code: 'religion-papal-support'; papal: PowerId }
  | { code: 'religion-papal-sortie-adjacent'; papal: PowerId }
  | { code: 'religion-papal-sortie-catholic'; papal: PowerId }
  | { code: 'religion-papal-orders'; papal: PowerId; sortie: boolean }
  | { code: 'religion-muslim-minor' }
  /** `ottoman`: the v5 wording, where only the Ottoman Great Power's attacks count. */
  | { code: 'religion-christian-minor'; ottoman: boolean }
  /** The GM's permanent civil disorder (rules/variant/civil-disorder.ts) refused. */
  | { code: 'cd-not-in-variant' }
  | { code: 'cd-not-great'; power: PowerId }
  | { code: 'cd-already'; power: PowerId };

/** Why the adjudicator did not carry an order out as given, beyond the legality's reasons. */
export type OutcomeReason =
  | { code: 'no-order' }
  | { code: 'no-convoy-route' }
  | { code: 'sortie-ends-elsewhere' }
  | { code: 'no-builds-left' }
  | { code: 'builder-removes' }
  | { code: 'remover-builds' }
  | { code: 'no-removals-left' }
  | { code: 'already-removed' }
  | { code: 'no-adjustment-due' };

/** Why a DP line is refused or void (src/core/dp), and why a power forfeits its DP. */
export type DpReason =
  | { code: 'dp-no-unit'; province: ProvinceId }
  | { code: 'dp-wrong-type'; province: ProvinceId; type: UnitType }
  | { code: 'dp-not-neutral'; unit: UnitFact }
  | { code: 'dp-not-great'; power: PowerId }
  | { code: 'dp-amount'; amount: number }
  | { code: 'dp-order-kind' }
  | { code: 'dp-neutral-order'; kind: Order['kind'] }
  | { code: 'dp-other-power'; bidder: PowerId; power: PowerId }
  | { code: 'dp-none' }
  | { code: 'dp-phase' }
  | { code: 'dp-retired'; power: PowerId }
  | { code: 'dp-budget'; total: number; allowance: number }
  | { code: 'dp-cap'; cap: number; province: ProvinceId; total: number }
  | { code: 'dp-attacking'; power: PowerId; province: ProvinceId; convoys: boolean }
  /** Forfeits (PowerAccount.reason): worded after the power's name, "allocated 4 DP with …". */
  | { code: 'dp-overspent'; allocated: number; allowance: number }
  | { code: 'dp-over-cap'; amount: number; province: ProvinceId; cap: number };

/**
 * The words a result stored before reasons were typed carries: src/store/phases.ts reads such a
 * reason so, and it is shown as it was published. The core never makes one.
 */
export type StoredWords = { code: 'worded'; text: string };

export type Reason = LegalityReason | RuleReason | OutcomeReason | DpReason | StoredWords;
export type ReasonCode = Reason['code'];
export type ReasonOf<C extends ReasonCode> = Extract<Reason, { code: C }>;

/**
 * Every code, once: the closed set as a value, for tests that walk it. `satisfies` makes the
 * compiler refuse a code missing here or one that is not in the union.
 */
const CODES = {
  'wrong-phase': 1,
  'unknown-place': 1,
  'no-unit': 1,
  'no-dislodged-unit': 1,
  'not-dislodged': 1,
  'foreign-unit': 1,
  'wrong-unit-type': 1,
  'variant-rule': 1,
  'move-to-own-province': 1,
  impassable: 1,
  'fleet-convoyed': 1,
  'fleet-inland': 1,
  'army-to-sea': 1,
  'unknown-coast': 1,
  'cannot-reach': 1,
  'ambiguous-coast': 1,
  'strait-closed': 1,
  'path-not-sea': 1,
  'path-not-coastal': 1,
  'path-broken': 1,
  'nothing-to-support': 1,
  'support-self': 1,
  'support-into-own-province': 1,
  'supported-already-there': 1,
  'support-out-of-reach': 1,
  'supported-cannot-reach': 1,
  'convoy-by-army': 1,
  'convoy-not-at-sea': 1,
  'nothing-to-convoy': 1,
  'convoy-of-fleet': 1,
  'convoyed-already-there': 1,
  'convoy-impossible': 1,
  'retreat-coast-ambiguous': 1,
  'retreat-or-disband': 1,
  'invalid-retreat': 1,
  'build-not-land': 1,
  'fleet-built-inland': 1,
  'build-coast-missing': 1,
  'build-site-unknown-power': 1,
  'build-site-used': 1,
  'build-site-not-home': 1,
  'build-site-not-owned': 1,
  'build-site-occupied': 1,
  'build-site-refused': 1,
  'coast-always-named': 1,
  'neutral-by-dp-only': 1,
  'religion-papal-support': 1,
  'religion-papal-sortie-adjacent': 1,
  'religion-papal-sortie-catholic': 1,
  'religion-papal-orders': 1,
  'religion-muslim-minor': 1,
  'religion-christian-minor': 1,
  'cd-not-in-variant': 1,
  'cd-not-great': 1,
  'cd-already': 1,
  'no-order': 1,
  'no-convoy-route': 1,
  'sortie-ends-elsewhere': 1,
  'no-builds-left': 1,
  'builder-removes': 1,
  'remover-builds': 1,
  'no-removals-left': 1,
  'already-removed': 1,
  'no-adjustment-due': 1,
  'dp-no-unit': 1,
  'dp-wrong-type': 1,
  'dp-not-neutral': 1,
  'dp-not-great': 1,
  'dp-amount': 1,
  'dp-order-kind': 1,
  'dp-neutral-order': 1,
  'dp-other-power': 1,
  'dp-none': 1,
  'dp-phase': 1,
  'dp-retired': 1,
  'dp-budget': 1,
  'dp-cap': 1,
  'dp-attacking': 1,
  'dp-overspent': 1,
  'dp-over-cap': 1,
  worded: 1,
} as const satisfies Record<ReasonCode, 1>;

export const REASON_CODES = Object.keys(CODES) as ReasonCode[];

/** A reason's unit facts from a unit: only type, place and owner (never a retreat list or the like). */
export function unitFact(unit: UnitFact): UnitFact {
  return { power: unit.power, type: unit.type, loc: unit.loc };
}
