#!/usr/bin/env node
// The chancery command. Runs in this very process, so signals (SIGTERM, Ctrl-C) reach the judge:
// the compiled JavaScript in dist/ when `npm run build` made it and it is newer than every source
// file, else the TypeScript sources through tsx's in-process loader (no build step needed).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const compiled = join(root, 'dist', 'cli', 'main.js');
const stamp = join(root, 'dist', '.built');

function newestSource() {
  let newest = 0;
  for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

const built = existsSync(compiled) && existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource();
if (built) {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href);
}
