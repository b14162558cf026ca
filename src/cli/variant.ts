// `chancery variant check|show`: validate a variant file and describe what it defines.
import type { Command } from 'commander';
import { describeVariant, loadVariant, VariantError } from '../core/map/load.js';
import type { Variant } from '../core/map/variant.js';
import { rulesFor } from '../core/rules/index.js';

/** Where a command writes, so tests can run commands in-process and read what they printed. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Sets the process exit status (1 = the command found problems). */
  exit(code: number): void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  exit: (code) => {
    process.exitCode = code;
  },
};

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

function check(nameOrFile: string, io: CliIo): void {
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
  const name = (loc: string) => variant.map.locName.get(loc) ?? loc;
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

export function register(program: Command, io: CliIo = processIo): void {
  const variant = program.command('variant').description('check or describe a variant file');
  variant
    .command('check')
    .description('load a variant and report every problem (exit status 1 if any)')
    .argument('<name|file>', 'variant name (standard) or path to a .variant file')
    .action((nameOrFile: string) => check(nameOrFile, io));
  variant
    .command('show')
    .description('describe a variant: powers, home centres, spaces')
    .argument('<name|file>', 'variant name or path to a .variant file')
    .option('--json', 'print the full description as JSON, adjacencies included')
    .action((nameOrFile: string, opts: { json?: boolean }) => {
      const { variant: loaded, problems } = variantProblems(nameOrFile);
      if (!loaded) {
        for (const p of problems) io.err(`${p}\n`);
        io.exit(1);
        return;
      }
      io.out(opts.json ? `${JSON.stringify(describeVariant(loaded), null, 2)}\n` : summary(loaded));
    });
}
