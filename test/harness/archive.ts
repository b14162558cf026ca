// The Droidippy game archive, unpacked once into the system temp directory (keyed by the
// tarball's mtime, so a new archive is unpacked afresh). Extracted data is never committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedPath } from './shared-dir.js';

export const DROIDIPPY_ARCHIVE = sharedPath('reference/games/droidippy-games.tar.xz');

/** Directory holding one `game_<n>.txt` per game. */
export function droidippyGamesDir(archive = DROIDIPPY_ARCHIVE): string {
  const stamp = Math.round(statSync(archive).mtimeMs);
  const root = join(tmpdir(), `chancery-droidippy-${stamp}`);
  const done = join(root, '.complete');
  if (!existsSync(done)) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    execFileSync('tar', ['xJf', archive, '-C', root]);
    writeFileSync(done, new Date().toISOString());
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
