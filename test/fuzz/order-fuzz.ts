// The order parser's fuzz harness: generated lines (word salad from the dialect's vocabulary, lines
// shaped like orders, both mutated, and random characters) go through parseOrders in batches (one call per
// batch, as one mail body), and every line must come out with its verdict:
//   - a line with nothing to read (blank, only ';', a // comment) gets none;
//   - any other line gets at least one, and exactly one unless ';' or ',' split it into several
//     orders (then at most one per piece);
//   - each verdict is an order, a DP bid, a heading or an error (a reason code of the closed set, or the
//     parser's own sentence) that render words, in line order;
//   - an order's normalised text is formatOrder of it, and reads back as the same order.
import { formatOrder, parseOrders, type LineVerdict, type ParseContext } from '../../src/core/orders/parse.js';
import { cleanLine } from '../../src/core/orders/line-parts.js';
import type { Variant } from '../../src/core/map/variant.js';
import { REASON_CODES } from '../../src/core/reasons.js';
import { refusalText } from '../../src/render/reasons.js';
import { lineGenerator, mutate, pick, rng, withoutLineBreaks } from './generate.js';

export const ORDER_WORDS = [
  'A',
  'F',
  'a',
  'f',
  'army',
  'Fleet',
  'unit',
  '-',
  '->',
  '=>',
  '→',
  'to',
  'moves',
  'move',
  'M',
  'attacks',
  'S',
  'supports',
  'support',
  'C',
  'convoys',
  'convoy',
  'H',
  'holds',
  'hold',
  'stands',
  'R',
  'retreat',
  'retreats',
  'D',
  'disband',
  'disbands',
  'B',
  'build',
  'builds',
  'remove',
  'removes',
  'waive',
  'W',
  'via',
  'by',
  'of',
  'from',
  'in',
  'the',
  'at',
  'nc',
  'sc',
  'ec',
  'wc',
  '/nc',
  '/sc',
  '(nc)',
  '(sc)',
  '(north coast)',
  'north coast',
  'south',
  'coast',
  '/',
  '(',
  ')',
  '[',
  ']',
  ':',
  ';',
  ',',
  '.',
  '..',
  '//',
  '(*bounce*)',
  '(*dislodged*)',
  'DP',
  'dp',
  '1',
  '2',
  '3',
  '0',
  '-1',
  '+2',
  '1.5',
  '2DP',
  '3dp:',
  'DP:',
  'DP 2',
  '2 :',
  '3*2',
  '5+2',
  '8#4',
  '999999999999999999999',
  'xyzzy',
  'Ünïcødé',
  '\t',
  "'",
  '"',
  '|',
  '?',
  '!',
  '~',
  '*',
  '&',
  '%',
  '<',
  '>',
  '{',
  '}',
];

/** The words of one variant: every place name and abbreviation, every power's names and initial. */
export function vocabularyOf(variant: Variant): string[] {
  const places = [...variant.map.names.keys(), ...variant.map.provinces.map((p) => p.name)];
  const powers = variant.powers.flatMap((p) => [
    p.name,
    p.adjective,
    `${p.name}:`,
    `[${p.name}]`,
    `${p.initial})`,
    `(${p.name})`,
  ]);
  // Places and order words dominate, as in real orders; powers are rarer.
  return [...places, ...places, ...ORDER_WORDS, ...ORDER_WORDS, ...ORDER_WORDS, ...powers];
}

/** Lines shaped like orders (unit, place, order word, place...), so that many parse as real ones. */
function orderShapedLine(next: () => number, variant: Variant): (ctx: ParseContext) => string {
  const places = [...variant.map.names.keys()];
  const powers = variant.powers.map((p) => p.name);
  const place = () => pick(next, places);
  let units: string[] = [];
  // Mostly units that stand on the board (so that orders can succeed), sometimes any place.
  const unit = () =>
    units.length && next() < 0.8 ? pick(next, units) : `${pick(next, ['A', 'F', 'Army', 'fleet', ''])} ${place()}`;
  const shapes = [
    () => `${unit()} - ${place()}`,
    () => `${unit()} H`,
    () => `${unit()} S ${unit()}`,
    () => `${unit()} S ${unit()} - ${place()}`,
    () => `${unit()} C ${unit()} - ${place()}`,
    () => `${unit()} - ${place()} via convoy`,
    () => `${unit()} R ${place()}`,
    () => `${unit()} D`,
    () => `build ${unit()}`,
    () => `remove ${unit()}`,
    () => 'waive',
    () => `${pick(next, powers)}: ${unit()} - ${place()}`,
    () => `${1 + Math.floor(next() * 3)} DP: ${unit()} - ${place()}`,
    () => `${pick(next, powers)}: ${1 + Math.floor(next() * 3)} DP: ${unit()} H`,
    () => `${unit()} - ${place()}; ${unit()} H, ${unit()} S ${unit()}`,
  ];
  return (ctx) => {
    units = [...ctx.position.units, ...(ctx.position.dislodged ?? [])].map((u) => `${u.type} ${u.loc}`);
    return pick(next, shapes)();
  };
}

export interface FuzzStats {
  lines: number;
  verdicts: number;
  byStatus: Record<LineVerdict['status'], number>;
  silentLines: number;
}

function fail(seed: number, batch: number, line: number, text: string, problem: string): never {
  throw new Error(`seed ${seed}, batch ${batch}, line ${line} ${JSON.stringify(text)}: ${problem}`);
}

/** Runs `total` generated lines through parseOrders, `batchSize` lines per call, cycling through `contexts`. */
export function fuzzOrders(
  variant: Variant,
  contexts: ParseContext[],
  seed: number,
  total: number,
  batchSize = 2000,
): FuzzStats {
  const next = rng(seed);
  const wordSalad = lineGenerator(next, vocabularyOf(variant));
  const orderShaped = orderShapedLine(next, variant);
  const line = (ctx: ParseContext) => {
    if (next() >= 0.3) return wordSalad();
    const shaped = orderShaped(ctx);
    return next() < 0.5 ? shaped : withoutLineBreaks(mutate(next, shaped));
  };
  const stats: FuzzStats = {
    lines: 0,
    verdicts: 0,
    byStatus: { order: 0, dp: 0, heading: 0, error: 0 },
    silentLines: 0,
  };
  for (let batch = 0; stats.lines < total; batch++) {
    const ctx = contexts[batch % contexts.length];
    const lines = Array.from({ length: Math.min(batchSize, total - stats.lines) }, () => line(ctx));
    let verdicts: LineVerdict[];
    try {
      verdicts = parseOrders(lines.join('\n'), ctx);
    } catch (error) {
      // Find the line that throws, for the report.
      lines.forEach((text, i) => {
        try {
          parseOrders(text, ctx);
        } catch (inner) {
          fail(seed, batch, i + 1, text, `parseOrders threw ${(inner as Error).stack}`);
        }
      });
      throw error;
    }
    const perLine = new Array<number>(lines.length + 1).fill(0);
    let previous = 0;
    for (const v of verdicts) {
      const text = lines[v.line - 1];
      if (!(v.line >= 1 && v.line <= lines.length))
        fail(seed, batch, v.line, '', 'verdict for a line that does not exist');
      if (v.line < previous) fail(seed, batch, v.line, text, 'verdicts out of line order');
      previous = v.line;
      perLine[v.line]++;
      stats.byStatus[v.status]++;
      checkVerdict(v, ctx, () => fail(seed, batch, v.line, text, `bad verdict ${JSON.stringify(v)}`));
    }
    lines.forEach((text, i) => {
      const count = perLine[i + 1];
      const readable = /[^\s;]/.test(cleanLine(text));
      if (!readable) {
        if (count !== 0) fail(seed, batch, i + 1, text, `${count} verdicts for a line with nothing to read`);
        stats.silentLines++;
        return;
      }
      const pieces = 1 + (text.match(/[;,]/g)?.length ?? 0);
      if (count < 1) fail(seed, batch, i + 1, text, 'no verdict');
      if (count > pieces) fail(seed, batch, i + 1, text, `${count} verdicts for ${pieces} pieces`);
      if (pieces === 1 && count !== 1) fail(seed, batch, i + 1, text, `${count} verdicts for one order`);
    });
    stats.lines += lines.length;
    stats.verdicts += verdicts.length;
  }
  return stats;
}

/** The normalised order as a player would send it again: in GM mode, with its power in front. */
function asWritten(v: Extract<LineVerdict, { status: 'order' | 'dp' }>, ctx: ParseContext): string {
  return ctx.power === undefined ? `${ctx.variant.powerById.get(v.power)?.name}: ${v.normalised}` : v.normalised;
}

function checkVerdict(v: LineVerdict, ctx: ParseContext, bad: () => never): void {
  switch (v.status) {
    case 'error': {
      // A reason code of the closed set, worded by render; or the parser's own sentence.
      if (typeof v.error !== 'string' && !REASON_CODES.includes(v.error.code)) bad();
      const words = refusalText({ variant: ctx.variant, position: ctx.position }, v.error);
      if (words.trim() === '' || /undefined|\[object/.test(words)) bad();
      return;
    }
    case 'heading':
      if (!ctx.variant.powerById.has(v.power)) bad();
      return;
    case 'order': {
      if (v.normalised !== formatOrder(v.order, ctx.variant)) bad();
      const again = parseOrders(asWritten(v, ctx), ctx);
      if (again.length !== 1 || again[0].status !== 'order' || again[0].normalised !== v.normalised) bad();
      return;
    }
    case 'dp': {
      if (!(Number.isSafeInteger(v.amount) && v.amount > 0)) bad();
      if (v.normalised !== `${v.amount} DP: ${formatOrder(v.order, ctx.variant)}`) bad();
      const again = parseOrders(asWritten(v, ctx), ctx);
      if (again.length !== 1 || again[0].status !== 'dp' || again[0].normalised !== v.normalised) bad();
      return;
    }
    default:
      bad();
  }
}
