import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run.js';

describe('chancery variant', () => {
  it('check: counts what a good variant defines', async () => {
    expect(await runCli('variant', 'check', 'standard')).toEqual({
      out: 'ok: 76 spaces, 34 centres, 7 powers\n',
      err: '',
      code: 0,
    });
  });

  it('check: lists every problem of a broken file with file:line and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chancery-variant-'));
    const file = join(dir, 'broken.variant');
    const text = readFileSync('variants/standard/standard.variant', 'utf8')
      .replace('army  bur:', 'army  bur: xyz')
      .replace('units      F bre, A mar, A par', 'units      F bre, A mar, A par, A qqq');
    writeFileSync(file, text);
    const run = await runCli('variant', 'check', file);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toMatch(/^broken\.variant:\d+: .*xyz/m);
    expect(run.err).toMatch(/^broken\.variant:\d+: .*qqq/m);
    expect(run.err).toMatch(/problem\(s\)\n$/);
  });

  it('check: an unknown variant is a problem, not a crash', async () => {
    const run = await runCli('variant', 'check', 'nosuchvariant');
    expect(run.code).toBe(1);
    expect(run.err).toContain('nosuchvariant: no such variant');
  });

  it('show: a readable summary, and the full description with --json', async () => {
    const text = await runCli('variant', 'show', 'standard');
    expect(text.out).toContain('Standard Diplomacy (standard)');
    expect(text.out).toContain(
      '  Russia (Russian, R, id russia)\n    home: Moscow, Sevastopol, St Petersburg, Warsaw\n    units: A Warsaw, A Moscow, F Sevastopol, F St Petersburg (south coast)',
    );
    expect(text.out).toContain('  stp   coast      St Petersburg * coasts nc sc');
    const json = JSON.parse((await runCli('variant', 'show', 'standard', '--json')).out);
    expect(json.id).toBe('standard');
    expect(json.powers).toHaveLength(7);
    expect(json.spaces.find((s: { id: string }) => s.id === 'bur').army).toContain('par');
  });
});
