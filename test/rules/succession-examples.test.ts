// Succession & Legacy v1.1.0 (seed 004): every numbered example of §7.1 (the named additional
// home centre and its restrictions 1–3) and of §8.3 (DP totals), played through the core API on
// the real variant: orders as players write them, whole phases adjudicated one after another,
// hand-written positions (docs/position-format.md) only where the example skips years of play.
// The rules number the §7.1 example "8.1.1" and the §8.3 example "9.2.1"; the tests keep those.
import { describe, expect, it } from 'vitest';
import { adjudicate, initialPosition, type PhaseResult } from '../../src/core/adjudicate/index.js';
import { buildSites } from '../../src/core/adjudicate/adjustment.js';
import { dpAllowance } from '../../src/core/dp/index.js';
import { geometry } from '../../src/core/map/geometry.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Refusal } from '../../src/core/orders/check-context.js';
import { parseOrders } from '../../src/core/orders/parse.js';
import { parsePositionText } from '../../src/core/position/index.js';
import { rulesFor } from '../../src/core/rules/index.js';
import type { DpBid, MovementOrder, Order, Position, PowerId, ProvinceId, UnitType } from '../../src/core/types.js';
import { phaseCode, provinceOf } from '../../src/core/types.js';

const v = loadVariant('succession');

/**
 * Adjudicates one phase from a GM-style text (`Russia:` headings, DP lines). Lines listed in
 * `refused` must be refused by the order parser (and are left out); every other line must parse.
 */
function play(position: Position, text: string, refused: string[] = []): PhaseResult {
  const orders: Order[] = [];
  const bids: DpBid[] = [];
  const rejected: string[] = [];
  for (const line of parseOrders(text, { variant: v, position })) {
    if (line.status === 'error') {
      if (!refused.includes(line.text.trim()))
        throw new Error(`${phaseCode(position.phase)} "${line.text}": ${line.error}`);
      rejected.push(line.text.trim());
    }
    if (line.status === 'order') orders.push(line.order);
    if (line.status === 'dp') bids.push({ power: line.power, amount: line.amount, order: line.order as MovementOrder });
  }
  expect(rejected).toEqual(refused);
  return adjudicate(v, position, orders, { bids });
}

/** The parser's refusal of a single-line order for `power`. */
function refusal(position: Position, power: PowerId, line: string): Refusal | undefined {
  const [verdict] = parseOrders(line, { variant: v, position, power });
  return verdict.status === 'error' ? verdict.error : undefined;
}

/** Builds handed straight to the adjudicator, past the parser's check ("A nar", "F ams"). */
function buildDirectly(position: Position, power: PowerId, ...units: string[]): PhaseResult {
  const orders: Order[] = units.map((u) => {
    const [type, loc] = u.split(' ');
    return { kind: 'build', power, type: type as UnitType, loc };
  });
  return adjudicate(v, position, orders);
}

/** Plays phases in turn, checking that each file was written for the phase the game is at. */
function playAll(start: Position, phases: [code: string, text: string][]): { results: PhaseResult[]; end: Position } {
  const results: PhaseResult[] = [];
  let position = start;
  for (const [code, text] of phases) {
    expect(phaseCode(position.phase)).toBe(code);
    const r = play(position, text);
    results.push(r);
    position = r.next;
  }
  return { results, end: position };
}

const sitesOf = (position: Position, power: PowerId): ProvinceId[] =>
  buildSites({ variant: v, geometry: geometry(v), position, bids: [] }, rulesFor(v), position, power);

const unitAt = (position: Position, province: ProvinceId) => position.units.find((u) => provinceOf(u.loc) === province);

const owned = (position: Position, power: PowerId) =>
  Object.entries(position.owners)
    .filter(([, p]) => p === power)
    .map(([c]) => c)
    .sort();

const buildOutcome = (r: PhaseResult, province: ProvinceId) =>
  r.outcomes.find((o) => o.order.kind === 'build' && provinceOf(o.order.loc) === province)!;

const named = (position: Position) => (position.state.extraHomes ?? {}) as Record<PowerId, ProvinceId[]>;

const winterText = (body: string) =>
  parsePositionText(`variant succession\nphase Winter 1710 Adjustments\n${body}`, { variant: v }).position;

describe('S&L §7.1 example 8.1.1: Russia names Jassy, not Narva as well, and Jassy stays Russian for good', () => {
  // Russia takes Narva (Swedish affiliate) and Jassy (Ottoman affiliate) in 1703; the Jassy
  // attack is supported by Bakhchisaray, bought with one of Russia's 2 DP (§8.3: 2 DP in 1703).
  const game1703 = playAll(initialPosition(v), [
    ['S1703M', 'Russia:\nA mos - psk\nA nov H\nA kyi H'],
    ['F1703M', 'Russia:\nA nov - nar\nA psk S A nov - nar\nA kyi - jas\n1 DP: A bak S A kyi - jas'],
  ]);
  const winter1703 = game1703.end;

  it('Russia captures Narva and Jassy by the end of 1703', () => {
    expect(phaseCode(winter1703.phase)).toBe('W1703A');
    expect(winter1703.owners.nar).toBe('russia');
    expect(winter1703.owners.jas).toBe('russia');
    // Stationary units never retreat (§6.0): both affiliates are gone.
    expect(game1703.results[1].destroyed.map((u) => u.loc).sort()).toEqual(['jas', 'nar']);
  });

  it('restriction 1: in Winter 1703 neither may be named, both being occupied by the armies that took them', () => {
    expect(sitesOf(winter1703, 'russia')).not.toContain('nar');
    expect(sitesOf(winter1703, 'russia')).not.toContain('jas');
    // Either would be a legal site but for the army standing in it, and the refusal says so.
    expect(refusal(winter1703, 'russia', 'build A nar')).toEqual({ code: 'build-site-occupied', province: 'nar' });
    expect(refusal(winter1703, 'russia', 'build A jas')).toEqual({ code: 'build-site-occupied', province: 'jas' });
    const r = buildDirectly(winter1703, 'russia', 'A nar', 'A jas');
    expect(buildOutcome(r, 'nar')).toMatchObject({ success: false, notes: ['invalid'] });
    expect(buildOutcome(r, 'jas')).toMatchObject({ success: false, notes: ['invalid'] });
    expect(named(r.next).russia ?? []).toEqual([]);
  });

  // Russia waives both builds in Winter 1703, so it enters Winter 1704 with builds still due;
  // in 1704 the armies go home, leaving Narva and Jassy Russian but vacant.
  const game1704 = playAll(play(winter1703, 'Russia:\nwaive\nwaive').next, [
    ['S1704M', 'Russia:\nA nar - nov\nA jas - kyi'],
    ['F1704M', 'Russia:\nA nov H\nA kyi H'],
  ]);
  const winter1704 = game1704.end;

  it('by Winter 1704 both still belong to Russia, are vacant, and Russia has builds: either may be named', () => {
    expect(phaseCode(winter1704.phase)).toBe('W1704A');
    expect([winter1704.owners.nar, winter1704.owners.jas]).toEqual(['russia', 'russia']);
    expect(unitAt(winter1704, 'nar')).toBeUndefined();
    expect(unitAt(winter1704, 'jas')).toBeUndefined();
    expect(game1704.results[1].adjustments.find((a) => a.power === 'russia')).toMatchObject({
      centres: 5,
      units: 3,
      delta: 2,
    });
    expect(sitesOf(winter1704, 'russia')).toEqual(expect.arrayContaining(['nar', 'jas']));
  });

  const naming = play(winter1704, 'Russia:\nbuild A jas\nbuild A nar');

  it('Russia builds in Jassy, naming it; the second build, in Narva, is refused: "but not both"', () => {
    expect(buildOutcome(naming, 'jas').success).toBe(true);
    expect(buildOutcome(naming, 'nar')).toMatchObject({ success: false, notes: ['invalid'] });
    expect(named(naming.next)).toMatchObject({ russia: ['jas'] });
    expect(unitAt(naming.next, 'nar')).toBeUndefined();
  });

  it('the named centre is a Russian home centre for future winters; restriction 2 keeps Narva out for good', () => {
    const later = winterText(
      `Russia:\n  A mos\n  owns kyi mos nov nar jas\nstate extraHomes ${JSON.stringify(named(naming.next))}`,
    );
    const sites = sitesOf(later, 'russia');
    expect(sites).toEqual(expect.arrayContaining(['jas', 'kyi', 'nov']));
    expect(sites).not.toContain('nar');
    play(later, 'Russia:\nbuild A nar', ['build A nar']);
    const r = buildDirectly(later, 'russia', 'A nar', 'A jas');
    expect(buildOutcome(r, 'nar').success).toBe(false);
    expect(buildOutcome(r, 'jas').success).toBe(true);
    expect(named(r.next).russia).toEqual(['jas']);
  });

  it('Russia eliminated, the Ottomans hold a vacant Jassy but may not name it; another former affiliate they may', () => {
    // The Ottomans have not named a centre yet; Belgrade, their own former affiliate, qualifies
    // ("the sponsoring power for the Affiliate does not matter"); Jassy, once Russia's, never does.
    const later = winterText(
      `Ottomans:\n  A ank\n  owns ank con jas bel\nstate extraHomes ${JSON.stringify(named(naming.next))}`,
    );
    const sites = sitesOf(later, 'ottomans');
    expect(sites).not.toContain('jas');
    expect(sites).toEqual(expect.arrayContaining(['con', 'bel']));
    play(later, 'Ottomans:\nbuild A jas', ['build A jas']);
    const refused = buildDirectly(later, 'ottomans', 'A jas');
    expect(buildOutcome(refused, 'jas')).toMatchObject({ success: false, notes: ['invalid'] });
    const allowed = play(later, 'Ottomans:\nbuild A bel');
    expect(buildOutcome(allowed, 'bel').success).toBe(true);
    expect(named(allowed.next)).toMatchObject({ russia: ['jas'], ottomans: ['bel'] });
  });
});

describe('S&L §7.1 restrictions on an additional home centre', () => {
  it('1: the centre must be possessed by the power and vacant of units', () => {
    const p = winterText(
      'Sweden:\n  F kar\n  A cop\n  owns kar rig sto cop ams\nEngland:\n  A ber\n  owns lon ply ber',
    );
    const sites = sitesOf(p, 'sweden');
    expect(sites).toContain('ams'); // possessed and vacant
    expect(sites).not.toContain('cop'); // possessed, occupied by Sweden's own army
    expect(sites).not.toContain('ber'); // vacant of Swedish units but English
    play(p, 'Sweden:\nbuild A cop\nbuild A ber\nbuild F ams', ['build A cop', 'build A ber']);
    const r = buildDirectly(p, 'sweden', 'A cop', 'A ber', 'F ams');
    expect(buildOutcome(r, 'cop').success).toBe(false);
    expect(buildOutcome(r, 'ber').success).toBe(false);
    expect(buildOutcome(r, 'ams').success).toBe(true);
    expect(named(r.next).sweden).toEqual(['ams']);
  });

  it('naming happens only through a legal build: a refused build there names nothing', () => {
    // Sweden's one build goes to Stockholm first; the later build in Amsterdam finds no build left.
    const p = winterText('Sweden:\n  F kar\n  A rig\n  A nar\n  owns kar rig sto ams');
    const r = play(p, 'Sweden:\nbuild F sto\nbuild F ams');
    expect(buildOutcome(r, 'sto').success).toBe(true);
    expect(buildOutcome(r, 'ams').success).toBe(false);
    expect(named(r.next).sweden ?? []).toEqual([]);
  });

  it('2: a power that has named one centre may not name another, even after losing the first', () => {
    const state = `state extraHomes {"sweden":["ams"]}`;
    const holding = winterText(`Sweden:\n  F kar\n  owns kar rig sto ams cop\n${state}`);
    expect(sitesOf(holding, 'sweden')).toContain('ams');
    expect(sitesOf(holding, 'sweden')).not.toContain('cop');
    const lost = winterText(`Sweden:\n  F kar\n  owns kar rig sto cop\nEngland:\n  owns lon ply ams\n${state}`);
    expect(sitesOf(lost, 'sweden')).not.toContain('cop');
    expect(refusal(lost, 'sweden', 'build F cop')).toEqual({
      code: 'build-site-not-home',
      province: 'cop',
      power: 'sweden',
    });
    expect(buildOutcome(buildDirectly(lost, 'sweden', 'F cop'), 'cop').success).toBe(false);
  });

  it('3: never another great power’s original home centre, not even an eliminated power’s', () => {
    // Sweden holds Saxony-Poland's Warsaw and Dresden; Saxony-Poland is gone from the board.
    const p = winterText('Sweden:\n  F kar\n  owns kar rig sto war dre kra');
    const sites = sitesOf(p, 'sweden');
    expect(sites).not.toContain('war');
    expect(sites).not.toContain('dre');
    // Kraków started as a Saxon affiliate: it qualifies.
    expect(sites).toContain('kra');
    play(p, 'Sweden:\nbuild A war\nbuild A dre\nbuild A kra', ['build A war', 'build A dre']);
    const r = buildDirectly(p, 'sweden', 'A war', 'A dre', 'A kra');
    expect(['war', 'dre', 'kra'].map((c) => buildOutcome(r, c).success)).toEqual([false, false, true]);
    expect(named(r.next).sweden).toEqual(['kra']);
  });

  it('3: nor a centre another power named, even when that power is eliminated; it must have started neutral or affiliate', () => {
    const p = winterText('Habsburgs:\n  A inn\n  owns inn vie ams\nstate extraHomes {"england":["ams"]}');
    expect(sitesOf(p, 'habsburgs')).not.toContain('ams');
    play(p, 'Habsburgs:\nbuild F ams', ['build F ams']);
    expect(buildOutcome(buildDirectly(p, 'habsburgs', 'F ams'), 'ams').success).toBe(false);
  });

  it('building in an original home centre names nothing: the power may still name one later', () => {
    const p = winterText('Sweden:\n  F kar\n  owns kar rig sto nar');
    const r = play(p, 'Sweden:\nbuild F sto');
    expect(buildOutcome(r, 'sto').success).toBe(true);
    expect(named(r.next).sweden ?? []).toEqual([]);
    expect(sitesOf({ ...r.next, phase: p.phase, units: [] }, 'sweden')).toContain('nar');
  });
});

describe('S&L §8.3 example 9.2.1: England’s DP totals, 1703 to 1706', () => {
  // England takes Amsterdam in 1703 (with a Brussels support bought for 1 DP), Brussels in 1704,
  // names Amsterdam in Winter 1704, and France takes both in 1705. Every other power holds.
  const { results, end } = playAll(initialPosition(v), [
    ['S1703M', 'England:\nF lon - was\nF ply - eng\nFrance:\nA par - lot\nA tou - auv'],
    ['F1703M', 'England:\nF was - ams\n1 DP: A bru S F was - ams\nF eng H'],
    ['W1703A', 'England:\nbuild F lon'],
    ['S1704M', 'England:\nF ams - was\nF eng - pic'],
    ['F1704M', 'England:\nF was - bru\nF pic S F was - bru'],
    ['W1704A', 'England:\nbuild F ams'],
    ['S1705M', 'England:\nF bru - was\nF ams - wad\nFrance:\nA lot - bru\nA auv - lot'],
    ['F1705M', 'France:\nA bru - ams\nA lot - bru'],
    ['W1705A', 'England:\nremove F wad\nremove F pic'],
  ]);
  const before = (code: string) => {
    const i = [phaseCode(initialPosition(v).phase), ...results.map((r) => phaseCode(r.next.phase))].indexOf(code);
    return i === 0 ? initialPosition(v) : results[i - 1].next;
  };

  it('1703: England has 2 DP, controlling solely its own centres', () => {
    expect(dpAllowance(v, before('S1703M'), 'england')).toBe(2);
    expect(dpAllowance(v, before('F1703M'), 'england')).toBe(2);
    // "during the first Spring Orders phases of the game, each Major power will have 2 DP"
    for (const p of v.powers.filter((x) => x.kind === 'great'))
      expect(dpAllowance(v, initialPosition(v), p.id)).toBe(2);
  });

  it('end of 1703: Amsterdam captured, London and Plymouth kept: 3 DP in Spring and Fall 1704', () => {
    expect(owned(before('W1703A'), 'england')).toEqual(['ams', 'lon', 'ply']);
    expect(dpAllowance(v, before('S1704M'), 'england')).toBe(3);
    expect(dpAllowance(v, before('F1704M'), 'england')).toBe(3);
  });

  it('end of 1704: Brussels taken; England builds in a vacant Amsterdam, naming it; still 3 DP for 1705', () => {
    const w1704 = before('W1704A');
    expect(owned(w1704, 'england')).toEqual(['ams', 'bru', 'lon', 'ply']);
    expect(unitAt(w1704, 'ams')).toBeUndefined();
    expect(named(before('S1705M'))).toEqual({ england: ['ams'] });
    expect(dpAllowance(v, before('S1705M'), 'england')).toBe(3);
    expect(dpAllowance(v, before('F1705M'), 'england')).toBe(3);
  });

  it('end of 1705: others hold Brussels and Amsterdam; England has only London and Plymouth: 1 DP in 1706', () => {
    expect(owned(end, 'england')).toEqual(['lon', 'ply']);
    expect([end.owners.ams, end.owners.bru]).toEqual(['france', 'france']);
    expect(phaseCode(end.phase)).toBe('S1706M');
    expect(dpAllowance(v, end, 'england')).toBe(1);
    // Amsterdam counts because it was named: without the name England would hold all its homes (2 DP).
    expect(dpAllowance(v, { ...end, state: {} }, 'england')).toBe(2);
  });

  it('"DP totals will not change between Spring and Fall turns"; every survivor has 1 to 3', () => {
    // Units move in Spring (England leaves Brussels and Amsterdam in 1705); centres change hands only after Fall.
    for (const year of [1703, 1704, 1705]) {
      for (const p of v.powers.filter((x) => x.kind === 'great')) {
        const spring = dpAllowance(v, before(`S${year}M`), p.id);
        expect(dpAllowance(v, before(`F${year}M`), p.id), `${p.id} ${year}`).toBe(spring);
        expect(spring).toBeGreaterThanOrEqual(1);
        expect(spring).toBeLessThanOrEqual(3);
      }
    }
  });
});
