// godip's DATC v2.4 file and its real-game cases: the whole board after each case. Orders go in as
// text through the same parse -> check -> adjudicate path as `chancery adjudicate`.
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import type { PhaseResult } from '../../src/core/adjudicate/result.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Unit } from '../../src/core/types.js';
import { buildGodipScenario, type BoardExpectation } from '../harness/godip-scenario.js';
import { readGodipFile } from '../harness/godip-text.js';
import { parseUnit } from '../harness/datc-json.js';
import { multisetDifference, unitKeys } from '../harness/outcomes.js';
import { MapResolver } from '../harness/resolve.js';
import { GODIP_POSTSTATE_OVERRIDES, GODIP_TEXT_CORRECTIONS } from './choices.js';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import type { Position } from '../../src/core/types.js';
import { sharedPath } from '../harness/shared-dir.js';

function play(position: Position, text: string, label: string): PhaseResult {
  const read = readPhaseOrders(variant, position, text, label);
  return adjudicate(variant, position, read.orders, { seed: 'godip' });
}

const DIR = sharedPath('reference/datc/godip');
const FILES = ['datc_v2.4_06.txt', 'real.txt', 'dipai.txt', 'droidippy_errors.txt', 'diplicity_errors.txt'];
const variant = loadVariant('standard');
const resolver = new MapResolver(variant);

/** godip lists as dislodged only the units that may retreat; the others are destroyed at once. */
function boardDifference(result: PhaseResult, expected: BoardExpectation) {
  const dislodged: Unit[] = result.next.dislodged
    .filter((d) => d.retreats.length > 0)
    .map(({ power, type, loc }) => ({ power, type, loc }));
  return {
    units: multisetDifference(unitKeys(expected.units), unitKeys(result.next.units)),
    dislodged: multisetDifference(unitKeys(expected.dislodged), unitKeys(dislodged)),
  };
}

const NO_DIFFERENCE = { units: { missing: [], extra: [] }, dislodged: { missing: [], extra: [] } };

for (const file of FILES) {
  describe(`godip ${file}`, () => {
    const cases = readGodipFile(`${DIR}/${file}`);
    cases.forEach((c, i) => {
      it(`${c.name} (line ${c.line})`, () => {
        const scenario = buildGodipScenario(variant, c, cases[i - 1]);
        for (const [typo, fixed] of GODIP_TEXT_CORRECTIONS[`${file}:${c.name}`] ?? [])
          scenario.orderText = scenario.orderText.replace(typo, fixed);
        const override = GODIP_POSTSTATE_OVERRIDES[`${file}:${c.name}`];
        if (override) {
          scenario.expect = {
            units: override.units.map((u) => parseUnit(resolver, u)),
            dislodged: (override.dislodged ?? []).map((u) => parseUnit(resolver, u)),
          };
        }
        let position = scenario.position;
        if (scenario.preceding) {
          const before = play(scenario.preceding.position, scenario.preceding.orderText, c.name);
          expect(boardDifference(before, scenario.preceding.expect), 'rebuilt movement phase').toEqual(NO_DIFFERENCE);
          position = before.next;
        }
        const result = play(position, scenario.orderText, c.name);
        expect(boardDifference(result, scenario.expect)).toEqual(NO_DIFFERENCE);
      });
    });
  });
}
