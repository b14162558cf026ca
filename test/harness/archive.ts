// The Droidippy game archive, unpacked once into the system temp directory (keyed by the
// tarball's mtime, so a new archive is unpacked afresh). Extracted data is never committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedPath } from './shared-dir.js';

export const DROIDIPPY_ARCHIVE = sharedPath('reference/games/droidippy-games.tar.xz');

/** Directory holding one `game_<n>.txt` per game. */
export function droidippyGamesDir(archive = DROIDIPPY_ARCHIVE): string {
  const stamp = Math.round(statSync(archive).mtimeMs);
  const root = join(tmpdir(), `chancery-droidippy-${stamp}-whole`);
  // Unpacked beside it and renamed into place whole: two processes unpacking at once (test files, a
  // bench) never delete or read each other's half-written directory; the second's copy is dropped.
  if (!existsSync(root)) {
    const partial = `${root}.partial-${process.pid}-${Date.now()}`;
    mkdirSync(partial, { recursive: true });
    try {
      execFileSync('tar', ['xJf', archive, '-C', partial]);
      renameSync(partial, root);
    } catch (e) {
      if (!existsSync(root)) throw e;
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  return join(root, 'droidippy');
}

/** Game files in numeric order of their id, so that selections are stable. */
export function droidippyGameFiles(dir: string): string[] {
  const id = (f: string) => Number(/(\d+)/.exec(f)?.[1] ?? 0);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort((a, b) => id(a) - id(b) || a.localeCompare(b))
    .map((f) => join(dir, f));
}
