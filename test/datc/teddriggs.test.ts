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
import {
  buildJsonScenario,
  datcNumber,
  loadJsonCases,
  parseUnit,
  type JsonCase,
  type OrderExpectation,
} from '../harness/datc-json.js';
import { datcOrderBlocks } from '../harness/datc-text.js';
import { multisetDifference, unitKeys } from '../harness/outcomes.js';
import { MapResolver } from '../harness/resolve.js';
import {
  JSON_CASES_REPLACED,
  JSON_CIVIL_DISORDER_OVERRIDES,
  JSON_VERDICT_OVERRIDES,
  PREFERRED_EDITIONS,
} from './choices.js';
import { EXTRA_JSON_CASES } from './extra-cases.js';
import { DATC_PROSE_BLOCKS, DATC_REFUSALS, DATC_TEXT_CORRECTIONS } from './refusals.js';
import { sharedPath } from '../harness/shared-dir.js';

const DATC_JSON = sharedPath('reference/datc/teddriggs/datc.json');
const variant = loadVariant('standard');
const blocks = datcOrderBlocks();
const resolver = new MapResolver(variant);

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
  declared.forEach(([, says], k) => expect(complaints[k].says).toContain(says));
  return adjudicate(variant, position, read.orders, { seed: 'datc', bids: read.bids });
}

/** The case's order block as the judge is to read it: DATC's typing errors mended, prose read as no orders. */
function caseText(n: string, block: string): string {
  if (DATC_PROSE_BLOCKS.includes(n)) return '';
  let text = block;
  for (const [typo, meant] of DATC_TEXT_CORRECTIONS[n] ?? []) {
    // A correction that no longer matches the document is stale: say so rather than skip it.
    expect(text).toContain(typo);
    text = text.split(typo).join(meant);
  }
  return text;
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

/** TedDriggs' order keys ("GER: F kie -> ber") as an order file: "Germany: F kie -> ber". */
function transcribed(orders: Record<string, unknown>): string {
  return Object.keys(orders)
    .map((k) => k.replace(/^([A-Za-z]+):/, (_, p: string) => `${variant.powerById.get(resolver.power(p))?.name ?? p}:`))
    .join('\n');
}

const fromFile = loadJsonCases(DATC_JSON).filter((c) => !JSON_CASES_REPLACED.includes(c.name));
const cases = casesWePlay([...fromFile, ...EXTRA_JSON_CASES]);
describe('DATC v3.0 chapter 6, as the document writes its orders', () => {
  it('covers every case of chapter 6', () => {
    expect(new Set(cases.map(datcNumber)).size).toBe(164);
    expect(blocks.size).toBe(164);
  });

  for (const c of cases) {
    it(`${datcNumber(c)} ${c.name}${c.edition ? ` [${c.edition}]` : ''}`, () => {
      const scenario = buildJsonScenario(variant, c, JSON_VERDICT_OVERRIDES[c.name]);
      const texts = blocks.get(datcNumber(c)) ?? [];
      // A case with two scenarios (6.J.9) prints one block for each.
      const own = (/second_scenario/.test(c.name) ? texts.slice(1) : texts).map((t) => caseText(datcNumber(c), t));
      let position = scenario.phase.position;
      let phaseText = own[0] ?? transcribed(c.orders);
      if (scenario.preceding) {
        const before = playText(scenario.preceding.position, own[0] ?? '', `${datcNumber(c)} movement`);
        checkPhase('movement: ', scenario.preceding.expectations, before);
        position = before.next;
        // Where the document states the retreats in prose, TedDriggs' transcription is read instead.
        phaseText = own[1] ?? transcribed(c.orders);
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
