// The one definition of a legal movement-phase order (DATC 4.E.1: an illegal order is not carried
// out and the unit holds). The parser asks it when a player writes an order, the adjudicator when
// it adjudicates: the same question gets the same answer, with the same reason.
// Choices where the rules leave one (docs/datc-choices.md):
// - a coast written for the ordered unit is ignored (DATC 4.B.5, 6.B.10); a fleet's destination
//   coast must be reachable, and may be left out when only one is (6.B.2); an army's is ignored (6.B.12);
// - a coast written in a supported fleet move is kept and must match the move (4.B.4, 6.B.9);
// - supporting or convoying an empty province, or a unit of the wrong type, is refused: nearly
//   always a typo, and the unit would do nothing else than hold;
// - "via convoy" where no route of seas could ever join the two provinces is a plain land move
//   (players' archives hold such orders); a move needing a convoy with no such route is refused.
import type { Variant } from '../map/variant.js';
import type { ConvoyOrder, Loc, MoveOrder, MovementOrder, ProvinceId, SupportOrder, Unit } from '../types.js';
import { coastOf, provinceOf } from '../types.js';
import { placeName, powerName } from '../map/display-names.js';
import { variantInPlay } from '../rules/variant/powers-in-play.js';
import { coastWord, describeUnit, isNeutralPower, wrongType } from './describe.js';
import type { LegalityScope } from './scope.js';
import type { Judged } from './verdict.js';
import { refused } from './verdict.js';

export function judgeMovementOrder(scope: LegalityScope, order: MovementOrder): Judged<MovementOrder> {
  const owned = orderedUnit(scope, order);
  if ('reason' in owned) return owned;
  const unit = owned.unit;
  const ruleCheck = scope.rules.checkOrder(scope.ctx, order);
  if (!ruleCheck.ok) return refused(ruleCheck.reason ?? 'not allowed by the variant rules');
  switch (order.kind) {
    case 'hold':
      return { order: { kind: 'hold', power: unit.power, type: unit.type, loc: unit.loc } };
    case 'move':
      return judgeMove(scope, unit, order);
    case 'support':
      return judgeSupport(scope, unit, order);
    case 'convoy':
      return judgeConvoy(scope, unit, order);
  }
}

/** The unit an order is for: in the province written, of the power giving it, of the type written. */
export function orderedUnit(
  scope: LegalityScope,
  order: { power: string; type: Unit['type']; loc: Loc },
  pool: 'standing' | 'dislodged' = 'standing',
): { unit: Unit } | { reason: string; alternatives?: undefined } {
  const { variant, position } = scope.ctx;
  const province = provinceOf(order.loc);
  const unit = pool === 'standing' ? scope.unitIn(province) : scope.dislodgedIn(province);
  if (!unit) {
    if (pool === 'dislodged') {
      const standing = scope.unitIn(province);
      if (standing) return { reason: `unit not dislodged: ${describeUnit(variant, standing)} does not retreat` };
      return { reason: `no dislodged unit in ${placeName(variant, province)}` };
    }
    return { reason: `no unit in ${placeName(variant, province)}` };
  }
  if (unit.power !== order.power) {
    const hint = isNeutralPower(variant, position, unit.power) ? ' (a neutral unit: bid for it with a DP line)' : '';
    const owner = powerName(variantInPlay(variant, position), unit.power);
    return { reason: `order to foreign unit: ${describeUnit(variant, unit)} belongs to ${owner}${hint}` };
  }
  if (order.type !== unit.type) return { reason: wrongType(variant, unit) };
  return { unit };
}

function terrainOf(scope: LegalityScope, province: ProvinceId) {
  return scope.ctx.variant.map.byId.get(province)?.terrain;
}

function index(scope: LegalityScope, province: ProvinceId): number {
  return scope.ctx.geometry.index.get(province) ?? -1;
}

function judgeMove(scope: LegalityScope, unit: Unit, order: MoveOrder): Judged<MovementOrder> {
  const { variant } = scope.ctx;
  const from = provinceOf(unit.loc);
  const dest = provinceOf(order.to);
  const terrain = terrainOf(scope, dest);
  if (terrain === undefined) return refused(`unknown place ${order.to}`);
  if (dest === from) return refused(`${describeUnit(variant, unit)} cannot move to the province it is in`);
  if (terrain === 'impassable') return refused(`${placeName(variant, dest)} is impassable`);
  if (unit.type === 'F') {
    if (order.viaConvoy) return refused('only armies can be convoyed');
    const to = fleetDestination(scope, unit, order.to, 'move');
    const closed = 'reason' in to && !to.alternatives?.length ? closedStrait(scope, unit, order.to) : null;
    if (closed) return refused(closed);
    if ('reason' in to)
      return refused(
        to.reason,
        to.alternatives?.map((loc) => moveOf(unit, loc, false)),
      );
    return { order: moveOf(unit, to.loc, false) };
  }
  if (terrain === 'sea') return refused(`an army cannot move to a sea (${placeName(variant, dest)})`);
  const byLand = scope.reach.canMove(unit, unit.loc, dest, 'move');
  // A border a strait closes is no invitation to a convoy the player never asked for: say why.
  const closed = byLand || order.viaConvoy || order.path?.length ? null : closedStrait(scope, unit, dest);
  if (closed) return refused(`${closed}; write "via convoy" to be convoyed`);
  const bySea = (!byLand || order.viaConvoy) && scope.reach.seaRoute(index(scope, from), index(scope, dest));
  if (order.path?.length) {
    const broken = convoyPathProblem(scope, from, order.path, dest);
    if (broken) return refused(broken);
    return { order: { ...moveOf(unit, dest, true), path: order.path } };
  }
  if (!byLand && !bySea) return refused(`${describeUnit(variant, unit)} cannot reach ${placeName(variant, dest)}`);
  // "via convoy" with no sea route at all can only mean the land move.
  return { order: moveOf(unit, dest, order.viaConvoy && bySea) };
}

// Orders are built field by field: an object spread here costs microseconds per order in V8,
// and every order of every mail and of the archive replay passes through.
function moveOf(unit: Unit, to: Loc, viaConvoy: boolean): MoveOrder {
  return { kind: 'move', power: unit.power, type: unit.type, loc: unit.loc, to, viaConvoy };
}

/** A written chain of seas: each a sea, each bordering the next, from coast to coast. */
function convoyPathProblem(
  scope: LegalityScope,
  from: ProvinceId,
  path: ProvinceId[],
  dest: ProvinceId,
): string | null {
  const { variant, geometry: g } = scope.ctx;
  for (const p of path)
    if (terrainOf(scope, p) !== 'sea') return `a convoy route goes through seas; ${placeName(variant, p)} is not a sea`;
  if (terrainOf(scope, from) !== 'coast' || terrainOf(scope, dest) !== 'coast') {
    const inland = terrainOf(scope, from) === 'coast' ? dest : from;
    return `a convoy goes from coast to coast; ${placeName(variant, inland)} is not on a coast`;
  }
  const chain = [from, ...path, dest];
  for (let i = 1; i < chain.length; i++) {
    const a = index(scope, chain[i - 1]);
    const b = index(scope, chain[i]);
    if (!g.fleetProvAdj[a * g.n + b]) {
      const [here, next] = [chain[i - 1], chain[i]].map((p) => placeName(variant, p));
      return `the convoy route is broken: ${here} does not border ${next}`;
    }
  }
  return null;
}

/**
 * The location of a fleet's destination: the coast written, if this fleet can reach it; else the
 * only coast it can reach. Alternatives name the coasts it can reach.
 */
export function fleetDestination(
  scope: LegalityScope,
  unit: Unit,
  written: Loc,
  purpose: 'move' | 'support',
): { loc: Loc } | { reason: string; alternatives?: Loc[] } {
  const { variant } = scope.ctx;
  const province = variant.map.byId.get(provinceOf(written));
  if (!province) return { reason: `unknown place ${written}` };
  if (province.terrain === 'land') return { reason: `a fleet cannot move inland (${province.name})` };
  const targets = scope.reach.fleetTargets(unit, unit.loc, province.id, purpose);
  const coast = coastOf(written);
  if (coast) {
    if (!province.coasts.includes(coast))
      return { reason: `unknown coast: ${province.name} has no ${coastWord(coast)}` };
    if (targets.includes(written)) return { loc: written };
    const reason = `${describeUnit(variant, unit)} cannot reach ${placeName(variant, written)}`;
    return { reason, alternatives: targets };
  }
  if (targets.length === 1) return { loc: targets[0] };
  if (targets.length === 0) return { reason: `${describeUnit(variant, unit)} cannot reach ${province.name}` };
  const names = targets.map((t) => placeName(variant, t)).join(' or ');
  const reason = `ambiguous coast: ${describeUnit(variant, unit)} could reach ${names}; say which`;
  return { reason, alternatives: targets };
}

/** The unit a support or convoy names: there, and of the type written (when one was written). */
function namedUnit(
  scope: LegalityScope,
  province: ProvinceId,
  type: Unit['type'] | undefined,
  verb: string,
): { unit: Unit } | { unit?: undefined; reason: string } {
  const { variant } = scope.ctx;
  const target = scope.unitIn(province);
  if (!target) return { reason: `no unit in ${placeName(variant, province)} to ${verb}` };
  if (type && type !== target.type) return { reason: wrongType(variant, target) };
  return { unit: target };
}

function judgeSupport(scope: LegalityScope, unit: Unit, order: SupportOrder): Judged<MovementOrder> {
  const { variant, geometry: g } = scope.ctx;
  const named = namedUnit(scope, order.target, order.targetType, 'support');
  if (!named.unit) return refused(named.reason);
  const target = named.unit;
  const here = provinceOf(unit.loc);
  const there = provinceOf(target.loc);
  if (there === here) return refused('a unit cannot support itself');
  if (order.to === undefined) {
    if (!scope.reach.reachesProvince(unit, unit.loc, there, 'support'))
      return refused(`${cannotReach(scope, unit, there)}, so cannot support there`);
    return { order: supportOf(unit, target, undefined) };
  }
  const to = provinceOf(order.to);
  if (to === here) return refused('a unit cannot support a move into its own province');
  if (to === there) return refused(`the supported unit is already in ${placeName(variant, to)}`);
  if (terrainOf(scope, to) === undefined) return refused(`unknown place ${order.to}`);
  if (!scope.reach.reachesProvince(unit, unit.loc, to, 'support'))
    return refused(`${cannotReach(scope, unit, to)}, so cannot support a move there`);
  let supportedTo: Loc = to;
  if (target.type === 'A') {
    const t = index(scope, to);
    const reaches =
      g.isLand[t] === 1 &&
      (scope.reach.canMove(target, target.loc, to, 'move') || scope.reach.seaRoute(index(scope, there), t));
    if (!reaches) return refused(supportedCannotReach(variant, target, to));
  } else {
    const targets = scope.reach.fleetTargets(target, target.loc, to, 'move');
    if (!targets.length) return refused(supportedCannotReach(variant, target, to));
    // A coast the player named is kept: the supported move must go there (DATC 4.B.4, 6.B.9).
    const coast = coastOf(order.to);
    if (coast) {
      if (!targets.includes(order.to)) return refused(supportedCannotReach(variant, target, order.to));
      supportedTo = order.to;
    }
  }
  return { order: supportOf(unit, target, supportedTo) };
}

function supportOf(unit: Unit, target: Unit, to: Loc | undefined): SupportOrder {
  const supported = provinceOf(target.loc);
  const order: SupportOrder = {
    kind: 'support',
    power: unit.power,
    type: unit.type,
    loc: unit.loc,
    target: supported,
    targetType: target.type,
  };
  if (to !== undefined) order.to = to;
  return order;
}

function cannotReach(scope: LegalityScope, unit: Unit, place: Loc): string {
  return (
    closedStrait(scope, unit, place) ??
    `${describeUnit(scope.ctx.variant, unit)} cannot reach ${placeName(scope.ctx.variant, place)}`
  );
}

/** "the strait between Andalusia and Morocco is closed to ...: a fleet of Great Britain is in Gibraltar", or null. */
function closedStrait(scope: LegalityScope, unit: Unit, to: Loc): string | null {
  const closed = scope.rules.closedCrossing(scope.ctx, unit, unit.loc, to);
  if (!closed) return null;
  const { variant, position } = scope.ctx;
  const [here, there] = [unit.loc, to].map((p) => placeName(variant, provinceOf(p)));
  const owner = powerName(variantInPlay(variant, position), closed.guard.power);
  return (
    `the strait between ${here} and ${there} is closed to ${describeUnit(variant, unit)}: ` +
    `a fleet of ${owner} is in ${placeName(variant, closed.sea)}`
  );
}

function supportedCannotReach(variant: Variant, target: Unit, place: Loc): string {
  const where = placeName(variant, place);
  return `the supported unit cannot reach ${where}: ${describeUnit(variant, target)} cannot go there`;
}

function judgeConvoy(scope: LegalityScope, unit: Unit, order: ConvoyOrder): Judged<MovementOrder> {
  const { variant } = scope.ctx;
  const here = provinceOf(unit.loc);
  if (unit.type !== 'F') return refused(`only fleets can convoy; ${describeUnit(variant, unit)} is an army`);
  if (terrainOf(scope, here) !== 'sea')
    return refused(`a fleet can convoy only from a sea; ${placeName(variant, here)} is not a sea`);
  const named = namedUnit(scope, order.from, 'A', 'convoy');
  if (!named.unit) {
    const there = scope.unitIn(order.from);
    if (there) return refused(`only armies can be convoyed; ${describeUnit(variant, there)} is a fleet`);
    return refused(named.reason);
  }
  const from = order.from;
  const to = provinceOf(order.to);
  if (terrainOf(scope, to) === undefined) return refused(`unknown place ${order.to}`);
  if (to === from) return refused(`the convoyed army is already in ${placeName(variant, to)}`);
  if (!scope.reach.seaRoute(index(scope, from), index(scope, to), index(scope, here))) {
    const [a, b, through] = [from, to, here].map((p) => placeName(variant, p));
    return refused(`impossible convoy: no route of seas from ${a} to ${b} passes ${through}`);
  }
  return { order: { kind: 'convoy', power: unit.power, type: 'F', loc: unit.loc, from, to } };
}
