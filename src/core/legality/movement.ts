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
import type { ConvoyOrder, Loc, MoveOrder, MovementOrder, ProvinceId, SupportOrder, Unit } from '../types.js';
import { coastOf, provinceOf } from '../types.js';
import type { LegalityReason, StraitOrDistance } from '../reasons.js';
import { unitFact } from '../reasons.js';
import { isNeutralPower } from './describe.js';
import type { Province } from '../map/variant.js';
import type { LegalityScope } from './scope.js';
import type { Judged } from './verdict.js';
import { refused } from './verdict.js';

/**
 * `standing`: the unit in the order's province when the caller has found it already (the
 * adjudicator, from its own index of the board); whose and what type it is are judged here all the same.
 */
export function judgeMovementOrder(scope: LegalityScope, order: MovementOrder, standing?: Unit): Judged<MovementOrder> {
  const owned = standing ? unitOwned(scope, order, standing) : orderedUnit(scope, order);
  if ('reason' in owned) return owned;
  const unit = owned.unit;
  const ruleCheck = scope.rules.checkOrder(scope.ctx, order);
  if (!ruleCheck.ok) return refused(ruleCheck.reason ?? { code: 'variant-rule' });
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
): { unit: Unit } | { reason: LegalityReason; alternatives?: undefined } {
  const province = provinceOf(order.loc);
  const unit = pool === 'standing' ? scope.unitIn(province) : scope.dislodgedIn(province);
  if (!unit) {
    if (pool === 'dislodged') {
      const standing = scope.unitIn(province);
      if (standing) return { reason: { code: 'not-dislodged', unit: unitFact(standing) } };
      return { reason: { code: 'no-dislodged-unit', province } };
    }
    return { reason: { code: 'no-unit', province } };
  }
  return unitOwned(scope, order, unit);
}

/** The unit found for an order: of the power giving it, of the type written. */
function unitOwned(
  scope: LegalityScope,
  order: { power: string; type: Unit['type'] },
  unit: Unit,
): { unit: Unit } | { reason: LegalityReason; alternatives?: undefined } {
  if (unit.power !== order.power) {
    const neutral = isNeutralPower(scope.ctx.variant, scope.ctx.position, unit.power);
    return { reason: { code: 'foreign-unit', unit: unitFact(unit), neutral } };
  }
  if (order.type !== unit.type) return { reason: { code: 'wrong-unit-type', unit: unitFact(unit) } };
  return { unit };
}

function terrainOf(scope: LegalityScope, province: ProvinceId) {
  return scope.ctx.variant.map.byId.get(province)?.terrain;
}

function index(scope: LegalityScope, province: ProvinceId): number {
  return scope.ctx.geometry.index.get(province) ?? -1;
}

function judgeMove(scope: LegalityScope, unit: Unit, order: MoveOrder): Judged<MovementOrder> {
  const from = provinceOf(unit.loc);
  const dest = provinceOf(order.to);
  // The province looked up once: its terrain here, its coasts for a fleet's destination.
  const province = scope.ctx.variant.map.byId.get(dest);
  const terrain = province?.terrain;
  if (terrain === undefined) return refused({ code: 'unknown-place', place: order.to });
  if (dest === from) return refused({ code: 'move-to-own-province', unit: unitFact(unit) });
  if (terrain === 'impassable') return refused({ code: 'impassable', province: dest });
  if (unit.type === 'F') {
    if (order.viaConvoy) return refused({ code: 'fleet-convoyed' });
    const to = fleetDestinationIn(scope, unit, order.to, province!, 'move');
    const closed = 'reason' in to && !to.alternatives?.length ? closedStrait(scope, unit, order.to, false) : null;
    if (closed) return refused(closed);
    if ('reason' in to)
      return refused(
        to.reason,
        to.alternatives?.map((loc) => moveOf(unit, loc, false)),
      );
    return { order: moveOf(unit, to.loc, false) };
  }
  if (terrain === 'sea') return refused({ code: 'army-to-sea', province: dest });
  const byLand = scope.reach.canMoveIn(unit, unit.loc, dest, index(scope, from), province!.index, 'move');
  // A border a strait closes is no invitation to a convoy the player never asked for: say why.
  const closed = byLand || order.viaConvoy || order.path?.length ? null : closedStrait(scope, unit, dest, true);
  if (closed) return refused(closed);
  const bySea = (!byLand || order.viaConvoy) && scope.reach.seaRoute(index(scope, from), index(scope, dest));
  if (order.path?.length) {
    const broken = convoyPathProblem(scope, from, order.path, dest);
    if (broken) return refused(broken);
    return { order: { ...moveOf(unit, dest, true), path: order.path } };
  }
  if (!byLand && !bySea) return refused({ code: 'cannot-reach', unit: unitFact(unit), place: dest });
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
): LegalityReason | null {
  const g = scope.ctx.geometry;
  for (const p of path) if (terrainOf(scope, p) !== 'sea') return { code: 'path-not-sea', province: p };
  if (terrainOf(scope, from) !== 'coast' || terrainOf(scope, dest) !== 'coast') {
    const inland = terrainOf(scope, from) === 'coast' ? dest : from;
    return { code: 'path-not-coastal', province: inland };
  }
  const chain = [from, ...path, dest];
  for (let i = 1; i < chain.length; i++) {
    const a = index(scope, chain[i - 1]);
    const b = index(scope, chain[i]);
    if (!g.fleetProvAdj[a * g.n + b]) return { code: 'path-broken', from: chain[i - 1], to: chain[i] };
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
): { loc: Loc } | { reason: LegalityReason; alternatives?: Loc[] } {
  const province = scope.ctx.variant.map.byId.get(provinceOf(written));
  if (!province) return { reason: { code: 'unknown-place', place: written } };
  return fleetDestinationIn(scope, unit, written, province, purpose);
}

function fleetDestinationIn(
  scope: LegalityScope,
  unit: Unit,
  written: Loc,
  province: Province,
  purpose: 'move' | 'support',
): { loc: Loc } | { reason: LegalityReason; alternatives?: Loc[] } {
  if (province.terrain === 'land') return { reason: { code: 'fleet-inland', province: province.id } };
  const targets = scope.reach.fleetTargetsIn(unit, unit.loc, province.index, purpose);
  const coast = coastOf(written);
  if (coast) {
    if (!province.coasts.includes(coast)) return { reason: { code: 'unknown-coast', province: province.id, coast } };
    if (targets.includes(written)) return { loc: written };
    return { reason: { code: 'cannot-reach', unit: unitFact(unit), place: written }, alternatives: [...targets] };
  }
  if (targets.length === 1) return { loc: targets[0] };
  if (targets.length === 0) return { reason: { code: 'cannot-reach', unit: unitFact(unit), place: province.id } };
  // The reach's list is shared: a refusal gets copies of its own.
  return {
    reason: { code: 'ambiguous-coast', unit: unitFact(unit), choices: [...targets] },
    alternatives: [...targets],
  };
}

/** The unit a support or convoy names: there, and of the type written (when one was written). */
function namedUnit(
  scope: LegalityScope,
  province: ProvinceId,
  type: Unit['type'] | undefined,
  verb: 'support' | 'convoy',
): { unit: Unit } | { unit?: undefined; reason: LegalityReason } {
  const target = scope.unitIn(province);
  if (!target) return { reason: { code: verb === 'support' ? 'nothing-to-support' : 'nothing-to-convoy', province } };
  if (type && type !== target.type) return { reason: { code: 'wrong-unit-type', unit: unitFact(target) } };
  return { unit: target };
}

function judgeSupport(scope: LegalityScope, unit: Unit, order: SupportOrder): Judged<MovementOrder> {
  const g = scope.ctx.geometry;
  const named = namedUnit(scope, order.target, order.targetType, 'support');
  if (!named.unit) return refused(named.reason);
  const target = named.unit;
  const here = provinceOf(unit.loc);
  const there = provinceOf(target.loc);
  if (there === here) return refused({ code: 'support-self' });
  if (order.to === undefined) {
    if (!scope.reach.reachesProvince(unit, unit.loc, there, 'support'))
      return refused({ code: 'support-out-of-reach', why: cannotReach(scope, unit, there), move: false });
    return { order: supportOf(unit, target, undefined) };
  }
  const to = provinceOf(order.to);
  if (to === here) return refused({ code: 'support-into-own-province' });
  if (to === there) return refused({ code: 'supported-already-there', province: to });
  // The province's index, looked up once for every question below.
  const t = g.index.get(to);
  if (t === undefined) return refused({ code: 'unknown-place', place: order.to });
  if (!scope.reach.reachesProvinceIn(unit, unit.loc, t, 'support'))
    return refused({ code: 'support-out-of-reach', why: cannotReach(scope, unit, to), move: true });
  let supportedTo: Loc = to;
  if (target.type === 'A') {
    const reaches =
      g.isLand[t] === 1 &&
      (scope.reach.canMove(target, target.loc, to, 'move') || scope.reach.seaRoute(index(scope, there), t));
    if (!reaches) return refused(supportedCannotReach(target, to));
  } else {
    const targets = scope.reach.fleetTargetsIn(target, target.loc, t, 'move');
    if (!targets.length) return refused(supportedCannotReach(target, to));
    // A coast the player named is kept: the supported move must go there (DATC 4.B.4, 6.B.9).
    const coast = coastOf(order.to);
    if (coast) {
      if (!targets.includes(order.to)) return refused(supportedCannotReach(target, order.to));
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

function cannotReach(scope: LegalityScope, unit: Unit, place: Loc): StraitOrDistance {
  return closedStrait(scope, unit, place, false) ?? { code: 'cannot-reach', unit: unitFact(unit), place };
}

/** The strait a rule closes between the unit and `to` (moves, supports and retreats alike), or null. */
export function closedStrait(
  scope: LegalityScope,
  unit: Unit,
  to: Loc,
  convoyHint: boolean,
): Extract<LegalityReason, { code: 'strait-closed' }> | null {
  const closed = scope.rules.closedCrossing(scope.ctx, unit, unit.loc, to);
  if (!closed) return null;
  const strait = { unit: unitFact(unit), from: unit.loc, to, sea: closed.sea, guard: closed.guard.power };
  return { code: 'strait-closed', strait, convoyHint };
}

function supportedCannotReach(target: Unit, place: Loc): LegalityReason {
  return { code: 'supported-cannot-reach', unit: unitFact(target), place };
}

function judgeConvoy(scope: LegalityScope, unit: Unit, order: ConvoyOrder): Judged<MovementOrder> {
  const here = provinceOf(unit.loc);
  if (unit.type !== 'F') return refused({ code: 'convoy-by-army', unit: unitFact(unit) });
  if (terrainOf(scope, here) !== 'sea') return refused({ code: 'convoy-not-at-sea', province: here });
  const named = namedUnit(scope, order.from, 'A', 'convoy');
  if (!named.unit) {
    const there = scope.unitIn(order.from);
    if (there) return refused({ code: 'convoy-of-fleet', unit: unitFact(there) });
    return refused(named.reason);
  }
  const from = order.from;
  const to = provinceOf(order.to);
  if (terrainOf(scope, to) === undefined) return refused({ code: 'unknown-place', place: order.to });
  if (to === from) return refused({ code: 'convoyed-already-there', province: to });
  if (!scope.reach.seaRoute(index(scope, from), index(scope, to), index(scope, here)))
    return refused({ code: 'convoy-impossible', from, to, through: here });
  return { order: { kind: 'convoy', power: unit.power, type: 'F', loc: unit.loc, from, to } };
}
