// Replays recorded Droidippy games phase by phase: each recorded position is adjudicated with
// its recorded orders and the result compared with the next recorded position. Differences
// with a known cause are counted apart from unexplained ones.
import { civilDisorderRemovals } from '../../src/core/adjudicate/adjustment.js';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { geometry } from '../../src/core/map/geometry.js';
import type { PhaseResult } from '../../src/core/adjudicate/result.js';
import type { Variant } from '../../src/core/map/variant.js';
import type { MoveOrder, Order, Phase, Position } from '../../src/core/types.js';
import { phaseCode } from '../../src/core/types.js';
import { DroidippyNames, parseDroidippyGame, type RecordedPhase } from './droidippy.js';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { multisetDifference, sameUnits, unitKeys } from './outcomes.js';
import type { KnownErrorPattern } from './known-errors.js';
import { matchesKnownError } from './known-errors.js';

export type Verdict =
  | 'match'
  /** Droidippy let a "via convoy" move fall back to its land route (DATC v2.4; v3.0 does not). */
  | 'via-convoy-fallback'
  /** A situation godip lists in droidippy_errors.txt as misjudged by Droidippy. */
  | 'known-droidippy-error'
  /** Civil disorder counted from home centres (the rule before 2023), not owned ones: the record agrees exactly. */
  | 'civil-disorder-choice'
  /**
   * A retreat phase whose dislodgements already differed in an explained movement phase that no
   * adjudication of ours reproduces (a known Droidippy error). Where one does (a via-convoy
   * fallback, an army-coast refusal), the retreat phase is judged on that board instead.
   */
  | 'follows-explained'
  /** Droidippy refused an army move written with a coast; DATC 6.B.12 (our choice) attempts it. */
  | 'army-coast-choice'
  /** Droidippy skipped a winter whose only adjustments were builds with nowhere to build. */
  | 'unbuildable-winter-skipped'
  /** The record jumps over a phase in which orders would have been due (a gap in the archive). */
  | 'record-gap'
  /**
   * The record has no retreat phase although a dislodged unit could retreat, and its next board is
   * exactly ours after that retreat phase with no retreat ordered (every dislodged unit disbanded).
   * The archive records a retreat phase after every other movement phase that left a unit able to
   * retreat (59,982 of them, many with no retreat ordered at all), so this is a gap in the
   * archive (a phase played but not recorded), not a rule of Droidippy; we hold the phase (the
   * rulebook's retreat phase) and compare across it.
   */
  | 'retreat-phase-unrecorded'
  /** A recorded phase that we skip as empty (already compared across). */
  | 'skipped'
  | 'unexplained';

export interface PhaseReport {
  game: string;
  phase: string;
  verdict: Verdict;
  differences: string[];
}

export interface GameReplay {
  phases: number;
  counts: Record<Verdict, number>;
  /** Every phase that did not match, with its verdict. */
  reports: PhaseReport[];
}

export function emptyCounts(): Record<Verdict, number> {
  return {
    match: 0,
    'via-convoy-fallback': 0,
    'known-droidippy-error': 0,
    'civil-disorder-choice': 0,
    'follows-explained': 0,
    'army-coast-choice': 0,
    'unbuildable-winter-skipped': 0,
    'record-gap': 0,
    'retreat-phase-unrecorded': 0,
    skipped: 0,
    unexplained: 0,
  };
}

export interface ReplayContext {
  variant: Variant;
  names: DroidippyNames;
  knownErrors: KnownErrorPattern[];
}

export function replayGame(ctx: ReplayContext, game: string, text: string): GameReplay {
  const record = parseDroidippyGame(text, ctx.names, game);
  const out: GameReplay = { phases: 0, counts: emptyCounts(), reports: [] };
  let previous: { result: PhaseResult; verdict: Verdict } | null = null;
  for (let i = 0; i + 1 < record.length; i++) {
    const rec = record[i];
    if (previous && !samePhase(previous.result.next.phase, rec.phase) && skippable(rec)) {
      // We skipped this phase; the comparison of the phase before already reached past it.
      out.counts.skipped++;
      continue;
    }
    const position = recordedPosition(ctx.variant, rec, previous?.result ?? null);
    // The recorded orders go in as text, through the same parser and legality as a player's mail.
    const orders = position ? readPhaseOrders(ctx.variant, position, rec.orderLines.join('\n'), game).orders : [];
    let verdict: Verdict;
    let differences: string[];
    let result: PhaseResult;
    if (position === null) {
      // Our preceding movement phase produced other dislodgements; that phase has its verdict.
      verdict = previous && previous.verdict !== 'match' ? 'follows-explained' : 'unexplained';
      differences = ['recorded dislodged units were not dislodged by our movement adjudication'];
      if (verdict === 'follows-explained' && previous?.verdict === 'unexplained') verdict = 'unexplained';
      result = previous!.result;
    } else {
      result = adjudicate(ctx.variant, position, orders, { seed: `${game}:${i}` });
      differences = compareWithRecord(result, record, i);
      if (differences.length === 0) verdict = 'match';
      else {
        const explained = classify(ctx, position, orders, result, record, i);
        verdict = explained.verdict;
        // The next phase is judged on the board the game went on with: a retreat phase after a
        // via-convoy fallback takes its retreat options from the board where the army went over land.
        if (explained.reproduced) result = explained.reproduced;
      }
    }
    out.phases++;
    out.counts[verdict]++;
    if (verdict !== 'match') out.reports.push({ game, phase: phaseCode(rec.phase), verdict, differences });
    previous = { result, verdict };
  }
  return out;
}

/** The recorded board as a Position; a retreat phase takes its retreat options from our movement result. */
export function recordedPosition(variant: Variant, rec: RecordedPhase, before: PhaseResult | null): Position | null {
  const position: Position = {
    variant: variant.id,
    phase: rec.phase,
    units: rec.units,
    dislodged: [],
    owners: rec.owners,
    state: {},
  };
  if (rec.phase.type !== 'retreat') return position;
  const ours = before?.next.dislodged ?? [];
  const dislodged = rec.dislodged.map((d) =>
    ours.find((o) => o.power === d.power && o.type === d.type && o.loc === d.loc),
  );
  if (dislodged.some((d) => d === undefined)) return null;
  return { ...position, dislodged: dislodged as NonNullable<(typeof dislodged)[number]>[] };
}

/**
 * Our next position against the record. Where we skip a phase that the record keeps (a
 * retreat phase in which no unit can retreat, so only disbands could be ordered), we compare
 * with the first recorded phase we reach.
 */
export function compareWithRecord(result: PhaseResult, record: RecordedPhase[], i: number): string[] {
  const next = result.next;
  let j = i + 1;
  while (j < record.length && !samePhase(record[j].phase, next.phase) && skippable(record[j])) j++;
  if (j < record.length && !samePhase(record[j].phase, next.phase)) {
    return [`next phase ${phaseCode(next.phase)}, recorded ${phaseCode(record[j].phase)}`];
  }
  // The record may stop inside a phase we skipped; its board, less the dislodged, is then ours.
  const reached = j < record.length;
  const expected = record[Math.min(j, record.length - 1)];
  const diffs: string[] = [];
  if (!sameUnits(expected.units, next.units)) describe(diffs, 'unit', unitKeys(expected.units), unitKeys(next.units));
  if (reached && !sameUnits(expected.dislodged, next.dislodged)) {
    describe(diffs, 'dislodged', unitKeys(expected.dislodged), unitKeys(next.dislodged));
  }
  if (reached && !sameOwners(expected.owners, next.owners)) {
    const owners = (o: Record<string, string>) => Object.entries(o).map(([c, p]) => `${p} ${c}`);
    describe(diffs, 'centre', owners(expected.owners), owners(next.owners));
  }
  return diffs;
}

function samePhase(a: Phase, b: Phase): boolean {
  return a.year === b.year && a.season === b.season && a.type === b.type;
}

function sameOwners(a: Record<string, string>, b: Record<string, string>): boolean {
  let count = 0;
  for (const c in a) {
    if (a[c] !== b[c]) return false;
    count++;
  }
  for (const _centre in b) count--;
  return count === 0;
}

/** A recorded retreat phase in which nothing but disbanding was ordered. */
export function skippable(rec: RecordedPhase): boolean {
  return rec.phase.type === 'retreat' && rec.orderLines.every((l) => l.endsWith(' disband'));
}

function describe(out: string[], what: string, expected: string[], actual: string[]): void {
  const { missing, extra } = multisetDifference(expected, actual);
  for (const m of missing) out.push(`recorded ${what} ${m} missing`);
  for (const e of extra) out.push(`${what} ${e} not in the record`);
}

interface Explanation {
  verdict: Verdict;
  /** The adjudication under the deviation that gives exactly the recorded result, where there is one. */
  reproduced?: PhaseResult;
}

function classify(
  ctx: ReplayContext,
  position: Position,
  orders: Order[],
  ours: PhaseResult,
  record: RecordedPhase[],
  i: number,
): Explanation {
  const rec = record[i];
  if (ctx.knownErrors.some((k) => matchesKnownError(k, position, orders))) return { verdict: 'known-droidippy-error' };
  const recordedNext = record[i + 1].phase;
  if (ours.next.phase.type === 'adjustment' && recordedNext.type === 'movement') {
    const winter = adjudicate(ctx.variant, ours.next, [], { seed: 'classify' });
    const nothingToDo = winter.destroyed.length === 0 && winter.next.units.length === ours.next.units.length;
    if (nothingToDo && compareWithRecord(winter, record, i).length === 0)
      return { verdict: 'unbuildable-winter-skipped', reproduced: winter };
  }
  if (ours.next.phase.type === 'retreat' && isLater(recordedNext, ours.next.phase)) {
    const noRetreats = adjudicate(ctx.variant, ours.next, [], { seed: 'classify' });
    if (compareWithRecord(noRetreats, record, i).length === 0)
      return { verdict: 'retreat-phase-unrecorded', reproduced: noRetreats };
  }
  if (isLater(recordedNext, ours.next.phase) && ours.next.phase.type === 'movement') return { verdict: 'record-gap' };
  if (rec.phase.type === 'movement') {
    const overLand = landRouteResult(ctx, position, orders, record, i);
    if (overLand) return { verdict: 'via-convoy-fallback', reproduced: overLand };
    const armyCoastHeld = armyCoastRefusalResult(ctx, position, orders, record, i);
    if (armyCoastHeld) return { verdict: 'army-coast-choice', reproduced: armyCoastHeld };
  }
  if (rec.phase.type === 'adjustment') {
    const homeCentres = homeCentreDisorderResult(ctx, position, orders, ours, record, i);
    if (homeCentres) return { verdict: 'civil-disorder-choice', reproduced: homeCentres };
  }
  return { verdict: 'unexplained' };
}

function isLater(a: Phase, b: Phase): boolean {
  const rank = (p: Phase) =>
    p.year * 10 +
    (p.season === 'spring' ? 0 : p.season === 'fall' ? 3 : 6) +
    (p.type === 'movement' ? 0 : p.type === 'retreat' ? 1 : 2);
  return rank(a) > rank(b);
}

/** The result with some "via convoy" move taken over land instead, when that gives exactly the record. */
function landRouteResult(
  ctx: ReplayContext,
  position: Position,
  orders: Order[],
  record: RecordedPhase[],
  i: number,
): PhaseResult | null {
  const viaConvoy = orders.filter((o): o is MoveOrder => o.kind === 'move' && o.viaConvoy);
  if (viaConvoy.length === 0) return null;
  const tryOrders = (fallback: Set<Order>) =>
    orders.map((o) => (fallback.has(o) ? { ...(o as MoveOrder), viaConvoy: false } : o));
  const candidates: Set<Order>[] = viaConvoy.map((o) => new Set<Order>([o]));
  if (viaConvoy.length > 1) candidates.push(new Set<Order>(viaConvoy));
  for (const set of candidates) {
    const result = adjudicate(ctx.variant, position, tryOrders(set), { seed: 'fallback' });
    if (compareWithRecord(result, record, i).length === 0) return result;
  }
  return null;
}

/** The result with every army ordered to a coast ("lvn move stp/sc") holding, when that gives exactly the record. */
function armyCoastRefusalResult(
  ctx: ReplayContext,
  position: Position,
  orders: Order[],
  record: RecordedPhase[],
  i: number,
): PhaseResult | null {
  const coastal = (o: Order) => o.kind === 'move' && o.type === 'A' && o.to.includes('/');
  if (!orders.some(coastal)) return null;
  const held = orders.map((o) =>
    coastal(o) ? ({ kind: 'hold', power: o.power, type: 'A', loc: (o as MoveOrder).loc } as Order) : o,
  );
  const result = adjudicate(ctx.variant, position, held, { seed: 'army-coast' });
  return compareWithRecord(result, record, i).length === 0 ? result : null;
}

/**
 * The result with civil disorder chosen by the rule Droidippy plays, when that gives exactly the
 * record: the 1971/1982 rule DATC 4.D.8 describes, distance to the power's *home* centres (DATC
 * 2023, ours: to the centres it owns), with the same tie-breaks (fleets first, then alphabetical)
 * but alphabetical by province id ("nwg" before "nwy", where full names put Norway first). Our
 * own civilDisorderRemovals picks the units, so a change to our tie-breaks changes these too and
 * the record no longer agrees: the excuse can hide a difference in where distance is counted
 * from, and nothing else.
 */
function homeCentreDisorderResult(
  ctx: ReplayContext,
  position: Position,
  orders: Order[],
  ours: PhaseResult,
  record: RecordedPhase[],
  i: number,
): PhaseResult | null {
  // How many units each power loses to civil disorder does not depend on the rule; which ones does.
  const disorder = ours.outcomes.filter((o) => o.order.kind === 'remove' && o.notes.includes('no order'));
  if (disorder.length === 0) return null;
  const ordered = new Set(
    ours.outcomes
      .filter((o) => o.success && !o.notes.includes('no order'))
      .flatMap((o) => (o.order.kind === 'remove' ? [o.order.loc] : [])),
  );
  const left = position.units.filter((u) => !ordered.has(u.loc));
  const g = geometry(ctx.variant);
  const removals: Order[] = [];
  for (const power of new Set(disorder.map((o) => o.order.power))) {
    const home = Object.fromEntries((ctx.variant.powerById.get(power)?.home ?? []).map((c) => [c, power]));
    const count = disorder.filter((o) => o.order.power === power).length;
    for (const u of civilDisorderRemovals(g, home, left, power, count, g.ids)) removals.push({ kind: 'remove', ...u });
  }
  const result = adjudicate(ctx.variant, position, [...orders, ...removals], { seed: 'home-centres' });
  return compareWithRecord(result, record, i).length === 0 ? result : null;
}
