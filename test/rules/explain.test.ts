// The resolver's trace (issue 20 item 3), on DATC v3.0 cases fed as the document's order text
// through readPhaseOrders, as `chancery adjudicate` reads them: the facts are typed codes, asserted
// as codes; the trace changes no outcome and is absent unless asked for.
import { describe, expect, it } from 'vitest';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { explainMovement, explainOutcomes } from '../../src/core/adjudicate/explain.js';
import { readPosition } from '../../src/core/position/index.js';
import { adjudicate, initialPosition } from '../../src/core/adjudicate/index.js';
import type { Fact } from '../../src/core/adjudicate/trace.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Position } from '../../src/core/types.js';
import { buildJsonScenario, datcNumber, loadJsonCases } from '../harness/datc-json.js';
import { datcOrderBlocks } from '../harness/datc-text.js';
import { sharedPath } from '../harness/shared-dir.js';
import { runCli } from '../cli/run.js';
import { readFileSync } from 'node:fs';

const standard = loadVariant('standard');
const blocks = datcOrderBlocks();
const cases = new Map<string, Position>();
for (const c of loadJsonCases(sharedPath('reference/datc/teddriggs/datc.json'))) {
  const n = datcNumber(c);
  const scenario = buildJsonScenario(standard, c);
  if (!cases.has(n) && !scenario.preceding && scenario.phase.position.phase.type === 'movement')
    cases.set(n, scenario.phase.position);
}

function traced(n: string) {
  const position = cases.get(n)!;
  const read = readPhaseOrders(standard, position, blocks.get(n)![0], n);
  return { position, read, result: adjudicate(standard, position, read.orders, { explain: true }) };
}

/** The facts of the unit in a location. */
function factsOf(n: string, loc: string): Fact[] {
  const { result } = traced(n);
  return result.explanations!.find((e) => e.unit?.loc === loc)!.facts;
}

describe('the trace, on DATC cases', () => {
  it('6.F.25 cut support last: the support of Norway is cut by the army in Denmark, which dislodges it', () => {
    expect(factsOf('6.F.25', 'nwy')).toEqual([
      { code: 'support-cut', by: { power: 'germany', type: 'A', loc: 'den' } },
      { code: 'dislodged', by: { power: 'germany', type: 'A', loc: 'den' }, attack: 2, hold: 1 },
    ]);
    expect(factsOf('6.F.25', 'yor')).toEqual([
      { code: 'supported', by: [{ power: 'england', type: 'F', loc: 'hel' }] },
      { code: 'moved', attack: 2, against: 1 },
    ]);
  });

  it('6.F.14 simple convoy paradox: the Szykman rule fails the convoyed army', () => {
    expect(factsOf('6.F.14', 'bre').map((f) => f.code)).toEqual(['szykman']);
  });

  it('6.C.1 three army circular movement: each move is part of the ring', () => {
    for (const loc of ['ank', 'con', 'smy']) expect(factsOf('6.C.1', loc).map((f) => f.code)).toContain('circular');
  });

  it('6.D.34 support targeting own area: the line is refused with the legality reason; the attack wins 3 to 2', () => {
    const { read } = traced('6.D.34');
    expect(read.refused.map((r) => r.reason).join()).toMatch(/cannot support a move into its own province/);
    expect(factsOf('6.D.34', 'lvn')).toEqual([
      { code: 'supported', by: [{ power: 'russia', type: 'A', loc: 'war' }] },
      { code: 'bounced', with: [{ power: 'germany', type: 'A', loc: 'ber' }], attack: 2, prevent: 3 },
    ]);
  });

  it('changes no outcome in any movement case, and is absent unless asked', () => {
    let checked = 0;
    for (const [n, position] of cases) {
      const read = readPhaseOrders(standard, position, blocks.get(n)?.[0] ?? '', n);
      const plain = adjudicate(standard, position, read.orders);
      const asked = adjudicate(standard, position, read.orders, { explain: true });
      expect(plain.explanations).toBeUndefined();
      expect(asked.outcomes).toEqual(plain.outcomes);
      expect(asked.explanations!.length).toBe(plain.outcomes.length);
      // EXPLAIN by mail adjudicates again from the orders used: the same outcomes.
      expect(explainMovement(standard, position, plain.outcomes).outcomes).toEqual(plain.outcomes);
      checked++;
    }
    expect(checked).toBeGreaterThan(120);
  });
});

describe('the trace in a DP game', () => {
  it('depends only on the orders the bids decided, never on who bid or how much', () => {
    const variant = loadVariant('ambition6');
    const start = initialPosition(variant);
    const read = readPhaseOrders(variant, start, readFileSync('examples/ambition6/spring-1763.txt', 'utf8'), 's');
    expect(read.bids.length).toBeGreaterThan(0);
    const played = adjudicate(variant, start, read.orders, { bids: read.bids });
    const traced = explainMovement(variant, start, played.outcomes);
    expect(traced.outcomes).toEqual(played.outcomes);
    // Nothing of the bids is among the facts: no amount, no bidder, only units and strengths.
    const facts = JSON.stringify(traced.explanations);
    expect(facts).not.toMatch(/amount|bid|"dp"/i);
  });
});

describe('chancery adjudicate --explain', () => {
  it('prints under each order why it succeeded or failed', async () => {
    const run = await runCli('adjudicate', '--orders', 'examples/standard/spring-1901.txt', '--explain');
    expect(run.code).toBe(0);
    const paris = [
      'France: Army Paris -> Burgundy.',
      '      - supported by the French Army Marseilles',
      '      - moved with strength 2 against 1',
    ];
    expect(run.out).toContain(`\n${paris.join('\n')}\n`);
    const plain = await runCli('adjudicate', '--orders', 'examples/standard/spring-1901.txt');
    expect(plain.out).not.toContain('      - ');
  });
});

describe('the facts of a retreat phase', () => {
  it('two retreats to one province meet there, each naming the other', () => {
    const position = readPosition(
      'variant standard\nphase Fall 1901 Retreat\nTurkey: A ser, A gre\n' +
        'Austria:\n  dislodged A ser from bul\nItaly:\n  dislodged A gre from bul\n',
      { variant: standard },
    ).position;
    const read = readPhaseOrders(standard, position, 'Austria: A ser R alb\nItaly: A gre R alb', 'retreats');
    expect(read.complaints).toEqual([]);
    const result = adjudicate(standard, position, read.orders);
    expect(explainOutcomes(result.outcomes).map((e) => e.facts)).toEqual([
      [{ code: 'retreat-bounced', with: [{ power: 'italy', type: 'A', loc: 'gre' }] }],
      [{ code: 'retreat-bounced', with: [{ power: 'austria', type: 'A', loc: 'ser' }] }],
    ]);
  });
});
