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
import type { ConvoyOrder, Loc, MoveOrder, MovementOrder, ProvinceId, SupportOrder, Unit, UnitType } from '../types.js';
import { coastOf, provinceOf } from '../types.js';
import type { LegalityReason, StraitOrDistance } from '../reasons.js';
import { unitFact } from '../reasons.js';
import { isNeutralPower } from './describe.js';
import type { Province } from '../map/variant.js';
import { provinceIndex } from '../map/geometry.js';
import type { LegalityScope } from './scope.js';
import type { JudgedMovement, LegalMovement } from './verdict.js';
import { refused } from './verdict.js';

/**
 * `standing`, `at`: the unit in the order's province and that province's index, when the caller has
 * found them already (the adjudicator, from its own index of the board); whose and what type the
 * unit is are judged here all the same. A legal order comes with the provinces it acts on (LegalMovement).
 */
export function judgeMovementOrder(
  scope: LegalityScope,
  order: MovementOrder,
  standing?: Unit,
  at?: number,
): JudgedMovement {
  // Each kind on a path of its own from here: orders of five shapes pass this point, and a field read
  // where all of them pass is a megamorphic lookup; on a kind's own path it is not.
  switch (order.kind) {
    case 'hold': {
      const unit = subject(scope, order, order.power, order.type, standing);
      if ('reason' in unit) return unit;
      const hold: MovementOrder =
        order.loc === unit.loc ? order : { kind: 'hold', power: unit.power, type: unit.type, loc: unit.loc };
      return legal(hold, -1, -1);
    }
    case 'move': {
      const unit = subject(scope, order, order.power, order.type, standing);
      if ('reason' in unit) return unit;
      return judgeMove(scope, unit, at ?? provinceIndex(scope.ctx.geometry, unit.loc)!, order);
    }
    case 'support': {
      const unit = subject(scope, order, order.power, order.type, standing);
      if ('reason' in unit) return unit;
      return judgeSupport(scope, unit, at ?? provinceIndex(scope.ctx.geometry, unit.loc)!, order);
    }
    case 'convoy': {
      const unit = subject(scope, order, order.power, order.type, standing);
      if ('reason' in unit) return unit;
      return judgeConvoy(scope, unit, at ?? provinceIndex(scope.ctx.geometry, unit.loc)!, order);
    }
  }
}

/**
 * The unit a movement order is for, if the variant's rules allow the order. `power`, `type`: the
 * order's, read on its kind's own path.
 */
function subject(scope: LegalityScope, order: MovementOrder, power: string, type: UnitType, standing?: Unit) {
  const unit = standing ? unitOwned(scope, power, type, standing) : orderedUnit(scope, order);
  if ('reason' in unit) return unit;
  const ruleCheck = scope.rules.checkOrder(scope.ctx, order);
  if (!ruleCheck.ok) return refused(ruleCheck.reason ?? { code: 'variant-rule' });
  return 'unit' in unit ? unit.unit : unit;
}

function legal(order: MovementOrder, to: number, target: number): LegalMovement {
  return { order, to, target };
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
  const owned = unitOwned(scope, order.power, order.type, unit);
  return 'reason' in owned ? owned : { unit };
}

/** The unit found for an order: of the power giving it (`power`), of the type written (`type`). */
function unitOwned(
  scope: LegalityScope,
  power: string,
  type: UnitType,
  unit: Unit,
): Unit | { reason: LegalityReason; alternatives?: undefined } {
  if (unit.power !== power) {
    const neutral = isNeutralPower(scope.ctx.variant, scope.ctx.position, unit.power);
    return { reason: { code: 'foreign-unit', unit: unitFact(unit), neutral } };
  }
  if (type !== unit.type) return { reason: { code: 'wrong-unit-type', unit: unitFact(unit) } };
  return unit;
}

function terrainOf(scope: LegalityScope, province: ProvinceId) {
  return scope.ctx.variant.map.byId.get(province)?.terrain;
}

function index(scope: LegalityScope, province: ProvinceId): number {
  return scope.ctx.geometry.index.get(province) ?? -1;
}

/** `here`: the index of the unit's province. */
function judgeMove(scope: LegalityScope, unit: Unit, here: number, order: MoveOrder): JudgedMovement {
  const g = scope.ctx.geometry;
  // The destination looked up once: its index, terrain and coasts serve every question below.
  const d = provinceIndex(g, order.to);
  if (d === undefined) return refused({ code: 'unknown-place', place: order.to });
  const province = scope.ctx.variant.map.provinces[d];
  const dest = province.id;
  const terrain = province.terrain;
  if (d === here) return refused({ code: 'move-to-own-province', unit: unitFact(unit) });
  if (terrain === 'impassable') return refused({ code: 'impassable', province: dest });
  if (unit.type === 'F') {
    if (order.viaConvoy) return refused({ code: 'fleet-convoyed' });
    const to = fleetDestinationIn(scope, unit, here, order.to, province);
    if (typeof to === 'string') return legal(moveAsGiven(order, unit, to, false), d, -1);
    const closed = to.alternatives?.length ? null : closedStrait(scope, unit, order.to, false);
    if (closed) return refused(closed);
    return refused(
      to.reason,
      to.alternatives?.map((loc) => moveOf(unit, loc, false)),
    );
  }
  if (terrain === 'sea') return refused({ code: 'army-to-sea', province: dest });
  const byLand = scope.reach.canMoveIn(unit, unit.loc, dest, here, d, 'move');
  // A border a strait closes is no invitation to a convoy the player never asked for: say why.
  const closed = byLand || order.viaConvoy || order.path?.length ? null : closedStrait(scope, unit, dest, true);
  if (closed) return refused(closed);
  const bySea = (!byLand || order.viaConvoy) && scope.reach.seaRoute(here, d);
  if (order.path?.length) {
    const broken = convoyPathProblem(scope, provinceOf(unit.loc), order.path, dest);
    if (broken) return refused(broken);
    return legal({ ...moveOf(unit, dest, true), path: order.path }, d, -1);
  }
  if (!byLand && !bySea) return refused({ code: 'cannot-reach', unit: unitFact(unit), place: dest });
  // "via convoy" with no sea route at all can only mean the land move.
  return legal(moveAsGiven(order, unit, dest, order.viaConvoy && bySea), d, -1);
}

// The orders the adjudicator judges were mostly read by this very legality: an order that already
// says what the legality would write is returned as given, without a second object (the same fields
// in the same order; the unit's power and type are the order's, judged above).
function moveAsGiven(order: MoveOrder, unit: Unit, to: Loc, viaConvoy: boolean): MoveOrder {
  const same = order.loc === unit.loc && order.to === to && order.viaConvoy === viaConvoy && order.path === undefined;
  return same ? order : moveOf(unit, to, viaConvoy);
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

type NoDestination = { reason: LegalityReason; alternatives?: Loc[] };

/**
 * The location of a fleet's move (`here`: the index of its province): the coast written, if this fleet can reach it; else the
 * only coast it can reach. Alternatives name the coasts it can reach.
 */
function fleetDestinationIn(
  scope: LegalityScope,
  unit: Unit,
  here: number,
  written: Loc,
  province: Province,
): Loc | NoDestination {
  if (province.terrain === 'land') return { reason: { code: 'fleet-inland', province: province.id } };
  const targets = scope.reach.fleetTargetsIn(unit, unit.loc, province.index, 'move', here);
  const coast = coastOf(written);
  if (coast) {
    if (!province.coasts.includes(coast)) return { reason: { code: 'unknown-coast', province: province.id, coast } };
    if (targets.includes(written)) return written;
    return { reason: { code: 'cannot-reach', unit: unitFact(unit), place: written }, alternatives: [...targets] };
  }
  if (targets.length === 1) return targets[0];
  if (targets.length === 0) return { reason: { code: 'cannot-reach', unit: unitFact(unit), place: province.id } };
  // The reach's list is shared: a refusal gets copies of its own.
  return {
    reason: { code: 'ambiguous-coast', unit: unitFact(unit), choices: [...targets] },
    alternatives: [...targets],
  };
}

/** The unit a support or convoy names: in the province of index `p`, of the type written (when one was written). */
function namedUnit(
  scope: LegalityScope,
  p: number | undefined,
  province: ProvinceId,
  type: Unit['type'] | undefined,
  verb: 'support' | 'convoy',
): { unit: Unit } | { unit?: undefined; reason: LegalityReason } {
  const target = p === undefined ? undefined : scope.unitAtIndex(p);
  if (!target) return { reason: { code: verb === 'support' ? 'nothing-to-support' : 'nothing-to-convoy', province } };
  if (type && type !== target.type) return { reason: { code: 'wrong-unit-type', unit: unitFact(target) } };
  return { unit: target };
}

/** `here`: the index of the unit's province. */
function judgeSupport(scope: LegalityScope, unit: Unit, here: number, order: SupportOrder): JudgedMovement {
  const g = scope.ctx.geometry;
  const there = g.index.get(order.target);
  const named = namedUnit(scope, there, order.target, order.targetType, 'support');
  if (!named.unit) return refused(named.reason);
  const target = named.unit;
  // The supported unit stands in `there`: the index is known from here on.
  const t = there!;
  if (t === here) return refused({ code: 'support-self' });
  if (order.to === undefined) {
    if (!scope.reach.reachesProvinceIn(unit, unit.loc, here, t, 'support'))
      return refused({ code: 'support-out-of-reach', why: cannotReach(scope, unit, g.ids[t]), move: false });
    return legal(supportAsGiven(order, unit, target, g.ids[t], undefined), -1, t);
  }
  // The destination's index, looked up once for every question below.
  const d = provinceIndex(g, order.to);
  if (d === here) return refused({ code: 'support-into-own-province' });
  if (d === t) return refused({ code: 'supported-already-there', province: g.ids[d] });
  if (d === undefined) return refused({ code: 'unknown-place', place: order.to });
  const to = g.ids[d];
  if (!scope.reach.reachesProvinceIn(unit, unit.loc, here, d, 'support'))
    return refused({ code: 'support-out-of-reach', why: cannotReach(scope, unit, to), move: true });
  let supportedTo: Loc = to;
  if (target.type === 'A') {
    const reaches =
      g.isLand[d] === 1 && (scope.reach.canMoveIn(target, target.loc, to, t, d, 'move') || scope.reach.seaRoute(t, d));
    if (!reaches) return refused(supportedCannotReach(target, to));
  } else {
    const targets = scope.reach.fleetTargetsIn(target, target.loc, d, 'move', t);
    if (!targets.length) return refused(supportedCannotReach(target, to));
    // A coast the player named is kept: the supported move must go there (DATC 4.B.4, 6.B.9).
    const coast = coastOf(order.to);
    if (coast) {
      if (!targets.includes(order.to)) return refused(supportedCannotReach(target, order.to));
      supportedTo = order.to;
    }
  }
  return legal(supportAsGiven(order, unit, target, g.ids[t], supportedTo), d, t);
}

function supportAsGiven(
  given: SupportOrder,
  unit: Unit,
  target: Unit,
  supported: ProvinceId,
  to: Loc | undefined,
): SupportOrder {
  const same =
    given.loc === unit.loc && given.target === supported && given.targetType === target.type && given.to === to;
  return same ? given : supportOf(unit, target, supported, to);
}

function supportOf(unit: Unit, target: Unit, supported: ProvinceId, to: Loc | undefined): SupportOrder {
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

/** `here`: the index of the unit's province. */
function judgeConvoy(scope: LegalityScope, unit: Unit, here: number, order: ConvoyOrder): JudgedMovement {
  const g = scope.ctx.geometry;
  if (unit.type !== 'F') return refused({ code: 'convoy-by-army', unit: unitFact(unit) });
  if (g.isSea[here] !== 1) return refused({ code: 'convoy-not-at-sea', province: g.ids[here] });
  const f = g.index.get(order.from);
  const named = namedUnit(scope, f, order.from, 'A', 'convoy');
  if (!named.unit) {
    const there = f === undefined ? undefined : scope.unitAtIndex(f);
    if (there) return refused({ code: 'convoy-of-fleet', unit: unitFact(there) });
    return refused(named.reason);
  }
  const from = order.from;
  const d = provinceIndex(g, order.to);
  if (d === undefined) return refused({ code: 'unknown-place', place: order.to });
  const to = g.ids[d];
  if (d === f) return refused({ code: 'convoyed-already-there', province: to });
  if (!scope.reach.seaRoute(f!, d, here)) return refused({ code: 'convoy-impossible', from, to, through: g.ids[here] });
  const same = order.loc === unit.loc && order.to === to;
  return legal(same ? order : { kind: 'convoy', power: unit.power, type: 'F', loc: unit.loc, from, to }, d, f!);
}
