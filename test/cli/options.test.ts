// `chancery options` (issue 20 item 4): every legal order, one a line, for a position's phase.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'chancery-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function positionFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('chancery options', () => {
  it('lists a fleet on a split coast: the moves its coast reaches, its supports, a hold', async () => {
    const pos = positionFile(
      'spa.txt',
      'variant standard\nphase Spring 1902 Movement\nFrance:\n  F spa/nc, A gas, F mao\n  owns par bre mar spa por\n',
    );
    const run = await runCli('options', '--position', pos, '--unit', 'F Spa');
    expect(run.code).toBe(0);
    expect(run.out.trim().split('\n')).toEqual([
      'F SPA/NC H',
      'F SPA/NC - GAS',
      'F SPA/NC - MAO',
      'F SPA/NC - POR',
      'F SPA/NC S A GAS',
      // The army may reach Portugal only by convoy; a support of that move is legal (DATC 6.D).
      'F SPA/NC S A GAS - POR',
      'F SPA/NC S F MAO',
      'F SPA/NC S F MAO - GAS',
      'F SPA/NC S F MAO - POR',
    ]);
  });

  it('lists a winter with two builds: every vacant home centre, each coast of St Petersburg, and WAIVE', async () => {
    const pos = positionFile(
      'winter.txt',
      'variant standard\nphase Winter 1901 Adjustments\nRussia:\n  A ukr, F bot, A gal\n  owns mos war sev stp rum\n',
    );
    const run = await runCli('options', '--position', pos, '--power', 'Russia');
    expect(run.code).toBe(0);
    expect(run.out.trim().split('\n')).toEqual([
      'BUILD A MOS',
      'BUILD A SEV',
      'BUILD F SEV',
      'BUILD A STP',
      'BUILD F STP/NC',
      'BUILD F STP/SC',
      'BUILD A WAR',
      'WAIVE',
    ]);
  });

  it('A&E v6: a retreat across the strait of Gibraltar only while no foreign fleet holds Gibraltar', async () => {
    const retreat = (fleet: string) =>
      positionFile(
        `strait-${fleet}.txt`,
        'variant ambition6\nphase Fall 1763 Retreat\nSpain: F wes\n  dislodged A and from mad\n  owns brc\n' +
          `Britain: A mad, F ${fleet}\n  owns lon edi lvp mad\n`,
      );
    const blocked = await runCli('options', '--position', retreat('gib'), '--power', 'Spain');
    expect(blocked.out.trim().split('\n')).toEqual(['A AND R BRC', 'A AND R POR', 'A AND D']);
    const open = await runCli('options', '--position', retreat('mao'), '--power', 'Spain');
    expect(open.out.trim().split('\n')).toEqual(['A AND R BRC', 'A AND R MOR', 'A AND R POR', 'A AND D']);
  });

  it('puts every power under its heading at the start, and names an unknown unit', async () => {
    const all = await runCli('options', '--variant', 'standard');
    expect(all.out).toMatch(/^Austria:\nA BUD H\n/);
    expect(all.out).toContain('\nTurkey:\n');
    const bad = await runCli('options', '--unit', 'F Atlantis');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('unknown place "F Atlantis"');
  });
});
