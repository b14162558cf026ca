// `chancery adjudicate` end to end on the example order files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run.js';

const ex = (name: string) => `examples/standard/${name}`;
const GAME_1901 = [
  '--orders',
  ex('spring-1901.txt'),
  '--orders',
  ex('fall-1901.txt'),
  '--orders',
  ex('winter-1901.txt'),
];
const GAME_1902 = [...GAME_1901, '--orders', ex('spring-1902.txt'), '--orders', ex('spring-1902-retreats.txt')];

function tempFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'chancery-adj-')), name);
  writeFileSync(file, text);
  return file;
}

describe('chancery adjudicate', () => {
  it('plays the example game phase after phase, printing each results mail body', async () => {
    const run = await runCli('adjudicate', '--variant', 'standard', ...GAME_1902, '--game', 'demo');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const phases = run.out.split(/(?=:: Game: demo)/);
    expect(phases.map((p) => p.split('\n')[2])).toEqual([
      'Movement results for Spring of 1901.  (demo.S1901M)',
      'Movement results for Fall of 1901.  (demo.F1901M)',
      'Adjustment orders for Winter of 1901.  (demo.W1901A)',
      'Movement results for Spring of 1902.  (demo.S1902M)',
      'Retreat orders for Spring of 1902.  (demo.S1902R)',
    ]);
    // Fall 1901: the convoy into Norway and Austria's supported capture of Greece.
    expect(phases[1]).toContain(
      'England: Fleet North Sea CONVOY Army Yorkshire -> Norway.\nEngland: Army Yorkshire -> Norway.\n',
    );
    expect(phases[1]).toContain('Turkey: Army Bulgaria -> Greece.  (*bounce*)\n');
    expect(phases[1]).toContain('Austria:    Budapest, Greece, Serbia, Trieste, Vienna.\n');
    expect(phases[1]).toContain('Austria:     5 Supply centers,  3 Units:  Builds   2 units.\n');
    expect(phases[2]).toBe(
      [
        ':: Game: demo  Variant: standard',
        '',
        'Adjustment orders for Winter of 1901.  (demo.W1901A)',
        '',
        'Austria:    Builds an army in Budapest.',
        'Austria:    Builds a fleet in Trieste.',
        'England:    Builds a fleet in Edinburgh.',
        'France:     Builds an army in Paris.',
        'France:     Builds a fleet in Brest.',
        'Germany:    Builds a fleet in Kiel.',
        'Germany:    Builds an army in Berlin.',
        'Italy:      Build waived.',
        'Russia:     Builds a fleet in St Petersburg (north coast).',
        'Turkey:     Build waived.',
        '',
        "The next phase of 'demo' will be Movement for Spring of 1902.",
        '',
        '',
      ].join('\n'),
    );
    expect(phases[3]).toContain('England: Fleet North Sea SUPPORT French Army Belgium -> Holland.  (*cut*)\n');
    expect(phases[3]).toContain('Russia: Army Rumania SUPPORT Austrian Army Serbia -> Bulgaria.\n');
    expect(phases[3]).toContain(
      'The following units were dislodged:\n\nThe Turkish army in Bulgaria can retreat to Constantinople.\n',
    );
    expect(phases[4]).toContain(
      "Turkey:     Army Bulgaria -> Constantinople.\n\nThe next phase of 'demo' will be Movement for Fall of 1902.\n",
    );
  });

  it('--json gives each phase with its outcomes, the next position and the next phase', async () => {
    const run = await runCli('adjudicate', ...GAME_1901, '--json');
    const phases = JSON.parse(run.out) as {
      phase: string;
      outcomes: unknown[];
      next: { units: unknown[]; owners: Record<string, string> };
      nextPhase: string;
    }[];
    expect(phases.map((p) => [p.phase, p.nextPhase])).toEqual([
      ['S1901M', 'F1901M'],
      ['F1901M', 'W1901A'],
      ['W1901A', 'S1902M'],
    ]);
    expect(phases[0].outcomes).toHaveLength(22);
    expect(phases[1].next.owners.gre).toBe('austria');
    expect(phases[2].next.units).toHaveLength(22 + 8);
  });

  it('reports refused lines on stderr as file:line: error — suggestion, and the unit holds; a later order replaces an earlier one', async () => {
    const orders = tempFile('bad.txt', 'France:\nA par - bugr\nA mar - spa\nEngland:\nF kie - hol\nFrance: A mar H\n');
    const run = await runCli('adjudicate', '--orders', orders);
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      [
        `${orders}:2: unknown place "bugr" — A PAR - BUR`,
        `${orders}:5: order to foreign unit: the fleet in Kiel belongs to Germany`,
        `${orders}:6: replaces the order on line 3 for the same unit`,
        `${orders}: 2 line(s) refused; stopped here (--keep-going plays on)`,
        '',
      ].join('\n'),
    );
    // Paris's only order was refused: it holds as a unit without an order.
    expect(run.out).toContain('France: Army Marseilles HOLD.\nFrance: Army Paris HOLD.  (*no order*)\n');
    expect(run.out).toContain('Germany: Fleet Kiel HOLD.  (*no order*)\n');
    // The results themselves say what was refused, and why.
    expect(run.out).toContain(
      'The following orders were not accepted:\n\n  A par - bugr  (*invalid*)\n      unknown place "bugr"\n' +
        '  F kie - hol  (*invalid*)\n      order to foreign unit: the fleet in Kiel belongs to Germany\n',
    );
    const onward = await runCli('adjudicate', '--orders', orders, '--orders', ex('fall-1901.txt'), '--keep-going');
    expect(onward.code).toBe(0);
    expect(onward.out).toContain('Movement results for Fall of 1901.');
  });

  it('an unreadable power heading files nothing under the power before it (issue 14)', async () => {
    const orders = tempFile(
      'a6.txt',
      'France:\nA par - bur\n2 DP: A swi H\nPoland-Lithuania & Saxonny:\nA war - lit\n1 DP: A swi - mar\nRussia:\nA mos - lvn\n',
    );
    const run = await runCli('adjudicate', '--variant', 'ambition6', '--orders', orders, '--json', '--keep-going');
    expect(run.err).toContain(
      `${orders}:4: unknown power "Poland-Lithuania & Saxonny": the lines under it are not filed for any power — ` +
        'did you mean Poland-Saxony?',
    );
    expect(run.err).toContain(`${orders}:5: not filed: the heading on line 4 names no power`);
    expect(run.err).toContain(`${orders}:6: not filed: the heading on line 4 names no power`);
    const [phase] = JSON.parse(run.out);
    expect(phase.refused.map((r: { line: number }) => r.line)).toEqual([4, 5, 6]);
    // France keeps its own two DP on Switzerland and is not charged the misfiled line.
    const france = phase.dp.powers.find((p: { power: string }) => p.power === 'france');
    expect(france).toMatchObject({ forfeited: false });
    expect(phase.outcomes.find((o: { order: { loc: string } }) => o.order.loc === 'war').order.kind).toBe('hold');
    const without = await runCli('adjudicate', '--variant', 'ambition6', '--orders', orders);
    expect(without.code).toBe(1);
  });

  it.each([
    ['ambition6', 'Poland-Lithuania & Saxony:', 'saxony'],
    ['ambition6', 'Great Britain:', 'britain'],
    ['ambition6', 'Habsburg Empire:', 'austria'],
    ['ambition6', 'Ottoman Empire:', 'turkey'],
    ['ambition6', 'PS:', 'saxony'],
    ['ambition6', 'Denmark-Norway:', 'denmark'],
    ['ambition5', 'T:', 'turkey'],
    ['1648', 'Ottoman Empire:', 'ottoman'],
    ['succession', 'Saxony-Poland:', 'saxony'],
  ])('%s: the heading "%s" names %s', async (variant, heading, power) => {
    const orders = tempFile('h.txt', `${heading}\n`);
    const run = await runCli('adjudicate', '--variant', variant, '--orders', orders, '--json');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const unit = JSON.parse(run.out)[0].outcomes.find((o: { order: { power: string } }) => o.order.power === power);
    expect(unit).toBeDefined();
  });

  it('A&E v6.01 example 5 offline: the invalid winner is published, refused DP lines only on stderr', async () => {
    const orders = tempFile(
      'ex5.txt',
      'France:\n3 DP: A hew - bav\nPrussia:\nA ber - han\n1 DP: A hew S A ber - han\nSpain:\n2 DP: A mad H\n',
    );
    const run = await runCli('adjudicate', '--variant', 'ambition6', '--orders', orders, '--keep-going');
    expect(run.code).toBe(0);
    expect(run.out).toContain('Hesse-Westphalia: Army Hesse-Westphalia -> Bavaria.  (*invalid*)\n');
    expect(run.out).toMatch(/Prussia: +Army Berlin -> Hanover\.  \(\*bounce\*\)/);
    expect(run.out).not.toContain('dislodged');
    // The results text is what a hand GM mails out: no DP line, refused or not, ever appears in it.
    expect(run.out).not.toMatch(/\bDP\b/);
    expect(run.out).not.toContain('not accepted');
    expect(run.err).toContain(`${orders}:2: DP line whose order is invalid`);
    expect(run.err).toContain(`${orders}:7: not a neutral unit: the army in Madrid belongs to Spain`);
    const json = JSON.parse(
      (await runCli('adjudicate', '--variant', 'ambition6', '--orders', orders, '--json', '--keep-going')).out,
    );
    expect(json[0].refused).toMatchObject([{ line: 7, bid: true }]);
  });

  it('A&E v5: a minor is named by its adjective when supported ("Tuscan Army Tuscany")', async () => {
    const orders = tempFile('a5.txt', 'Austria:\nA mil S A tus\n');
    const run = await runCli('adjudicate', '--variant', 'ambition5', '--orders', orders);
    expect(run.err).toBe('');
    expect(run.out).toContain('Austria: Army Milan SUPPORT Tuscan Army Tuscany.');
  });

  it('declares permanent civil disorder offline with a "civil disorder <power>" line', async () => {
    const orders = tempFile('cd.txt', 'civil disorder Spain\nFrance:\nA par - bur\n');
    const run = await runCli('adjudicate', '--variant', 'ambition6', '--orders', orders, '--json');
    expect(run.code).toBe(0);
    const [phase] = JSON.parse(run.out);
    expect(phase.civilDisorder).toEqual(['spain']);
    expect(phase.next.units.some((u: { power: string }) => u.power === 'spain')).toBe(false);
    const refusedPower = tempFile('cd2.txt', 'civil disorder Narnia\n');
    const bad = await runCli('adjudicate', '--variant', 'ambition6', '--orders', refusedPower);
    expect(bad.err).toContain('unknown power "Narnia" in a civil disorder line');
    // The rule's refusal is worded by render from its reason code, and stops the run.
    const standard = tempFile('cd3.txt', 'civil disorder Austria\nFrance:\nA par - bur\n');
    const none = await runCli('adjudicate', '--variant', 'standard', '--orders', standard);
    expect(none.code).toBe(1);
    expect(none.err).toContain('civil disorder austria: Standard Diplomacy has no permanent civil disorder');
  });

  it('starts from a position file and stops when the orders are for another phase', async () => {
    const position = tempFile(
      'pos.txt',
      'variant standard\nphase Fall 1901 Retreat\nAustria: A bul\nTurkey:\n  A rum\n  dislodged A ser from bul\n  owns ank con smy\n',
    );
    const retreat = tempFile('r.txt', 'phase F1901R\nTurkey: A ser - alb\n');
    const ok = await runCli('adjudicate', '--position', position, '--orders', retreat);
    expect(ok.out).toContain('Turkey:     Army Serbia -> Albania.\n');
    expect(ok.out).toContain(
      'Austria:     1 Supply center,   1 Unit:   Builds   0 units.\nTurkey:      4 Supply centers,  2 Units:  Builds   2 units.\n',
    );
    const wrong = await runCli('adjudicate', '--position', position, '--orders', ex('spring-1901.txt'));
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain(
      'examples/standard/spring-1901.txt: orders for Spring 1901 Movement, but the game is at Fall 1901 Retreat',
    );
  });

  it('stops at a victory: later order files are refused', async () => {
    const position = tempFile(
      'pos.txt',
      `variant standard
phase Fall 1905 Movement
Russia:
  A ber, A mun, A kie, A hol, A bel, A den, A swe, A nwy, A stp, A mos, A war, A sev, A rum, A bud, A vie, A tri, A ser, A bur
  owns ber mun kie hol bel den swe nwy stp mos war sev rum bud vie tri ser
`,
    );
    const fall = tempFile('fall.txt', 'Russia: A bur - par\n');
    const run = await runCli('adjudicate', '--position', position, '--orders', fall, '--orders', fall, '--json');
    expect(run.code).toBe(1);
    expect(run.err).toBe(`${fall}: the game is already over; these orders were not used\n`);
    const phases = JSON.parse(run.out);
    expect(phases).toHaveLength(1);
    expect(phases[0].nextPhase).toBeNull();
  });

  it('refuses a bad position file naming file and line', async () => {
    const position = tempFile('pos.txt', 'variant standard\nphase S1901M\nFrance: A xyzzy\n');
    const run = await runCli('adjudicate', '--position', position, '--orders', ex('spring-1901.txt'));
    expect(run.code).toBe(1);
    expect(run.err).toContain('pos.txt:3: unknown place "xyzzy"');
  });

  const mainResolves = ['judge.ts', 'mail.ts'].every((f) => existsSync(join('src/cli', f)));
  it.skipIf(!mainResolves)('runs through the real entry point', () => {
    const child = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'adjudicate', ...GAME_1901, '--game', 'demo'], {
      encoding: 'utf8',
    });
    expect(child.status).toBe(0);
    expect(child.stdout).toContain('Adjustment orders for Winter of 1901.  (demo.W1901A)');
  });
});
