// DATC v3.0 chapter 6, every case fed as order TEXT in the document's own wording (its <pre>
// blocks) through the same parse -> check -> adjudicate path as `chancery adjudicate` and the mail
// judge. TedDriggs' JSON supplies only what the text does not state in orders: the board (units
// the orders do not name, ownership for winter cases) and the expected outcome of each order.
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import type { PhaseResult } from '../../src/core/adjudicate/result.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Order, Position } from '../../src/core/types.js';
import { provinceOf } from '../../src/core/types.js';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { buildJsonScenario, datcNumber, parseUnit, type OrderExpectation } from '../harness/datc-json.js';
import { datcOrderBlocks } from '../harness/datc-text.js';
import { multisetDifference, unitKeys } from '../harness/outcomes.js';
import { MapResolver } from '../harness/resolve.js';
import { datcCases, datcTexts } from './cases.js';
import { JSON_CIVIL_DISORDER_OVERRIDES, JSON_VERDICT_OVERRIDES } from './choices.js';
import { DATC_REFUSALS } from './refusals.js';

const variant = loadVariant('standard');
const blocks = datcOrderBlocks();
const resolver = new MapResolver(variant);

/**
 * Parses the document's text for this phase as a GM's order file and adjudicates it, after checking
 * that the judge refused exactly the lines the case declares (DATC_REFUSALS): a refused line is a
 * failed order, so an undeclared refusal would let the expected "fails" be met by no order at all.
 */
function playText(position: Position, text: string, label: string): PhaseResult {
  const read = readPhaseOrders(variant, position, text, label);
  const complaints = read.complaints.map((c) => {
    const m = /^.+?:(\d+): (.*)$/.exec(c);
    return m ? { line: Number(m[1]), says: m[2] } : { line: 0, says: c };
  });
  const declared = DATC_REFUSALS[label] ?? [];
  expect(complaints.map((c) => c.line)).toEqual(declared.map(([line]) => line));
  declared.forEach(([line, expected], k) => {
    const code = read.refused.find((r) => r.line === line)?.code;
    if (expected.startsWith('replaces ')) expect(complaints[k].says).toContain(expected);
    else expect(code).toBe(expected);
  });
  return adjudicate(variant, position, read.orders, { seed: 'datc', bids: read.bids });
}

/** Did the unit the expectation names carry out an order of that kind? A declared refusal is a failed order. */
function succeeded(result: PhaseResult, expected: Order): boolean {
  if (expected.kind === 'waive') return result.outcomes.some((o) => o.order.kind === 'waive' && o.success);
  const province = provinceOf(expected.loc);
  const same = result.outcomes.filter(
    (o) => o.order.kind !== 'waive' && provinceOf(o.order.loc) === province && o.order.kind === expected.kind,
  );
  if (!same.length) return false;
  if (expected.kind === 'build') return same.some((o) => o.success);
  return same[same.length - 1].success;
}

function checkPhase(label: string, expectations: OrderExpectation[], result: PhaseResult): void {
  const wrong = expectations
    .filter((e) => succeeded(result, e.order) !== e.succeeds)
    .map((e) => `${label}${e.text}: expected ${e.succeeds ? 'success' : 'failure'}`);
  expect(wrong).toEqual([]);
}

const cases = datcCases();
describe('DATC v3.0 chapter 6, as the document writes its orders', () => {
  it('covers every case of chapter 6', () => {
    expect(new Set(cases.map(datcNumber)).size).toBe(164);
    expect(blocks.size).toBe(164);
  });

  for (const c of cases) {
    it(`${datcNumber(c)} ${c.name}${c.edition ? ` [${c.edition}]` : ''}`, () => {
      const scenario = buildJsonScenario(variant, c, JSON_VERDICT_OVERRIDES[c.name]);
      const texts = datcTexts(variant, c, blocks);
      let position = scenario.phase.position;
      let phaseText = texts.first;
      if (scenario.preceding) {
        const before = playText(scenario.preceding.position, texts.first, `${datcNumber(c)} movement`);
        checkPhase('movement: ', scenario.preceding.expectations, before);
        position = before.next;
        phaseText = texts.retreats;
        if (position.phase.type !== 'retreat') {
          // No dislodged unit could retreat, so the retreat phase was skipped: every retreat fails.
          expect(scenario.phase.expectations.filter((e) => e.succeeds).map((e) => e.text)).toEqual([]);
          const retreating = scenario.phase.orders.filter((o) => o.kind === 'retreat' || o.kind === 'disband');
          const destroyed = unitKeys(before.destroyed);
          for (const o of retreating) expect(destroyed).toContain(`${o.power} ${o.type} ${o.loc}`);
          return;
        }
      }
      const result = playText(position, phaseText, datcNumber(c));
      checkPhase('', scenario.phase.expectations, result);
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
