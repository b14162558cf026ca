// Movement-phase adjudication: Kruijswijk's guess-and-check resolver ("The Math of Adjudication")
// over dense arrays. DATC v3.0 preferences: multi-route convoys are disrupted only when every route
// is (4.A.1); convoy paradoxes fall back to Szykman (4.A.2); an army takes a convoy to an adjacent
// province only "via convoy" or with a convoy ordered by its own power, never falling back to land
// (4.A.3); an army convoyed from the supported-into province does not cut (4.A.4); a unit dislodged
// by a convoyed army may retreat to the army's origin (4.A.5); a dislodged unit that was not in a
// head-to-head battle still bounces in the attacker's origin (4.A.7); illegal orders hold (4.E.1).
import type { DislodgedUnit, Loc, MovementOrder, Note, Unit } from '../types.js';
import type { OrderOutcome } from './result.js';
import type { Reason } from '../reasons.js';
import { provinceOf } from '../types.js';
import type { LegalityScope } from '../legality/index.js';
import { Reach } from '../legality/index.js';
import type { MoveMode } from '../rules/ruleset.js';
import { legalise } from './legality.js';
import type { Explanation, Fact } from './trace.js';

const NOBODY: readonly number[] = [];

const HOLD = 0;
const MOVE = 1;
const SUPPORT = 2;
const CONVOY = 3;

const NO_CONVOY: Reason = { code: 'no-convoy-route' };
const NO_ORDER: Reason = { code: 'no-order' };

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;

export interface MovementOutcome {
  outcomes: OrderOutcome[];
  /** Units after movement (moved units at their new locations; dislodged units removed). */
  units: Unit[];
  dislodged: DislodgedUnit[];
  /** Dislodged units that may not retreat and are destroyed at once. */
  destroyed: Unit[];
  /** Why each outcome is what it is, in the same order; only when asked (`explain`). */
  explanations?: Explanation[];
}

/** Orders forced void (supports) or invalid (moves) by the sortie rule, keyed by unit location. */
export interface SortieVerdicts {
  voidSupports: Set<Loc>;
  invalidMoves: Set<Loc>;
}

export function adjudicateMovement(
  scope: LegalityScope,
  orders: MovementOrder[],
  sorties: SortieVerdicts = { voidSupports: new Set(), invalidMoves: new Set() },
  explain = false,
): MovementOutcome {
  const { ctx, rules, reach } = scope;
  const g = ctx.geometry;
  const units = ctx.position.units;
  const count = units.length;
  const n = g.n;

  const prov = new Int32Array(count);
  const unitAt = new Int32Array(n).fill(-1);
  for (let i = 0; i < count; i++) {
    prov[i] = g.index.get(provinceOf(units[i].loc))!;
    unitAt[prov[i]] = i;
  }

  // One legal order per unit; anything illegal or missing becomes a hold (DATC 4.E.1).
  const legal = legalise(scope, orders, unitAt, sorties.invalidMoves);
  const kind = new Uint8Array(count);
  const dest = new Int32Array(count).fill(-1); // move destination; support/convoy: destination province
  const target = new Int32Array(count).fill(-1); // support/convoy: province of the supported/convoyed unit
  const supportCoast: (Loc | null)[] = new Array(count).fill(null); // a support naming a coast must match it (4.B.4)
  const destLoc: (Loc | null)[] = new Array(count).fill(null);
  const mode: MoveMode[] = new Array(count).fill('normal');
  for (let i = 0; i < count; i++) {
    const o = legal.orders[i];
    if (o.kind === 'move') {
      kind[i] = MOVE;
      dest[i] = g.index.get(provinceOf(o.to))!;
      destLoc[i] = o.to;
      mode[i] = rules.moveMode(ctx, units[i]);
    } else if (o.kind === 'support') {
      kind[i] = SUPPORT;
      target[i] = g.index.get(o.target)!;
      dest[i] = o.to === undefined ? -1 : g.index.get(provinceOf(o.to))!;
      if (o.to !== undefined && o.to.includes('/')) supportCoast[i] = o.to;
    } else if (o.kind === 'convoy') {
      kind[i] = CONVOY;
      target[i] = g.index.get(o.from)!;
      dest[i] = g.index.get(o.to)!;
    }
  }

  // Convoys: which fleets validly convoy which army, and which army moves go by sea.
  const convoyers = emptyLists(count);
  const convoyValid = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    if (kind[i] !== CONVOY) continue;
    const a = unitAt[target[i]];
    if (a >= 0 && kind[a] === MOVE && units[a].type === 'A' && dest[a] === dest[i]) {
      convoyers[a].push(i);
      convoyValid[i] = 1;
    }
  }
  const byConvoy = new Uint8Array(count);
  const fleetSeas: number[] = [];
  for (let i = 0; i < count; i++) if (units[i].type === 'F' && g.isSea[prov[i]]) fleetSeas.push(prov[i]);
  for (let i = 0; i < count; i++) {
    if (kind[i] !== MOVE || units[i].type !== 'A') continue;
    const land = reach.canMove(units[i], units[i].loc, destLoc[i]!, 'move');
    const own = convoyers[i].some((f) => units[f].power === units[i].power);
    byConvoy[i] = !land || legal.viaConvoy[i] || own ? 1 : 0;
    if (!land && !seaChain(prov[i], dest[i], fleetSeas)) {
      // A move that needs a convoy is illegal when no fleets stand on any sea route: the army holds
      // (DATC 6.D.32); with fleets there but no convoy ordered it is a failed move (6.D.8).
      kind[i] = HOLD;
      byConvoy[i] = 0;
      legal.reason[i] = NO_CONVOY;
      for (const f of convoyers[i]) convoyValid[f] = 0;
      convoyers[i] = [];
    }
  }

  // Support: valid supports per supported unit, split by hold/move.
  const supports = emptyLists(count);
  const supportValid = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    if (kind[i] !== SUPPORT) continue;
    const s = unitAt[target[i]];
    if (s < 0 || s === i) continue;
    const matches =
      dest[i] < 0
        ? kind[s] !== MOVE
        : kind[s] === MOVE &&
          dest[s] === dest[i] &&
          (supportCoast[i] === null || units[s].type === 'A' || supportCoast[i] === destLoc[s]);
    if (matches && !sorties.voidSupports.has(units[i].loc)) {
      supports[s].push(i);
      supportValid[i] = 1;
    }
  }

  // Moves into each province, and head-to-head partners.
  // Only provinces someone moves into get a list: most of the map has none.
  const attackers: (number[] | undefined)[] = new Array(n);
  for (let i = 0; i < count; i++) if (kind[i] === MOVE) (attackers[dest[i]] ??= []).push(i);
  const attackersOf = (p: number): readonly number[] => attackers[p] ?? NOBODY;
  const opponent = new Int32Array(count).fill(-1);
  for (let i = 0; i < count; i++) {
    if (kind[i] !== MOVE || byConvoy[i]) continue;
    const u = unitAt[dest[i]];
    if (u >= 0 && kind[u] === MOVE && !byConvoy[u] && dest[u] === prov[i]) opponent[i] = u;
  }

  // Decisions: MOVE -> moves; SUPPORT -> support given; CONVOY -> fleet not dislodged.
  const res = new Uint8Array(count);
  const state = new Uint8Array(count);
  // Guess tracking: `depth` numbers the decisions currently being guessed; `low` is the shallowest
  // open guess the decision in progress has read. A decision that read only its own guess heads a
  // cycle; one that read an outer guess stays tentative (listed in `tentative`) until that guess settles.
  const depth = new Int32Array(count);
  const lowOf = new Int32Array(count);
  const isTentative = new Uint8Array(count);
  const tentative: number[] = [];
  const NONE = 0x7fffffff;
  let level = 0;
  let low = NONE;
  // Szykman: convoyed armies whose paradox was broken fail without effect.
  const paradoxFailed = new Uint8Array(count);
  // Moves a circular-movement ring carried; made only when a ring is met, which is rare.
  let ringMoved: Uint8Array | null = null;

  function clearTentative(from: number): number[] {
    const cleared = tentative.splice(from);
    for (const k of cleared) {
      state[k] = UNRESOLVED;
      isTentative[k] = 0;
    }
    return cleared;
  }

  function guess(nr: number, value: number): boolean {
    res[nr] = value;
    state[nr] = GUESSING;
    low = NONE;
    return decide(nr);
  }

  function resolve(nr: number): boolean {
    if (state[nr] === RESOLVED) return res[nr] === 1;
    if (state[nr] === GUESSING) {
      const d = isTentative[nr] ? lowOf[nr] : depth[nr];
      if (d < low) low = d;
      return res[nr] === 1;
    }
    const outerLow = low;
    const d = ++level;
    depth[nr] = d;
    const mark = tentative.length;
    const first = guess(nr, 0);
    const myLow = low;
    level--;
    if (state[nr] === RESOLVED) return settledByBackup(nr, mark, outerLow);
    if (myLow < d) {
      // Depends on a guess made further out: provisional until that guess is settled.
      res[nr] = first ? 1 : 0;
      isTentative[nr] = 1;
      lowOf[nr] = myLow;
      tentative.push(nr);
      low = Math.min(outerLow, myLow);
      return first;
    }
    low = outerLow;
    if (myLow === NONE) {
      res[nr] = first ? 1 : 0;
      state[nr] = RESOLVED;
      return first;
    }
    // nr heads a cycle: try the other guess.
    const cycle = [nr, ...clearTentative(mark)];
    level++;
    const second = guess(nr, 1);
    level--;
    if (state[nr] === RESOLVED) return settledByBackup(nr, mark, outerLow);
    low = outerLow;
    for (const k of clearTentative(mark)) if (!cycle.includes(k)) cycle.push(k);
    state[nr] = UNRESOLVED;
    if (first === second) {
      res[nr] = first ? 1 : 0;
      state[nr] = RESOLVED;
      return first;
    }
    if (backupRule(cycle)) return resolve(nr);
    res[nr] = first ? 1 : 0;
    state[nr] = RESOLVED;
    return first;
  }

  /**
   * A backup rule applied in a cycle met further in may settle the very decision being guessed here
   * (Szykman fails the convoyed army whose move is this decision). That verdict stands, whichever
   * decision the resolution happened to start from; what was worked out from the guess is redone.
   */
  function settledByBackup(nr: number, mark: number, outerLow: number): boolean {
    clearTentative(mark);
    low = outerLow;
    return res[nr] === 1;
  }

  /** Returns false when it could not break the cycle (then the caller settles on its first guess). */
  function backupRule(cycle: number[]): boolean {
    let changed = false;
    // A paradox is a convoy paradox when a convoying fleet's fate is part of the cycle.
    const convoyParadox = cycle.some((k) => kind[k] === CONVOY);
    if (convoyParadox) {
      // Szykman: the armies convoyed through the paradox fail, without effect on anything.
      const fail = (a: number) => {
        if (a < 0 || kind[a] !== MOVE || !byConvoy[a] || paradoxFailed[a]) return;
        paradoxFailed[a] = 1;
        res[a] = 0;
        state[a] = RESOLVED;
        changed = true;
      };
      for (const k of cycle) if (kind[k] === CONVOY && convoyValid[k]) fail(unitAt[target[k]]);
    } else {
      // Circular movement: every move in the ring succeeds.
      for (const k of cycle)
        if (kind[k] === MOVE) {
          res[k] = 1;
          state[k] = RESOLVED;
          (ringMoved ??= new Uint8Array(count))[k] = 1;
          changed = true;
        }
    }
    return changed;
  }

  /** Is there a chain of undislodged convoying fleets carrying army `a`? */
  function pathOk(a: number): boolean {
    if (paradoxFailed[a]) return false;
    const fleets = convoyers[a];
    if (!fleets.length) return false;
    const from = prov[a];
    const to = dest[a];
    const ok: number[] = [];
    for (const f of fleets) if (resolve(f)) ok.push(prov[f]);
    return seaChain(from, to, ok);
  }

  function seaChain(from: number, to: number, seas: number[]): boolean {
    if (!seas.length) return false;
    const seen = new Uint8Array(seas.length);
    const queue: number[] = [];
    for (let k = 0; k < seas.length; k++)
      if (g.fleetProvAdj[from * n + seas[k]]) {
        seen[k] = 1;
        queue.push(k);
      }
    while (queue.length) {
      const k = queue.pop()!;
      if (g.fleetProvAdj[seas[k] * n + to]) return true;
      for (let m = 0; m < seas.length; m++)
        if (!seen[m] && g.fleetProvAdj[seas[k] * n + seas[m]]) {
          seen[m] = 1;
          queue.push(m);
        }
    }
    return false;
  }

  function supportCount(i: number, excludePower: string | null): number {
    let c = 0;
    for (const s of supports[i]) if (units[s].power !== excludePower && resolve(s)) c++;
    return c;
  }

  function attackStrength(i: number): number {
    if (byConvoy[i] && !pathOk(i)) return 0;
    const u = unitAt[dest[i]];
    const stays = u >= 0 && (kind[u] !== MOVE || opponent[i] === u || !resolve(u));
    if (stays) {
      if (units[u].power === units[i].power) return 0;
      return 1 + supportCount(i, units[u].power);
    }
    return 1 + supportCount(i, null);
  }

  function holdStrength(p: number): number {
    const u = unitAt[p];
    if (u < 0) return 0;
    if (kind[u] === MOVE) return resolve(u) ? 0 : 1;
    return 1 + supportCount(u, null);
  }

  function preventStrength(j: number): number {
    if (byConvoy[j] && !pathOk(j)) return 0;
    const o = opponent[j];
    if (o >= 0 && resolve(o)) return 0;
    return 1 + supportCount(j, null);
  }

  function decideMove(i: number): boolean {
    const attack = attackStrength(i);
    if (attack === 0) return false;
    const o = opponent[i];
    if (o >= 0) {
      if (attack <= 1 + supportCount(o, null)) return false;
    } else if (attack <= holdStrength(dest[i])) return false;
    for (const j of attackersOf(dest[i])) if (j !== i && attack <= preventStrength(j)) return false;
    return true;
  }

  function dislodgedBy(u: number): number {
    for (const j of attackersOf(prov[u])) if (resolve(j)) return j;
    return -1;
  }

  function decide(i: number): boolean {
    switch (kind[i]) {
      case MOVE:
        if (mode[i] === 'stationary') return false;
        return decideMove(i);
      case SUPPORT: {
        if (!supportValid[i]) return false;
        for (const j of attackersOf(prov[i])) {
          if (units[j].power === units[i].power) continue;
          if (prov[j] === dest[i]) {
            // An attack from where the support goes cuts only by dislodging (also when convoyed: 4.A.4).
            if (resolve(j)) return false;
            continue;
          }
          if (byConvoy[j] && !pathOk(j)) continue;
          return false;
        }
        return true;
      }
      case CONVOY:
        return dislodgedBy(i) < 0;
      default:
        return true;
    }
  }

  for (let i = 0; i < count; i++) if (kind[i] !== HOLD) resolve(i);

  // Sorties: a neutral's move may never succeed. Supports that would carry it are void first
  // (A&E v6 example 8), then the move itself (example 7); re-adjudicate after each change.
  const winning: number[] = [];
  for (let i = 0; i < count; i++) if (kind[i] === MOVE && mode[i] === 'sortie' && res[i] === 1) winning.push(i);
  if (winning.length) {
    const carried = winning.flatMap((i) => supports[i].filter((s) => res[s] === 1));
    const next: SortieVerdicts = {
      voidSupports: new Set(sorties.voidSupports),
      invalidMoves: new Set(sorties.invalidMoves),
    };
    if (carried.length) for (const s of carried) next.voidSupports.add(units[s].loc);
    else for (const i of winning) next.invalidMoves.add(units[i].loc);
    return adjudicateMovement(scope, orders, next, explain);
  }

  const done = finish();
  // Read after resolution, from the settled decisions: asking costs nothing when nobody asks.
  if (explain) done.explanations = units.map((u, i) => ({ unit: u, facts: why(i) }));
  return done;

  function unitOf(i: number): Unit {
    const { power, type, loc } = units[i];
    return { power, type, loc };
  }

  /** The facts behind unit i's outcome: its own order's, then its dislodgement. */
  function why(i: number): Fact[] {
    const facts: Fact[] = [];
    if (legal.reason[i] === NO_CONVOY) facts.push({ code: 'no-convoy' });
    else if (legal.reason[i] && sorties.invalidMoves.has(units[i].loc)) facts.push({ code: 'sortie-held' });
    else if (legal.reason[i]) facts.push({ code: 'illegal', reason: legal.reason[i]! });
    else if (!legal.given[i]) facts.push({ code: 'no-order' });
    if (kind[i] === MOVE) whyMove(i, facts);
    else if (kind[i] === SUPPORT) whySupport(i, facts);
    else if (kind[i] === CONVOY)
      facts.push(convoyValid[i] ? { code: 'convoying', army: unitOf(unitAt[target[i]]) } : { code: 'convoy-void' });
    if (kind[i] !== MOVE) supportsOf(i, facts);
    const by = kind[i] === MOVE && res[i] === 1 ? -1 : dislodgedBy(i);
    if (by >= 0)
      facts.push({ code: 'dislodged', by: unitOf(by), attack: attackStrength(by), hold: holdStrength(prov[i]) });
    else if (kind[i] === HOLD && !legal.reason[i]) facts.push({ code: 'held' });
    return facts;
  }

  /** The supports given to unit i: those that counted, and those cut or void. */
  function supportsOf(i: number, facts: Fact[]): void {
    const counted = supports[i].filter((s) => res[s] === 1);
    const lost = supports[i].filter((s) => res[s] !== 1);
    if (counted.length) facts.push({ code: 'supported', by: counted.map(unitOf) });
    if (lost.length) facts.push({ code: 'support-lost', by: lost.map(unitOf) });
  }

  /** The comparisons decideMove made, in its order, read from the settled decisions. */
  function whyMove(i: number, facts: Fact[]): void {
    supportsOf(i, facts);
    if (mode[i] === 'stationary') return void facts.push({ code: 'stationary' });
    if (paradoxFailed[i]) return void facts.push({ code: 'szykman' });
    if (byConvoy[i] && !pathOk(i)) {
      const lost = convoyers[i].filter((f) => !resolve(f)).map((f) => g.ids[prov[f]]);
      return void facts.push(convoyers[i].length ? { code: 'convoy-disrupted', at: lost } : { code: 'no-convoy' });
    }
    const attack = attackStrength(i);
    const u = unitAt[dest[i]];
    if (ringMoved?.[i]) facts.push({ code: 'circular' });
    if (res[i] === 1) {
      const o = opponent[i];
      const against = o >= 0 ? 1 + supportCount(o, null) : holdStrength(dest[i]);
      const prevent = Math.max(
        0,
        ...attackersOf(dest[i])
          .filter((j) => j !== i)
          .map(preventStrength),
      );
      return void facts.push({ code: 'moved', attack, against: Math.max(against, prevent) });
    }
    if (attack === 0 && u >= 0) return void facts.push({ code: 'own-unit-stays', unit: unitOf(u) });
    const o = opponent[i];
    const defend = o >= 0 ? 1 + supportCount(o, null) : 0;
    if (o >= 0 && attack <= defend)
      return void facts.push({ code: 'lost-head-to-head', opponent: unitOf(o), attack, defend });
    const hold = o >= 0 ? 0 : holdStrength(dest[i]);
    if (o < 0 && u >= 0 && attack <= hold)
      return void facts.push({ code: 'held-off', defender: unitOf(u), attack, hold });
    const rivals = attackersOf(dest[i]).filter((j) => j !== i && attack <= preventStrength(j));
    const prevent = Math.max(0, ...rivals.map(preventStrength));
    facts.push({ code: 'bounced', with: rivals.map(unitOf), attack, prevent });
  }

  /** Void, cut (by which attack), or given. */
  function whySupport(i: number, facts: Fact[]): void {
    const s = unitAt[target[i]];
    const to = s >= 0 ? unitOf(s) : null;
    if (sorties.voidSupports.has(units[i].loc)) return void facts.push({ code: 'support-void-sortie' });
    if (!supportValid[i]) return void facts.push({ code: 'support-void', to });
    if (res[i] === 1) return void facts.push({ code: 'support-given', to: to! });
    for (const j of attackersOf(prov[i])) {
      if (units[j].power === units[i].power) continue;
      if (prov[j] === dest[i]) {
        if (res[j] === 1) return void facts.push({ code: 'support-cut-dislodged', by: unitOf(j) });
        continue;
      }
      if (byConvoy[j] && !pathOk(j)) continue;
      return void facts.push({ code: 'support-cut', by: unitOf(j) });
    }
  }

  function finish(): MovementOutcome {
    const outcomes: OrderOutcome[] = [];
    const after: Unit[] = [];
    const dislodged: DislodgedUnit[] = [];
    const destroyed: Unit[] = [];
    const beaten: { i: number; by: number }[] = [];
    const standoff = new Uint8Array(n);
    for (let i = 0; i < count; i++)
      // A failed move contests its destination unless it was beaten head-to-head (DATC 6.H.9).
      if (kind[i] === MOVE && !res[i] && !(byConvoy[i] && !pathOk(i)) && !(opponent[i] >= 0 && res[opponent[i]]))
        standoff[dest[i]] = 1;
    const occupiedAfter = new Uint8Array(n);
    for (let i = 0; i < count; i++) {
      const moved = kind[i] === MOVE && res[i] === 1;
      const by = moved ? -1 : dislodgedBy(i);
      if (by < 0) occupiedAfter[moved ? dest[i] : prov[i]] = 1;
    }
    for (let i = 0; i < count; i++) {
      const u = units[i];
      const notes: Note[] = [];
      const moved = kind[i] === MOVE && res[i] === 1;
      const by = moved ? -1 : dislodgedBy(i);
      let success: boolean;
      if (legal.reason[i]) {
        // Illegal as given: the unit held instead (published with its reason).
        success = false;
        notes.push(legal.reason[i] === NO_CONVOY ? 'no convoy' : 'invalid');
      } else if (kind[i] === MOVE) {
        success = moved;
        if (!moved) {
          if (byConvoy[i] && !pathOk(i)) notes.push(convoyers[i].length ? 'disrupted' : 'no convoy');
          else notes.push('bounce');
        }
      } else if (kind[i] === SUPPORT) {
        success = res[i] === 1;
        if (sorties.voidSupports.has(u.loc)) notes.push('invalid');
        else if (!supportValid[i]) notes.push('void');
        else if (!success && by < 0) notes.push('cut');
      } else if (kind[i] === CONVOY) {
        success = convoyValid[i] === 1 && by < 0;
        if (!convoyValid[i]) notes.push('void');
      } else success = by < 0;
      if (by >= 0) notes.push('dislodged');
      outcomes.push({
        order: legal.given[i] ?? legal.orders[i],
        success,
        notes,
        reason: legal.reason[i] ?? (legal.given[i] ? undefined : NO_ORDER),
      });

      if (moved) after.push({ power: u.power, type: u.type, loc: destLoc[i]! });
      else if (by < 0) after.push(u);
      else if (!rules.mayRetreat(ctx, u)) destroyed.push(u);
      else beaten.push({ i, by });
    }
    // Where a dislodged unit may go is judged on the board after movement, "prior to retreats"
    // (A&E v6 straits: a foreign fleet that just moved into the strait already blocks it).
    const afterMovement = beaten.length
      ? new Reach(g, { ...ctx, position: { ...ctx.position, units: after } }, rules.cross)
      : reach;
    for (const { i, by } of beaten) {
      const from = byConvoy[by] ? -1 : prov[by];
      const retreats = afterMovement.retreatLocs(units[i]).filter((l) => {
        const p = g.index.get(provinceOf(l))!;
        return p !== from && !occupiedAfter[p] && !standoff[p];
      });
      const { power, type, loc } = units[i];
      dislodged.push({ power, type, loc, attackerFrom: byConvoy[by] ? null : g.ids[prov[by]], retreats });
    }
    return { outcomes, units: after, dislodged, destroyed };
  }
}

/** `count` empty lists, built with a plain loop (Array.from with a length object is several times slower). */
function emptyLists(count: number): number[][] {
  const lists: number[][] = new Array(count);
  for (let i = 0; i < count; i++) lists[i] = [];
  return lists;
}
