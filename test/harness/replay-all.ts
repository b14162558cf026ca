// `npm run replay`: every archived Droidippy game, counts by verdict, the unexplained listed.
// `npm run bench` runs the same replayArchive and prints the same headline.
import { readFileSync } from 'node:fs';
import { loadVariant } from '../../src/core/map/load.js';
import { droidippyGameFiles, droidippyGamesDir } from './archive.js';
import { DroidippyNames } from './droidippy.js';
import { loadKnownErrors } from './known-errors.js';
import { emptyCounts, replayGame, type PhaseReport, type Verdict } from './replay.js';

export interface ReplaySummary {
  games: number;
  phases: number;
  counts: Record<Verdict, number>;
  unexplained: PhaseReport[];
  seconds: number;
  /** Processor time of this process (user + system): comparable between runs on a busy machine. */
  cpuSeconds: number;
}

/** Replays the given game files (all of them by default). */
export function replayArchive(files = droidippyGameFiles(droidippyGamesDir())): ReplaySummary {
  const variant = loadVariant('standard');
  const ctx = { variant, names: new DroidippyNames(variant), knownErrors: loadKnownErrors(variant) };
  const clock = stopwatch();
  const counts = emptyCounts();
  const unexplained: PhaseReport[] = [];
  let phases = 0;
  for (const file of files) {
    const game = file.slice(file.lastIndexOf('/') + 1);
    const r = replayGame(ctx, game, readFileSync(file, 'utf8'));
    phases += r.phases;
    for (const k of Object.keys(counts) as Verdict[]) counts[k] += r.counts[k];
    unexplained.push(...r.reports.filter((p) => p.verdict === 'unexplained'));
  }
  return { games: files.length, phases, counts, unexplained, ...clock() };
}

/** Wall and processor time since the call. */
function stopwatch(): () => { seconds: number; cpuSeconds: number } {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  return () => {
    const cpu = process.cpuUsage(cpuStarted);
    return { seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  };
}

/** The headline figure, as `npm run replay` and `npm run bench` both print it. */
export function replayTiming(s: ReplaySummary): string {
  return `${s.games} games, ${s.phases} phases in ${s.seconds.toFixed(1)} s (target < 30 s; processor time ${s.cpuSeconds.toFixed(1)} s)`;
}

function main(): void {
  const s = replayArchive();
  console.log(`Replayed ${replayTiming(s)}`);
  for (const [verdict, n] of Object.entries(s.counts)) console.log(`  ${verdict.padEnd(28)} ${n}`);
  const shown = Number(process.env.REPLAY_SHOW ?? 40);
  for (const p of s.unexplained.slice(0, shown)) console.log(`  ${p.game} ${p.phase}: ${p.differences.join('; ')}`);
  if (s.unexplained.length > shown)
    console.log(`  ... and ${s.unexplained.length - shown} more (REPLAY_SHOW=n to list)`);
  process.exitCode = s.unexplained.length === 0 ? 0 : 1;
}

if (process.argv[1]?.endsWith('replay-all.ts')) main();
