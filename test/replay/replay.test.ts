// Real Droidippy games: every fifth archived game (1,124 games), each phase adjudicated from
// its recorded position and orders and compared with the next recorded position.
import { describe, expect, it } from 'vitest';
import { droidippyGameFiles, droidippyGamesDir } from '../harness/archive.js';
import { replayArchive } from '../harness/replay-all.js';

describe('Droidippy game replay', () => {
  it('reproduces every recorded phase, or the difference has a documented cause', () => {
    const files = droidippyGameFiles(droidippyGamesDir()).filter((_, i) => i % 5 === 0);
    expect(files.length).toBeGreaterThanOrEqual(1000);
    const summary = replayArchive(files);
    expect(summary.counts.match).toBeGreaterThan(summary.phases * 0.97);
    expect(summary.unexplained.map((p) => `${p.game} ${p.phase}: ${p.differences.join('; ')}`)).toEqual([]);
  }, 120_000);
});
