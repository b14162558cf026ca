// The trace (trace.ts): why each unit's order came out as it did, read after the resolution from the
// settled decisions with the very functions that decided them (strength.ts, support.ts, convoy.ts),
// so the explanation cannot drift from the rule. Only run when asked: it costs nothing otherwise.
import type { Explanation, Fact } from '../trace.js';
import { Board, CONVOY, HOLD, MOVE, NO_CONVOY, STATIONARY, SUPPORT } from './board.js';
import { convoyFails, sunkConvoyers } from './convoy.js';
import { attackStrength, defendStrength, holdStrength, preventStrength } from './strength.js';
import { cutBy, supportsOf } from './support.js';

export function explanations(b: Board): Explanation[] {
  return b.units.map((unit, i) => ({ unit, facts: why(b, i) }));
}

/** The facts behind unit i's outcome: its own order's, then its dislodgement. */
function why(b: Board, i: number): Fact[] {
  const facts: Fact[] = [];
  const reason = b.legal.reason[i];
  if (reason === NO_CONVOY) facts.push({ code: 'no-convoy' });
  else if (reason && b.sorties.invalidMoves.has(b.units[i].loc)) facts.push({ code: 'sortie-held' });
  else if (reason) facts.push({ code: 'illegal', reason });
  else if (!b.legal.given[i]) facts.push({ code: 'no-order' });
  const kind = b.kind[i];
  if (kind === MOVE) whyMove(b, i, facts);
  else if (kind === SUPPORT) whySupport(b, i, facts);
  else if (kind === CONVOY)
    facts.push(
      b.convoyValid[i] ? { code: 'convoying', army: b.unitOf(b.unitAt[b.target[i]]) } : { code: 'convoy-void' },
    );
  if (kind !== MOVE) supported(b, i, facts);
  const by = kind === MOVE && b.res[i] === 1 ? -1 : b.dislodgedBy(i);
  if (by >= 0)
    facts.push({
      code: 'dislodged',
      by: b.unitOf(by),
      attack: attackStrength(b, by),
      hold: holdStrength(b, b.prov[i]),
    });
  else if (kind === HOLD && !reason) facts.push({ code: 'held' });
  return facts;
}

/** The supports given to unit i: those that counted, and those cut or void. */
function supported(b: Board, i: number, facts: Fact[]): void {
  const all = supportsOf(b, i);
  const counted = all.filter((s) => b.res[s] === 1);
  const lost = all.filter((s) => b.res[s] !== 1);
  if (counted.length) facts.push({ code: 'supported', by: counted.map((s) => b.unitOf(s)) });
  if (lost.length) facts.push({ code: 'support-lost', by: lost.map((s) => b.unitOf(s)) });
}

/** The comparisons decideMove (move.ts) made, in its order, read from the settled decisions. */
function whyMove(b: Board, i: number, facts: Fact[]): void {
  supported(b, i, facts);
  if (b.mode[i] === STATIONARY) return void facts.push({ code: 'stationary' });
  if (b.paradoxFailed[i]) return void facts.push({ code: 'szykman' });
  if (convoyFails(b, i)) {
    const at = sunkConvoyers(b, i).map((f) => b.g.ids[b.prov[f]]);
    return void facts.push(b.convoyers[i] ? { code: 'convoy-disrupted', at } : { code: 'no-convoy' });
  }
  const attack = attackStrength(b, i);
  const to = b.dest[i];
  const u = b.unitAt[to];
  const o = b.opponent[i];
  const rivals = b.attackersOf(to).filter((j) => j !== i);
  if (b.ringMoved?.[i]) facts.push({ code: 'circular' });
  if (b.res[i] === 1) {
    const against = o >= 0 ? defendStrength(b, o) : holdStrength(b, to);
    const prevent = Math.max(0, ...rivals.map((j) => preventStrength(b, j)));
    return void facts.push({ code: 'moved', attack, against: Math.max(against, prevent) });
  }
  if (attack === 0 && u >= 0) return void facts.push({ code: 'own-unit-stays', unit: b.unitOf(u) });
  const defend = o >= 0 ? defendStrength(b, o) : 0;
  if (o >= 0 && attack <= defend)
    return void facts.push({ code: 'lost-head-to-head', opponent: b.unitOf(o), attack, defend });
  const hold = o >= 0 ? 0 : holdStrength(b, to);
  if (o < 0 && u >= 0 && attack <= hold)
    return void facts.push({ code: 'held-off', defender: b.unitOf(u), attack, hold });
  const bouncers = rivals.filter((j) => attack <= preventStrength(b, j));
  const prevent = Math.max(0, ...bouncers.map((j) => preventStrength(b, j)));
  facts.push({ code: 'bounced', with: bouncers.map((j) => b.unitOf(j)), attack, prevent });
}

/** Void, cut (by which attack), or given. */
function whySupport(b: Board, i: number, facts: Fact[]): void {
  const s = b.unitAt[b.target[i]];
  const to = s >= 0 ? b.unitOf(s) : null;
  if (b.sorties.voidSupports.has(b.units[i].loc)) return void facts.push({ code: 'support-void-sortie' });
  if (!b.supportValid[i]) return void facts.push({ code: 'support-void', to });
  if (b.res[i] === 1) return void facts.push({ code: 'support-given', to: to! });
  const j = cutBy(b, i);
  if (j < 0) return;
  const dislodging = b.prov[j] === b.dest[i];
  facts.push(
    dislodging ? { code: 'support-cut-dislodged', by: b.unitOf(j) } : { code: 'support-cut', by: b.unitOf(j) },
  );
}
