// A&E v6.01 examples 9–17 (seed 000 §II and §VII): extra home centres, straits, Smyrna's coasts.
// The rule modules are composed directly, so these tests do not depend on the DP modules.
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { buildSites } from '../../src/core/adjudicate/adjustment.js';
import { geometry } from '../../src/core/map/geometry.js';
import { loadVariant } from '../../src/core/map/load.js';
import { composeRules, type Ruleset } from '../../src/core/rules/ruleset.js';
import { extraHome, noBuild } from '../../src/core/rules/variant/homes.js';
import { strait } from '../../src/core/rules/variant/straits.js';
import { unifiedCoasts } from '../../src/core/rules/variant/unified-coasts.js';
import type { Order, Position, Unit, UnitType } from '../../src/core/types.js';

const variant = loadVariant('ambition6');
const setting = (line: string) => {
  const [id, ...args] = line.split(' ');
  return { id, args, line: 0 };
};
const rules = composeRules(
  [
    strait(variant, setting('strait edi ire iri')),
    strait(variant, setting('strait and mor gib')),
    unifiedCoasts(variant, setting('unified-coasts smy con')),
    noBuild(variant, setting('no-build austria sne')),
    extraHome(variant, setting('extra-home by-build denmark turkey saxony spain sweden')),
  ] as Ruleset[],
);

const unit = (power: string, type: UnitType, loc: string): Unit => ({ power, type, loc });
function position(season: 'spring' | 'fall' | 'winter', units: Unit[], owners: Record<string, string> = {}, state = {}): Position {
  return {
    variant: 'ambition6',
    phase: { year: 1763, season, type: season === 'winter' ? 'adjustment' : 'movement' },
    units,
    dislodged: [],
    owners,
    state,
  };
}
const move = (u: Unit, to: string, viaConvoy = false): Order => ({ kind: 'move', ...u, to, viaConvoy });
const support = (u: Unit, target: string, to?: string): Order => ({ kind: 'support', ...u, target, to });
const convoy = (u: Unit, from: string, to: string): Order => ({ kind: 'convoy', ...u, from, to });
const outcome = (r: ReturnType<typeof adjudicate>, loc: string) => r.outcomes.find((o) => 'loc' in o.order && o.order.loc === loc)!;

describe('A&E v6 straits (examples 13–15)', () => {
  const and = unit('spain', 'A', 'and');
  const wes = unit('spain', 'F', 'wes');
  const mor = unit('morocco', 'A', 'mor');
  const gib = unit('britain', 'F', 'gib');

  it('example 13: a British fleet in Gibraltar stops the support and the move across the strait', () => {
    const p = position('fall', [and, wes, mor, gib]);
    const supported = adjudicate(variant, p, [move(wes, 'mor'), support(and, 'wes', 'mor')], { rules });
    expect(outcome(supported, 'and').notes).toContain('invalid');
    expect(outcome(supported, 'wes').success).toBe(false);
    const moved = adjudicate(variant, p, [move(and, 'mor'), support(wes, 'and', 'mor')], { rules });
    expect(outcome(moved, 'and').success).toBe(false);
    expect(moved.next.units).toContainEqual(mor);
  });

  it('example 14: with Gibraltar empty at the start of the turn, Spain takes Morocco', () => {
    const p = position('fall', [and, wes, mor, unit('britain', 'F', 'mao')]);
    const r = adjudicate(variant, p, [move(and, 'mor'), support(wes, 'and', 'mor'), move(unit('britain', 'F', 'mao'), 'gib')], { rules });
    expect(outcome(r, 'and').success).toBe(true);
    expect(r.next.units).toContainEqual(unit('spain', 'A', 'mor'));
  });

  it('example 15: a convoy through Gibraltar is no crossing; the attack fails on the Algerian support', () => {
    const alg = unit('algiers', 'F', 'alg');
    const morFleet = unit('morocco', 'F', 'mor');
    const p = position('fall', [and, wes, gib, morFleet, alg]);
    const r = adjudicate(
      variant,
      p,
      [move(and, 'mor', true), support(wes, 'and', 'mor'), convoy(gib, 'and', 'mor'), support(alg, 'mor')],
      { rules },
    );
    expect(outcome(r, 'wes').success).toBe(true);
    expect(outcome(r, 'and').success).toBe(false);
    expect(r.next.units).toContainEqual(morFleet);
  });

  it('Edinburgh–Ireland is closed by another power’s fleet in the Irish Sea, open to its owner', () => {
    const edi = unit('britain', 'A', 'edi');
    const blocked = adjudicate(variant, position('spring', [edi, unit('france', 'F', 'iri')]), [move(edi, 'ire')], { rules });
    expect(outcome(blocked, 'edi').success).toBe(false);
    const own = adjudicate(variant, position('spring', [edi, unit('britain', 'F', 'iri')]), [move(edi, 'ire')], { rules });
    expect(outcome(own, 'edi').success).toBe(true);
  });
});

describe('A&E v6 Smyrna (examples 16–17)', () => {
  it('example 16: Turkey, holding Constantinople, may go from the Black Sea to Smyrna (sc) and on to Armenia', () => {
    const bla = unit('turkey', 'F', 'bla');
    const owners = { con: 'turkey', smy: 'turkey' };
    const r = adjudicate(variant, position('spring', [bla], owners), [move(bla, 'smy/sc')], { rules });
    expect(r.next.units).toContainEqual(unit('turkey', 'F', 'smy/sc'));
    const fall = adjudicate(variant, { ...r.next }, [move(unit('turkey', 'F', 'smy/sc'), 'arm')], { rules });
    expect(fall.next.units).toContainEqual(unit('turkey', 'F', 'arm'));
  });

  it('the same move is invalid for a power without Constantinople', () => {
    const bla = unit('russia', 'F', 'bla');
    const r = adjudicate(variant, position('spring', [bla], { con: 'turkey' }), [move(bla, 'smy/sc')], { rules });
    expect(outcome(r, 'bla').notes).toContain('invalid');
  });

  it('example 17: after losing Constantinople, F Smyrna (sc) reaches only Con, Aegean, Eastern Med and Syria', () => {
    const smy = unit('turkey', 'F', 'smy/sc');
    const p = position('spring', [smy], { con: 'austria', smy: 'turkey' });
    for (const to of ['bla', 'arm']) {
      const r = adjudicate(variant, p, [move(smy, to)], { rules });
      expect(outcome(r, 'smy/sc').notes, to).toContain('invalid');
    }
    for (const to of ['con', 'aeg', 'eas', 'syr']) {
      const r = adjudicate(variant, p, [move(smy, to)], { rules });
      expect(outcome(r, 'smy/sc').success, to).toBe(true);
    }
  });
});

describe('A&E v6 extra home centres (examples 9–12) and Southern Netherlands', () => {
  const ctx = (p: Position) => ({ variant, geometry: geometry(variant), position: p, bids: [] });
  const winter = (units: Unit[], owners: Record<string, string>, state = {}) => position('winter', units, owners, state);

  it('example 10: Saxony builds in Baden-Wuerttemberg, which becomes its third home for good; Bavaria never can', () => {
    const owners = { war: 'saxony', dre: 'saxony', baw: 'saxony', bav: 'saxony' };
    const p = winter([unit('saxony', 'A', 'war'), unit('saxony', 'A', 'dre')], owners);
    expect(buildSites(ctx(p), rules, p, 'saxony')).toEqual(expect.arrayContaining(['baw', 'bav']));
    const r = adjudicate(variant, p, [{ kind: 'build', power: 'saxony', type: 'A', loc: 'baw' }, { kind: 'build', power: 'saxony', type: 'A', loc: 'bav' }], { rules });
    expect(r.outcomes[0].success).toBe(true);
    expect(r.outcomes[1].success).toBe(false); // one claim per power
    const later = winter([], { ...owners }, r.next.state);
    const sites = buildSites(ctx(later), rules, later, 'saxony');
    expect(sites).toContain('baw');
    expect(sites).not.toContain('bav');
  });

  it('example 12: Denmark claims Stockholm; Sweden keeps Stockholm as an original home and may claim Mecklenburg', () => {
    const p = winter([unit('denmark', 'F', 'cop')], { cop: 'denmark', chr: 'denmark', sto: 'denmark' });
    const r = adjudicate(variant, p, [{ kind: 'build', power: 'denmark', type: 'F', loc: 'sto' }], { rules });
    expect(r.outcomes[0].success).toBe(true);
    const recaptured = winter([], { cop: 'denmark', chr: 'denmark', sto: 'sweden', abo: 'sweden', mec: 'sweden' }, r.next.state);
    const swedish = buildSites(ctx(recaptured), rules, recaptured, 'sweden');
    expect(swedish).toEqual(expect.arrayContaining(['sto', 'abo', 'mec']));
    const danishLater = winter([], { sto: 'denmark' }, r.next.state);
    expect(buildSites(ctx(danishLater), rules, danishLater, 'denmark')).toContain('sto');
  });

  it('Austria may never build in the Southern Netherlands', () => {
    const p = winter([], { vie: 'austria', sne: 'austria' });
    expect(buildSites(ctx(p), rules, p, 'austria')).toEqual(['vie']);
  });
});
