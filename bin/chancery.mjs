#!/usr/bin/env node
// The chancery command. Runs in this very process, so signals (SIGTERM, Ctrl-C) reach the judge.
// After `npm install` (whose prepare step runs `npm run build`) that is the bundled JavaScript in dist/;
// without a build, or with CHANCERY_FROM_SOURCE=1 (development: the sources as they are now), the
// TypeScript sources through tsx's in-process loader. No look at the sources' dates: that walk cost a
// hand-run command more than the rest of its start-up. `npm test` rebuilds dist/ when a source is newer.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundled = join(root, 'dist', 'chancery.js');
const fromSource = process.env.CHANCERY_FROM_SOURCE === '1' || !existsSync(join(root, 'dist', '.built'));
if (!fromSource) {
  await import(pathToFileURL(bundled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href);
}
