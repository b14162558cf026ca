// The core refuses with reason codes and src/render/reasons.ts alone words them (issue 20.1, 23.3):
// every code of the closed set has words, and the legality, the rule modules, the adjudicator's
// outcomes and the DP rules carry no sentence of their own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OrderOutcome } from '../../src/core/adjudicate/result.js';
import type { Fact } from '../../src/core/adjudicate/trace.js';
import type { BidVerdict, ChartEntry, PowerAccount } from '../../src/core/dp/index.js';
import type { Refused } from '../../src/core/legality/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { REASON_CODES, type ReasonCode, type ReasonOf } from '../../src/core/reasons.js';
import type { OrderCheck } from '../../src/core/rules/ruleset.js';
import { REASON_WORDS, reasonText } from '../../src/render/reasons.js';

const standard = loadVariant('standard');
const army = { power: 'france', type: 'A', loc: 'par' } as const;
const fleet = { power: 'england', type: 'F', loc: 'stp/sc' } as const;
const strait = { unit: fleet, from: 'bot', to: 'swe', sea: 'bal', guard: 'germany' };

/** One reason of each code: the mapped type makes a code without a sample a compile error. */
const SAMPLES: { [C in ReasonCode]: ReasonOf<C> } = {
  'wrong-phase': { code: 'wrong-phase', kind: 'build', phase: 'movement', allowed: ['adjustment'] },
  'unknown-place': { code: 'unknown-place', place: 'xyz' },
  'no-unit': { code: 'no-unit', province: 'bur' },
  'no-dislodged-unit': { code: 'no-dislodged-unit', province: 'bur' },
  'not-dislodged': { code: 'not-dislodged', unit: army },
  'foreign-unit': { code: 'foreign-unit', unit: army, neutral: true },
  'wrong-unit-type': { code: 'wrong-unit-type', unit: army },
  'variant-rule': { code: 'variant-rule' },
  'move-to-own-province': { code: 'move-to-own-province', unit: army },
  impassable: { code: 'impassable', province: 'swi' },
  'fleet-convoyed': { code: 'fleet-convoyed' },
  'fleet-inland': { code: 'fleet-inland', province: 'mun' },
  'army-to-sea': { code: 'army-to-sea', province: 'iri' },
  'unknown-coast': { code: 'unknown-coast', province: 'spa', coast: 'ec' },
  'cannot-reach': { code: 'cannot-reach', unit: fleet, place: 'spa/sc' },
  'ambiguous-coast': { code: 'ambiguous-coast', unit: fleet, choices: ['spa/nc', 'spa/sc'] },
  'strait-closed': { code: 'strait-closed', strait, convoyHint: true },
  'path-not-sea': { code: 'path-not-sea', province: 'bel' },
  'path-not-coastal': { code: 'path-not-coastal', province: 'mun' },
  'path-broken': { code: 'path-broken', from: 'nth', to: 'mao' },
  'nothing-to-support': { code: 'nothing-to-support', province: 'bur' },
  'support-self': { code: 'support-self' },
  'support-into-own-province': { code: 'support-into-own-province' },
  'supported-already-there': { code: 'supported-already-there', province: 'yor' },
  'support-out-of-reach': {
    code: 'support-out-of-reach',
    why: { code: 'cannot-reach', unit: army, place: 'ven' },
    move: true,
  },
  'supported-cannot-reach': { code: 'supported-cannot-reach', unit: army, place: 'ven' },
  'convoy-by-army': { code: 'convoy-by-army', unit: army },
  'convoy-not-at-sea': { code: 'convoy-not-at-sea', province: 'lon' },
  'nothing-to-convoy': { code: 'nothing-to-convoy', province: 'wal' },
  'convoy-of-fleet': { code: 'convoy-of-fleet', unit: fleet },
  'convoyed-already-there': { code: 'convoyed-already-there', province: 'yor' },
  'convoy-impossible': { code: 'convoy-impossible', from: 'lon', to: 'nwy', through: 'mao' },
  'retreat-coast-ambiguous': { code: 'retreat-coast-ambiguous', unit: fleet, choices: ['spa/nc', 'spa/sc'] },
  'retreat-or-disband': { code: 'retreat-or-disband', unit: army },
  'invalid-retreat': { code: 'invalid-retreat', unit: fleet, province: 'spa', coast: 'nc' },
  'build-not-land': { code: 'build-not-land', province: 'nth', terrain: 'sea' },
  'fleet-built-inland': { code: 'fleet-built-inland', province: 'mos' },
  'build-coast-missing': { code: 'build-coast-missing', province: 'stp' },
  'build-site-unknown-power': { code: 'build-site-unknown-power', power: 'narnia' },
  'build-site-used': { code: 'build-site-used', province: 'par' },
  'build-site-not-home': { code: 'build-site-not-home', province: 'bel', power: 'france' },
  'build-site-not-owned': { code: 'build-site-not-owned', province: 'mar', power: 'france' },
  'build-site-occupied': { code: 'build-site-occupied', province: 'par' },
  'build-site-refused': { code: 'build-site-refused', province: 'bre', power: 'france' },
  'coast-always-named': { code: 'coast-always-named', province: 'spa' },
  'neutral-by-dp-only': { code: 'neutral-by-dp-only' },
  'religion-papal-support': { code: 'religion-papal-support', papal: 'italy' },
  'religion-papal-sortie-adjacent': { code: 'religion-papal-sortie-adjacent', papal: 'italy' },
  'religion-papal-sortie-catholic': { code: 'religion-papal-sortie-catholic', papal: 'italy' },
  'religion-papal-orders': { code: 'religion-papal-orders', papal: 'italy', sortie: false },
  'religion-muslim-minor': { code: 'religion-muslim-minor' },
  'religion-christian-minor': { code: 'religion-christian-minor', ottoman: true },
  'cd-not-in-variant': { code: 'cd-not-in-variant' },
  'cd-not-great': { code: 'cd-not-great', power: 'bavaria' },
  'cd-already': { code: 'cd-already', power: 'france' },
  'no-order': { code: 'no-order' },
  'no-convoy-route': { code: 'no-convoy-route' },
  'sortie-ends-elsewhere': { code: 'sortie-ends-elsewhere' },
  'no-builds-left': { code: 'no-builds-left' },
  'builder-removes': { code: 'builder-removes' },
  'remover-builds': { code: 'remover-builds' },
  'no-removals-left': { code: 'no-removals-left' },
  'already-removed': { code: 'already-removed' },
  'no-adjustment-due': { code: 'no-adjustment-due' },
  'dp-no-unit': { code: 'dp-no-unit', province: 'boh' },
  'dp-wrong-type': { code: 'dp-wrong-type', province: 'bel', type: 'F' },
  'dp-not-neutral': { code: 'dp-not-neutral', unit: army },
  'dp-not-great': { code: 'dp-not-great', power: 'savoy' },
  'dp-amount': { code: 'dp-amount', amount: 0 },
  'dp-order-kind': { code: 'dp-order-kind' },
  'dp-neutral-order': { code: 'dp-neutral-order', kind: 'move' },
  'dp-other-power': { code: 'dp-other-power', bidder: 'germany', power: 'france' },
  'dp-none': { code: 'dp-none' },
  'dp-phase': { code: 'dp-phase' },
  'dp-retired': { code: 'dp-retired', power: 'france' },
  'dp-budget': { code: 'dp-budget', total: 3, allowance: 2 },
  'dp-cap': { code: 'dp-cap', cap: 2, province: 'bel', total: 3 },
  'dp-attacking': { code: 'dp-attacking', power: 'france', province: 'bel', convoys: true },
  'dp-overspent': { code: 'dp-overspent', allocated: 4, allowance: 3 },
  'dp-over-cap': { code: 'dp-over-cap', amount: 3, province: 'bel', cap: 2 },
  worded: { code: 'worded', text: 'words of an earlier version' },
};

describe('reason codes: a closed set, each with its words', () => {
  it('the set, the samples and the words name the same codes', () => {
    const sorted = [...REASON_CODES].sort();
    expect(Object.keys(SAMPLES).sort()).toEqual(sorted);
    expect(Object.keys(REASON_WORDS).sort()).toEqual(sorted);
    expect(new Set(REASON_CODES).size).toBe(REASON_CODES.length);
  });

  it.each(REASON_CODES)('%s is worded, naming places and powers by name', (code) => {
    const text = reasonText({ variant: standard }, SAMPLES[code]);
    expect(text.length).toBeGreaterThan(5);
    expect(text).not.toMatch(/undefined|null|\[object|NaN/);
  });

  it('words name places, units and powers as players read them', () => {
    expect(reasonText({ variant: standard }, SAMPLES['foreign-unit'])).toBe(
      'order to foreign unit: the army in Paris belongs to France (a neutral unit: bid for it with a DP line)',
    );
    expect(reasonText({ variant: standard }, SAMPLES['strait-closed'])).toBe(
      'the strait between Gulf of Bothnia and Sweden is closed to the fleet in St Petersburg (south coast): ' +
        'a fleet of Germany is in Baltic Sea; write "via convoy" to be convoyed',
    );
    expect(reasonText({ variant: standard }, SAMPLES['support-out-of-reach'])).toBe(
      'the army in Paris cannot reach Venice, so cannot support a move there',
    );
  });
});

/** True when no string can stand where a reason goes: checked by the compiler (npm run typecheck). */
type NoWords<T> = [Extract<T, string>] extends [never] ? true : false;
const WORDLESS: [
  NoWords<Refused['reason']>,
  NoWords<OrderCheck['reason']>,
  NoWords<OrderOutcome['reason']>,
  NoWords<Extract<Fact, { reason: unknown }>['reason']>,
  NoWords<BidVerdict['reason']>,
  NoWords<ChartEntry['reason']>,
  NoWords<PowerAccount['reason']>,
] = [true, true, true, true, true, true, true];

/** Every string literal of a file that reads as a sentence (three words or more), comments left out. */
function sentences(file: string): string[] {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');
  const literals = code.match(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g) ?? [];
  return literals.filter((l) => /[a-z]+ [a-z]+ [a-z]+/i.test(l));
}

describe('the core decides, render words', () => {
  it('the legality, the adjudicator, the rule hooks and the DP rules return reasons, not words', () => {
    expect(WORDLESS.every(Boolean)).toBe(true);
    const dirs = ['src/core/legality', 'src/core/adjudicate', 'src/core/dp'];
    // The DP modules' variant-file checks (config.ts, and the stating lines in modules.ts) speak to
    // the variant's author in `chancery variant check`, not to a player: they are no refusal.
    const variantFileChecks = new Set(['src/core/dp/config.ts', 'src/core/dp/modules.ts']);
    const files = [
      ...dirs.flatMap((d) => readdirSync(d).map((f) => join(d, f))),
      'src/core/reasons.ts',
      'src/core/rules/ruleset.ts',
    ].filter((f) => f.endsWith('.ts') && !variantFileChecks.has(f));
    const found = files.flatMap((f) => sentences(f).map((s) => `${f}: ${s}`));
    expect(found).toEqual([]);
    // The scan can fail: the words themselves are such sentences.
    expect(sentences('src/render/reasons.ts').length).toBeGreaterThan(40);
  });
});
