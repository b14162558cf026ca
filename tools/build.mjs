#!/usr/bin/env node
// `npm run build` (and `npm install`, through prepare): the command line bundled by esbuild into a few
// files in dist/. A hand-run command then reads a handful of files instead of a hundred modules, and
// each command's code still loads only when it runs (the dynamic imports become chunks of their own).
// The picture thread is an entry of its own, beside the chunks, where src/render/map/draw-pool.ts
// looks for it. Types are checked by `npm run typecheck`, not here.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// Bundled in: the command line parser every command loads. Node reads a CommonJS package imported from
// ES modules twice (a lexer finds its exports before it runs), which cost --help more than the parser.
const BUNDLED = new Set(['commander']);

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { chancery: 'src/cli/main.ts', 'draw-worker': 'src/render/map/draw-worker.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The other dependencies stay in node_modules: native ones (SQLite, resvg) cannot be bundled, and the
  // rest load only with the commands that use them.
  external: Object.keys(dependencies).filter((name) => !BUNDLED.has(name)),
  chunkNames: 'chunk-[hash]',
  // The bundled CommonJS code requires Node's own modules; an ES module has no require of its own.
  banner: {
    js: "import { createRequire as __chanceryRequire } from 'node:module';\nconst require = __chanceryRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  logLevel: 'warning',
});
// bin/chancery.mjs runs the bundle only once the build is complete.
writeFileSync(join(outdir, '.built'), `${new Date().toISOString()}\n`);
