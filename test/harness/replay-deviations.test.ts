// The archived phases that once stayed unexplained in `npm run replay`, each pinned to its cause,
// and the same records altered so that the cause no longer fits: then they must be unexplained.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { droidippyGamesDir } from './archive.js';
import { DroidippyNames } from './droidippy.js';
import { loadKnownErrors } from './known-errors.js';
import { replayGame, type ReplayContext } from './replay.js';

let ctx: ReplayContext;
let dir: string;

beforeAll(() => {
  const variant = loadVariant('standard');
  ctx = { variant, names: new DroidippyNames(variant), knownErrors: loadKnownErrors(variant) };
  dir = droidippyGamesDir();
}, 120_000);

const recordOf = (game: string) => readFileSync(join(dir, `${game}.txt`), 'utf8');

function verdicts(game: string, text = recordOf(game)): Record<string, string> {
  return Object.fromEntries(replayGame(ctx, game, text).reports.map((r) => [r.phase, r.verdict]));
}

/** Adds position lines to the first recorded phase with this heading. */
function withPositions(text: string, heading: string, lines: string[]): string {
  const at = text.indexOf(`${heading}\nPOSITIONS\n`);
  expect(at).toBeGreaterThanOrEqual(0);
  const insertAt = at + `${heading}\nPOSITIONS\n`.length;
  return text.slice(0, insertAt) + lines.map((l) => `${l}\n`).join('') + text.slice(insertAt);
}

describe('retreat phases missing from the archive', () => {
  it('game_1229 F1905M and game_1255 F1903M: the board after a retreat phase with nothing retreated', () => {
    expect(verdicts('game_1229')).toMatchObject({ F1905M: 'retreat-phase-unrecorded' });
    expect(verdicts('game_1255')).toMatchObject({ F1903M: 'retreat-phase-unrecorded' });
    expect(Object.values(verdicts('game_1229'))).not.toContain('unexplained');
    expect(Object.values(verdicts('game_1255'))).not.toContain('unexplained');
  });

  it('stays unexplained when the next board shows the dislodged fleet retreated (game_1255 F hol to hel)', () => {
    const altered = withPositions(recordOf('game_1255'), 'PHASE 1903 Fall Adjustment', ['Germany: fleet hel']);
    expect(verdicts('game_1255', altered)).toMatchObject({ F1903M: 'unexplained' });
  });
});

describe('a retreat phase after a via-convoy fallback', () => {
  it('game_10879 S1903R is judged on the board where A nwy went to swe over land, and agrees', () => {
    const v = verdicts('game_10879');
    expect(v.S1903M).toBe('via-convoy-fallback');
    // England's F nth retreats to nwy, which only the fallback left empty.
    expect(v.S1903R).toBeUndefined();
  });

  it('is compared, not waved through: a retreat order the next board contradicts is a difference', () => {
    const text = recordOf('game_10879');
    const retreats = text.indexOf('PHASE 1903 Spring Retreat');
    const order = text.indexOf('nth move nwy', retreats);
    expect(order).toBeGreaterThan(retreats);
    const altered = text.slice(0, order) + 'nth move edi' + text.slice(order + 'nth move nwy'.length);
    expect(verdicts('game_10879', altered).S1903R).toBe('unexplained');
  });
});

/** The record with one line of the first phase under this heading replaced. */
function replacedInPhase(text: string, heading: string, line: string, by: string): string {
  const at = text.indexOf(`${heading}\n`);
  const next = text.indexOf('\nPHASE ', at + 1);
  const of = text.indexOf(`\n${line}\n`, at);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(of > at && (next < 0 || of < next)).toBe(true);
  return text.slice(0, of + 1) + by + text.slice(of + 1 + line.length);
}

describe('civil disorder counted from home centres (Droidippy) or owned centres (DATC 2023, ours)', () => {
  // Russia has F bot, A gal, F sev, A sil on mos, sev, stp and must lose one. From the home centres
  // bot, gal and sil are all one away and the fleet goes first; from the owned ones bot is one away,
  // gal and sil two, and Galicia goes before Silesia.
  it('game_834 W1901A: the record removes F bot, exactly as the home-centre rule does', () => {
    expect(verdicts('game_834')).toEqual({ W1901A: 'civil-disorder-choice' });
  });

  it('stays unexplained when the next board shows another unit removed, though the count agrees', () => {
    const altered = replacedInPhase(
      recordOf('game_834'),
      'PHASE 1902 Spring Movement',
      'Russia: army sil',
      'Russia: fleet bot',
    );
    expect(verdicts('game_834', altered)).toMatchObject({ W1901A: 'unexplained' });
  });
});
