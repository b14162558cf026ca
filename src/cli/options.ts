// `chancery options`: every legal order for the phase a position is at (the variant's start by
// default), one order a line: a power's, or one unit's, or everyone's under power headings.
import { phaseOptions } from '../core/options/index.js';
import { lexicon, powerByName } from '../core/orders/lexicon.js';
import { readUnitText } from '../core/orders/unit-text.js';
import type { PowerId, ProvinceId } from '../core/types.js';
import { optionLines } from '../render/options.js';
import { startingPoint } from './adjudicate.js';
import type { CliIo } from './io.js';

export interface OptionsCliOptions {
  variant?: string;
  position?: string;
  power?: string;
  unit: string[];
}

export function runOptions(opts: OptionsCliOptions, io: CliIo): number {
  const { variant, position } = startingPoint({ ...opts, orders: [] });
  let power: PowerId | undefined;
  if (opts.power !== undefined) {
    power = powerByName(lexicon(variant), opts.power);
    if (power === undefined) {
      io.err(`options: unknown power "${opts.power}"\n`);
      return 1;
    }
  }
  let provinces: ProvinceId[] | undefined;
  if (opts.unit.length) {
    provinces = [];
    for (const text of opts.unit) {
      const read = readUnitText(variant, text);
      if ('error' in read) {
        io.err(`options: ${read.error}\n`);
        return 1;
      }
      provinces.push(read.province);
    }
  }
  const lines = optionLines(variant, phaseOptions(variant, position, { power, provinces }), power);
  if (!lines.length) {
    io.err('options: no such unit (or nothing to order) in this phase\n');
    return 1;
  }
  io.out(`${lines.join('\n')}\n`);
  return 0;
}
