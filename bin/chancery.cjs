#!/usr/bin/env node
// The chancery command. Runs in this very process, so signals (SIGTERM, Ctrl-C) reach the judge.
// After `npm install` (whose prepare step runs `npm run build`) that is the bundled JavaScript,
// dist/chancery.cjs, compiled with V8's code cache beside it; without a build, or with
// CHANCERY_FROM_SOURCE=1 (development: the sources as they are now), the TypeScript sources through
// tsx's in-process loader. A CommonJS file: Node starts its loader of ES modules only for the sources.
// No look at the sources' dates: that walk cost a hand-run command more than the rest of its start-up;
// `npm test` rebuilds dist/ when a source is newer.
'use strict';
const { existsSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const root = join(__dirname, '..');
/** How the bundle starts, written as the function that is compiled here (tools/build.mjs). */
const BUNDLE_HEAD = '(function (exports, require, module, __filename, __dirname) {';
if (process.env.CHANCERY_FROM_SOURCE !== '1' && existsSync(join(root, 'dist', '.built'))) {
  runBundle(join(root, 'dist', 'chancery.cjs'), join(root, 'dist', 'chancery.code-cache'));
} else {
  import('tsx/esm/api').then(({ register }) => {
    register();
    return import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href);
  });
}

/**
 * Runs the CommonJS bundle as Node would, but compiled from V8's code cache when it has one for this
 * very file and this Node. Without one (the first run after a build, another Node) the run's compiled
 * code is written as the cache when the command ends, under a temporary name and renamed, so that two
 * commands at once never read half a file; where dist/ is read-only, the command just goes without it.
 */
function runBundle(file, cacheFile) {
  const wrapped = asFunction(readFileSync(file, 'latin1'));
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(wrapped, { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) {
    const tag = require('node:v8').cachedDataVersionTag();
    process.once('exit', () => writeCache(script, cacheFile, tag));
  }
  const module = { exports: {}, filename: file, id: '.', loaded: false };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
}

/**
 * The bundle as that function: as it is, once built so; a bundle built before that (ASCII, starting with
 * the hashbang of src/cli/main.ts) wrapped here.
 */
function asFunction(source) {
  return source.startsWith(BUNDLE_HEAD) ? source : `${BUNDLE_HEAD}${source.replace(/^#!.*/, '')}\n})`;
}

/**
 * V8 marks a cache with the flags in force when it is written, and refuses it at a start with other
 * flags: a command that set flags as it ran (`chancery run` keeps its heap small so) and left them so
 * writes none, which the next command would only refuse and write again.
 */
function writeCache(script, cacheFile, tag) {
  if (require('node:v8').cachedDataVersionTag() !== tag) return;
  const partial = `${cacheFile}.${process.pid}`;
  try {
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cacheFile);
  } catch {
    // A read-only install: every run compiles, as without a cache.
    rmSync(partial, { force: true });
  }
}
