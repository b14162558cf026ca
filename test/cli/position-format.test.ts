// The hand-written position format: reading, writing, round trips and file:line errors.
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { parsePositionText, PositionError, positionToText, readPosition } from '../../src/core/position/index.js';
import { play, standard, start } from '../render/play.js';

function problems(text: string, file = 'pos.txt'): string[] {
  try {
    readPosition(text, { file });
  } catch (e) {
    if (e instanceof PositionError) return e.problems;
    throw e;
  }
  throw new Error('position was accepted');
}

describe('position text format', () => {
  it('writes the starting position and reads it back unchanged', () => {
    const initial = start();
    const text = positionToText(standard, initial);
    expect(text).toContain(
      'variant standard\nphase Spring 1901 Movement\n\nAustria:\n  A bud\n  A vie\n  F tri\n  owns bud tri vie\n',
    );
    expect(text).toContain('Russia:\n  A war\n  A mos\n  F sev\n  F stp/sc\n  owns mos sev stp war\n');
    const back = readPosition(text);
    expect(back.variant).toBe(standard);
    expect(back.position).toEqual(initial);
    expect(positionToText(standard, back.position)).toBe(text);
  });

  it('reads names as players write them: full names, coasts in words, comma-separated units, headings with units', () => {
    const { position } = parsePositionText(
      `# a hand-made position
variant standard
phase F1903M
france: Army Paris, Fleet Spain north coast   # heading and units on one line
  centres Paris, Brest, Marseilles, Spain
Russian:
  F St Petersburg/nc
  owns stp`,
    );
    expect(position.phase).toEqual({ season: 'fall', year: 1903, type: 'movement' });
    expect(position.units).toEqual([
      { power: 'france', type: 'A', loc: 'par' },
      { power: 'france', type: 'F', loc: 'spa/nc' },
      { power: 'russia', type: 'F', loc: 'stp/nc' },
    ]);
    expect(position.owners).toEqual({ par: 'france', bre: 'france', mar: 'france', spa: 'france', stp: 'russia' });
  });

  it("computes retreat options (not occupied, not the attacker's origin, no standoff) and writes them out only when needed", () => {
    const text = `variant standard
phase Fall 1901 Retreat
Austria:
  A bul, F gre
Turkey:
  A rum
  dislodged A ser from bul
standoff alb`;
    const { position } = readPosition(text);
    expect(position.dislodged).toEqual([
      { power: 'turkey', type: 'A', loc: 'ser', attackerFrom: 'bul', retreats: ['bud', 'tri'] },
    ]);
    const written = positionToText(standard, position);
    expect(written).toContain('  dislodged A ser from bul retreats bud tri\n');
    expect(readPosition(written).position).toEqual(position);

    const noStandoff = readPosition(text.replace('standoff alb', '')).position;
    expect(noStandoff.dislodged[0].retreats).toEqual(['alb', 'bud', 'tri']);
    expect(positionToText(standard, noStandoff)).toContain('  dislodged A ser from bul\n');
  });

  it('round-trips the position an adjudication leaves, dislodged units and their retreats included', () => {
    const before = parsePositionText(`variant standard
phase Spring 1902 Movement
Austria: A ser, A bud, A tri
Turkey: A bul, A rum`).position;
    const after = play(before, 'Turkey: A bul - ser; A rum S A bul - ser').next;
    expect(after.phase.type).toBe('retreat');
    expect(readPosition(positionToText(standard, after)).position).toEqual(after);
  });

  it('keeps rule-module state as JSON', () => {
    const { position } = readPosition(
      'variant standard\nphase S1901M\nstate emperor {"power":"austria","since":1648}\n',
    );
    expect(position.state).toEqual({ emperor: { power: 'austria', since: 1648 } });
    expect(positionToText(standard, position)).toContain('state emperor {"power":"austria","since":1648}');
  });

  it('accepts the JSON Position and checks it like the text format', () => {
    const initial = start();
    expect(readPosition(JSON.stringify(initial)).position).toEqual(initial);
    const broken = {
      ...initial,
      units: [...initial.units, { power: 'france', type: 'F', loc: 'spa' }],
      owners: { ...initial.owners, nth: 'england' },
    };
    expect(problems(JSON.stringify(broken), 'pos.json')).toEqual([
      'pos.json: units[22]: a fleet in Spain must name its coast: spa/nc or spa/sc',
      'pos.json: owners.nth: North Sea is not a supply centre',
    ]);
  });

  it('reports every problem with file and line, and suggests the place meant', () => {
    expect(
      problems(`variant standard
phase F1901M
France:
  A parr
  F spa
  owns nth
  A bur, A bur
  dislodged A mar
Prussia:
owns par`),
    ).toEqual([
      'pos.txt:2: dislodged units are allowed only in a retreat phase',
      'pos.txt:4: unknown place "parr" (did you mean par, Paris?)',
      'pos.txt:5: a fleet in Spain must name its coast: spa/nc or spa/sc',
      'pos.txt:6: North Sea is not a supply centre',
      'pos.txt:7: two units in bur (also at pos.txt:7)',
      'pos.txt:9: unknown power "Prussia" (powers: Austria, England, France, Germany, Italy, Russia, Turkey)',
    ]);
  });

  it('refuses a missing variant or phase, a wrong variant, units before a heading and a unit with nowhere to retreat', () => {
    expect(problems('phase S1901M\nFrance: A par')).toEqual(['pos.txt:1: no "variant <name>" line']);
    expect(problems('variant standard\nFrance: A par')).toEqual([
      'pos.txt:1: no "phase" line (e.g. "phase Spring 1901 Movement")',
    ]);
    expect(problems('variant standard\nphase Summer 1901')).toEqual([
      'pos.txt:2: cannot read "summer" in phase "Summer 1901" (write e.g. "Fall 1901 Movement" or "F1901M")',
    ]);
    expect(problems('variant standard\nphase S1901M\nA par')).toEqual([
      'pos.txt:3: a unit before any power heading (write e.g. "France:" first)',
    ]);
    expect(() => parsePositionText('variant ambition5\nphase S1901M', { variant: standard, file: 'p' })).toThrow(
      'p:1: this position is for variant ambition5, not standard',
    );
    expect(
      problems(`variant standard
phase Spring 1901 Retreat
Italy: F naf, F tys, F ion
France:
  dislodged F tun from wes`),
    ).toEqual(['pos.txt:5: the fleet in tun has nowhere to retreat, so it is destroyed: leave it out']);
  });

  it('refuses neutral units written as dislodged in a variant where they are destroyed instead', () => {
    const ambition = loadVariant('ambition5');
    expect(() =>
      parsePositionText(
        'variant ambition5\nphase Spring 1764 Retreat\nAustria: A bav\nBavaria:\n  dislodged A bav from vie',
        { variant: ambition, file: 'p' },
      ),
    ).toThrow('p:5: bavaria units are destroyed when dislodged, never retreat');
  });
});
