// Line handling: comments, headings, power prefixes, several orders on a line, line numbers.
import { describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/core/orders/check-context.js';
import { readOrderSet } from '../../src/core/orders/slot.js';
import { norm, parse, position, wordsOf } from './helpers.js';

describe('lines', () => {
  it('blank lines and // comments produce nothing', () => {
    expect(parse('\n   \n// my plan for spring\n\t\n')).toEqual([]);
    const v = parse('A par - bur   // then Munich');
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ status: 'order', normalised: 'A PAR - BUR' });
  });
  it('numbers lines from 1, counting blank ones, across CRLF and CR', () => {
    const v = parse('A par - bur\r\n\r\nF bre - mao\rA mar - spa');
    expect(v.map((x) => x.line)).toEqual([1, 3, 4]);
  });
  it('splits several orders on a line at ";", each with the same line number', () => {
    const v = parse('F kie - den; A ber - kie ;A mun S A ber - kie;', { power: 'germany' });
    expect(v.map((x) => [x.line, x.status === 'order' && x.normalised, x.text])).toEqual([
      [1, 'F KIE - DEN', 'F kie - den'],
      [1, 'A BER - KIE', 'A ber - kie'],
      [1, 'A MUN S A BER - KIE', 'A mun S A ber - kie'],
    ]);
  });
  it('gives each bad piece of a ";" line its own error', () => {
    const v = parse('A par - bur; A par - mun; F bre H');
    expect(v.map((x) => x.status)).toEqual(['order', 'error', 'order']);
  });
  it('splits at "," when that is the only reading that works', () => {
    const v = parse('A par - bur, A mar - spa');
    expect(v.map((x) => x.status === 'order' && x.normalised)).toEqual(['A PAR - BUR', 'A MAR - SPA']);
    const p = position('movement', 'england: F nth, A lon');
    expect(parse('F nth convoys army london, to norway', { position: p })).toMatchObject([
      { status: 'order', normalised: 'F NTH C A LON - NWY' },
    ]);
  });
  it('a later order for a unit counts in its own line, in the place its unit was first named there', () => {
    const v = parse('A par - bur; A mar H; WAIVE\nA mun H\nA par H; F bre - eng; A mar - spa', { power: 'france' });
    const { kept, replaced } = readOrderSet(v);
    // WAIVE is refused in a movement phase: only the unit orders count; Munich is Germany's.
    expect(kept.map((k) => [k.line, k.normalised])).toEqual([
      [3, 'A PAR H'],
      [3, 'A MAR - SPA'],
      [3, 'F BRE - ENG'],
    ]);
    expect(replaced.map((r) => [r.earlier.normalised, r.later.normalised])).toEqual([
      ['A PAR - BUR', 'A PAR H'],
      ['A MAR H', 'A MAR - SPA'],
    ]);
  });
  it('a prefix on a ";" line applies to every order', () => {
    const v = parse('Germany: A ber - kie; A mun - ruh');
    expect(v.map((x) => x.status === 'order' && x.power)).toEqual(['germany', 'germany']);
  });
});

describe('headings and power prefixes', () => {
  it('in GM mode a heading sets the power for the lines below it', () => {
    const v = parse('France:\nA par - bur\n[Germany]\nA mun - ruh\nEngland\nF lon - nth');
    expect(v.map((x) => x.status)).toEqual(['heading', 'order', 'heading', 'order', 'heading', 'order']);
    expect(v.map((x) => ('power' in x ? x.power : null))).toEqual([
      'france',
      'france',
      'germany',
      'germany',
      'england',
      'england',
    ]);
  });
  it('in GM mode an order for a unit of another power than the heading is an error', () => {
    const v = parse('France:\nA mun - ruh');
    expect(v[1]).toMatchObject({
      status: 'error',
      error: { code: 'foreign-unit', unit: { power: 'germany', type: 'A', loc: 'mun' }, neutral: false },
    });
    expect(wordsOf((v[1] as { error: Refusal }).error)).toBe(
      'order to foreign unit: the army in Munich belongs to Germany',
    );
  });
  it("in GM mode without a heading the unit's owner gives the order", () => {
    const v = parse('A mun - ruh\nA par - bur');
    expect(v.map((x) => x.status === 'order' && x.power)).toEqual(['germany', 'france']);
  });
  it('a prefix applies to its line only', () => {
    const v = parse('France:\nGermany: A mun - ruh\nA par - bur');
    expect(v.map((x) => ('power' in x ? x.power : x.status))).toEqual(['france', 'germany', 'france']);
  });
  it("in player mode, another power's heading or prefix is an error", () => {
    const v = parse('Germany:\nGermany: A mun - ruh\nA par - bur\nFrance: A par - bur\nFrance:', { power: 'france' });
    expect(v.map((x) => x.status)).toEqual(['error', 'error', 'order', 'order', 'heading']);
    expect(v[0]).toMatchObject({ error: 'orders for Germany, but you are France' });
    expect(v[1]).toMatchObject({ error: 'orders for Germany, but you are France', text: 'Germany: A mun - ruh' });
  });
  it('a power name by itself in mid-order is an error, an owner adjective before a unit is not', () => {
    expect(parse('A mun S Germany')[0]).toMatchObject({ status: 'error', error: 'unexpected power name "Germany"' });
    expect(parse('A mun S German A ber')[0]).toMatchObject({ status: 'order', normalised: 'A MUN S A BER' });
  });
  it('keeps the whole original line as the text of a one-order line', () => {
    const v = parse('  Austria: Army Vienna -> Bohemia.  (*bounce*)  ');
    expect(v[0]).toMatchObject({
      status: 'order',
      text: 'Austria: Army Vienna -> Bohemia.  (*bounce*)',
      normalised: 'A VIE - BOH',
    });
  });
});

// The parser keeps the legality's index of the last position it read (the judge reads every power's
// orders against one position): a position whose units changed since is read as it is now.
describe('the same position read again', () => {
  it('sees a unit moved, replaced, added or taken away since the last reading', () => {
    const p = position('movement', 'france: A par, F bre');
    const read = (text: string) => norm(text, { position: p, power: 'france' });
    expect(read('A par - bur')).toBe('A PAR - BUR');
    p.units[0].loc = 'bur';
    expect(read('A par - bur')).toMatch(/^ERROR: .*no unit/i);
    expect(read('A bur - mun')).toBe('A BUR - MUN');
    p.units[0] = { power: 'france', type: 'F', loc: 'bur' };
    expect(read('A bur - mun')).toMatch(/^ERROR: /);
    p.units.push({ power: 'france', type: 'A', loc: 'gas' });
    expect(read('A gas - spa')).toBe('A GAS - SPA');
    p.units.pop();
    expect(read('A gas - spa')).toMatch(/^ERROR: .*no unit/i);
  });
});
