// Adjudicator speed on real full-board movement phases from the Droidippy archive.
import { readFileSync } from 'node:fs';
import { adjudicate } from '../src/core/adjudicate/index.js';
import { loadVariant } from '../src/core/map/load.js';
import type { Order, Position } from '../src/core/types.js';
import { provinceOf } from '../src/core/types.js';
import { lexicon, type Lexicon } from '../src/core/orders/lexicon.js';
import { parseOrders } from '../src/core/orders/parse.js';
import { droidippyGameFiles, droidippyGamesDir } from '../test/harness/archive.js';
import { DroidippyNames, parseDroidippyGame } from '../test/harness/droidippy.js';
import { readPhaseOrders } from '../src/cli/adjudicate.js';
import { replayArchive, replayTiming } from '../test/harness/replay-all.js';
import { recordedPosition } from '../test/harness/replay.js';

const FULL_BOARD = 34;
const SAMPLE_SIZE = 3000;
/** Issue 21 goal 3: a real full-board movement phase adjudicated in <= 32 µs (median), >= 25x godip. */
const MOVEMENT_TARGET_US = 32;

interface FullBoard {
  position: Position;
  text: string;
  lines: number;
  file: string;
}

/** The first SAMPLE_SIZE movement phases of the archive with a full board, as position and order text. */
export function fullBoards(): FullBoard[] {
  const variant = loadVariant('standard');
  const names = new DroidippyNames(variant);
  const out: FullBoard[] = [];
  for (const file of droidippyGameFiles(droidippyGamesDir())) {
    for (const rec of parseDroidippyGame(readFileSync(file, 'utf8'), names, file)) {
      if (rec.phase.type !== 'movement' || rec.units.length < FULL_BOARD) continue;
      const position = recordedPosition(variant, rec, null)!;
      out.push({ position, text: rec.orderLines.join('\n'), lines: rec.orderLines.length, file });
      if (out.length >= SAMPLE_SIZE) return out;
    }
  }
  return out;
}

/** Issue 21 goal 2: a full board's order text read (parse, check, normalise) in <= 25 µs a phase (median). */
const READING_TARGET_US = 25;

const readingVerdict = (median: number, target: number) =>
  `(target <= ${target} µs: ${median <= target ? 'MET' : 'MISSED'})`;

/** The order text of a full board, read and judged as a GM's order file (the mail judge's parser). */
export function benchOrderText(): void {
  const variant = loadVariant('standard');
  const phases = fullBoards();
  for (let round = 0; round < 3; round++) for (const p of phases) readPhaseOrders(variant, p.position, p.text, 'bench');
  const micros: number[] = [];
  let lines = 0;
  const started = performance.now();
  for (const p of phases) {
    const t = performance.now();
    readPhaseOrders(variant, p.position, p.text, 'bench');
    micros.push((performance.now() - t) * 1000);
    lines += p.lines;
  }
  const total = (performance.now() - started) / 1000;
  micros.sort((a, b) => a - b);
  const median = micros[Math.floor(micros.length / 2)];
  console.log(`Order text of ${phases.length} movement phases with >= ${FULL_BOARD} units (parse, check, normalise)`);
  console.log(
    `  median ${median.toFixed(1)} µs per phase ${readingVerdict(median, READING_TARGET_US)}, ` +
      `${Math.round(lines / total)} order lines per second`,
  );
}

/**
 * The same order text as the mail judge reads it: each power's lines as that power's own mail
 * (parseOrders with the power, as src/judge/commands/orders.ts calls it), a line filed under the
 * owner of the unit it names first.
 */
export function benchMailOrders(): void {
  const variant = loadVariant('standard');
  const lex = lexicon(variant);
  const phases = fullBoards().map((p) => ({ position: p.position, mails: mailsByPower(lex, p.position, p.text) }));
  const readAll = (p: (typeof phases)[number]) => {
    for (const [power, text] of p.mails) parseOrders(text, { variant, position: p.position, power });
  };
  for (let round = 0; round < 3; round++) for (const p of phases) readAll(p);
  const micros: number[] = [];
  let mails = 0;
  for (const p of phases) {
    const t = performance.now();
    readAll(p);
    micros.push((performance.now() - t) * 1000);
    mails += p.mails.size;
  }
  micros.sort((a, b) => a - b);
  const median = micros[Math.floor(micros.length / 2)];
  console.log(
    `The same ${phases.length} phases' orders as ${mails} order mails, one per power (parse, check, normalise)`,
  );
  console.log(
    `  median ${median.toFixed(1)} µs per phase (all its mails) ${readingVerdict(median, READING_TARGET_US)}, ` +
      `${((median * phases.length) / mails).toFixed(1)} µs per mail`,
  );
}

function mailsByPower(lex: Lexicon, position: Position, text: string): Map<string, string> {
  const byPower = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const place = lex.places.get(line.trim().split(/\s+/)[0].toLowerCase());
    const unit = place && position.units.find((u) => provinceOf(u.loc) === provinceOf(place));
    if (unit) byPower.set(unit.power, [...(byPower.get(unit.power) ?? []), line]);
  }
  return new Map([...byPower].map(([power, lines]) => [power, lines.join('\n')]));
}

function fullBoardPhases(): { position: Position; orders: Order[] }[] {
  const variant = loadVariant('standard');
  // Read as text, as a GM's order file, before the clock starts: this times the adjudicator alone.
  return fullBoards().map((b) => ({
    position: b.position,
    orders: readPhaseOrders(variant, b.position, b.text, b.file).orders,
  }));
}

export function benchMovementPhases(): void {
  const variant = loadVariant('standard');
  const phases = fullBoardPhases();
  for (let round = 0; round < 3; round++)
    for (const p of phases) adjudicate(variant, p.position, p.orders, { seed: 'bench' });
  const micros: number[] = [];
  const started = performance.now();
  for (const p of phases) {
    const t = performance.now();
    adjudicate(variant, p.position, p.orders, { seed: 'bench' });
    micros.push((performance.now() - t) * 1000);
  }
  const total = (performance.now() - started) / 1000;
  micros.sort((a, b) => a - b);
  const median = micros[Math.floor(micros.length / 2)];
  console.log(`Movement phases with >= ${FULL_BOARD} units: ${phases.length}`);
  const p90 = micros[Math.floor(micros.length * 0.9)];
  const verdict = median <= MOVEMENT_TARGET_US ? 'MET' : 'MISSED';
  const target = `target <= ${MOVEMENT_TARGET_US} µs: ${verdict}`;
  console.log(`  median ${median.toFixed(1)} µs per phase (${target}), p90 ${p90.toFixed(1)} µs`);
  console.log(`  ${Math.round(phases.length / total)} phases per second`);
  // The trace is read from the settled decisions after the resolution; off (above), it costs nothing.
  const traced: number[] = [];
  for (const p of phases) {
    const t = performance.now();
    adjudicate(variant, p.position, p.orders, { seed: 'bench', explain: true });
    traced.push((performance.now() - t) * 1000);
  }
  traced.sort((a, b) => a - b);
  console.log(
    `  with the trace on (--explain, EXPLAIN): median ${traced[Math.floor(traced.length / 2)].toFixed(1)} µs`,
  );
}

export function benchReplay(): void {
  console.log(`Replayed ${replayTiming(replayArchive())}`);
}
