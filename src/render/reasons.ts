// The words for the core's reason codes (src/core/reasons.ts): why an order or a DP line is refused,
// or was not carried out. Only here does a code become English; the mapped type below makes the
// compiler refuse a code without its words.
import type { Variant } from '../core/map/variant.js';
import type { Refusal } from '../core/orders/check-context.js';
import type { Reason, ReasonCode, ReasonOf, UnitFact } from '../core/reasons.js';
import { variantInPlay } from '../core/rules/variant/powers-in-play.js';
import type { Loc, PhaseType, Position, PowerId } from '../core/types.js';
import { provinceOf } from '../core/types.js';
import { placeName, powerName } from '../core/map/display-names.js';

/** What wording needs: the variant, and the position when powers may have arisen in the game (civil disorder). */
export interface Wording {
  variant: Variant;
  position?: Position;
}

const COAST_WORDS: Record<string, string> = {
  nc: 'north coast',
  sc: 'south coast',
  ec: 'east coast',
  wc: 'west coast',
};

export function coastWord(coast: string): string {
  return COAST_WORDS[coast] ?? `${coast} coast`;
}

const PHASE_WORD: Record<PhaseType, string> = {
  movement: 'a movement phase',
  retreat: 'a retreat phase',
  adjustment: 'an adjustment phase',
};

/** "the army in Paris". */
export function describeUnit(variant: Variant, unit: Pick<UnitFact, 'type' | 'loc'>): string {
  return `the ${unit.type === 'A' ? 'army' : 'fleet'} in ${placeName(variant, unit.loc)}`;
}

function power(w: Wording, id: PowerId): string {
  return powerName(w.position ? variantInPlay(w.variant, w.position) : w.variant, id);
}

const place = (w: Wording, loc: Loc) => placeName(w.variant, loc);
const unit = (w: Wording, u: Pick<UnitFact, 'type' | 'loc'>) => describeUnit(w.variant, u);
const places = (w: Wording, locs: Loc[]) => locs.map((l) => place(w, l)).join(' or ');
const typeWord = (type: UnitFact['type']) => (type === 'A' ? 'army' : 'fleet');

type Words = { [C in ReasonCode]: (r: ReasonOf<C>, w: Wording) => string };

const LEGALITY_WORDS = {
  'wrong-phase': (r) =>
    `${r.kind === 'move' ? 'a move' : r.kind.toUpperCase()} is not allowed in ${PHASE_WORD[r.phase]}; ` +
    `only in ${r.allowed.map((p) => PHASE_WORD[p]).join(' or ')}`,
  'unknown-place': (r) => `unknown place ${r.place}`,
  'no-unit': (r, w) => `no unit in ${place(w, r.province)}`,
  'no-dislodged-unit': (r, w) => `no dislodged unit in ${place(w, r.province)}`,
  'not-dislodged': (r, w) => `unit not dislodged: ${unit(w, r.unit)} does not retreat`,
  'foreign-unit': (r, w) =>
    `order to foreign unit: ${unit(w, r.unit)} belongs to ${power(w, r.unit.power)}` +
    (r.neutral ? ' (a neutral unit: bid for it with a DP line)' : ''),
  'wrong-unit-type': (r, w) => {
    const [is, isNot] = r.unit.type === 'A' ? ['an army', 'a fleet'] : ['a fleet', 'an army'];
    return `wrong unit type: there is ${is} in ${place(w, r.unit.loc)}, not ${isNot}`;
  },
  'variant-rule': () => 'not allowed by the variant rules',
  'move-to-own-province': (r, w) => `${unit(w, r.unit)} cannot move to the province it is in`,
  impassable: (r, w) => `${place(w, r.province)} is impassable`,
  'fleet-convoyed': () => 'only armies can be convoyed',
  'fleet-inland': (r, w) => `a fleet cannot move inland (${place(w, r.province)})`,
  'army-to-sea': (r, w) => `an army cannot move to a sea (${place(w, r.province)})`,
  'unknown-coast': (r, w) => `unknown coast: ${place(w, r.province)} has no ${coastWord(r.coast)}`,
  'cannot-reach': (r, w) => `${unit(w, r.unit)} cannot reach ${place(w, r.place)}`,
  'ambiguous-coast': (r, w) => `ambiguous coast: ${unit(w, r.unit)} could reach ${places(w, r.choices)}; say which`,
  'strait-closed': ({ strait: s, convoyHint }, w) =>
    `the strait between ${place(w, provinceOf(s.from))} and ${place(w, provinceOf(s.to))} is closed to ` +
    `${unit(w, s.unit)}: a fleet of ${power(w, s.guard)} is in ${place(w, s.sea)}` +
    (convoyHint ? '; write "via convoy" to be convoyed' : ''),
  'path-not-sea': (r, w) => `a convoy route goes through seas; ${place(w, r.province)} is not a sea`,
  'path-not-coastal': (r, w) => `a convoy goes from coast to coast; ${place(w, r.province)} is not on a coast`,
  'path-broken': (r, w) => `the convoy route is broken: ${place(w, r.from)} does not border ${place(w, r.to)}`,
  'nothing-to-support': (r, w) => `no unit in ${place(w, r.province)} to support`,
  'support-self': () => 'a unit cannot support itself',
  'support-into-own-province': () => 'a unit cannot support a move into its own province',
  'supported-already-there': (r, w) => `the supported unit is already in ${place(w, r.province)}`,
  'support-out-of-reach': (r, w) => `${reasonText(w, r.why)}, so cannot support ${r.move ? 'a move there' : 'there'}`,
  'supported-cannot-reach': (r, w) =>
    `the supported unit cannot reach ${place(w, r.place)}: ${unit(w, r.unit)} cannot go there`,
  'convoy-by-army': (r, w) => `only fleets can convoy; ${unit(w, r.unit)} is an army`,
  'convoy-not-at-sea': (r, w) => `a fleet can convoy only from a sea; ${place(w, r.province)} is not a sea`,
  'nothing-to-convoy': (r, w) => `no unit in ${place(w, r.province)} to convoy`,
  'convoy-of-fleet': (r, w) => `only armies can be convoyed; ${unit(w, r.unit)} is a fleet`,
  'convoyed-already-there': (r, w) => `the convoyed army is already in ${place(w, r.province)}`,
  'convoy-impossible': (r, w) =>
    `impossible convoy: no route of seas from ${place(w, r.from)} to ${place(w, r.to)} passes ${place(w, r.through)}`,
  'retreat-coast-ambiguous': (r, w) =>
    `ambiguous coast: ${unit(w, r.unit)} could retreat to ${places(w, r.choices)}; say which`,
  'retreat-or-disband': (r, w) => `${unit(w, r.unit)} must retreat or disband`,
  'invalid-retreat': (r, w) => {
    const where = place(w, r.province);
    const what = r.coast ? `${where} (${coastWord(r.coast)})` : where;
    return `invalid retreat destination: ${unit(w, r.unit)} cannot retreat to ${what}`;
  },
  'build-not-land': (r, w) =>
    `cannot build in ${place(w, r.province)}: it is ${r.terrain === 'sea' ? 'a sea' : 'impassable'}`,
  'fleet-built-inland': (r, w) => `a fleet cannot be built inland (${place(w, r.province)})`,
  'build-coast-missing': (r, w) => `ambiguous coast: say which coast of ${place(w, r.province)}`,
  'build-site-unknown-power': (r) => `invalid build site: unknown power ${r.power}`,
  'build-site-used': (r, w) => `invalid build site: ${place(w, r.province)} is already built on this winter`,
  'build-site-not-home': (r, w) =>
    `invalid build site: ${place(w, r.province)} is not a home centre of ${power(w, r.power)}`,
  'build-site-not-owned': (r, w) => `invalid build site: ${power(w, r.power)} does not own ${place(w, r.province)} now`,
  'build-site-occupied': (r, w) => `invalid build site: ${place(w, r.province)} is occupied`,
  'build-site-refused': (r, w) => `invalid build site: ${power(w, r.power)} may not build in ${place(w, r.province)}`,
} satisfies Partial<Words>;

const RULE_WORDS = {
  'coast-always-named': (r, w) =>
    `say which coast of ${place(w, r.province)} the fleet goes to: its coast is always named (§VII)`,
  'neutral-by-dp-only': () => 'a neutral unit is ordered only through Diplomacy Points (write "1 DP: <order>")',
  'religion-papal-support': (r, w) => `religion rule: the ${power(w, r.papal)} may support only a Catholic unit`,
  'religion-papal-sortie-adjacent': (r, w) =>
    `religion rule: the ${power(w, r.papal)} may sortie only into an adjacent space`,
  'religion-papal-sortie-catholic': (r, w) =>
    `religion rule: the ${power(w, r.papal)} may not sortie into a space a Catholic unit occupies`,
  'religion-papal-orders': (r, w) =>
    `religion rule: the ${power(w, r.papal)} may only hold${r.sortie ? ', sortie' : ''} or support a Catholic unit`,
  'religion-muslim-minor': () =>
    'religion rule: a Muslim minor may not support a Christian attack on a Muslim-held space',
  'religion-christian-minor': (r) =>
    `religion rule: a Christian minor may not support ${r.ottoman ? 'an Ottoman' : 'a Muslim'} attack ` +
    'on a Christian-held space',
} satisfies Partial<Words>;

const OUTCOME_WORDS = {
  'cd-not-in-variant': (_r, w) => `${w.variant.title} has no permanent civil disorder`,
  'cd-not-great': (r, w) =>
    `only a Great Power can be declared in permanent civil disorder (${power(w, r.power)} is not one)`,
  'cd-already': (r, w) => `${power(w, r.power)} is in permanent civil disorder already`,
  'no-order': () => 'no order',
  'no-convoy-route': () => 'no convoy route was ordered',
  'sortie-ends-elsewhere': () => 'a neutral unit may not end its turn elsewhere',
  'no-builds-left': () => 'no builds left',
  'builder-removes': () => 'a power with builds cannot remove',
  'remover-builds': () => 'a power with too many units must remove',
  'no-removals-left': () => 'no more removals due',
  'already-removed': () => 'that unit is already removed',
  'no-adjustment-due': () => 'no adjustment due',
} satisfies Partial<Words>;

const DP_WORDS = {
  'dp-no-unit': (r, w) => `unknown unit: there is no unit in ${place(w, r.province)}`,
  'dp-wrong-type': (r, w) => `unknown unit: there is no ${typeWord(r.type)} in ${place(w, r.province)}`,
  'dp-not-neutral': (r, w) => `not a neutral unit: ${unit(w, r.unit)} belongs to ${power(w, r.unit.power)}`,
  'dp-not-great': (r) => `only a Great Power may allocate DP (${r.power} is not one)`,
  'dp-amount': (r) => `the DP amount must be a positive whole number, not ${r.amount}`,
  'dp-order-kind': () => 'a DP line orders a hold, move, support or convoy',
  'dp-neutral-order': (r, w) => `a neutral unit may only hold or support in ${w.variant.title}; it cannot ${r.kind}`,
  'dp-other-power': (r) => `a DP line of ${r.bidder} in the orders of ${r.power}`,
  'dp-none': (_r, w) => `${w.variant.title} has no Diplomacy Points`,
  'dp-phase': () => 'DP are allocated only in Spring and Fall movement phases',
  'dp-retired': (r, w) => `${power(w, r.power)} is in permanent civil disorder and allocates no DP`,
  'dp-budget': (r) => `budget exceeded: this line brings your DP to ${r.total}, but you have ${r.allowance} this phase`,
  'dp-cap': (r, w) => `at most ${r.cap} DP on one minor power: this line brings ${place(w, r.province)} to ${r.total}`,
  'dp-attacking': (r, w) =>
    `attacking and allocating: ${power(w, r.power)} attacks ${place(w, r.province)} ` +
    `(or supports${r.convoys ? ' or convoys' : ''} an attack on it) this turn`,
  'dp-overspent': (r) => `allocated ${r.allocated} DP with an allowance of ${r.allowance}`,
  'dp-over-cap': (r, w) => `put ${r.amount} DP on ${place(w, r.province)}, more than ${r.cap} on one minor power`,
} satisfies Partial<Words>;

/** Every code's words: the type makes one missing, or one too many, a compile error. */
export const REASON_WORDS: Words = {
  ...LEGALITY_WORDS,
  ...RULE_WORDS,
  ...OUTCOME_WORDS,
  ...DP_WORDS,
  worded: (r) => r.text,
};

/** A reason in the players' words. */
export function reasonText(w: Wording, reason: Reason): string {
  const words = REASON_WORDS[reason.code] as (r: Reason, w: Wording) => string;
  return words(reason, w);
}

/** A parser refusal: the legality's reason in words, or the parser's own sentence as it is. */
export function refusalText(w: Wording, refusal: Refusal): string {
  return typeof refusal === 'string' ? refusal : reasonText(w, refusal);
}
