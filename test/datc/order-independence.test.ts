// Adjudication does not depend on the order in which units, orders or powers are listed: every
// DATC case and a sample of real phases, each under many seeded random orderings, fed as text
// through `chancery adjudicate`'s parse -> check -> adjudicate path, give one result.
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import type { PhaseResult } from '../../src/core/adjudicate/result.js';
import { loadVariant } from '../../src/core/map/load.js';
import type { Position } from '../../src/core/types.js';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { parseOrders } from '../../src/core/orders/parse.js';
import { droidippyGameFiles, droidippyGamesDir } from '../harness/archive.js';
import { buildJsonScenario, datcNumber } from '../harness/datc-json.js';
import { datcOrderBlocks } from '../harness/datc-text.js';
import { DroidippyNames, parseDroidippyGame } from '../harness/droidippy.js';
import { recordedPosition } from '../harness/replay.js';
import { datcCases, datcTexts } from './cases.js';
import { readFileSync } from 'node:fs';
import { seededRandom as generator } from '../harness/random.js';

const variant = loadVariant('standard');
const ORDERINGS = 24;

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** "England:\nF nth - pic" as one "England: F nth - pic" a line, so that lines can be shuffled. */
function prefixed(text: string): string[] {
  let heading = '';
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (/^[A-Za-z ]+:$/.test(line)) heading = line;
    else out.push(heading ? `${heading} ${line}` : line);
  }
  return out;
}

/** What a result says, whatever order it lists things in. */
function canonical(r: PhaseResult): string {
  const sorted = (xs: string[]) => [...xs].sort().join('|');
  const loc = (o: { order: { kind: string } & Partial<{ loc: string }> }) => o.order.loc ?? o.order.kind;
  return [
    sorted(r.next.units.map((u) => `${u.power} ${u.type} ${u.loc}`)),
    sorted(r.next.dislodged.map((d) => `${d.power} ${d.type} ${d.loc} <${[...d.retreats].sort()}>`)),
    sorted(r.destroyed.map((u) => `${u.power} ${u.type} ${u.loc}`)),
    sorted(r.outcomes.map((o) => `${loc(o)} ${o.order.kind} ${o.success} ${[...o.notes].sort()}`)),
    JSON.stringify(r.next.owners, Object.keys(r.next.owners).sort()),
  ].join('\n');
}

function play(position: Position, lines: string[]): PhaseResult {
  const read = readPhaseOrders(variant, position, lines.join('\n'), 'shuffled');
  return adjudicate(variant, position, read.orders, { seed: 'order-independence', bids: read.bids });
}

/**
 * The lines in a random order, except that one power's builds or removals keep their order: when
 * a power orders more than it may, they are carried out one by one as written (DATC 4.D.4, 6.I.1).
 */
function shuffledLines(position: Position, lines: string[], random: () => number): string[] {
  if (position.phase.type !== 'adjustment') return shuffled(lines, random);
  const verdicts = parseOrders(lines.join('\n'), { variant, position });
  const powerOf = new Map(verdicts.map((v) => [v.line, 'power' in v ? v.power : '?']));
  const queues = new Map<string, string[]>();
  lines.forEach((l, i) => {
    const p = powerOf.get(i + 1) ?? '?';
    queues.set(p, [...(queues.get(p) ?? []), l]);
  });
  const out: string[] = [];
  const slots = shuffled(
    [...queues].flatMap(([p, q]) => q.map(() => p)),
    random,
  );
  for (const p of slots) out.push(queues.get(p)!.shift()!);
  return out;
}

/** Every ordering gives the result of the listed one; returns the seeds of those that did not. */
function orderingsThatDiffer(position: Position, lines: string[], seedBase: number): number[] {
  const expected = canonical(play(position, lines));
  const differ: number[] = [];
  for (let k = 0; k < ORDERINGS; k++) {
    const seed = seedBase * 1000 + k;
    const random = generator(seed);
    const board: Position = {
      ...position,
      units: shuffled(position.units, random),
      dislodged: shuffled(position.dislodged, random),
      owners: Object.fromEntries(shuffled(Object.entries(position.owners), random)),
    };
    if (canonical(play(board, shuffledLines(position, lines, random))) !== expected) differ.push(seed);
  }
  return differ;
}

interface Checked {
  label: string;
  position: Position;
  lines: string[];
}

const count = (phases: Checked[], type: string) => phases.filter((p) => p.position.phase.type === type).length;

/**
 * Every phase of every case: a retreat case's movement first, then its retreats on the board that
 * movement leaves (when a unit can retreat at all); an adjustment case's builds and removals.
 */
function datcPhases(): Checked[] {
  const blocks = datcOrderBlocks();
  return datcCases().flatMap((c): Checked[] => {
    const scenario = buildJsonScenario(variant, c);
    const texts = datcTexts(variant, c, blocks);
    const label = `${datcNumber(c)} ${c.name}`;
    if (!scenario.preceding) return [{ label, position: scenario.phase.position, lines: prefixed(texts.first) }];
    const movement = {
      label: `${label} (movement)`,
      position: scenario.preceding.position,
      lines: prefixed(texts.first),
    };
    const next = play(movement.position, movement.lines).next;
    if (next.phase.type !== 'retreat') return [movement];
    return [movement, { label: `${label} (retreats)`, position: next, lines: prefixed(texts.retreats) }];
  });
}

describe('order independence: DATC v3.0 chapter 6, every phase of every case', () => {
  const phases = datcPhases();

  it('covers every case and every kind of phase (a guard against a sample that shrinks)', () => {
    expect(new Set(datcCases().map(datcNumber)).size).toBe(164);
    // 16 retreat cases each play a movement first; in one (6.H.9) no unit can retreat.
    expect([count(phases, 'movement'), count(phases, 'retreat'), count(phases, 'adjustment')]).toEqual([146, 15, 20]);
  });

  phases.forEach(({ label, position, lines }, n) => {
    it(`${label}: ${position.phase.type}`, () => {
      expect(orderingsThatDiffer(position, lines, n + 1), 'seeds of orderings with another result').toEqual([]);
    });
  });
});

/**
 * 200 phases of recorded games (every fifth phase of every 37th game). A retreat phase is played
 * on the board our adjudication of the record's movement leaves (the retreat options are ours, as
 * in the replay); where our movement dislodges other units than the record, the phase is counted
 * apart, and must stay rare.
 */
function realPhases(): { phases: Checked[]; unrebuilt: string[] } {
  const names = new DroidippyNames(variant);
  const files = droidippyGameFiles(droidippyGamesDir());
  const phases: Checked[] = [];
  const unrebuilt: string[] = [];
  for (let f = 0; f < files.length && phases.length + unrebuilt.length < 200; f += 37) {
    const record = parseDroidippyGame(readFileSync(files[f], 'utf8'), names, files[f]);
    for (let i = 0; i < record.length && phases.length + unrebuilt.length < 200; i += 5) {
      const label = `${files[f]} line ${record[i].line}`;
      let before: PhaseResult | null = null;
      if (record[i].phase.type === 'retreat') {
        const movement = recordedPosition(variant, record[i - 1], null)!;
        before = play(movement, record[i - 1].orderLines);
      }
      const position = recordedPosition(variant, record[i], before);
      if (position) phases.push({ label, position, lines: record[i].orderLines });
      else unrebuilt.push(label);
    }
  }
  return { phases, unrebuilt };
}

describe('order independence: real phases', () => {
  it('200 movement, retreat and adjustment phases of recorded games', () => {
    const { phases, unrebuilt } = realPhases();
    // The sample is fixed (the archive does not change): any other count means it was narrowed.
    expect(unrebuilt).toEqual([]);
    expect([count(phases, 'movement'), count(phases, 'retreat'), count(phases, 'adjustment')]).toEqual([103, 57, 40]);
    const failures: string[] = [];
    phases.forEach(({ label, position, lines }, n) => {
      const differ = orderingsThatDiffer(position, lines, 10_000 + n);
      if (differ.length) failures.push(`${label}: seeds ${differ.join(', ')}`);
    });
    expect(failures).toEqual([]);
  });
});
