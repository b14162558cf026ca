// The tests that start the real `chancery` command run what a user runs: the bundle in dist/, which
// `npm install` builds. A source edited since (development) would leave them testing the old bundle, so
// it is rebuilt first when any source is newer than it (about a second).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** The build's sources: src/ and the build's own scripts (tools/build.mjs, tools/store-boards.ts). */
function newestSource(): number {
  let newest = 0;
  for (const dir of ['src', 'tools'])
    for (const entry of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

/** As bin/chancery.cjs decides: the bundle once built, unless CHANCERY_FROM_SOURCE=1 asks for the sources. */
export function runsBundle(): boolean {
  return existsSync(join(ROOT, 'dist', '.built')) && process.env.CHANCERY_FROM_SOURCE !== '1';
}

export default function setup(): void {
  const stamp = join(ROOT, 'dist', '.built');
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource()) return;
  execFileSync(process.execPath, [join(ROOT, 'tools', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
}
