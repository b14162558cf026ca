// Every legal order of a unit, or of a power in a winter: candidates are enumerated from the same
// facts the legality reads (the map's locations, the board's units, the retreats recorded at the
// dislodgement, the build sites), each is put to the one legality (judgeOrder), and what it
// returns is kept in the form it returns. No rule is decided here: a candidate the legality refuses
// is dropped, so a new rule in the legality or a rule module is obeyed here without a change.
import type { Loc, Order, PowerId, ProvinceId, Unit } from '../types.js';
import { provinceOf } from '../types.js';
import { buildSites } from './adjustment.js';
import { judgeOrder } from './index.js';
import type { LegalityScope } from './scope.js';

/** The legal orders of the unit standing (or, in a retreat phase, dislodged) in `loc`'s province. */
export function unitOrders(scope: LegalityScope, loc: Loc): Order[] {
  const province = provinceOf(loc);
  switch (scope.ctx.position.phase.type) {
    case 'movement': {
      const unit = scope.unitIn(province);
      return unit ? movementOrders(scope, unit) : [];
    }
    case 'retreat': {
      const unit = scope.dislodgedIn(province);
      return unit ? retreatOrders(scope, unit) : [];
    }
    case 'adjustment': {
      const unit = scope.unitIn(province);
      return unit ? kept(scope, [{ kind: 'remove', power: unit.power, type: unit.type, loc: unit.loc }]) : [];
    }
  }
}

/** The candidates the legality accepts, as it normalises them, each once. */
function kept(scope: LegalityScope, candidates: Iterable<Order>): Order[] {
  const out = new Map<string, Order>();
  for (const c of candidates) {
    const verdict = judgeOrder(scope, c);
    if ('order' in verdict) out.set(orderKey(verdict.order), verdict.order);
  }
  return [...out.values()];
}

/** One key per distinct order (a written convoy route is not part of it: it only informs). */
export function orderKey(o: Order): string {
  switch (o.kind) {
    case 'waive':
      return `${o.power} waive`;
    case 'build':
      return `${o.power} build ${o.type} ${o.loc}`;
    case 'move':
      return `${o.power} ${o.type} ${o.loc} - ${o.to}${o.viaConvoy ? ' via' : ''}`;
    case 'support':
      return `${o.power} ${o.type} ${o.loc} S ${o.targetType ?? ''} ${o.target}${o.to ? ` - ${o.to}` : ''}`;
    case 'convoy':
      return `${o.power} ${o.type} ${o.loc} C ${o.from} - ${o.to}`;
    case 'retreat':
      return `${o.power} ${o.type} ${o.loc} R ${o.to}`;
    default:
      return `${o.power} ${o.type} ${o.loc} ${o.kind}`;
  }
}

/** Every location of the map a player may write: provinces and, on split coasts, each coast. */
function locsOf(scope: LegalityScope, provinces?: Iterable<ProvinceId>): Loc[] {
  const g = scope.ctx.geometry;
  const out: Loc[] = [];
  for (const p of provinces ?? g.ids) {
    out.push(p);
    for (const l of g.fleetLocs[g.index.get(p)!]) if (l !== p) out.push(l);
  }
  return out;
}

function movementOrders(scope: LegalityScope, unit: Unit): Order[] {
  const out: Order[] = [{ kind: 'hold', power: unit.power, type: unit.type, loc: unit.loc }];
  moveCandidates(scope, unit, out);
  supportCandidates(scope, unit, out);
  convoyCandidates(scope, unit, out);
  return kept(scope, out);
}

// Candidates are written field by field, not spread from a base: there are thousands a phase.
function moveCandidates(scope: LegalityScope, unit: Unit, out: Order[]): void {
  const { power, type, loc } = unit;
  for (const to of locsOf(scope, movable(scope, unit))) {
    out.push({ kind: 'move', power, type, loc, to, viaConvoy: false });
    // "via convoy" is a different order where a convoy route exists (DATC 6.G); the legality decides.
    if (type === 'A' && !to.includes('/')) out.push({ kind: 'move', power, type, loc, to, viaConvoy: true });
  }
}

/**
 * The provinces a unit could move to by the questions the legality asks of a move (its Reach, and
 * for an army a route of seas): only these are put to it, not every location of the map.
 */
function movable(scope: LegalityScope, unit: Unit): ProvinceId[] {
  let known = movableCache.get(scope);
  if (!known) movableCache.set(scope, (known = new Map()));
  let out = known.get(unit);
  if (!out) known.set(unit, (out = movableNow(scope, unit)));
  return out;
}

// Every support names another unit's move: each unit's provinces are asked for once per phase.
const movableCache = new WeakMap<LegalityScope, Map<Unit, ProvinceId[]>>();

function movableNow(scope: LegalityScope, unit: Unit): ProvinceId[] {
  const g = scope.ctx.geometry;
  const from = g.index.get(provinceOf(unit.loc))!;
  const army = unit.type === 'A';
  return g.ids.filter(
    (p, i) => scope.reach.reachesProvince(unit, unit.loc, p, 'move') || (army && scope.reach.seaRoute(from, i)),
  );
}

/**
 * The legality first asks whether the supporter reaches the province it supports into (or holds
 * in); the same question of the same Reach picks the provinces worth putting to it, so that not
 * every unit times every location of the map is judged.
 */
function supportCandidates(scope: LegalityScope, unit: Unit, out: Order[]): void {
  const reached = new Set(
    scope.ctx.geometry.ids.filter((p) => scope.reach.reachesProvince(unit, unit.loc, p, 'support')),
  );
  const { power, type, loc } = unit;
  for (const other of scope.ctx.position.units) {
    if (other === unit) continue;
    const target = provinceOf(other.loc);
    const targetType = other.type;
    if (reached.has(target)) out.push({ kind: 'support', power, type, loc, target, targetType });
    const into = movable(scope, other).filter((p) => reached.has(p));
    for (const to of locsOf(scope, into)) out.push({ kind: 'support', power, type, loc, target, targetType, to });
  }
}

/** Convoys: for every army on the board to every province a sea route could join it to (Reach.seaRoute). */
function convoyCandidates(scope: LegalityScope, unit: Unit, out: Order[]): void {
  const g = scope.ctx.geometry;
  if (unit.type !== 'F' || !g.isSea[g.index.get(provinceOf(unit.loc))!]) return;
  for (const army of scope.ctx.position.units) {
    if (army.type !== 'A') continue;
    const from = provinceOf(army.loc);
    const a = g.index.get(from)!;
    for (let b = 0; b < g.n; b++)
      if (b !== a && scope.reach.seaRoute(a, b))
        out.push({ kind: 'convoy', power: unit.power, type: 'F', loc: unit.loc, from, to: g.ids[b] });
  }
}

/** A retreat to each place recorded at the dislodgement (with and without its coast), or disband. */
function retreatOrders(scope: LegalityScope, unit: Unit & { retreats: Loc[] }): Order[] {
  const base = { power: unit.power, type: unit.type, loc: unit.loc };
  const places = new Set(unit.retreats.flatMap((l) => [l, provinceOf(l)]));
  return kept(scope, [
    ...[...places].map((to): Order => ({ kind: 'retreat', ...base, to })),
    { kind: 'disband', ...base },
  ]);
}

/**
 * A power's winter orders as the legality sees them, whatever its count: a build of each unit type
 * on each site it may build on now (each coast of a split one), a removal of each of its units, and
 * a waiver. How many builds or removals it has is the adjudicator's (adjustmentCounts).
 */
export function winterOrders(scope: LegalityScope, power: PowerId): Order[] {
  const { ctx, rules } = scope;
  const builds: Order[] = [];
  for (const site of buildSites(ctx, rules, ctx.position, power))
    for (const loc of locsOf(scope, [site]))
      for (const type of ['A', 'F'] as const) builds.push({ kind: 'build', power, type, loc });
  const removals: Order[] = ctx.position.units
    .filter((u) => u.power === power)
    .map((u) => ({ kind: 'remove', power, type: u.type, loc: u.loc }));
  return kept(scope, [...builds, ...removals, { kind: 'waive', power }]);
}
