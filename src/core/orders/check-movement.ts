// Movement-phase orders: hold, move (with possible convoy), support, convoy.
import { borders, fleetTargets, reachesProvince } from '../map/geometry.js';
import type { Loc, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';
import type { Actor, Board, Checked, Rejection } from './board.js';
import { coastWord, describeUnit, placeName, unitAt, wrongPhase, wrongType } from './board.js';
import type { Draft, PlaceDraft } from './grammar.js';
import { convoyRoutePasses } from './convoy-route.js';
import { convoyConceivable } from './lexicon.js';

type MovementDraft = Extract<Draft, { kind: 'bare' | 'hold' | 'move' | 'support' | 'convoy' }>;

export function checkMovementOrder(board: Board, draft: Draft, actor: Actor): Checked {
  switch (draft.kind) {
    case 'build':
      return wrongPhase(board, 'BUILD', ['adjustment']);
    case 'remove':
      return wrongPhase(board, 'REMOVE', ['adjustment']);
    case 'disband':
      return wrongPhase(board, 'DISBAND', ['retreat', 'adjustment']);
    case 'waive':
      return wrongPhase(board, 'WAIVE', ['adjustment']);
    case 'move':
      if (draft.retreatWord) return wrongPhase(board, 'RETREAT', ['retreat']);
  }
  const d = draft as MovementDraft;
  const found = unitAt(board, d, actor, board.position.units);
  if ('error' in found) return found;
  const unit = found.unit;
  const base = { power: unit.power, type: unit.type, loc: unit.loc };
  switch (d.kind) {
    case 'bare':
    case 'hold':
      return { order: { ...base, kind: 'hold' } };
    case 'move':
      return checkMove(board, d, unit);
    case 'support':
      return checkSupport(board, d, unit);
    case 'convoy':
      return checkConvoy(board, d, unit);
  }
}

function terrain(board: Board, province: ProvinceId) {
  return board.variant.map.byId.get(province)!.terrain;
}

/** Could an army get from one coastal province to another over some chain of seas? */
function armyConvoyable(board: Board, from: ProvinceId, to: ProvinceId): boolean {
  return terrain(board, from) === 'coast' && terrain(board, to) === 'coast' && convoyConceivable(board.lex, from, to);
}

function checkMove(board: Board, d: Extract<Draft, { kind: 'move' }>, unit: Unit): Checked {
  const from = provinceOf(unit.loc);
  const dest = d.to.province;
  const base = { power: unit.power, type: unit.type, loc: unit.loc, kind: 'move' as const };
  if (dest === from) return { error: `${describeUnit(board, unit)} cannot move to the province it is in` };
  if (terrain(board, dest) === 'impassable') return { error: `${placeName(board, dest)} is impassable` };
  if (unit.type === 'F') {
    if (d.viaConvoy) return { error: 'only armies can be convoyed' };
    const to = fleetDestination(board, unit, d.to);
    if (typeof to !== 'string') return to;
    return { order: { ...base, to, viaConvoy: false } };
  }
  if (terrain(board, dest) === 'sea') return { error: `an army cannot move to a sea (${placeName(board, dest)})` };
  if (d.path.length) {
    const broken = convoyRouteProblem(board, from, d.path, dest);
    if (broken) return { error: broken };
    return { order: { ...base, to: dest, viaConvoy: true, path: d.path.map((p) => p.province) } };
  }
  const adjacent = borders(board.geo, 'A', unit.loc, dest);
  if (!adjacent || d.viaConvoy) {
    if (!armyConvoyable(board, from, dest))
      return {
        error: adjacent
          ? `no sea route joins ${placeName(board, from)} and ${placeName(board, dest)} for a convoy`
          : `${describeUnit(board, unit)} cannot reach ${placeName(board, dest)}`,
      };
  }
  return { order: { ...base, to: dest, viaConvoy: d.viaConvoy } };
}

function convoyRouteProblem(board: Board, from: ProvinceId, path: PlaceDraft[], dest: ProvinceId): string | null {
  for (const p of path)
    if (terrain(board, p.province) !== 'sea')
      return `a convoy route goes through seas; ${placeName(board, p.province)} is not a sea`;
  if (terrain(board, from) !== 'coast' || terrain(board, dest) !== 'coast')
    return `a convoy goes from coast to coast; ${placeName(board, terrain(board, from) === 'coast' ? dest : from)} is not on a coast`;
  const chain = [from, ...path.map((p) => p.province), dest];
  const { geo } = board;
  for (let i = 1; i < chain.length; i++) {
    const a = geo.index.get(chain[i - 1])!;
    const b = geo.index.get(chain[i])!;
    if (!geo.fleetProvAdj[a * geo.n + b])
      return `the convoy route is broken: ${placeName(board, chain[i - 1])} does not border ${placeName(board, chain[i])}`;
  }
  return null;
}

/** The fleet's destination with its coast: given and reachable, or the only reachable one. */
function fleetDestination(board: Board, unit: Unit, to: PlaceDraft): Loc | Rejection {
  const province = board.variant.map.byId.get(to.province)!;
  if (province.terrain === 'land') return { error: `a fleet cannot move inland (${province.name})` };
  const targets = fleetTargets(board.geo, unit.loc, province.id);
  const order = (loc: Loc) => `${unit.type} ${unit.loc.toUpperCase()} - ${loc.toUpperCase()}`;
  if (to.coast) {
    if (!province.coasts.includes(to.coast))
      return { error: `unknown coast: ${province.name} has no ${coastWord(to.coast)}` };
    const loc = `${province.id}/${to.coast}`;
    if (targets.includes(loc)) return loc;
    return {
      error: `${describeUnit(board, unit)} cannot reach ${placeName(board, loc)}`,
      alternatives: targets.map(order),
    };
  }
  if (targets.length === 1) return targets[0];
  if (targets.length === 0) return { error: `${describeUnit(board, unit)} cannot reach ${province.name}` };
  return {
    error: `ambiguous coast: ${describeUnit(board, unit)} could reach ${targets.map((t) => placeName(board, t)).join(' or ')}; say which`,
    alternatives: targets.map(order),
  };
}

function targetUnit(board: Board, d: Extract<Draft, { kind: 'support' | 'convoy' }>): { unit: Unit } | Rejection {
  const target = board.position.units.find((u) => provinceOf(u.loc) === d.target.province);
  if (!target) return { error: `no unit in ${placeName(board, d.target.province)} to ${d.kind}` };
  if (d.target.type && d.target.type !== target.type)
    return {
      error: wrongType(board, target),
      fix: { ...d, target: { ...d.target, type: target.type } },
    };
  return { unit: target };
}

function checkSupport(board: Board, d: Extract<Draft, { kind: 'support' }>, unit: Unit): Checked {
  const found = targetUnit(board, d);
  if ('error' in found) return found;
  const target = found.unit;
  const here = provinceOf(unit.loc);
  const there = provinceOf(target.loc);
  const base = { power: unit.power, type: unit.type, loc: unit.loc, kind: 'support' as const, target: there, targetType: target.type };
  if (there === here) return { error: 'a unit cannot support itself' };
  if (!d.to) {
    if (!reachesProvince(board.geo, unit.type, unit.loc, there))
      return { error: `${describeUnit(board, unit)} cannot reach ${placeName(board, there)}, so cannot support there` };
    return { order: base };
  }
  const to = d.to.province;
  if (to === here) return { error: 'a unit cannot support a move into its own province' };
  if (to === there) return { error: `the supported unit is already in ${placeName(board, to)}` };
  if (!reachesProvince(board.geo, unit.type, unit.loc, to))
    return { error: `${describeUnit(board, unit)} cannot reach ${placeName(board, to)}, so cannot support a move there` };
  const supportedReaches =
    target.type === 'A'
      ? borders(board.geo, 'A', target.loc, to) || armyConvoyable(board, there, to)
      : fleetTargets(board.geo, target.loc, to).length > 0;
  if (!supportedReaches) return { error: `the supported unit cannot reach ${placeName(board, to)}: ${describeUnit(board, target)} cannot go there` };
  return { order: { ...base, to } };
}

function checkConvoy(board: Board, d: Extract<Draft, { kind: 'convoy' }>, unit: Unit): Checked {
  const here = provinceOf(unit.loc);
  if (unit.type !== 'F') return { error: `only fleets can convoy; ${describeUnit(board, unit)} is an army` };
  if (terrain(board, here) !== 'sea') return { error: `a fleet can convoy only from a sea; ${placeName(board, here)} is not a sea` };
  const found = targetUnit(board, d);
  if ('error' in found) return found;
  const army = found.unit;
  if (army.type !== 'A') return { error: `only armies can be convoyed; ${describeUnit(board, army)} is a fleet` };
  const from = provinceOf(army.loc);
  const to = d.to.province;
  if (to === from) return { error: `the convoyed army is already in ${placeName(board, to)}` };
  if (terrain(board, from) !== 'coast' || terrain(board, to) !== 'coast' || !convoyRoutePasses(board.variant, from, to, here))
    return { error: `impossible convoy: no route of seas from ${placeName(board, from)} to ${placeName(board, to)} passes ${placeName(board, here)}` };
  return { order: { power: unit.power, type: 'F', loc: unit.loc, kind: 'convoy', from, to } };
}
