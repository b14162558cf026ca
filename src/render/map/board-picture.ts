// The board as a picture (SVG): the variant's map art, centres in their owners' colours, every unit in
// its power's colour (minor and affiliate units smaller, ringed), and the phase's orders as arrows —
// moves, supports, convoys, holds, failed ones dashed, as DPjudge's map drew them — dislodged units
// with their retreat options, builds and removals. It reads facts from the position and the
// adjudicator's result; it decides nothing about the game. DP amounts are never drawn.
import type { PhaseResult } from '../../core/adjudicate/result.js';
import type { Variant } from '../../core/map/variant.js';
import type { OrderOutcome } from '../../core/adjudicate/result.js';
import { provinceOf, type Loc, type Order, type Position, type Unit } from '../../core/types.js';
import type { LoadedArt } from './art.js';
import type { Point } from './geometry.js';
import { variantInPlay } from '../../core/rules/variant/powers-in-play.js';
import { LAYER_IDS, OWNER_FILL } from './layers.js';

export interface BoardPictureInput {
  gameName?: string;
  phaseLabel: string;
  /** The board the orders were given on. */
  position: Position;
  /**
   * The adjudicator's result for that board. The picture then shows the board as it now stands (units
   * where they ended, centres in their owners' colours after a Fall), with the phase's orders as arrows
   * from where the units started and the units dislodged beside their province with their retreats.
   */
  result?: PhaseResult;
}

export const TITLE_HEIGHT = 34;
const LEGEND_HEIGHT = 30;
const SEA = '#b7d3e9';
const LAND = '#efe6cc';
// Impassable land is hatched, so it reads as no power's land whatever a power's colour (Germany's grey).
const IMPASSABLE = 'url(#impassable)';
const IMPASSABLE_PATTERN =
  '<pattern id="impassable" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
  '<rect width="7" height="7" fill="#f7f4ec"/><rect width="2.5" height="7" fill="#4f6288"/></pattern>';
const INK = '#202020';
const NEUTRAL = '#ffffff';
const FAILED = '#8a1c1c';
const RETREAT = '#c0392b';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (n: number) => (Math.round(n * 10) / 10).toString();

/** An SVG element; numbers are rounded to a tenth, undefined attributes left out. */
function el(tag: string, attrs: Record<string, string | number | undefined>, body?: string): string {
  // A plain loop: a board's few hundred elements, written for each picture of a deadline's burst.
  let list = '';
  for (const key in attrs) {
    const value = attrs[key];
    if (value === undefined) continue;
    list += `${list ? ' ' : ''}${key}="${typeof value === 'number' ? num(value) : value}"`;
  }
  return body === undefined ? `<${tag} ${list}/>` : `<${tag} ${list}>${body}</${tag}>`;
}

/** The spaces' names, the same in every picture of a variant: written once per variant and art. */
const namesWritten = new WeakMap<LoadedArt, { variant: Variant; names: string }>();

function names(variant: Variant, art: LoadedArt): string {
  const written = namesWritten.get(art);
  if (written?.variant === variant) return written.names;
  const texts: string[] = [];
  for (const province of variant.map.provinces) {
    const at = art.provinces[province.id]?.label;
    if (!at) continue;
    texts.push(
      el(
        'text',
        { x: at[0], y: at[1] + 4, 'font-size': 11, 'text-anchor': 'middle', fill: INK, stroke: '#ffffff' },
        escape(province.id.toUpperCase()),
      ).replace('<text ', '<text stroke-width="2.5" paint-order="stroke" stroke-linejoin="round" '),
    );
  }
  const joined = texts.join('\n');
  namesWritten.set(art, { variant, names: joined });
  return joined;
}

const ARROW_HEAD = 'M0 0L10 5L0 10z';
const marker = (id: string, colour: string, orient: string) =>
  el(
    'marker',
    { id, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient },
    el('path', { d: ARROW_HEAD, fill: colour }),
  );

/** A colour halfway to the land colour: a tint for provinces whose centre a power owns. */
function tint(colour: string, amount = 0.45): string {
  const parse = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const [a, b] = [parse(colour), parse(LAND)];
  return `#${a
    .map((v, i) =>
      Math.round(v * amount + b[i] * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function drawBoardSvg(variant: Variant, art: LoadedArt, input: BoardPictureInput): string {
  const { result } = input;
  // The board as it stands after the phase; the orders are drawn from where they were given.
  const position = result ? result.next : input.position;
  const { colourOf, isGreat } = powerLooks(variant, [input.position, position]);
  const anchor = (loc: Loc): Point => {
    const province = art.provinces[provinceOf(loc)];
    const coast = loc.includes('/') ? province?.coasts?.[loc.split('/')[1]] : undefined;
    return coast ?? province?.unit ?? [0, 0];
  };
  const out: string[] = [];
  const width = art.width;
  const height = art.height + TITLE_HEIGHT + LEGEND_HEIGHT;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      'font-family="DejaVu Sans Condensed">',
    '<defs>',
    marker('head', INK, 'auto'),
    marker('head-failed', FAILED, 'auto'),
    marker('head-retreat', RETREAT, 'auto'),
    IMPASSABLE_PATTERN,
    '</defs>',
    // The layers below (BASE, NAMES, PLAY) are drawn apart and kept by png.ts: see layers.ts.
    `<g id="${LAYER_IDS.base}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  );
  // The board is not clipped to its frame (a clip path makes resvg draw the whole board into a layer of
  // its own and mask it, most of the drawing time): the title band and the legend, drawn after it on
  // white, cover whatever of the art reaches past the frame; the picture's edges clip the sides.
  out.push(`<g transform="translate(0 ${TITLE_HEIGHT})">`);
  out.push(`<rect width="${width}" height="${art.height}" fill="${SEA}"/>`);
  for (const d of art.decorations ?? []) {
    if (d.fill && d.fill !== 'none') out.push(`<path d="${d.shape}" fill="${d.fill}" fill-rule="evenodd"/>`);
  }
  // Provinces: terrain, or a tint of the owner's colour for an owned centre.
  for (const province of variant.map.provinces) {
    const shape = art.provinces[province.id]?.shape;
    if (!shape) continue;
    const owner = province.centre ? position.owners[province.id] : undefined;
    const fill =
      province.terrain === 'sea'
        ? SEA
        : province.terrain === 'impassable'
          ? IMPASSABLE
          : owner
            ? tint(colourOf(owner))
            : LAND;
    const outline = art.outlineProvinces ? ` stroke="${INK}" stroke-width="0.9"` : '';
    // A centre's land changes colour with its owner: marked so that layers.ts can fill it alone.
    const owned = province.centre && fill !== SEA && fill !== IMPASSABLE ? `class="${OWNER_FILL}" ` : '';
    out.push(`<path ${owned}fill="${fill}" d="${shape}" fill-rule="evenodd"${outline}/>`);
  }
  for (const d of art.decorations ?? []) {
    if (!d.fill || d.fill === 'none') {
      const dash = d.dash ? ` stroke-dasharray="${d.dash}"` : '';
      out.push(`<path d="${d.shape}" fill="none" stroke="${d.stroke ?? INK}" stroke-width="${d.width ?? 1}"${dash}/>`);
    }
  }
  // Supply centres.
  for (const province of variant.map.provinces) {
    const at = art.provinces[province.id]?.centre;
    if (!province.centre || !at) continue;
    const owner = position.owners[province.id];
    out.push(
      el('circle', {
        class: OWNER_FILL,
        fill: owner ? colourOf(owner) : NEUTRAL,
        cx: at[0],
        cy: at[1],
        r: 6,
        stroke: INK,
        'stroke-width': 1.5,
      }),
      el('circle', { cx: at[0], cy: at[1], r: 2, fill: INK }),
    );
  }
  out.push('</g>', '</g>', `<g id="${LAYER_IDS.names}" transform="translate(0 ${TITLE_HEIGHT})">`);
  const written = names(variant, art);
  if (written) out.push(written);
  out.push('</g>', `<g id="${LAYER_IDS.play}">`);
  if (result) out.push(...orderArrows(result, anchor, labelBoxes(variant, art)));
  // Units where they stand now; a unit removed this winter is drawn crossed out where it stood.
  for (const unit of position.units)
    out.push(unitSymbol(unit, anchor(unit.loc), colourOf(unit.power), isGreat(unit.power)));
  for (const outcome of result?.outcomes ?? []) {
    if (outcome.order.kind !== 'remove' || !outcome.success) continue;
    const unit = input.position.units.find((u) => u.loc === (outcome.order as { loc: Loc }).loc);
    if (unit) out.push(unitSymbol(unit, anchor(unit.loc), colourOf(unit.power), isGreat(unit.power)));
    out.push(cross(anchor((outcome.order as { loc: Loc }).loc)));
  }
  // Units dislodged this movement phase, or waiting to retreat: offset, ringed red, with their options.
  const dislodged = result?.phase.type === 'movement' ? result.dislodged : result ? [] : position.dislodged;
  for (const unit of dislodged) {
    const [x, y] = anchor(unit.loc);
    const at: Point = [x + 12, y + 12];
    for (const option of unit.retreats) out.push(arrow(at, anchor(option), RETREAT, true, 'head-retreat', 1.5));
    out.push(ring(at));
    out.push(unitSymbol(unit, at, colourOf(unit.power), isGreat(unit.power)));
  }
  // The retreats just played: an empty red ring where each dislodged unit waited, its retreat arrow from
  // there; the unit itself stands where it went (or is gone, disbanded).
  if (result?.phase.type === 'retreat')
    for (const unit of input.position.dislodged) out.push(ring(offset(anchor(unit.loc))));
  // Builds of an adjustment phase.
  for (const outcome of result?.outcomes ?? []) {
    if (outcome.order.kind !== 'build' || !outcome.success) continue;
    const at = anchor(outcome.order.loc);
    const circle = el('circle', {
      cx: at[0],
      cy: at[1],
      r: 14,
      fill: '#fff7a8',
      stroke: '#2e7d32',
      'stroke-width': 2.5,
    });
    out.push(item(around(at), circle));
    const built: Unit = { power: outcome.order.power, type: outcome.order.type, loc: outcome.order.loc };
    out.push(unitSymbol(built, at, colourOf(built.power), isGreat(built.power)));
  }
  // Each band a white ground, then its texts and legend entries as items of their own: a picture's
  // sprites (layers.ts) that come back in other pictures are drawn once, and these mostly do.
  const band = (y: number, h: number, items: string[]) => [
    item({ x0: 0, y0: y, x1: width, y1: y + h }, `<rect y="${y}" width="${width}" height="${h}" fill="#ffffff"/>`, 0),
    ...items,
  ];
  out.push(
    ...band(0, TITLE_HEIGHT, titleBand(variant, input, width)),
    ...band(art.height + TITLE_HEIGHT, LEGEND_HEIGHT, legend(variant, position, width, art.height + TITLE_HEIGHT)),
  );
  out.push('</g>', '</svg>');
  return out.join('\n');
}

type Box = { x0: number; x1: number; y0: number; y1: number };

/**
 * An item of the PLAY layer with the box it stays within (its stroke and arrowhead included), in the
 * picture's units: layers.ts draws each item alone in its box. Items on the board are moved below the
 * title band (`dy`).
 */
function item({ x0, y0, x1, y1 }: Box, body: string, dy = TITLE_HEIGHT): string {
  const box = [x0, y0 + dy, x1, y1 + dy].map(num).join(' ');
  return `<g data-box="${box}"${dy ? ` transform="translate(0 ${dy})"` : ''}>${body}</g>`;
}

/** The box of a symbol drawn around a point: every unit, ring, cross and circle reaches less than 17. */
const around = ([x, y]: Point, reach = 18): Box => ({ x0: x - reach, x1: x + reach, y0: y - reach, y1: y + reach });

/**
 * The title band: the game at the left, the phase in the middle, the variant at the right. Apart,
 * the phase and the variant are texts every game repeats, laid out once (png.ts keeps their
 * outlines); only the game's name is new to its pictures.
 */
function titleBand(variant: Variant, input: BoardPictureInput, width: number): string[] {
  const text = (x: number, anchor: 'start' | 'middle' | 'end', words: string) => {
    // The box reaches past any bold letter at this size (the widest, W, is under 15 units).
    const reach = 15 * words.length + 4;
    const [x0, x1] =
      anchor === 'start' ? [x - 4, x + reach] : anchor === 'end' ? [x - reach, x + 4] : [x - reach / 2, x + reach / 2];
    const body =
      `<text x="${num(x)}" y="23" font-size="17" font-weight="bold" text-anchor="${anchor}" fill="${INK}">` +
      `${escape(words)}</text>`;
    return item({ x0: Math.max(0, x0), x1: Math.min(width, x1), y0: 0, y1: TITLE_HEIGHT }, body, 0);
  };
  return [
    input.gameName ? text(12, 'start', `Game ${input.gameName}`) : '',
    text(width / 2, 'middle', input.phaseLabel),
    variant.title ? text(width - 12, 'end', variant.title) : '',
  ].filter(Boolean);
}

function unitSymbol(unit: Unit, at: Point, colour: string, great: boolean): string {
  return item(around(at), unitBody(unit, at, colour, great));
}

function unitBody(unit: Unit, [x, y]: Point, colour: string, great: boolean): string {
  const s = great ? 1 : 0.8;
  const ring = great
    ? ''
    : el('circle', {
        cx: x,
        cy: y,
        r: 12 * s,
        fill: 'none',
        stroke: INK,
        'stroke-width': 1,
        'stroke-dasharray': '2 2',
      });
  if (unit.type === 'A') {
    const body = { x: x - 8 * s, y: y - 8 * s, width: 16 * s, height: 16 * s, rx: 3, fill: colour, stroke: INK };
    const letter = { x, y: y + 4 * s, 'font-size': 11 * s, 'font-weight': 'bold', 'text-anchor': 'middle' };
    const a = el('text', { ...letter, fill: '#ffffff', stroke: INK, 'stroke-width': 0.6 }, 'A');
    return `${ring}${el('rect', { ...body, 'stroke-width': 1.5 })}${a}`;
  }
  // A hull and a sail, in offsets from the anchor.
  const shape = (points: [number, number][]) =>
    `M${points.map(([dx, dy]) => `${num(x + dx * s)} ${num(y + dy * s)}`).join('L')}Z`;
  const hull = shape([
    [-11, -2],
    [11, -2],
    [7, 7],
    [-7, 7],
  ]);
  const sail = shape([
    [-1, -3],
    [-1, -12],
    [7, -4],
  ]);
  const boat = { d: hull + sail, fill: colour, stroke: INK, 'stroke-width': 1.5, 'stroke-linejoin': 'round' };
  return `${ring}${el('path', boat)}`;
}

const offset = ([x, y]: Point): Point => [x + 12, y + 12];
const ring = ([x, y]: Point) =>
  item(
    around([x, y]),
    `<circle cx="${num(x)}" cy="${num(y)}" r="12" fill="none" stroke="${RETREAT}" stroke-width="2.5"/>`,
  );

function cross([x, y]: Point): string {
  const line = (a: Point, b: Point) => `M${num(a[0])} ${num(a[1])}L${num(b[0])} ${num(b[1])}`;
  const d = line([x - 11, y - 11], [x + 11, y + 11]) + line([x + 11, y - 11], [x - 11, y + 11]);
  return item(around([x, y]), el('path', { d, stroke: RETREAT, 'stroke-width': 3.5 }));
}

/** `b` moved towards `a` by `by` (at most a third of the way): where a line stops short of a unit symbol. */
function shortened(a: Point, b: Point, by: number): Point {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const cut = Math.min(by, length / 3);
  return [b[0] - ((b[0] - a[0]) / length) * cut, b[1] - ((b[1] - a[1]) / length) * cut];
}

/** A line from `a` towards `b`, stopping short of the unit symbols at both ends. */
function arrow(
  a: Point,
  b: Point,
  colour: string,
  dashed: boolean,
  head: string,
  width = 2.2,
  shorten = 11,
  startShorten = shorten,
): string {
  const start = shortened(b, a, startShorten);
  const end = shortened(a, b, shorten);
  // The head reaches 5 widths back from the end and 2.5 to each side (its marker is 5 widths square).
  const reach = 5 * width + 2;
  const box = {
    x0: Math.min(start[0], end[0]) - reach,
    x1: Math.max(start[0], end[0]) + reach,
    y0: Math.min(start[1], end[1]) - reach,
    y1: Math.max(start[1], end[1]) + reach,
  };
  const line = el('path', {
    d: `M${num(start[0])} ${num(start[1])}L${num(end[0])} ${num(end[1])}`,
    stroke: colour,
    'stroke-width': width,
    'stroke-dasharray': dashed ? '6 4' : undefined,
    fill: 'none',
    'marker-end': `url(#${head})`,
  });
  return item(box, line);
}

/**
 * How each power is drawn: its colour and whether it is a Great Power. A minor power made during the game
 * (`CD … PERMANENT`) is not in the variant file: it is looked up among the powers in play, and drawn in
 * the colour the variant's minors share.
 */
function powerLooks(variant: Variant, positions: Position[]) {
  const inPlay = positions.map((p) => variantInPlay(variant, p));
  const powerOf = (id: string) => inPlay.map((v) => v.powerById.get(id)).find(Boolean);
  const minorColour = variant.powers.find((p) => p.kind === 'minor' && p.colour)?.colour ?? '#8c8c8c';
  return {
    colourOf: (id: string) => {
      const power = powerOf(id);
      return power?.colour ?? (power && power.kind !== 'great' ? minorColour : '#777777');
    },
    isGreat: (id: string) => (powerOf(id)?.kind ?? 'great') === 'great',
  };
}

/** The box each sea's name covers (11 px capitals centred on its label point, drawn 4 px low). */
function labelBoxes(variant: Variant, art: LoadedArt): Map<string, Box> {
  const boxes = new Map<string, Box>();
  for (const province of variant.map.provinces) {
    const at = art.provinces[province.id]?.label;
    // Sea names stand in open water where arrows end; a land name sits clear of its unit.
    if (!at || province.terrain !== 'sea') continue;
    const half = province.id.length * 3.8 + 2;
    boxes.set(province.id, { x0: at[0] - half, x1: at[0] + half, y0: at[1] - 6, y1: at[1] + 7 });
  }
  return boxes;
}

const inBox = (b: Box, [x, y]: Point) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;

/**
 * Where an arrow into `to` may end so that its head (from 9 px behind the end to 2 px past it, 6 px
 * wide) covers none of the destination's name: the end is pulled back along the arrow until it is clear.
 */
export function clearOfName(a: Point, b: Point, box: Box | undefined): Point {
  if (!box) return b;
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const [ux, uy] = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
  const headHits = (end: Point) =>
    [-9, -6, -3, 0, 2].some((along) =>
      [-3, 0, 3].some((across) => inBox(box, [end[0] + ux * along - uy * across, end[1] + uy * along + ux * across])),
    );
  let back = 0;
  while (back < length / 2 && headHits([b[0] - ux * back, b[1] - uy * back])) back += 1;
  return [b[0] - ux * back, b[1] - uy * back];
}

function orderArrows(result: PhaseResult, anchor: (loc: Loc) => Point, names: Map<string, Box>): string[] {
  const out: string[] = [];
  const moveOf = new Map<string, Point>();
  for (const { order } of result.outcomes)
    if (order.kind === 'move') moveOf.set(provinceOf(order.loc), anchor(order.to));
  for (const outcome of result.outcomes) {
    const failed = !outcome.success;
    const colour = failed ? FAILED : INK;
    const head = failed ? 'head-failed' : 'head';
    const order: Order = outcome.order;
    if (order.kind === 'move' || order.kind === 'retreat') {
      const from = anchor(order.loc);
      const end = shortened(from, anchor(order.to), 11);
      out.push(arrow(from, clearOfName(from, end, names.get(provinceOf(order.to))), colour, failed, head, 2.2, 0, 11));
    } else if (order.kind === 'hold' && !isDefault(outcome)) {
      const [x, y] = anchor(order.loc);
      const dash = failed ? '4 3' : undefined;
      const circle = el('circle', {
        cx: x,
        cy: y,
        r: 13,
        fill: 'none',
        stroke: colour,
        'stroke-width': 2,
        'stroke-dasharray': dash,
      });
      out.push(item(around([x, y]), circle));
    } else if (order.kind === 'support') {
      const from = anchor(order.loc);
      const target = anchor(order.target);
      // Support to a move: to the middle of the supported move; support to hold: to the held unit.
      const to = order.to ? midpoint(target, moveOf.get(order.target) ?? anchor(order.to)) : target;
      out.push(arrow(from, to, failed ? '#8a1c1c' : '#2a6f2a', true, head, 1.6, order.to ? 6 : 11));
    } else if (order.kind === 'convoy') {
      const from = anchor(order.loc);
      const route = midpoint(anchor(order.from), anchor(order.to));
      out.push(arrow(from, route, failed ? '#8a1c1c' : '#1f4e8c', true, head, 1.6, 6));
    } else if (order.kind === 'disband') {
      out.push(cross(anchor(order.loc)));
    }
  }
  return out;
}

function isDefault(outcome: OrderOutcome): boolean {
  return outcome.notes.includes('no order');
}

function midpoint(a: Point, b: Point): Point {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

function legend(variant: Variant, position: Position, width: number, top: number): string[] {
  const out: string[] = [];
  let x = 12;
  const y = top + 20;
  const entry = (from: number, room: number, body: string) =>
    item({ x0: from - 2, x1: Math.min(width, from + room), y0: top, y1: top + LEGEND_HEIGHT }, body, 0);
  const centres = new Map<string, number>();
  for (const owner of Object.values(position.owners)) centres.set(owner, (centres.get(owner) ?? 0) + 1);
  for (const power of variant.powers.filter((p) => p.kind === 'great')) {
    const text = `${power.name} ${centres.get(power.id) ?? 0}`;
    const room = 30 + text.length * 7.6;
    if (x + room > width) break;
    out.push(
      entry(
        x,
        room,
        `<rect x="${x}" y="${y - 11}" width="14" height="14" fill="${power.colour ?? '#777'}" stroke="${INK}"/>` +
          `<text x="${x + 19}" y="${y + 1}" font-size="12" fill="${INK}">${escape(text)}</text>`,
      ),
    );
    x += room;
  }
  if (variant.powers.some((p) => p.kind !== 'great') && x + 170 < width) {
    out.push(
      entry(
        x,
        170,
        `<circle cx="${x + 8}" cy="${y - 4}" r="8" fill="none" stroke="${INK}" stroke-dasharray="2 2"/>` +
          `<text x="${x + 20}" y="${y + 1}" font-size="12" fill="${INK}">minor / affiliate unit</text>`,
      ),
    );
  }
  return out;
}
