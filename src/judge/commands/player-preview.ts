// PREVIEW for a player: his orders as stored, adjudicated against the board with every other unit
// holding (neutral units too: no DP bid is applied, his own included), and what would happen to his
// units, in the results layout, in his reply alone. Nothing is stored and nobody else's orders are
// read, so the preview can reveal nothing but the board everyone sees. (The GM's PREVIEW, exactly what
// PROCESS would do, is master.ts's.)
// Neither DPjudge nor njudge has it.
import { adjudicate } from '../../core/adjudicate/index.js';
import { boardSvg, canDrawBoard, svgToPng } from '../../render/map/index.js';
import { isNeutral } from '../../core/dp/index.js';
import type { PhaseResult } from '../../core/adjudicate/result.js';
import { renderResults } from '../../render/results.js';
import { chooseBranches } from '../../core/orders/conditional.js';
import { phaseCode } from '../../core/types.js';
import { advanceOrdersOfPower } from '../../store/advance-orders.js';
import { getGame, type Game } from '../../store/games.js';
import { currentPhase, type PhaseRecord } from '../../store/phases.js';
import { obligationOf } from '../progress.js';
import { ordersOf } from '../phase-orders.js';
import { phaseSeed } from '../seeds.js';
import { readSettings } from '../settings.js';
import { variantOf } from '../variants.js';
import type { Session, Signon } from './session.js';
import type { CommandItem } from './tokenize.js';
import { powerName } from '../../core/map/display-names.js';

/** What the others are assumed to do, by phase type. */
const OTHERS = {
  movement: 'every other unit holds',
  retreat: 'every other dislodged unit disbands',
  adjustment: 'the other powers build and remove nothing',
} as const;

/** In a DP variant, the neutral units hold too: no bid is applied. */
const NEUTRALS_HOLD = ' (neutral units too: no DP bid is applied, yours included)';

/** What his units do without orders (the processing defaults), by phase type. */
const UNORDERED: Record<'movement' | 'retreat', string> = {
  movement: 'your units hold',
  retreat: 'your dislodged units disband',
} as const;

/**
 * PREVIEW from a signed-on player. It runs once the mail's order lines are stored, so orders sent in
 * the same mail, before or after the PREVIEW line, are the ones previewed.
 */
export function playerPreview(s: Session, cmd: CommandItem): void {
  const on = s.signon as Signon;
  if (!on.power) return s.reply.reject(cmd.line, cmd.shown, 'PREVIEW needs SIGNON to a power');
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  if (cmd.args.length) return fail("a player's PREVIEW takes no phase: it previews the phase open now");
  s.afterOrders.push(() => previewOrders(s, on, fail));
}

function previewOrders(s: Session, on: Signon, fail: (reason: string) => void): void {
  const game = getGame(s.db, on.game.id) ?? on.game;
  if (game.status !== 'active') return fail(`game ${game.name} is ${game.status}; PREVIEW works while it is active`);
  const record = currentPhase(s.db, game.id);
  if (!record || record.result) return fail(`game ${game.name} has no phase waiting for orders`);
  const power = on.power as string;
  const variant = variantOf(game.variant);
  const name = powerName(variant, power);
  const stored = ordersOf(s.db, game.id, record.phase, power);
  const result = adjudicate(variant, record.position, stored?.orders ?? [], {
    seed: phaseSeed(game.seed, record.phase),
    bids: [],
    yearCap: readSettings(game.settings).yearCap,
    victoryCentres: readSettings(game.settings).victoryCentres,
  });
  const his = onlyHis(result, power);
  // Without the "::" header lines: tools that read results mails must never take this for results.
  const text = renderResults(variant, record.position, his, { game: game.name })
    .split('\n')
    .filter((line) => !line.startsWith('::'))
    .join('\n');
  const kind = record.position.phase.type;
  const count = stored?.orders.length ?? 0;
  const given = count
    ? `your ${count} stored order${count === 1 ? '' : 's'}`
    : `no stored orders (${unordered(s, game, record, power)})`;
  const neutrals = kind === 'movement' && variant.powers.some((p) => isNeutral(variant, p.id)) ? NEUTRALS_HOLD : '';
  s.reply.section(
    `PRIVATE PREVIEW for ${name}, game ${game.name}, ${record.phase} (to you alone; it changes nothing)`,
    [
      `What would happen with ${given} if ${OTHERS[kind]}${neutrals}.`,
      `Only you get this; nobody else's orders were read. The real results depend on everyone's orders.`,
      ...(his.outcomes.length ? [] : [`${name} has nothing to order in ${record.phase}.`]),
      '',
      text.trimEnd(),
      ...conditionsAfter(s, game, power, result),
    ].join('\n'),
  );
  s.reply.ok(`PREVIEW of ${name}'s orders for ${record.phase} is below: it changes nothing and goes to you alone.`);
  // The same preview as a picture: his orders as arrows on the board they would leave. Drawn now, from
  // what this mail previewed: the stored orders may change before the reply is delivered.
  if (canDrawBoard(variant)) {
    const label = `PRIVATE PREVIEW ${name} ${record.phase}`;
    const svg = boardSvg(variant, { gameName: game.name, phaseLabel: label, position: record.position, result: his });
    s.attachments.push({
      filename: `${game.name}-${record.phase}-preview.png`,
      contentType: 'image/png',
      inline: true,
      content: svgToPng(svg).png.toString('base64'),
    });
  }
}

/**
 * His conditional orders in advance for the phase that would come next (IF / ELSE / ENDIF), decided on
 * the board this preview ends with: which branch would apply if the phase ended so.
 */
function conditionsAfter(s: Session, game: Game, power: string, result: PhaseResult): string[] {
  const next = phaseCode(result.next.phase);
  const set = advanceOrdersOfPower(s.db, game.id, power).find((x) => x.phase === next);
  if (!set) return [];
  const { choices } = chooseBranches(variantOf(game.variant), set.lines, result.next);
  if (!choices.length) return [];
  return [
    '',
    `Your conditional orders in advance for ${next}, on the board this preview ends with:`,
    ...choices.map(
      (c) => `  ${c.text}: ${c.holds ? 'would hold: the orders under it' : 'would fail: the ELSE orders'}`,
    ),
    `(decided for real on the board as ${next} opens)`,
  ];
}

/**
 * His outcomes only: the other powers' default orders say nothing, and a removal the judge would
 * choose for someone else stays unknown until the phase is processed. Units his orders dislodge are
 * kept: that is what his orders would do.
 */
function onlyHis(result: PhaseResult, power: string): PhaseResult {
  return { ...result, outcomes: result.outcomes.filter((o) => o.order.power === power) };
}

/** What the player's units do without orders; in a winter, whether he would build or remove. */
function unordered(s: Session, game: Game, record: PhaseRecord, power: string): string {
  const kind = record.position.phase.type;
  if (kind !== 'adjustment') return UNORDERED[kind];
  const due = obligationOf(s.db, game, record, power).adjustmentsLeft;
  return due < 0 ? 'the judge chooses your removals' : 'your builds are waived';
}
