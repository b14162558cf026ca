#!/usr/bin/env node
// `npm run build` (and `npm install`, through prepare): the command line bundled by esbuild into one
// CommonJS file, dist/chancery.cjs, which bin/chancery.cjs compiles with V8's code cache
// (dist/chancery.code-cache): a hand-run command then reads two files instead of a hundred modules, and
// V8 does not compile again, at every start, the code it compiled for the run that wrote the cache —
// half of what `chancery adjudicate` spent above Node's own start-up. One file rather than chunks per
// command: Node 20 keeps no compiled code for ES modules, and the cache makes a function that is never
// run cost next to nothing. The picture thread is an entry of its own (dist/draw-worker.js), where
// src/render/map/draw-pool.ts looks for it. Each variant's board is drawn here too, into dist/boards
// (storeBoards below). Types are checked by `npm run typecheck`, not here.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// Bundled in: the command line parser every command loads. The other dependencies stay in node_modules:
// native ones (SQLite, resvg) cannot be bundled, and the rest load only with the commands that use them.
const BUNDLED = new Set(['commander']);
/** How the bundle starts: bin/chancery.cjs knows it by this (its BUNDLE_HEAD). */
const BUNDLE_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: Object.keys(dependencies).filter((name) => !BUNDLED.has(name)),
  sourcemap: 'linked',
  logLevel: 'warning',
};

rmSync(outdir, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: { chancery: 'src/cli/main.ts' },
  outdir,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // Every module of the bundle shares its file: import.meta.url is that file's URL, as it was for the
  // chunks of an ES module build (src/core/install-dir.ts finds the install directory above it).
  define: { 'import.meta.url': '__chanceryBundleUrl' },
  // A dependency loaded when its command runs (imapflow, nodemailer) is required then: a script compiled
  // from V8's cache has no module loader behind it for import().
  supported: { 'dynamic-import': false },
  banner: { js: "const __chanceryBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
/** An ES module's build: code bundled from CommonJS modules requires Node's own, which it lacks. */
const esm = {
  format: 'esm',
  banner: {
    js: "import { createRequire as __chanceryRequire } from 'node:module';\nconst require = __chanceryRequire(import.meta.url);",
  },
};
await build({ ...common, ...esm, entryPoints: { 'draw-worker': 'src/render/map/draw-worker.ts' }, outdir });
const bundle = join(outdir, 'chancery.cjs');
writeFileSync(bundle, asTheFunctionBinRuns(asciiOnly(readFileSync(bundle, 'utf8'))), 'latin1');
await storeBoards();
// bin/chancery.cjs runs the bundle only once the build is complete.
writeFileSync(join(outdir, '.built'), `${new Date().toISOString()}\n`);
writeCodeCache();

/**
 * Each variant's board drawn once, here, and stored in dist/boards (src/render/map/board-store.ts), by
 * tools/store-boards.ts bundled from the same sources as the command. Without them (a build that cannot
 * draw) every picture draws its board as before.
 */
async function storeBoards() {
  // In dist/, as the command is: the variants are found above it.
  const script = join(outdir, 'store-boards.mjs');
  try {
    await build({ ...common, ...esm, entryPoints: ['tools/store-boards.ts'], outfile: script, sourcemap: false });
    execFileSync(process.execPath, [script, join(outdir, 'boards')], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    console.warn(`chancery build: no boards stored (${error.message}); pictures draw their boards`);
  } finally {
    rmSync(script, { force: true });
  }
}

/**
 * The bundle's text in ASCII. esbuild escapes the characters strings and templates hold but leaves the
 * others as they are in comments, regular expressions and String.raw templates, and one such character
 * makes V8 keep the whole source, which it keeps for compiling functions when first called, at two bytes
 * a character: 2 MB instead of 1 in every command and in the judge. A \u escape is the same character in
 * a regular expression (a pair of them, one beyond the first 65,536) and changes nothing in a comment;
 * in a String.raw template it would stay six characters, so the sources keep those in ASCII (words a
 * pattern is built from go in plain strings: src/mail/command-text.ts).
 */
function asciiOnly(text) {
  const hex = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return text.replace(/[^\x00-\x7f]/g, hex);
}

/**
 * The bundle's text as the function bin/chancery.cjs compiles and calls (CommonJS's five arguments), in
 * place of its hashbang line, so that the lines stay where the source map says. Wrapped by bin/ at every
 * start, the 1 MB source was read, copied without its hashbang and copied into the wrapper: 2 MB that
 * stayed in memory until a full collection, 1.4 MiB of a `chancery map`'s peak (bin/ still wraps a bundle
 * built before this).
 */
function asTheFunctionBinRuns(text) {
  return `${BUNDLE_HEAD}${text.replace(/^#!.*/, '')}\n})`;
}

/**
 * One run of `chancery map` on the example spring's orders (examples/standard): bin/chancery.cjs
 * writes the code cache when there is none, holding what reading, checking, adjudicating and drawing
 * compiled — what `chancery adjudicate` runs too. A build that cannot run it leaves the cache to the
 * first command run.
 */
function writeCodeCache() {
  const dir = mkdtempSync(join(tmpdir(), 'chancery-build-'));
  try {
    const orders = join(root, 'examples', 'standard', 'spring-1901.txt');
    const bin = join(root, 'bin', 'chancery.cjs');
    const picture = join(dir, 'board.png');
    execFileSync(process.execPath, [bin, 'map', '--variant', 'standard', '--orders', orders, '--out', picture], {
      stdio: 'ignore',
      env: { ...process.env, CHANCERY_FROM_SOURCE: '' },
    });
  } catch {
    // The first command run writes it instead.
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
