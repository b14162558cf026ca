// `tsx test/harness/show-phase.ts game_1229 F1905M`: one recorded Droidippy phase laid out for a
// person deciding who is right — the board, the orders as we read them, our outcome per order,
// and our next position against the recorded one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adjudicate } from '../../src/core/adjudicate/index.js';
import { loadVariant } from '../../src/core/map/load.js';
import { formatOrder } from '../../src/core/orders/format.js';
import { phaseCode } from '../../src/core/types.js';
import { droidippyGamesDir } from './archive.js';
import { DroidippyNames, parseDroidippyGame, type RecordedPhase } from './droidippy.js';
import { readPhaseOrders } from '../../src/cli/adjudicate.js';
import type { Position } from '../../src/core/types.js';
import type { Variant } from '../../src/core/map/variant.js';
import { unitKeys } from './outcomes.js';
import { compareWithRecord, recordedPosition } from './replay.js';

function main(game: string, code: string): void {
  const variant = loadVariant('standard');
  const names = new DroidippyNames(variant);
  const file = join(droidippyGamesDir(), game.endsWith('.txt') ? game : `${game}.txt`);
  const record = parseDroidippyGame(readFileSync(file, 'utf8'), names, file);
  const i = record.findIndex((r) => phaseCode(r.phase) === code.toUpperCase());
  if (i < 0) throw new Error(`${game} has no phase ${code}; it has ${record.map((r) => phaseCode(r.phase)).join(' ')}`);
  const rec = record[i];
  // A retreat phase takes its retreat options from our plain adjudication of the movement before
  // it; `npm run replay` uses the explaining adjudication instead where that movement deviated
  // (a via-convoy fallback), so show the movement phase too in that case.
  const before =
    rec.phase.type === 'retreat' && i > 0
      ? adjudicate(
          variant,
          recordedPosition(variant, record[i - 1], null)!,
          ordersOf(variant, record[i - 1], recordedPosition(variant, record[i - 1], null)!).orders,
          { seed: 'show' },
        )
      : null;
  const position = recordedPosition(variant, rec, before);
  if (!position) throw new Error('the recorded dislodged units are not ours');
  const { orders, complaints: orphans } = ordersOf(variant, rec, position);
  console.log(`${game} ${phaseCode(rec.phase)} (line ${rec.line})`);
  console.log(`units: ${unitKeys(position.units).join(', ')}`);
  if (position.dislodged.length) {
    console.log(
      `dislodged: ${position.dislodged.map((d) => `${d.power} ${d.type} ${d.loc} -> [${d.retreats.join(' ')}]`).join(', ')}`,
    );
  }
  const result = adjudicate(variant, position, orders, { seed: 'show' });
  console.log('outcomes:');
  for (const o of result.outcomes) {
    const note = [...o.notes, ...(o.reason ? [o.reason] : [])].join(', ');
    console.log(
      `  ${o.order.power.padEnd(8)} ${formatOrder(o.order, variant).padEnd(28)} ${o.success ? 'ok' : 'FAILS'}${note ? ` (${note})` : ''}`,
    );
  }
  if (orphans.length) console.log(`refused order lines: ${orphans.join(' | ')}`);
  for (const d of result.dislodged)
    console.log(
      `  dislodged ${d.power} ${d.type} ${d.loc} by ${d.attackerFrom ?? 'convoy'}, may retreat to [${d.retreats.join(' ')}]`,
    );
  console.log(
    `our next: ${phaseCode(result.next.phase)}, recorded next: ${i + 1 < record.length ? phaseCode(record[i + 1].phase) : '(end)'}`,
  );
  const differences = i + 1 < record.length ? compareWithRecord(result, record, i) : [];
  console.log(differences.length ? `differences:\n  ${differences.join('\n  ')}` : 'no differences');
}

const [game, code] = process.argv.slice(2);
if (!game || !code) {
  console.error('usage: tsx test/harness/show-phase.ts <game_N> <phase code, e.g. F1905M>');
  process.exitCode = 2;
} else main(game, code);

/** The recorded orders, read as text by the player-facing parser (refused lines as complaints). */
function ordersOf(variant: Variant, rec: RecordedPhase, position: Position) {
  return readPhaseOrders(variant, position, rec.orderLines.join('\n'), 'record');
}
