// bin/chancery.cjs compiles the bundle (dist/chancery.cjs) with V8's code cache beside it. The cache
// may only save time: a command prints the same with it, without it and with a cache that does not fit
// (another Node, a damaged file), and a cache that does not fit is written afresh. Run on a copy of the
// installed command, so that the other tests' commands keep theirs.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsBundle } from '../setup/build-global.js';

const ROOT = join(import.meta.dirname, '..', '..');
let install = '';

beforeAll(() => {
  install = mkdtempSync(join(tmpdir(), 'chancery-code-cache-'));
  cpSync(join(ROOT, 'bin'), join(install, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'dist'), join(install, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(install, 'package.json'));
  for (const shared of ['node_modules', 'variants', 'templates'])
    symlinkSync(join(ROOT, shared), join(install, shared));
  rmSync(join(install, 'dist', 'chancery.code-cache'), { force: true });
});
afterAll(() => rmSync(install, { recursive: true, force: true }));

function chancery(...args: string[]): string {
  const run = spawnSync(process.execPath, [join(install, 'bin', 'chancery.cjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, CHANCERY_FROM_SOURCE: '' },
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout + run.stderr;
}

describe.runIf(runsBundle())('the code cache of the bundled command', () => {
  const cache = () => join(install, 'dist', 'chancery.code-cache');
  const spring = join(ROOT, 'examples', 'standard', 'spring-1901.txt');
  const orders = () => ['adjudicate', '--variant', 'standard', '--orders', spring];

  it('is written by a run without one, and changes nothing a command prints', () => {
    const without = chancery(...orders());
    expect(without).toContain('Movement results for Spring of 1901');
    expect(statSync(cache()).size).toBeGreaterThan(10_000);
    expect(chancery(...orders())).toBe(without);
  });

  it('is written afresh when it does not fit, and the command runs as without it', () => {
    const expected = chancery(...orders());
    writeFileSync(cache(), 'not a code cache');
    expect(chancery(...orders())).toBe(expected);
    expect(readFileSync(cache(), 'latin1')).not.toBe('not a code cache');
    expect(statSync(cache()).size).toBeGreaterThan(10_000);
    expect(chancery('--help')).toContain('Usage: chancery');
  });

  it("written by `chancery map`, which runs without V8's optimising compiler, is taken as it is by the next", () => {
    rmSync(cache(), { force: true });
    const picture = join(install, 'board.png');
    chancery('map', '--variant', 'standard', '--orders', spring, '--out', picture);
    const written = readFileSync(cache());
    expect(written.length).toBeGreaterThan(10_000);
    // A cache the next start refused would be written afresh by it.
    chancery('--help');
    chancery(...orders());
    expect(Buffer.compare(readFileSync(cache()), written)).toBe(0);
  });

  it('is not written by a judge, whose heap flags stay set to its end: the next start would refuse it', async () => {
    rmSync(cache(), { force: true });
    const config = join(install, 'judge.config.json');
    const data = { database: join(install, 'judge.sqlite'), mail: { directory: join(install, 'mail') } };
    writeFileSync(config, JSON.stringify(data));
    const judge = spawn(process.execPath, [join(install, 'bin', 'chancery.cjs'), 'run', '-c', config], {
      env: { ...process.env, CHANCERY_FROM_SOURCE: '' },
    });
    let output = '';
    judge.stdout.on('data', (chunk: Buffer) => {
      const started = output.includes('running');
      output += chunk.toString();
      if (!started && output.includes('running')) judge.kill('SIGTERM');
    });
    const code = await new Promise((resolve) => judge.once('exit', resolve));
    expect(code, output).toBe(0);
    expect(existsSync(cache())).toBe(false);
    // A command run without such flags writes it.
    chancery('--help');
    expect(existsSync(cache())).toBe(true);
  }, 60_000);
});

describe.runIf(runsBundle())('the bundled command', () => {
  const HEAD = '(function (exports, require, module, __filename, __dirname) {';

  it('is built as the function bin/ compiles, and a bundle built before that still runs', () => {
    const file = join(install, 'dist', 'chancery.cjs');
    const built = readFileSync(file, 'latin1');
    // bin/ compiles it as it is: no copy of the 1 MB source without its hashbang, nor into a wrapper.
    expect(built.startsWith(HEAD)).toBe(true);
    expect(built.endsWith('\n})')).toBe(true);
    const spring = join(ROOT, 'examples', 'standard', 'spring-1901.txt');
    const now = chancery('adjudicate', '--variant', 'standard', '--orders', spring);
    try {
      // As tools/build.mjs wrote it before: the hashbang of src/cli/main.ts first, no wrapper.
      writeFileSync(file, `#!/usr/bin/env node${built.slice(HEAD.length, -'\n})'.length)}`, 'latin1');
      rmSync(join(install, 'dist', 'chancery.code-cache'), { force: true });
      expect(chancery('adjudicate', '--variant', 'standard', '--orders', spring)).toBe(now);
    } finally {
      writeFileSync(file, built, 'latin1');
      rmSync(join(install, 'dist', 'chancery.code-cache'), { force: true });
    }
  });

  it('is ASCII, and reads orders written with arrows and long dashes as the sources do', () => {
    // One character beyond ASCII (esbuild leaves them in comments and regular expressions) and V8 keeps
    // the whole source two bytes a character (tools/build.mjs).
    const bundle = readFileSync(join(install, 'dist', 'chancery.cjs'));
    expect(bundle.findIndex((byte) => byte > 0x7f)).toBe(-1);
    const spring = readFileSync(join(ROOT, 'examples', 'standard', 'spring-1901.txt'), 'utf8');
    const dir = mkdtempSync(join(tmpdir(), 'chancery-arrows-'));
    try {
      const files = { plain: spring, arrows: spring.replaceAll(' - Burgundy', ' → Burgundy').replaceAll(' - ', ' – ') };
      expect(files.arrows).toContain('A Paris → Burgundy');
      expect(files.arrows).toContain('A Vienna – Galicia');
      const [plain, arrows] = Object.entries(files).map(([name, text]) => {
        writeFileSync(join(dir, `${name}.txt`), text);
        return chancery('adjudicate', '--variant', 'standard', '--orders', join(dir, `${name}.txt`));
      });
      expect(plain).toContain('Paris -> Burgundy');
      expect(arrows).toBe(plain);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
