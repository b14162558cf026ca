import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { buildJsonScenario, loadJsonCases, parseUnit, type JsonCase } from './datc-json.js';
import { parseLooseOrder, type LooseOrderContext } from './loose-order.js';
import { MapResolver } from './resolve.js';
import { sharedPath } from './shared-dir.js';

const variant = loadVariant('standard');
const resolver = new MapResolver(variant);
const movement: LooseOrderContext = { resolver, phaseType: 'movement', units: [] };

describe('loose order reader', () => {
  it('reads moves, with coasts and convoy tags', () => {
    expect(parseLooseOrder('FRA: F mao -> spa(nc)', movement)).toEqual({
      kind: 'move',
      power: 'france',
      type: 'F',
      loc: 'mao',
      to: 'spa/nc',
      viaConvoy: false,
    });
    expect(parseLooseOrder('England: A wal - lvp via convoy', movement)).toMatchObject({
      kind: 'move',
      loc: 'wal',
      to: 'lvp',
      viaConvoy: true,
    });
    expect(parseLooseOrder('England: A lon-nth-nwy', movement)).toMatchObject({
      to: 'nwy',
      viaConvoy: true,
      path: ['nth'],
    });
    expect(parseLooseOrder('Turkey: F bul/sc-con', movement)).toMatchObject({ loc: 'bul/sc', to: 'con' });
  });

  it('maps godip province ids onto ours', () => {
    expect(parseLooseOrder('France: F mid-nat', movement)).toMatchObject({ loc: 'mao', to: 'nao' });
    expect(parseLooseOrder('Russia: F nrg H', movement)).toMatchObject({ kind: 'hold', loc: 'nwg' });
    expect(parseLooseOrder('Italy: F gol S F wes-spa/sc', movement)).toEqual({
      kind: 'support',
      power: 'italy',
      type: 'F',
      loc: 'lyo',
      target: 'wes',
      targetType: 'F',
      to: 'spa/sc',
    });
  });

  it('reads supports and convoys in all spellings', () => {
    expect(parseLooseOrder('AUS: F tri supports F tri', movement)).toMatchObject({ kind: 'support', target: 'tri' });
    expect(parseLooseOrder('Germnay: A wal SUPPORTS F lon-yor', movement)).toMatchObject({
      power: 'germany',
      kind: 'support',
      target: 'lon',
      to: 'yor',
    });
    expect(parseLooseOrder('Russia: A ber S x-pru'.replace('x', 'sil'), movement)).toMatchObject({
      kind: 'support',
      target: 'sil',
      to: 'pru',
    });
    expect(parseLooseOrder('ENG: F nth convoys yor -> yor', movement)).toEqual({
      kind: 'convoy',
      power: 'england',
      type: 'F',
      loc: 'nth',
      from: 'yor',
      to: 'yor',
    });
    expect(parseLooseOrder('Italy: F ion c A tun - smy', movement)).toMatchObject({
      kind: 'convoy',
      from: 'tun',
      to: 'smy',
    });
    expect(parseLooseOrder('AUS: A ven holds', movement)).toMatchObject({ kind: 'hold', loc: 'ven' });
  });

  it('reads retreat and adjustment orders by phase', () => {
    const units = [{ power: 'france', type: 'F' as const, loc: 'lyo' }];
    const retreat: LooseOrderContext = { resolver, phaseType: 'retreat', units };
    const adjustment: LooseOrderContext = { resolver, phaseType: 'adjustment', units };
    expect(parseLooseOrder('ENG: F nwy -> nth', retreat)).toEqual({
      kind: 'retreat',
      power: 'england',
      type: 'F',
      loc: 'nwy',
      to: 'nth',
    });
    expect(parseLooseOrder('France: F lyo DISBAND', retreat)).toMatchObject({ kind: 'disband', loc: 'lyo' });
    expect(parseLooseOrder('France: Remove lyo', adjustment)).toEqual({
      kind: 'remove',
      power: 'france',
      type: 'F',
      loc: 'lyo',
    });
    expect(parseLooseOrder('FRA: A pic disband', adjustment)).toMatchObject({ kind: 'remove', type: 'A', loc: 'pic' });
    expect(parseLooseOrder('RUS: F stp(nc) build', adjustment)).toEqual({
      kind: 'build',
      power: 'russia',
      type: 'F',
      loc: 'stp/nc',
    });
    expect(parseLooseOrder('Russia:  BUILD F stp', adjustment)).toMatchObject({ kind: 'build', type: 'F', loc: 'stp' });
  });

  it('refuses what it cannot read', () => {
    expect(() => parseLooseOrder('ENG: F nth flies lon', movement)).toThrow();
    expect(() => parseLooseOrder('ENG: F xyz -> lon', movement)).toThrow(/unknown location/);
  });
});

describe('TedDriggs JSON cases', () => {
  const cases = loadJsonCases(sharedPath('reference/datc/teddriggs/datc.json'));

  it('converts every case', () => {
    expect(cases.length).toBe(171);
    for (const c of cases) expect(() => buildJsonScenario(variant, c), c.name).not.toThrow();
  });

  it('takes the board from the ordered units when no starting state is given', () => {
    const c = cases.find((x) => x.name === 't6a05_move_to_own_sector_with_convoy')!;
    const s = buildJsonScenario(variant, c);
    expect(s.phase.position.units.map((u) => `${u.power} ${u.type} ${u.loc}`).sort()).toEqual([
      'england A lvp',
      'england A yor',
      'england F nth',
      'germany A wal',
      'germany F lon',
    ]);
    expect(s.phase.expectations.map((e) => [e.text, e.succeeds])).toEqual([
      ['ENG: A yor -> yor', false],
      ['ENG: A lvp supports A yor -> yor', true],
      ['GER: F lon -> yor', true],
      ['GER: A wal supports F lon -> yor', true],
    ]);
  });

  it('keeps a starting state exclusive, so an order for a missing unit stays an order', () => {
    const c = cases.find((x) => x.name === 't6a06_ordering_a_unit_of_another_country')!;
    const s = buildJsonScenario(variant, c);
    expect(s.phase.position.units).toEqual([{ power: 'england', type: 'F', loc: 'lon' }]);
    expect(s.phase.orders).toEqual([
      { kind: 'move', power: 'germany', type: 'F', loc: 'lon', to: 'nth', viaConvoy: false },
    ]);
  });

  it('builds a retreat case on its preceding movement phase', () => {
    const c = cases.find((x) => x.name === 't6h05_a_unit_may_not_retreat_to_the_area_from_which_it_is_attacked')!;
    const s = buildJsonScenario(variant, c);
    expect(s.preceding?.orders.length).toBe(3);
    expect(s.phase.orders).toEqual([{ kind: 'retreat', power: 'turkey', type: 'F', loc: 'ank', to: 'bla' }]);
  });

  it('derives adjustment ownership from homes, occupied centres and occupiers', () => {
    const c = cases.find((x) => x.name === 't6i01_too_many_build_orders')!;
    const owners = buildJsonScenario(variant, c).phase.position.owners;
    expect(
      Object.entries(owners)
        .filter(([, p]) => p === 'germany')
        .map(([c2]) => c2)
        .sort(),
    ).toEqual(['ber', 'den', 'kie', 'mun']);
    const j3 = buildJsonScenario(
      variant,
      cases.find((x) => x.name.startsWith('t6j03'))!,
    );
    expect(j3.phase.position.owners.war).toBe('germany');
    expect(j3.civilDisorder).toEqual([parseUnit(resolver, 'RUS: A pru')]);
  });

  it('applies a documented verdict in place of the file', () => {
    const c: JsonCase = { name: 'x', url: 'u#6.A.1', phase: 'Main', orders: { 'ENG: F nth -> pic': 'Fails' } };
    expect(buildJsonScenario(variant, c, { 'ENG: F nth -> pic': 'Succeeds' }).phase.expectations[0].succeeds).toBe(
      true,
    );
  });
});
