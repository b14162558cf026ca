// `chancery variant check|show`: validate a variant file and describe what it defines.
import { placeName } from '../core/map/display-names.js';
import type { CliIo } from './io.js';
import { describeVariant, loadVariant, VariantError } from '../core/map/load.js';
import type { Variant } from '../core/map/variant.js';
import { rulesFor } from '../core/rules/index.js';

export type { CliIo } from './io.js';
export { processIo } from './io.js';

/** Every problem with the variant: the file itself, then rule lines naming unknown modules. */
function variantProblems(nameOrFile: string): { variant?: Variant; problems: string[] } {
  let variant: Variant;
  try {
    variant = loadVariant(nameOrFile);
  } catch (e) {
    if (e instanceof VariantError) return { problems: e.problems };
    throw e;
  }
  try {
    rulesFor(variant);
  } catch (e) {
    return { variant, problems: [(e as Error).message] };
  }
  return { variant, problems: [] };
}

export function check(nameOrFile: string, io: CliIo): void {
  const { variant, problems } = variantProblems(nameOrFile);
  if (problems.length || !variant) {
    for (const p of problems) io.err(`${p}\n`);
    io.err(`${nameOrFile}: ${problems.length} problem(s)\n`);
    io.exit(1);
    return;
  }
  const centres = variant.map.provinces.filter((p) => p.centre).length;
  io.out(`ok: ${variant.map.provinces.length} spaces, ${centres} centres, ${variant.powers.length} powers\n`);
}

function summary(variant: Variant): string {
  const name = (loc: string) => placeName(variant, loc);
  const lines = [
    `${variant.title} (${variant.id})`,
    `Source: ${variant.source}`,
    `Starts in ${variant.startYear}; ${variant.victoryCentres} centres win.`,
  ];
  const rules = variant.rules.map((r) => [r.id, ...r.args].join(' ')).join('; ');
  lines.push(`Rules: ${rules || 'none (standard rules)'}`);
  lines.push('', 'Powers:');
  for (const p of variant.powers) {
    const kind = p.kind === 'great' ? '' : ` [${p.kind}]`;
    lines.push(`  ${p.name} (${p.adjective}, ${p.initial}, id ${p.id})${kind}`);
    lines.push(`    home: ${p.home.map(name).join(', ') || 'none'}`);
    if (p.owns.length) lines.push(`    also owns: ${p.owns.map(name).join(', ')}`);
    lines.push(`    units: ${p.units.map((u) => `${u.type} ${name(u.loc)}`).join(', ') || 'none'}`);
  }
  const centres = variant.map.provinces.filter((p) => p.centre).length;
  lines.push('', `Spaces: ${variant.map.provinces.length}, of which ${centres} supply centres:`);
  for (const p of variant.map.provinces) {
    const coasts = p.coasts.length ? ` coasts ${p.coasts.join(' ')}` : '';
    lines.push(`  ${p.id.padEnd(5)} ${p.terrain.padEnd(10)} ${p.name}${p.centre ? ' *' : ''}${coasts}`);
  }
  return `${lines.join('\n')}\n`;
}

export function show(nameOrFile: string, json: boolean, io: CliIo): void {
  const { variant: loaded, problems } = variantProblems(nameOrFile);
  if (!loaded) {
    for (const p of problems) io.err(`${p}\n`);
    io.exit(1);
    return;
  }
  io.out(json ? `${JSON.stringify(describeVariant(loaded), null, 2)}\n` : summary(loaded));
}
