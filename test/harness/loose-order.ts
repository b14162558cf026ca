// A small, forgiving reader for the order notations of the DATC test files (TedDriggs JSON
// and godip text). It is deliberately not the player-facing order parser: it accepts only what
// those files contain and passes impossible orders through unchanged for the adjudicator to judge.
import type { Order, PhaseType, PowerId, Unit, UnitType } from '../../src/core/types.js';
import { provinceOf } from '../../src/core/types.js';
import type { MapResolver } from './resolve.js';

export interface LooseOrderContext {
  resolver: MapResolver;
  phaseType: PhaseType;
  /** Units on the board (and dislodged units in a retreat phase), to supply omitted unit types. */
  units: readonly Unit[];
}

const HOLD_WORDS = new Set(['h', 'hold', 'holds', 'stand', 'stands']);
const SUPPORT_WORDS = new Set(['s', 'support', 'supports']);
const CONVOY_WORDS = new Set(['c', 'convoy', 'convoys']);
const UNIT_WORDS: Record<string, UnitType> = { a: 'A', army: 'A', f: 'F', fleet: 'F' };

export class LooseOrderError extends Error {}

/** Reads "[Power:] [A|F] loc <verb> ..." into an Order. `power` is used when the text has no prefix. */
export function parseLooseOrder(text: string, ctx: LooseOrderContext, power?: PowerId): Order {
  const withoutComment = text.replace(/#.*/, '').trim();
  const prefixed = /^([A-Za-z]+)\s*:\s*(.*)$/.exec(withoutComment);
  const orderPower = prefixed ? ctx.resolver.power(prefixed[1]) : power;
  if (!orderPower) throw new LooseOrderError(`no power given for '${text}'`);
  const body = prefixed ? prefixed[2] : withoutComment;
  const reader = new TokenReader(tokenize(body), text, ctx);
  try {
    return readOrder(reader, orderPower, ctx);
  } catch (e) {
    if (e instanceof LooseOrderError) throw e;
    throw new LooseOrderError(`cannot read '${text}': ${(e as Error).message}`);
  }
}

function tokenize(body: string): string[] {
  return body
    .toLowerCase()
    .replace(/->?/g, ' - ')
    .split(/\s+/)
    .filter((t) => t.length > 0);
}

class TokenReader {
  private i = 0;
  constructor(
    private readonly tokens: string[],
    private readonly source: string,
    private readonly ctx: LooseOrderContext,
  ) {}
  peek(): string | undefined {
    return this.tokens[this.i];
  }
  next(): string {
    const t = this.tokens[this.i++];
    if (t === undefined) throw new LooseOrderError(`order '${this.source}' ends too early`);
    return t;
  }
  atEnd(): boolean {
    return this.i >= this.tokens.length;
  }
  rest(): string[] {
    return this.tokens.slice(this.i);
  }
  optionalUnitType(): UnitType | undefined {
    const t = this.peek();
    if (t !== undefined && UNIT_WORDS[t] && this.tokens[this.i + 1] !== undefined && !isVerb(this.tokens[this.i + 1])) {
      this.i++;
      return UNIT_WORDS[t];
    }
    return undefined;
  }
  loc(): string {
    return this.ctx.resolver.requireLoc(this.next());
  }
}

function isVerb(token: string): boolean {
  return (
    token === '-' ||
    HOLD_WORDS.has(token) ||
    SUPPORT_WORDS.has(token) ||
    CONVOY_WORDS.has(token) ||
    ['build', 'disband', 'remove', 'via'].includes(token)
  );
}

function typeAt(ctx: LooseOrderContext, loc: string, written: UnitType | undefined): UnitType {
  if (written) return written;
  const prov = provinceOf(loc);
  return ctx.units.find((u) => provinceOf(u.loc) === prov)?.type ?? 'A';
}

function readOrder(r: TokenReader, power: PowerId, ctx: LooseOrderContext): Order {
  const first = r.peek();
  if (first === 'build') {
    r.next();
    const written = r.optionalUnitType();
    const loc = r.loc();
    return { kind: 'build', power, type: written ?? 'A', loc };
  }
  if (first === 'remove' || first === 'disband') {
    r.next();
    const written = r.optionalUnitType();
    const loc = r.loc();
    return disbandOrRemove(ctx, power, typeAt(ctx, loc, written), loc);
  }
  const written = r.optionalUnitType();
  const loc = r.loc();
  const type = typeAt(ctx, loc, written);
  if (r.atEnd()) return { kind: 'hold', power, type, loc };
  const verb = r.next();
  if (HOLD_WORDS.has(verb)) return { kind: 'hold', power, type, loc };
  if (verb === 'build') return { kind: 'build', power, type, loc };
  if (verb === 'disband' || verb === 'remove') return disbandOrRemove(ctx, power, type, loc);
  if (verb === '-') return readMove(r, power, type, loc, ctx);
  if (SUPPORT_WORDS.has(verb)) {
    const targetType = r.optionalUnitType();
    const target = provinceOf(r.loc());
    if (r.peek() === '-') {
      r.next();
      const to = r.loc();
      return { kind: 'support', power, type, loc, target, ...(targetType ? { targetType } : {}), to };
    }
    return { kind: 'support', power, type, loc, target, ...(targetType ? { targetType } : {}) };
  }
  if (CONVOY_WORDS.has(verb)) {
    r.optionalUnitType();
    const from = provinceOf(r.loc());
    if (r.next() !== '-') throw new LooseOrderError('convoy needs "from - to"');
    const to = provinceOf(r.loc());
    return { kind: 'convoy', power, type, loc, from, to };
  }
  throw new LooseOrderError(`unknown verb '${verb}'`);
}

function readMove(r: TokenReader, power: PowerId, type: UnitType, loc: string, ctx: LooseOrderContext): Order {
  const stops = [r.loc()];
  while (r.peek() === '-') {
    r.next();
    stops.push(r.loc());
  }
  const tail = r.rest().join(' ');
  const viaConvoy = tail === 'via convoy' || tail === 'convoy' || tail === 'by convoy';
  if (tail !== '' && !viaConvoy) throw new LooseOrderError(`unexpected '${tail}' after move`);
  const to = stops[stops.length - 1];
  if (ctx.phaseType === 'retreat') return { kind: 'retreat', power, type, loc, to };
  const path = stops.slice(0, -1).map(provinceOf);
  return {
    kind: 'move',
    power,
    type,
    loc,
    to,
    viaConvoy: viaConvoy || path.length > 0,
    ...(path.length > 0 ? { path } : {}),
  };
}

function disbandOrRemove(ctx: LooseOrderContext, power: PowerId, type: UnitType, loc: string): Order {
  return ctx.phaseType === 'adjustment' ? { kind: 'remove', power, type, loc } : { kind: 'disband', power, type, loc };
}
