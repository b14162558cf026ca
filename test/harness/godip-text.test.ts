import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { loadVariant } from '../../src/core/map/load.js';
import { parseGodipText, readGodipFile, parseGodipPhase } from './godip-text.js';
import { buildGodipScenario } from './godip-scenario.js';
import { sharedPath } from './shared-dir.js';

const variant = loadVariant('standard');
const DIR = sharedPath('reference/datc/godip');

const SAMPLE = `
VARIANT_ALL Standard
# a comment
CASE 6.H.5 retreat sample
PRESTATE_SETPHASE Spring 1901, Retreat
PRESTATE
	Russia: F con
	Russia: F ank
PRESTATE_DISLODGED
	Turkey: F ank
PRESTATE_RESULTS
	SUCCESS: Russia: F con S F bla-ank
	SUCCESS: Russia: F bla-ank
	FAILURE: Turkey: F ank H
ORDERS
	Turkey: F ank-bla   # not to the attacker's origin
POSTSTATE
	Russia: F con
	Russia: F ank
END

CASE adjustment sample
PRESTATE_SETPHASE Fall 1901, Adjustment
PRESTATE_SUPPLYCENTER_OWNERS
	Russia: A stp
PRESTATE
	Russia: A mos
ORDERS
	Russia: Build F stp/nc
POSTSTATE_SAME
END
`;

describe('godip text format', () => {
  it('reads cases, sections, results and comments', () => {
    const [retreat, adjustment] = parseGodipText(SAMPLE, 'sample.txt');
    expect(retreat.name).toBe('6.H.5 retreat sample');
    expect(retreat.phase).toEqual({ year: 1901, season: 'spring', type: 'retreat' });
    expect(retreat.prestate.map((u) => u.loc)).toEqual(['con', 'ank']);
    expect(retreat.prestateDislodged).toEqual([{ power: 'Turkey', type: 'F', loc: 'ank', line: 10 }]);
    expect(retreat.prestateResults[2]).toEqual({ success: false, order: 'Turkey: F ank H', line: 14 });
    expect(retreat.orders).toEqual([{ text: 'Turkey: F ank-bla', line: 16 }]);
    expect(adjustment.phase).toEqual({ year: 1901, season: 'winter', type: 'adjustment' });
    expect(adjustment.centreOwners).toEqual([{ power: 'Russia', centre: 'stp' }]);
    expect(adjustment.poststate).toBeNull();
  });

  it('names the line of a malformed entry', () => {
    expect(() => parseGodipText('CASE x\nPRESTATE\n\tEngland nth\nEND\n', 'bad.txt')).toThrow(/bad.txt:3/);
    expect(() => parseGodipText('CASE x\nPRESTATE\n', 'bad.txt')).toThrow(/no END/);
  });

  it('reads phases', () => {
    expect(parseGodipPhase('Fall 1902, Movement')).toEqual({ year: 1902, season: 'fall', type: 'movement' });
    expect(parseGodipPhase('Summer 1902')).toBeNull();
  });

  it('works out retreat options from the results: not to the attacker, occupied or contested places', () => {
    const [retreat] = parseGodipText(SAMPLE, 'sample.txt');
    const s = buildGodipScenario(variant, retreat);
    expect(s.preceding).toBeUndefined();
    expect(s.position.dislodged).toEqual([
      { power: 'turkey', type: 'F', loc: 'ank', attackerFrom: 'bla', retreats: ['arm'] },
    ]);
    expect(s.orderText).toBe('Turkey: F ank-bla');
    const contested = parseGodipText(
      SAMPLE.replace('SUCCESS: Russia: F con S F bla-ank', 'FAILURE: Russia: F sev-arm\n\tFAILURE: Turkey: A smy-arm'),
      'sample.txt',
    )[0];
    expect(buildGodipScenario(variant, contested).position.dislodged[0].retreats).toEqual([]);
  });

  it('leaves no standoff where a unit lost a head-to-head battle (6.H.9)', () => {
    const [c] = parseGodipText(
      `CASE h9\nPRESTATE_SETPHASE Spring 1901, Retreat\nPRESTATE\n\tEngland: F kie\n\tGermany: A pru\n` +
        `PRESTATE_DISLODGED\n\tGermany: F kie\n\tRussia: A pru\nPRESTATE_RESULTS\n\tSUCCESS: England: F hel-kie\n` +
        `\tSUCCESS: Germany: A ber-pru\n\tFAILURE: Germany: F kie H\n\tFAILURE: Russia: A pru-ber\nORDERS\nPOSTSTATE_SAME\nEND\n`,
      'h9.txt',
    );
    const kiel = buildGodipScenario(variant, c).position.dislodged.find((d) => d.power === 'germany')!;
    expect(kiel.retreats).toContain('ber');
    expect(kiel.retreats).not.toContain('hel');
  });

  it('converts every case of every reference file', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.txt'));
    let n = 0;
    for (const f of files) {
      const cases = readGodipFile(`${DIR}/${f}`);
      for (const [i, c] of cases.entries()) {
        expect(() => buildGodipScenario(variant, c, cases[i - 1]), `${f}: ${c.name}`).not.toThrow();
        n++;
      }
    }
    expect(n).toBe(185);
  });
});
