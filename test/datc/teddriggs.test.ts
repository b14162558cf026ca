// DATC v3.0 chapter 6 from TedDriggs' JSON (plus the cases it lacks): every stated outcome.
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import {
  buildJsonScenario,
  datcNumber,
  loadJsonCases,
  type JsonCase,
  type PhaseScenario,
} from '../harness/datc-json.js';
import { orderSucceeded, unitKeys, multisetDifference } from '../harness/outcomes.js';
import { MapResolver } from '../harness/resolve.js';
import { parseUnit } from '../harness/datc-json.js';
import {
  JSON_CASES_REPLACED,
  JSON_CIVIL_DISORDER_OVERRIDES,
  JSON_VERDICT_OVERRIDES,
  PREFERRED_EDITIONS,
} from './choices.js';
import { EXTRA_JSON_CASES } from './extra-cases.js';

const DATC_JSON = '/work/shared/reference/datc/teddriggs/datc.json';
const variant = loadVariant('standard');

/** One answer per DATC case: where the file gives several rulebooks, the one we play. */
function casesWePlay(all: JsonCase[]): JsonCase[] {
  const rank = (c: JsonCase) => (c.edition ? PREFERRED_EDITIONS.indexOf(c.edition) : -1);
  const best = new Map<string, number>();
  for (const c of all) {
    const n = datcNumber(c);
    best.set(n, Math.min(best.get(n) ?? Infinity, rank(c)));
  }
  return all.filter((c) => rank(c) === best.get(datcNumber(c)));
}

function checkPhase(label: string, scenario: PhaseScenario, result: ReturnType<typeof adjudicate>): void {
  const wrong = scenario.expectations
    .filter((e) => orderSucceeded(result, e.order) !== e.succeeds)
    .map((e) => `${label}${e.text}: expected ${e.succeeds ? 'success' : 'failure'}`);
  expect(wrong).toEqual([]);
}

const fromFile = loadJsonCases(DATC_JSON).filter((c) => !JSON_CASES_REPLACED.includes(c.name));
const cases = casesWePlay([...fromFile, ...EXTRA_JSON_CASES]);
const resolver = new MapResolver(variant);

describe('DATC v3.0 (TedDriggs JSON)', () => {
  it('covers every case of chapter 6', () => {
    expect(new Set(cases.map(datcNumber)).size).toBe(164);
  });

  for (const c of cases) {
    it(`${datcNumber(c)} ${c.name}${c.edition ? ` [${c.edition}]` : ''}`, () => {
      const scenario = buildJsonScenario(variant, c, JSON_VERDICT_OVERRIDES[c.name]);
      let position = scenario.phase.position;
      if (scenario.preceding) {
        const before = adjudicate(variant, scenario.preceding.position, scenario.preceding.orders, { seed: 'datc' });
        checkPhase('movement: ', scenario.preceding, before);
        position = before.next;
        if (position.phase.type !== 'retreat') {
          // No dislodged unit could retreat, so the retreat phase was skipped: every retreat fails.
          expect(scenario.phase.expectations.filter((e) => e.succeeds).map((e) => e.text)).toEqual([]);
          const retreating = scenario.phase.orders.filter((o) => o.kind === 'retreat' || o.kind === 'disband');
          const destroyed = unitKeys(before.destroyed);
          for (const o of retreating) expect(destroyed).toContain(`${o.power} ${o.type} ${o.loc}`);
          return;
        }
      }
      const result = adjudicate(variant, position, scenario.phase.orders, { seed: 'datc' });
      checkPhase('', scenario.phase, result);
      const disorderOverride = JSON_CIVIL_DISORDER_OVERRIDES[c.name];
      if (disorderOverride) scenario.civilDisorder = disorderOverride.map((u) => parseUnit(resolver, u));
      if (scenario.civilDisorder) {
        const explicitlyRemoved = scenario.phase.expectations.filter((e) => e.succeeds).map((e) => e.order);
        const removedByDisorder = result.destroyed.filter(
          (u) => !explicitlyRemoved.some((o) => o.kind === 'remove' && o.loc === u.loc),
        );
        expect(multisetDifference(unitKeys(scenario.civilDisorder), unitKeys(removedByDisorder))).toEqual({
          missing: [],
          extra: [],
        });
      }
    });
  }
});
