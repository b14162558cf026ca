// The pictures of played phases, read back pixel by pixel: the two example years of the standard map
// (examples/standard, the order files a GM would feed `chancery adjudicate`) go through the same
// parse -> check -> adjudicate path as the judge, and each phase's picture must show what the
// adjudicator decided: moves, supports and convoys as arrows, failed orders dashed in the failure
// colour, dislodged units beside their province with their retreats, builds, removals, and the
// centres in their new owners' colours after a Fall. Which order failed is read from the result,
// never written here, so a picture that draws everything as succeeded (or leaves something out) fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicate, initialPosition } from '../../src/core/adjudicate/index.js';
import type { PhaseResult } from '../../src/core/adjudicate/result.js';
import { loadVariant } from '../../src/core/map/load.js';
import { provinceOf, type Loc, type Position } from '../../src/core/types.js';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import { parsePositionText } from '../../src/core/position/index.js';
import { loadMapArt } from '../../src/render/map/art.js';
import { drawBoardSvg, TITLE_HEIGHT } from '../../src/render/map/board-picture.js';
import type { Point } from '../../src/render/map/geometry.js';
import { svgToPng } from '../../src/render/map/png.js';
import { decodePng } from './png-decode.js';
import { declareCivilDisorder } from '../../src/core/rules/variant/civil-disorder.js';

const variant = loadVariant('standard');
const art = loadMapArt(variant);
const FILES = [
  'spring-1901',
  'fall-1901',
  'winter-1901',
  'spring-1902',
  'spring-1902-retreats',
  'fall-1902',
  'fall-1902-retreats',
  'winter-1902',
];

// The picture's colours: ink for what succeeded, dark red for what failed (board-picture.ts).
const INK = [0x20, 0x20, 0x20];
const FAILED = [0x8a, 0x1c, 0x1c];
const SUPPORT = [0x2a, 0x6f, 0x2a];
const CONVOY = [0x1f, 0x4e, 0x8c];
const RETREAT = [0xc0, 0x39, 0x2b];
const BUILD = [0xff, 0xf7, 0xa8];
const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) <= 30);
const colourOf = (power: string) => hex(variant.powerById.get(power)!.colour!);

interface Played {
  file: string;
  before: Position;
  result: PhaseResult;
}

/** Every example phase, played in order from the start through the judge's own reading of order text. */
function playExamples(): Played[] {
  let position = initialPosition(variant);
  return FILES.map((file) => {
    const text = readFileSync(`examples/standard/${file}.txt`, 'utf8');
    const read = readPhaseOrders(variant, position, text, file);
    expect(read.complaints).toEqual([]);
    const result = adjudicate(variant, position, read.orders, { seed: file });
    const played = { file, before: position, result };
    position = result.next;
    return played;
  });
}

function picture(position: Position, result?: PhaseResult) {
  const svg = drawBoardSvg(variant, art, { gameName: 'test', phaseLabel: 'phase', position, result });
  const png = decodePng(svgToPng(svg).png);
  const zoom = png.width / art.width;
  const pixel = ([x, y]: Point) => png.at(x * zoom, (y + TITLE_HEIGHT) * zoom);
  // Unit symbols are drawn over the arrows: points within their reach are not read.
  const units = [
    ...position.units.map((u) => anchor(u.loc)),
    ...(result?.phase.type === 'movement' ? result.dislodged : position.dislodged).map((u): Point => {
      const [x, y] = anchor(u.loc);
      return [x + 12, y + 12];
    }),
  ];
  const clear = (p: Point) => units.every((u) => Math.hypot(p[0] - u[0], p[1] - u[1]) > 15);
  /** The share of the line's readable points (its middle third, always drawn; off the unit symbols) in `colour`. */
  const share = (a: Point, b: Point, colour: number[]) => {
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const steps = Math.max(8, Math.round(length / 3));
    const [nx, ny] = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
    let hits = 0;
    let read = 0;
    for (let k = 0; k <= steps; k++) {
      const t = 1 / 3 + k / (3 * steps);
      const p: Point = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
      if (!clear(p)) continue;
      read++;
      // A line two pixels wide, drawn without anti-aliasing, may sit a pixel to either side of its axis.
      const across = [-1, 0, 1].map((d): Point => [p[0] + (d * nx) / zoom, p[1] + (d * ny) / zoom]);
      if (across.some((q) => near(pixel(q), colour))) hits++;
    }
    // Fewer than six readable points cannot tell a dash from a gap.
    return read >= 6 ? hits / read : NaN;
  };
  return { pixel, share };
}

const anchor = (loc: Loc): Point => {
  const province = art.provinces[provinceOf(loc)];
  return loc.includes('/') ? province.coasts![loc.split('/')[1]] : province.unit;
};
const midpoint = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
/** A solid line covers nearly all its middle; a dashed one ("6 4") about three fifths. */
const solid = (share: number) => share >= 0.9;
const dashed = (share: number) => share >= 0.35 && share <= 0.8;

/**
 * Two convoys of DATC v3.0 (6.F.3 and 6.F.6), as its text writes them, for what the example years
 * draw under other arrows (their one convoy lies along the convoyed move): a convoy given, and one
 * whose fleet is dislodged.
 */
function playConvoys(): Played[] {
  const cases = [
    {
      file: 'DATC 6.F.3',
      board: 'England: F eng, A lon, F mao\nFrance: A par',
      orders: `England:
F English Channel Convoys A London - Brest
A London - Brest
F Mid-Atlantic Ocean Supports A London - Brest
France:
A Paris - Brest`,
    },
    {
      file: 'DATC 6.F.6',
      board: 'England: F nth, A lon\nGermany: F ska, F hel',
      orders: `England:
F North Sea Convoys A London - Holland
A London - Holland
Germany:
F Helgoland Bight Supports F Skagerrak - North Sea
F Skagerrak - North Sea`,
    },
  ];
  return cases.map(({ file, board, orders }) => {
    const before = parsePositionText(`variant standard\nphase Spring 1901 Movement\n${board}`, {
      file,
      variant,
    }).position;
    const read = readPhaseOrders(variant, before, orders, file);
    expect(read.complaints).toEqual([]);
    return { file, before, result: adjudicate(variant, before, read.orders, { seed: file }) };
  });
}

const phases = [...playExamples(), ...playConvoys()];
/** Convoys whose short arrow lies along the move they convoy, drawn over it: they cannot be read. */
const HIDDEN_CONVOYS = ['fall-1901 nth'];
const phase = (file: string) => phases.find((p) => p.file === file)!;

describe('pictures of the example years and two DATC convoys, read back from the PNG', () => {
  it('plays what the pictures need: failed and succeeded moves, supports, convoys, dislodgements, builds, removals', () => {
    const all = phases.flatMap((p) => p.result.outcomes);
    const kinds = (kind: string, success: boolean) => all.filter((o) => o.order.kind === kind && o.success === success);
    // A guard against a sample that silently stops covering a case.
    expect(kinds('move', true).length).toBeGreaterThanOrEqual(10);
    expect(kinds('move', false).length).toBeGreaterThanOrEqual(5);
    expect(kinds('support', true).length).toBeGreaterThanOrEqual(3);
    expect(kinds('support', false).length).toBeGreaterThanOrEqual(1);
    expect(kinds('convoy', true).length).toBeGreaterThanOrEqual(2);
    expect(kinds('convoy', false).length).toBeGreaterThanOrEqual(1);
    expect(kinds('build', true).length).toBeGreaterThanOrEqual(5);
    expect(kinds('remove', true).length).toBeGreaterThanOrEqual(1);
    expect(phases.filter((p) => p.result.dislodged.length > 0).length).toBeGreaterThanOrEqual(2);
  });

  describe.each(phases.filter((p) => p.before.phase.type === 'movement').map((p) => [p.file, p] as const))(
    '%s',
    (file, { before, result }) => {
      const { share } = picture(before, result);
      const moveOf = new Map<string, Loc>();
      for (const { order } of result.outcomes) if (order.kind === 'move') moveOf.set(provinceOf(order.loc), order.to);

      it('draws each move as an arrow: solid ink when it succeeded, dashed red when it failed', () => {
        const wrong: string[] = [];
        for (const { order, success } of result.outcomes) {
          if (order.kind !== 'move') continue;
          const s = share(anchor(order.loc), anchor(order.to), success ? INK : FAILED);
          if (success ? !solid(s) : !dashed(s)) wrong.push(`${order.loc}-${order.to} ${success}: ${s.toFixed(2)}`);
        }
        expect(wrong).toEqual([]);
      });

      it('draws each support and convoy dashed, green or blue when given and red when not', () => {
        const wrong: string[] = [];
        const hidden: string[] = [];
        for (const { order, success } of result.outcomes) {
          if (order.kind === 'support') {
            const target = anchor(order.target);
            const to = order.to ? midpoint(target, anchor(moveOf.get(order.target) ?? order.to)) : target;
            const s = share(anchor(order.loc), to, success ? SUPPORT : FAILED);
            if (!dashed(s)) wrong.push(`${order.loc} S ${order.target} ${success}: ${s.toFixed(2)}`);
          } else if (order.kind === 'convoy') {
            if (HIDDEN_CONVOYS.includes(`${file} ${order.loc}`)) {
              hidden.push(`${file} ${order.loc}`);
              continue;
            }
            const s = share(
              anchor(order.loc),
              midpoint(anchor(order.from), anchor(order.to)),
              success ? CONVOY : FAILED,
            );
            if (!dashed(s)) wrong.push(`${order.loc} C ${order.from} ${success}: ${s.toFixed(2)}`);
          }
        }
        expect(wrong).toEqual([]);
        expect(hidden).toEqual(HIDDEN_CONVOYS.filter((h) => h.startsWith(`${file} `)));
      });

      it('draws each dislodged unit ringed red beside its province, with a dashed arrow to each retreat', () => {
        const { pixel } = picture(before, result);
        const wrong: string[] = [];
        for (const unit of result.dislodged) {
          const [x, y] = anchor(unit.loc);
          const at: Point = [x + 12, y + 12];
          if (!near(pixel([at[0] + 12, at[1]]), RETREAT)) wrong.push(`${unit.loc}: no red ring`);
          const body: Point = unit.type === 'A' ? [at[0] - 5, at[1] - 5] : [at[0] - 4, at[1] + 4];
          if (!near(pixel(body), colourOf(unit.power))) wrong.push(`${unit.loc}: no unit in ${unit.power}'s colour`);
          for (const option of unit.retreats)
            if (!dashed(share(at, anchor(option), RETREAT))) wrong.push(`${unit.loc}: no retreat arrow to ${option}`);
        }
        expect(wrong).toEqual([]);
      });
    },
  );

  it('shows a retreat phase: the dislodged units with their options, and each retreat ordered', () => {
    for (const file of ['spring-1902-retreats', 'fall-1902-retreats']) {
      const { before, result } = phase(file);
      expect(before.dislodged.length).toBeGreaterThan(0);
      const { pixel, share } = picture(before, result);
      for (const unit of before.dislodged) {
        const [x, y] = anchor(unit.loc);
        expect(near(pixel([x + 24, y + 12]), RETREAT), `${file} ${unit.loc} ring`).toBe(true);
      }
      for (const { order, success } of result.outcomes) {
        if (order.kind !== 'retreat') continue;
        const s = share(anchor(order.loc), anchor(order.to), success ? INK : FAILED);
        expect(success ? solid(s) : dashed(s), `${file} ${order.loc}-${order.to}: ${s}`).toBe(true);
      }
    }
  });

  it('shows each build ringed on its centre and each removal crossed out', () => {
    let builds = 0;
    let removals = 0;
    for (const file of ['winter-1901', 'winter-1902']) {
      const { before, result } = phase(file);
      const { pixel } = picture(before, result);
      for (const { order, success } of result.outcomes) {
        if (!success) continue;
        if (order.kind === 'build') {
          const [x, y] = anchor(order.loc);
          // Below the new unit, inside its ring: the build's pale fill.
          expect(near(pixel([x, y + 11]), BUILD), `${file} build ${order.loc}`).toBe(true);
          const body: Point = order.type === 'A' ? [x - 5, y - 5] : [x - 4, y + 4];
          expect(near(pixel(body), colourOf(order.power)), `${file} build ${order.loc} unit`).toBe(true);
          builds++;
        } else if (order.kind === 'remove') {
          const [x, y] = anchor(order.loc);
          // The cross's arm beyond the unit symbol's corner.
          expect(near(pixel([x + 9.5, y + 9.5]), RETREAT), `${file} removal ${order.loc}`).toBe(true);
          removals++;
        }
      }
    }
    expect(builds).toBeGreaterThanOrEqual(5);
    expect(removals).toBeGreaterThanOrEqual(1);
  });

  it('colours every centre in its owner colour after each Fall, those taken that year included', () => {
    for (const fall of ['fall-1901', 'fall-1902-retreats']) {
      const { before, result } = phase(fall);
      const after = result.next;
      const taken = Object.keys(after.owners).filter((c) => after.owners[c] !== before.owners[c]);
      expect(taken.length, `${fall} changes owners`).toBeGreaterThan(0);
      const { pixel } = picture(after);
      const wrong: string[] = [];
      for (const [centre, owner] of Object.entries(after.owners)) {
        const [x, y] = art.provinces[centre].centre!;
        const around = [pixel([x + 4, y]), pixel([x - 4, y]), pixel([x, y + 4]), pixel([x, y - 4])];
        if (!around.some((at) => near(at, colourOf(owner)))) wrong.push(`${centre}: not ${owner}`);
      }
      expect(wrong).toEqual([]);
    }
  });
});

describe('a results picture shows the board as it now stands (issue 19.19)', () => {
  const body = (type: string, [x, y]: Point): Point[] =>
    type === 'A'
      ? [
          [x - 5, y - 5],
          [x + 5, y - 5],
        ]
      : [
          [x - 4, y + 4],
          [x + 4, y + 4],
        ];

  it('draws each unit where it ended: a moved unit at its destination, not where it started', () => {
    const wrong: string[] = [];
    let moved = 0;
    for (const { before, result, file } of phases.filter((p) => p.before.phase.type === 'movement')) {
      const { pixel } = picture(before, result);
      for (const { order, success } of result.outcomes) {
        if (order.kind !== 'move' || !success) continue;
        const unit = before.units.find((u) => u.loc === order.loc)!;
        const colour = colourOf(unit.power);
        if (!body(unit.type, anchor(order.to)).some((p) => near(pixel(p), colour)))
          wrong.push(`${file} ${order.loc}-${order.to}: not at its destination`);
        // Left empty, unless another unit moved in.
        const empty = !result.next.units.some((u) => provinceOf(u.loc) === provinceOf(order.loc));
        if (empty && body(unit.type, anchor(order.loc)).every((p) => near(pixel(p), colour)))
          wrong.push(`${file} ${order.loc}-${order.to}: still drawn where it started`);
        moved++;
      }
    }
    expect(wrong).toEqual([]);
    expect(moved).toBeGreaterThanOrEqual(10);
  });

  it("recolours the centres in a Fall's results picture, with the orders on it", () => {
    const { before, result } = phase('fall-1901');
    const { pixel } = picture(before, result);
    const taken = Object.keys(result.next.owners).filter((c) => result.next.owners[c] !== before.owners[c]);
    expect(taken.length).toBeGreaterThan(0);
    const wrong = taken.filter((centre) => {
      const [x, y] = art.provinces[centre].centre!;
      const around = [pixel([x + 4, y]), pixel([x - 4, y]), pixel([x, y + 4]), pixel([x, y - 4])];
      return !around.some((at) => near(at, colourOf(result.next.owners[centre])));
    });
    expect(wrong).toEqual([]);
  });

  it("keeps every arrowhead off the sea names: the arrow's last 11 px stop outside the name", () => {
    const wrong: string[] = [];
    for (const { before, result, file } of phases.filter((p) => p.before.phase.type === 'movement')) {
      const svg = drawBoardSvg(variant, art, { phaseLabel: 'phase', position: before, result });
      for (const { order } of result.outcomes) {
        if (order.kind !== 'move') continue;
        const sea = variant.map.provinces.find((p) => p.id === provinceOf(order.to))!;
        if (sea.terrain !== 'sea') continue;
        const [sx, sy] = anchor(order.loc);
        // The drawn line of this move: it starts 11 px from the unit, towards the destination.
        const line = [...svg.matchAll(/d="M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)"[^>]*marker-end/g)]
          .map((m) => m.slice(1).map(Number))
          .find(([x0, y0]) => Math.hypot(x0 - sx, y0 - sy) < 12 && Math.hypot(x0 - sx, y0 - sy) > 10);
        if (!line) continue;
        const [x0, y0, x1, y1] = line;
        const length = Math.hypot(x1 - x0, y1 - y0);
        const [ux, uy] = [(x1 - x0) / length, (y1 - y0) / length];
        const [lx, ly] = art.provinces[sea.id].label!;
        // The name: three capitals of 11 px, centred on the label point and drawn 4 px below it.
        const inName = ([x, y]: Point) => Math.abs(x - lx) <= 11 && y >= ly - 4 && y <= ly + 4;
        const head = [-9, -5, 0, 2].flatMap((along) =>
          [-2.5, 0, 2.5].map((across): Point => [x1 + ux * along - uy * across, y1 + uy * along + ux * across]),
        );
        if (head.some(inName)) wrong.push(`${file} ${order.loc}-${order.to}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('colours a reader can tell apart (issue 19.19)', () => {
  const empty = (position: Position): Position => ({ ...position, units: [], dislodged: [] });

  it("Russia's land is not the colour of neutral land; Switzerland is not Germany's", () => {
    const start = initialPosition(variant);
    const { pixel } = picture(empty(start));
    const LAND = [0xef, 0xe6, 0xcc];
    for (const home of ['mos', 'stp', 'war', 'sev']) {
      const at = pixel(art.provinces[home].unit);
      expect(near(at, LAND), `${home}: ${at}`).toBe(false);
    }
    const germany = pixel(art.provinces.mun.unit);
    const [x, y] = art.provinces.swi.unit;
    const swiss = [-4, -2, 0, 2, 4].flatMap((dx) => [-4, -2, 0, 2, 4].map((dy) => pixel([x + dx, y + dy])));
    expect(swiss.filter((at) => near(at, germany))).toEqual([]);
  });

  it('draws the minors a permanent civil disorder makes in the colour the minors share, small and ringed', () => {
    const empire = loadVariant('ambition6');
    const empireArt = loadMapArt(empire);
    const declared = declareCivilDisorder(empire, initialPosition(empire), 'britain').position;
    const minorColour = hex(empire.powers.find((p) => p.kind === 'minor')!.colour!);
    const png = decodePng(svgToPng(drawBoardSvg(empire, empireArt, { phaseLabel: 'phase', position: declared })).png);
    const zoom = png.width / empireArt.width;
    const made = declared.units.filter((u) => u.power.startsWith('britain-'));
    expect(made.length).toBeGreaterThan(0);
    for (const unit of made) {
      const [x, y] = empireArt.provinces[provinceOf(unit.loc)].unit;
      // Inside the smaller symbol (0.8 of a Great Power's): an army's square, a fleet's hull.
      const inside: Point = unit.type === 'A' ? [x - 4, y - 4] : [x - 3, y + 3];
      const read = ([px, py]: Point) => png.at(px * zoom, (py + TITLE_HEIGHT) * zoom);
      expect(near(read(inside), minorColour), `${unit.power} ${unit.loc}: ${read(inside)}`).toBe(true);
      // Its dashed ring (radius 9.6), which a Great Power's unit has not.
      const ring = Array.from({ length: 24 }, (_, k): Point => {
        const angle = (k * Math.PI) / 12;
        return [x + 9.6 * Math.cos(angle), y + 9.6 * Math.sin(angle)];
      });
      expect(ring.filter((p) => near(read(p), INK)).length, `${unit.loc} ring`).toBeGreaterThanOrEqual(3);
      // A minor's army is smaller: the corner of a Great Power's square is not in its colour.
      if (unit.type === 'A') expect(near(read([x - 7.3, y - 2]), minorColour), `${unit.loc} size`).toBe(false);
    }
  });
});
