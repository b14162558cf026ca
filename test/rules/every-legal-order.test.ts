// Every legal order (src/core/options, issue 20 item 4), checked both ways against the one legality
// on DATC v3.0 chapter 6, on real Droidippy phases of every kind and on the variants' example games:
// - each order the generator lists, written as text and read by the order reader in GM mode (the
//   reader of `chancery adjudicate` and the mail judge), is accepted as that same order;
// - each order the phase's own text got accepted (readPhaseOrders) is among those listed.
// A count guard fails the test when the sample shrinks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { adjudicate, initialPosition } from '../../src/core/adjudicate/index.js';
import type { PhaseResult } from '../../src/core/adjudicate/result.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Variant } from '../../src/core/map/variant.js';
import { legalityScope } from '../../src/core/legality/index.js';
import { orderKey, phaseOptions, unitOrders, winterOrders } from '../../src/core/options/index.js';
import { formatOrder, parseOrders } from '../../src/core/orders/parse.js';
import { readPosition } from '../../src/core/position/index.js';
import type { Order, Position, PowerId } from '../../src/core/types.js';
import { phaseCode } from '../../src/core/types.js';
import { droidippyGameFiles, droidippyGamesDir } from '../harness/archive.js';
import { buildJsonScenario, datcNumber, loadJsonCases } from '../harness/datc-json.js';
import { datcOrderBlocks } from '../harness/datc-text.js';
import { DroidippyNames, parseDroidippyGame } from '../harness/droidippy.js';
import { recordedPosition } from '../harness/replay.js';
import { sharedPath } from '../harness/shared-dir.js';

/** Every order the legality allows anyone in this phase, by key: per unit, and each power's winter orders. */
function everyLegalOrder(variant: Variant, position: Position): Map<string, Order> {
  const scope = legalityScope(variant, position);
  const all: Order[] = [];
  if (position.phase.type === 'adjustment') {
    for (const p of variant.powers) all.push(...winterOrders(scope, p.id));
  } else {
    const pool = position.phase.type === 'retreat' ? position.dislodged : position.units;
    for (const u of pool) all.push(...unitOrders(scope, u.loc));
  }
  return new Map(all.map((o) => [orderKey(o), o]));
}

/** The orders as a GM's order file: under each power's heading, one a line; and in that order. */
function headed(variant: Variant, orders: Order[]): { text: string; order: Order[] } {
  const byPower = new Map<PowerId, Order[]>();
  for (const o of orders) byPower.set(o.power, [...(byPower.get(o.power) ?? []), o]);
  const blocks = [...byPower].map(
    ([p, own]) => `${variant.powerById.get(p)?.name ?? p}:\n${own.map((o) => formatOrder(o, variant)).join('\n')}`,
  );
  return { text: blocks.join('\n'), order: [...byPower.values()].flat() };
}

interface Tally {
  phases: number;
  listed: number;
  accepted: number;
}

/** Both directions on one phase; returns the problems, each naming the order. */
function checkPhase(variant: Variant, position: Position, text: string, label: string, tally: Tally): string[] {
  const problems: string[] = [];
  const legal = everyLegalOrder(variant, position);
  // Listed -> accepted: the listed orders as text, one a line, read back.
  const file = headed(variant, [...legal.values()]);
  const listed = file.order;
  const verdicts = parseOrders(file.text, { variant, position }).filter((v) => v.status !== 'heading');
  verdicts.forEach((v, i) => {
    if (v.status !== 'order')
      problems.push(`${label}: listed "${v.text}" was refused: ${'error' in v ? v.error : v.status}`);
    else if (orderKey(v.order) !== orderKey(listed[i]))
      problems.push(`${label}: listed "${v.text}" read as another order`);
  });
  if (verdicts.length !== listed.length) problems.push(`${label}: ${listed.length} listed, ${verdicts.length} read`);
  // Accepted -> listed: the phase's own orders, as the GM's order file reader took them.
  const accepted = readPhaseOrders(variant, position, text, label).orders;
  for (const o of accepted) {
    const key = orderKey(o.kind === 'move' && o.path ? { ...o, path: undefined } : o);
    if (!legal.has(key)) problems.push(`${label}: accepted "${formatOrder(o, variant)}" is not listed`);
  }
  tally.phases++;
  tally.listed += listed.length;
  tally.accepted += accepted.length;
  return problems;
}

const standard = loadVariant('standard');

describe('every legal order: DATC v3.0 chapter 6', () => {
  it('lists exactly what the legality accepts, in every case and its retreat phase', () => {
    const blocks = datcOrderBlocks();
    const cases = loadJsonCases(sharedPath('reference/datc/teddriggs/datc.json'));
    const tally: Tally = { phases: 0, listed: 0, accepted: 0 };
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const c of cases) {
      const n = datcNumber(c);
      if (seen.has(n)) continue;
      seen.add(n);
      const scenario = buildJsonScenario(standard, c);
      const texts = blocks.get(n) ?? [];
      let position = scenario.phase.position;
      let text = texts[0] ?? '';
      if (scenario.preceding) {
        problems.push(...checkPhase(standard, scenario.preceding.position, text, `${n} movement`, tally));
        const read = readPhaseOrders(standard, scenario.preceding.position, text, n);
        position = adjudicate(standard, scenario.preceding.position, read.orders, { seed: 'datc' }).next;
        text = texts[1] ?? '';
      }
      problems.push(...checkPhase(standard, position, text, n, tally));
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThanOrEqual(160);
    expect(tally.accepted).toBeGreaterThan(600);
  }, 120_000);
});

describe('every legal order: real Droidippy phases', () => {
  it('lists exactly what the legality accepts in 500+ phases: movement, retreat and adjustment', () => {
    const names = new DroidippyNames(standard);
    const files = droidippyGameFiles(droidippyGamesDir());
    const want = { movement: 300, retreat: 120, adjustment: 120 };
    const count = { movement: 0, retreat: 0, adjustment: 0 };
    const tally: Tally = { phases: 0, listed: 0, accepted: 0 };
    const problems: string[] = [];
    for (const file of files) {
      if (Object.entries(want).every(([k, n]) => count[k as keyof typeof count] >= n)) break;
      const game = file.replace(/.*\//, '');
      const record = parseDroidippyGame(readFileSync(file, 'utf8'), names, game);
      let before: PhaseResult | null = null;
      for (const rec of record) {
        const position = recordedPosition(standard, rec, before);
        if (!position) break;
        const text = rec.orderLines.join('\n');
        const kind = position.phase.type;
        if (count[kind] < want[kind]) {
          count[kind]++;
          problems.push(...checkPhase(standard, position, text, `${game} ${phaseCode(rec.phase)}`, tally));
        }
        const orders = readPhaseOrders(standard, position, text, game).orders;
        before = adjudicate(standard, position, orders, { seed: game });
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(count).toEqual(want);
    expect(tally.phases).toBeGreaterThanOrEqual(540);
    expect(tally.accepted).toBeGreaterThan(5000);
  }, 300_000);
});

describe('every legal order: the variants (their example games, from the start)', () => {
  for (const id of ['ambition5', 'ambition6', '1648', 'succession']) {
    it(`${id}: every phase of examples/${id}`, () => {
      const variant = loadVariant(id);
      const files = readFileSync(`examples/${id}/README.md`, 'utf8').match(/[a-z0-9-]+\.txt/g) ?? [];
      const tally: Tally = { phases: 0, listed: 0, accepted: 0 };
      const problems: string[] = [];
      let position = initialPosition(variant);
      for (const f of [...new Set(files)]) {
        const text = readFileSync(`examples/${id}/${f}`, 'utf8');
        problems.push(...checkPhase(variant, position, text, `${id} ${f}`, tally));
        const read = readPhaseOrders(variant, position, text, f);
        position = adjudicate(variant, position, read.orders, { bids: read.bids, seed: id }).next;
      }
      expect(problems).toEqual([]);
      expect(tally.phases).toBeGreaterThanOrEqual(6);
    }, 120_000);
  }
});

describe('every legal order: DP lines for a neutral unit', () => {
  const asked = (id: string, unit: string) => {
    const variant = loadVariant(id);
    const position = initialPosition(variant);
    const options = phaseOptions(variant, position, { power: 'france', provinces: [unit] });
    return { variant, position, unit: options.units[0] };
  };

  it('A&E v6: the Papal army may not sortie into a Catholic-held space; each DP line listed is accepted', () => {
    const { variant, position, unit } = asked('ambition6', 'pap');
    expect(unit.by).toBe('dp');
    expect(unit.orders.filter((o) => o.kind === 'move')).toEqual([]);
    // Every neighbour of Rome holds a Catholic unit at the start (Tuscany, Naples, Venice): the
    // Religion Rule is the legality's own (a rule module's checkOrder), so no sortie is listed at all.
    const scope = legalityScope(variant, position);
    expect(unitOrders(scope, 'pap').filter((o) => o.kind === 'move')).toEqual([]);
    // ... and each DP line listed, alone (a budget of 3 DP), goes through the reader and the DP check.
    for (const o of unit.orders) {
      const read = readPhaseOrders(variant, position, `France:\n1 DP: ${formatOrder(o, variant)}`, 'dp');
      expect(read.complaints).toEqual([]);
      expect(read.bids.map((b) => orderKey(b.order))).toEqual([orderKey(o)]);
    }
    // The sortie written as a DP line is read, and the reader says the Religion Rule forbids it.
    const sortie = readPhaseOrders(variant, position, 'France:\n1 DP: A pap - tus', 'dp');
    expect(sortie.complaints.join('\n')).toMatch(/religion rule: the Papal States may not sortie into a space/);
  });

  it('A&E v5 (hold or support only): no neutral unit is offered a move', () => {
    const variant = loadVariant('ambition5');
    const position = initialPosition(variant);
    const options = phaseOptions(variant, position, { power: 'france' });
    const neutral = options.units.filter((u) => u.by === 'dp');
    expect(neutral.length).toBeGreaterThan(10);
    expect(neutral.flatMap((u) => u.orders).filter((o) => o.kind === 'move' || o.kind === 'convoy')).toEqual([]);
    expect(neutral.flatMap((u) => u.orders).filter((o) => o.kind === 'support').length).toBeGreaterThan(20);
  });
});

describe('every legal order: the Emperor builds (1648)', () => {
  it('a Spanish Emperor is offered Flanders, an HRE centre; a Spain that is not Emperor is not', () => {
    const variant = loadVariant('1648');
    const winter = (emperor: string) =>
      readPosition(
        `variant 1648\nphase Winter 1650\nSpain: A mad\n  owns mad sev nap fla\nstate emperor {"power":"${emperor}"}\n`,
        { variant },
      ).position;
    const builds = (emperor: string) =>
      phaseOptions(variant, winter(emperor), { power: 'spain' }).winter[0].orders.map((o) => formatOrder(o, variant));
    expect(builds('spain')).toContain('BUILD A FLA');
    expect(builds('austria')).not.toContain('BUILD A FLA');
    expect(builds('austria')).toContain('WAIVE');
  });
});
