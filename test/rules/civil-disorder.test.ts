// Permanent civil disorder (A&E v6.01 §III, 1648 "Civil Disorder"): the GM's declaration disbands
// the power's units, its empty centres become new minor powers at once (unit type per variant,
// the former power's religion), an occupied centre becomes one after it is vacant at the end of
// a Fall turn. The new minors then behave as minors: DP steer them, they are named in results.
// Positions pass through JSON between phases, as the judge stores them.
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { checkBids } from '../../src/core/dp/index.js';
import { parseOrders } from '../../src/core/orders/parse.js';
import { parsePositionJson } from '../../src/core/position/json.js';
import { civilDisorderRefusal, declareCivilDisorder } from '../../src/core/rules/variant/civil-disorder.js';
import { addedPowers, variantInPlay } from '../../src/core/rules/variant/powers-in-play.js';
import type { Position } from '../../src/core/types.js';
import type { Refusal } from '../../src/core/orders/check-context.js';
import { refusalText } from '../../src/render/reasons.js';
import { renderResults } from '../../src/render/results.js';
import { givenAt, outcomeAt, play, position, submit, unitIn, variant } from '../dp/helpers.js';

const stored = (p: Position): Position => JSON.parse(JSON.stringify(p));
const minorsOf = (p: Position) =>
  addedPowers(p).map((m) => ({ id: m.id, name: m.name, home: m.home, units: m.units, religion: m.attrs.religion }));

describe('A&E v6.01 §III', () => {
  const v6 = variant('ambition6');
  // Britain's home centres: F Edinburgh, A Hanover, F London, Liverpool (no unit at the start);
  // a French army stands in Liverpool when Britain falls into civil disorder.
  const start = () => position(v6, { remove: ['par'], add: ['france A lvp'] });

  it('disbands the units; empty centres become minors with the starting unit type and the religion', () => {
    const d = declareCivilDisorder(v6, start(), 'britain');
    expect(d.disbanded.map((u) => `${u.type} ${u.loc}`).sort()).toEqual(['A han', 'F edi', 'F gib', 'F lon']);
    expect(minorsOf(d.position)).toEqual([
      {
        id: 'britain-edi',
        name: 'Edinburgh',
        home: ['edi'],
        units: [{ type: 'F', loc: 'edi' }],
        religion: 'protestant',
      },
      { id: 'britain-han', name: 'Hanover', home: ['han'], units: [{ type: 'A', loc: 'han' }], religion: 'protestant' },
      { id: 'britain-lon', name: 'London', home: ['lon'], units: [{ type: 'F', loc: 'lon' }], religion: 'protestant' },
    ]);
    expect(d.position.units.filter((u) => u.power.startsWith('britain'))).toEqual([
      { power: 'britain-edi', type: 'F', loc: 'edi' },
      { power: 'britain-han', type: 'A', loc: 'han' },
      { power: 'britain-lon', type: 'F', loc: 'lon' },
    ]);
    expect(d.pending).toEqual([{ centre: 'lvp', occupier: { power: 'france', type: 'A', loc: 'lvp' } }]);
    expect([d.position.owners.edi, d.position.owners.han, d.position.owners.lon, d.position.owners.lvp]).toEqual([
      'britain-edi',
      'britain-han',
      'britain-lon',
      'britain',
    ]);
    expect(variantInPlay(v6, d.position).powerById.get('britain-han')?.kind).toBe('minor');
    // Turkey's fleet started on Smyrna's south coast; its minor's fleet stands there too.
    const turkey = declareCivilDisorder(v6, start(), 'turkey');
    expect(turkey.position.units.find((u) => u.power === 'turkey-smy')).toEqual({
      power: 'turkey-smy',
      type: 'F',
      loc: 'smy/sc',
    });
    expect(addedPowers(turkey.position)[0].attrs.religion).toBe('muslim');
    // Declared once, for good; minors are never declared.
    expect(civilDisorderRefusal(v6, d.position, 'britain')).toEqual({ code: 'cd-already', power: 'britain' });
    expect(civilDisorderRefusal(v6, d.position, 'bavaria')).toEqual({ code: 'cd-not-great', power: 'bavaria' });
  });

  it("a captured centre counts too; a new minor takes its former owner's adjective when its name is taken", () => {
    const d = declareCivilDisorder(v6, position(v6, { remove: ['bav'], owners: { bav: 'france' } }), 'france');
    const bavaria = addedPowers(d.position).find((m) => m.home[0] === 'bav');
    // The Bavarian minor's army stood there at game start; France is Catholic.
    expect(bavaria).toMatchObject({
      id: 'france-bav',
      name: 'Bavaria (French)',
      units: [{ type: 'A', loc: 'bav' }],
      attrs: { religion: 'catholic', formerly: 'france', since: 'S1763M' },
    });
    expect(d.position.owners.bav).toBe('france-bav');
    expect(civilDisorderRefusal(variant('standard'), position(variant('standard')), 'austria')).toEqual({
      code: 'cd-not-in-variant',
    });
  });

  it('an occupied centre becomes a minor once vacant at the end of Fall; its unit is built in Winter', () => {
    const spring = stored(declareCivilDisorder(v6, start(), 'britain').position);
    const fall = stored(play(v6, spring, { france: 'A lvp - wal' }).next);
    const afterFall = adjudicate(v6, fall, []);
    expect(afterFall.next.phase).toEqual({ year: 1764, season: 'spring', type: 'movement' });
    expect(afterFall.next.owners.lvp).toBe('britain-lvp');
    expect(minorsOf(afterFall.next).find((m) => m.id === 'britain-lvp')).toEqual({
      id: 'britain-lvp',
      name: 'Liverpool',
      home: ['lvp'],
      // No unit started in Liverpool: the rule's second word, A.
      units: [{ type: 'A', loc: 'lvp' }],
      religion: 'protestant',
    });
    expect(unitIn(afterFall.next, 'lvp')).toEqual({ power: 'britain-lvp', type: 'A', loc: 'lvp' });
    // Neither the disordered power nor the new minors adjust.
    expect(afterFall.adjustments.map((c) => c.power)).not.toContain('britain');
    expect(afterFall.adjustments.some((c) => c.power.startsWith('britain-'))).toBe(false);
    const text = renderResults(v6, fall, afterFall);
    expect(text).toMatch(/^Liverpool: +Liverpool\.$/m);
    expect(text).toMatch(/^Hanover: +Hanover\.$/m);
    expect(text).not.toMatch(/^Britain:/m);
  });

  it('an occupier still there at the end of Fall captures the centre: no minor, a build', () => {
    const spring = stored(declareCivilDisorder(v6, start(), 'britain').position);
    const fall = stored(play(v6, spring, {}).next);
    const afterFall = adjudicate(v6, fall, []);
    expect(afterFall.next.owners.lvp).toBe('france');
    expect(addedPowers(afterFall.next).map((m) => m.id)).not.toContain('britain-lvp');
    expect(afterFall.adjustments.find((c) => c.power === 'france')).toMatchObject({ centres: 4, units: 3, delta: 1 });
    expect(afterFall.adjustments.map((c) => c.power)).not.toContain('britain');
  });

  it('DP steer a new minor; the religion rule reads its inherited religion; the retired power bids nothing', () => {
    const spring = stored(declareCivilDisorder(v6, start(), 'britain').position);
    const result = play(v6, spring, { prussia: 'A ber - mek\n1 DP: A han S A ber - mek' });
    expect(givenAt(result, 'han')).toBe('A HAN S BER - MEK');
    expect(outcomeAt(result, 'han').order.power).toBe('britain-han');
    expect(unitIn(result.next, 'mek')).toEqual({ power: 'prussia', type: 'A', loc: 'mek' });
    expect(renderResults(v6, spring, result)).toContain(
      'Hanover: Army Hanover SUPPORT Prussian Army Berlin -> Mecklenburg.',
    );

    const turkish = stored(
      declareCivilDisorder(v6, position(v6, { remove: ['ber'], add: ['turkey A ber'] }), 'britain').position,
    );
    // The religion rule makes the order invalid; the line stays a bid (issue 19.1).
    const [bid] = parseOrders('1 DP: A han S A ber - mek', { variant: v6, position: turkish, power: 'turkey' });
    expect(bid).toMatchObject({ status: 'dp', invalid: { code: 'religion-christian-minor', ottoman: false } });

    const direct = parseOrders('A han H', { variant: v6, position: spring, power: 'prussia' })[0];
    const han = { power: 'britain-han', type: 'A', loc: 'han' };
    expect(direct).toMatchObject({ status: 'error', error: { code: 'foreign-unit', unit: han, neutral: true } });
    // The minor arose in the game: its name comes from the position.
    expect(refusalText({ variant: v6, position: spring }, (direct as { error: Refusal }).error)).toContain(
      'belongs to Hanover (a neutral unit: bid for it with a DP line)',
    );

    const { bids: fromBritain } = submit(v6, spring, { britain: '1 DP: A han H' });
    expect(checkBids(v6, spring, 'britain', fromBritain).verdicts[0]).toMatchObject({
      ok: false,
      reason: { code: 'dp-retired', power: 'britain' },
    });
  });

  it('a stored position with new minors is read back as valid JSON', () => {
    const spring = declareCivilDisorder(v6, start(), 'britain').position;
    const { position: read } = parsePositionJson(JSON.stringify(spring), { variant: v6 });
    expect(read.units).toEqual(spring.units);
  });
});

describe('1648 Civil Disorder (optional rule)', () => {
  const v = variant('1648');
  // Denmark-Norway: F Christiania, F Copenhagen, A Holstein; a Swedish army stands in Copenhagen.
  const start = () => position(v, { remove: ['ste', 'cop'], add: ['sweden A cop'] });

  it('empty centres become minors with an army each, even where a fleet started; no religion', () => {
    const d = declareCivilDisorder(v, start(), 'denmark');
    expect(d.disbanded.map((u) => `${u.type} ${u.loc}`).sort()).toEqual(['A hol', 'F chr']);
    expect(minorsOf(d.position)).toEqual([
      {
        id: 'denmark-chr',
        name: 'Christiania',
        home: ['chr'],
        units: [{ type: 'A', loc: 'chr' }],
        religion: undefined,
      },
      { id: 'denmark-hol', name: 'Holstein', home: ['hol'], units: [{ type: 'A', loc: 'hol' }], religion: undefined },
    ]);
    expect(d.pending.map((p) => p.centre)).toEqual(['cop']);
  });

  it('the 2-DP cap applies to a new minor; bids steer it', () => {
    const spring = stored(declareCivilDisorder(v, start(), 'denmark').position);
    const { bids } = submit(v, spring, { sweden: '3 DP: A chr S F sto' });
    expect(checkBids(v, spring, 'sweden', bids).verdicts[0]).toMatchObject({
      ok: false,
      reason: { code: 'dp-cap', cap: 2, total: 3 },
    });
    const result = play(v, spring, { sweden: '2 DP: A chr S F sto\nA cop - sca' });
    expect(givenAt(result, 'chr')).toBe('A CHR S STO');
    expect(outcomeAt(result, 'chr')).toMatchObject({ success: true });
  });

  it('Copenhagen, vacated, becomes a minor with an army after Fall; ownership and adjustments', () => {
    const spring = stored(declareCivilDisorder(v, start(), 'denmark').position);
    const fall = stored(play(v, spring, { sweden: 'A cop - sca' }).next);
    const afterFall = adjudicate(v, fall, []);
    expect(afterFall.next.owners.cop).toBe('denmark-cop');
    expect(unitIn(afterFall.next, 'cop')).toEqual({ power: 'denmark-cop', type: 'A', loc: 'cop' });
    expect(Object.values(afterFall.next.owners)).not.toContain('denmark');
    expect(afterFall.adjustments.map((c) => c.power)).not.toContain('denmark');
    // Sweden gave up Stettin's army for the one in Copenhagen: 4 centres, 4 units, no change.
    expect(afterFall.adjustments.find((c) => c.power === 'sweden')).toMatchObject({ centres: 4, units: 4, delta: 0 });
    expect(renderResults(v, fall, afterFall)).toMatch(/^Copenhagen: +Copenhagen\.$/m);
  });
});
