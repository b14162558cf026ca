// DATC v3.0 chapter 6 as the suites play it: one answer per case (the rulebook we follow), and the
// order text of each phase in the document's own wording. Shared by the outcome suite
// (teddriggs.test.ts) and the order-independence suite, so both play the same cases and texts.
import type { Variant } from '../../src/core/map/variant.js';
import { datcNumber, loadJsonCases, type JsonCase } from '../harness/datc-json.js';
import { datcOrderBlocks } from '../harness/datc-text.js';
import { MapResolver } from '../harness/resolve.js';
import { sharedPath } from '../harness/shared-dir.js';
import { JSON_CASES_REPLACED, PREFERRED_EDITIONS } from './choices.js';
import { EXTRA_JSON_CASES } from './extra-cases.js';
import { DATC_PROSE_BLOCKS, DATC_TEXT_CORRECTIONS } from './refusals.js';

const DATC_JSON = sharedPath('reference/datc/teddriggs/datc.json');

/** One answer per DATC case: where the file gives several rulebooks, the one we play. */
export function datcCases(): JsonCase[] {
  const all = [...loadJsonCases(DATC_JSON).filter((c) => !JSON_CASES_REPLACED.includes(c.name)), ...EXTRA_JSON_CASES];
  const rank = (c: JsonCase) => (c.edition ? PREFERRED_EDITIONS.indexOf(c.edition) : -1);
  const best = new Map<string, number>();
  for (const c of all) {
    const n = datcNumber(c);
    best.set(n, Math.min(best.get(n) ?? Infinity, rank(c)));
  }
  return all.filter((c) => rank(c) === best.get(datcNumber(c)));
}

export interface CaseTexts {
  /** The first phase's orders: the movement before a retreat case, else the case's own phase. */
  first: string;
  /** A retreat case's retreats. */
  retreats: string;
}

/**
 * The order text of a case's phases. Where the document states orders in prose (the retreats of some
 * H cases), TedDriggs' transcription of the orders is read instead.
 */
export function datcTexts(variant: Variant, c: JsonCase, blocks = datcOrderBlocks()): CaseTexts {
  const n = datcNumber(c);
  const texts = blocks.get(n) ?? [];
  // A case with two scenarios (6.J.9) prints one block for each.
  const own = (/second_scenario/.test(c.name) ? texts.slice(1) : texts).map((t) => caseText(n, t));
  return { first: own[0] ?? transcribed(variant, c.orders), retreats: own[1] ?? transcribed(variant, c.orders) };
}

/** The case's order block as the judge is to read it: DATC's typing errors mended, prose read as no orders. */
function caseText(n: string, block: string): string {
  if (DATC_PROSE_BLOCKS.includes(n)) return '';
  let text = block;
  for (const [typo, meant] of DATC_TEXT_CORRECTIONS[n] ?? []) {
    // A correction that no longer matches the document is stale: say so rather than skip it.
    if (!text.includes(typo)) throw new Error(`${n}: the correction of "${typo}" no longer applies`);
    text = text.split(typo).join(meant);
  }
  return text;
}

/** TedDriggs' order keys ("GER: F kie -> ber") as an order file: "Germany: F kie -> ber". */
function transcribed(variant: Variant, orders: Record<string, unknown>): string {
  const resolver = new MapResolver(variant);
  return Object.keys(orders)
    .map((k) => k.replace(/^([A-Za-z]+):/, (_, p: string) => `${variant.powerById.get(resolver.power(p))?.name ?? p}:`))
    .join('\n');
}
