// Processing a phase: adjudicate with the stored seed, record the result and the next position,
// queue ONE results mail, Bcc to the whole game list (dedupe key results:<game>:<phase>), the GM's bid
// chart apart, and set the next deadline. PREVIEW runs the very same computation and stores nothing.
import { adjudicate } from '../core/adjudicate/index.js';
import type { PhaseResult } from '../core/adjudicate/result.js';
import { civilDisorderOrders, type CdOrderRules } from '../core/rules/cd-orders.js';
import { phaseCode, type Order, type Position } from '../core/types.js';
import type { OutgoingMail } from '../mail/types.js';
import { renderResults } from '../render/results.js';
import type { Db } from '../store/database.js';
import { getGame, setGameSettings, setGameStatus, type Game } from '../store/games.js';
import { claimJob, findJob } from '../store/jobs.js';
import { hasMailKeyed } from '../store/outbox.js';
import { appendPhase, currentPhase, recordPhaseResult, type PhaseRecord } from '../store/phases.js';
import { listSeats, setSeatWait } from '../store/players.js';
import { forgetRolledBackPhase, restoreRolledBackOrders, rolledBackPhase, samePosition } from '../store/rolled-back.js';
import { openAdvanceOrders } from './advance-orders.js';
import { boardAttachment } from './board-mail.js';
import { calendarRequest } from './calendar/deadline-attachment.js';
import { bidChartMails, dpRevealText } from './dp-mail.js';
import { deadlineJobKey, deadlineOf, formatDeadline, gameZone, scheduleDeadline } from './lifecycle/deadlines.js';
import { addressOf, playerSeats, resultRecipients, VACANT_STATUSES } from './lifecycle/roster.js';
import { gmOrdersLine } from './lifecycle/gm-entered.js';
import { holdAfterRollback } from './lifecycle/rollback-hold.js';
import { recordEnding } from './lifecycle/game-end.js';
import { clearVotes } from './lifecycle/votes.js';
import { JUDGE_ID } from './lifecycle/start.js';
import { allBids, ordersByPower, type StoredOrders } from './phase-orders.js';
import { lateness } from './progress.js';
import { phaseSeed } from './seeds.js';
import { readSettings } from './settings.js';
import { renderTemplate } from './template.js';
import { variantOf } from './variants.js';
import { powerName } from '../core/map/display-names.js';
import { andList } from '../render/wrap.js';

/**
 * deadline/ready: automatic; gm: PROCESS (only when complete); force: PROCESS! (defaults); preview:
 * PREVIEW; rollforward: ROLLFORWARD replaying a rolled-back phase (like force, and its results say so).
 */
export type ProcessMode = 'deadline' | 'ready' | 'gm' | 'force' | 'preview' | 'rollforward';

export type ProcessOutcome =
  | { processed: true; phase: string; result: PhaseResult; mails: OutgoingMail[] }
  | { processed: false; reason: string; mails: OutgoingMail[] };

function refuse(reason: string): ProcessOutcome {
  return { processed: false, reason, mails: [] };
}

/** The adjudication both PROCESS and PREVIEW use: same orders, same bids, same seed. */
function adjudicateRecord(db: Db, game: Game, record: PhaseRecord, read?: Map<string, StoredOrders>): PhaseResult {
  const variant = variantOf(game.variant);
  const seed = phaseSeed(game.seed, record.phase);
  const { yearCap, victoryCentres, cdOrders } = readSettings(game.settings);
  const byPower = read ?? ordersByPower(db, game.id, record.phase);
  const given = [...byPower.values()].flatMap((set) => set.orders);
  const orders = cdOrders ? [...given, ...disorderOrders(db, game, record, given, cdOrders, seed)] : given;
  return adjudicate(variant, record.position, orders, {
    seed,
    bids: allBids(db, game.id, record.phase),
    yearCap,
    victoryCentres,
  });
}

/**
 * RULE CD_SUPPORTS / CD_RETREATS / CD_BUILDS: the orders the core's civil-disorder module chooses for
 * each power nobody plays now (in civil disorder or vacant), from the phase's seed.
 */
function disorderOrders(
  db: Db,
  game: Game,
  record: PhaseRecord,
  given: Order[],
  rules: CdOrderRules,
  seed: string,
): Order[] {
  const variant = variantOf(game.variant);
  const powers = playerSeats(db, game.id)
    .filter((seat) => seat.power && VACANT_STATUSES.has(seat.status))
    .map((seat) => seat.power as string);
  return powers.flatMap((power) => civilDisorderOrders(variant, record.position, power, given, rules, seed));
}

function resultsText(
  db: Db,
  game: Game,
  record: PhaseRecord,
  result: PhaseResult,
  nextDeadline: string | null,
): string {
  return renderResults(variantOf(game.variant), record.position, result, {
    game: game.name,
    judge: JUDGE_ID,
    deadline: formatDeadline(deadlineOf(db, game.id, record.phase), gameZone(game)),
    nextDeadline: nextDeadline ? formatDeadline(nextDeadline, gameZone(game)) : undefined,
  });
}

const ROLLFORWARD_PREAMBLE =
  'ROLLFORWARD: the GM has processed this phase again, with the orders given for it before the rollback.';

/**
 * After a ROLLBACK, a phase processed again (PROCESS, a deadline) leads to a phase that players may
 * already have ordered before the rollback. On the very same board those orders come back (and the
 * phase waits as after a rollback); on another board they are withdrawn. Either way everyone is told
 * in the results, instead of the orders silently vanishing.
 */
function carryRolledBackOrders(db: Db, game: Game, seq: number, phase: string, position: Position): string {
  const gameId = game.id;
  // Powers by name, as everywhere the table reads them ("Spain", not the id "spain").
  const names = (powers: string[]) => andList(powers.map((p) => powerName(variantOf(game.variant), p)));
  const entry = rolledBackPhase(db, gameId, seq);
  if (!entry || entry.phase !== phase) return '';
  if (samePosition(entry.position, position)) {
    // Kept for ROLLFORWARD, which may go on from here with the later rolled-back phases.
    const restored = restoreRolledBackOrders(db, entry);
    holdAfterRollback(db, gameId, phase);
    return restored.length
      ? `Orders given for ${phase} before the rollback are back in place for ${names(restored)}.`
      : '';
  }
  forgetRolledBackPhase(db, gameId, seq, true);
  const powers = [...new Set(entry.orders.map((o) => o.power))];
  if (!powers.length) return '';
  return (
    `Orders given for ${phase} before the rollback (${names(powers)}) were withdrawn: the board is not the ` +
    `one they were written for. Please order ${phase} anew.`
  );
}

const PREVIEW_PREAMBLE = 'PREVIEW: nothing has been stored; PROCESS would give exactly this.';

/**
 * The GM's preview of the open phase (PREVIEW, and the preview RULE MANUAL_PROCESS sends at the
 * deadline): the very results PROCESS would give, mailed to the GM alone; nothing is stored.
 */
export function previewOf(
  db: Db,
  game: Game,
  record: PhaseRecord,
  preamble: string,
  dedupeKey?: string,
): Extract<ProcessOutcome, { processed: true }> {
  const result = adjudicateRecord(db, game, record);
  const text = resultsText(db, game, record, result, null);
  const gm = addressOf(db, game.gmAccountId);
  const chart = bidChartMails(db, game, record, result, { preview: true });
  const mail: OutgoingMail = {
    kind: 'notice',
    to: gm ?? [],
    subject: `Diplomacy preview ${game.name} ${record.phase}`,
    text: renderTemplate('results', { preamble, results: text.trimEnd(), reveal: '' }),
    game: { id: game.id, name: game.name },
    ...(dedupeKey ? { dedupeKey } : {}),
  };
  return { processed: true, phase: record.phase, result, mails: gm ? [mail, ...chart] : [] };
}

/**
 * A game and its current phase as the caller read them in the transaction that processes it (the
 * clock has read both to decide): processing then reads neither again.
 */
export interface LoadedPhase {
  game: Game;
  record: PhaseRecord | null;
  /** The phase's orders by power (ordersByPower), when the caller has read them too. */
  orders?: Map<string, StoredOrders>;
}

export function processGame(
  db: Db,
  target: number | LoadedPhase,
  now: string,
  mode: ProcessMode,
  expectPhase?: string,
): ProcessOutcome {
  const game = typeof target === 'number' ? getGame(db, target) : target.game;
  if (!game) return refuse('no such game');
  if (game.status !== 'active') return refuse(`game ${game.name} is ${game.status}, not active`);
  const record = typeof target === 'number' ? currentPhase(db, game.id) : target.record;
  if (!record || record.result) return refuse(`game ${game.name} has no phase waiting for orders`);
  if (expectPhase !== undefined && expectPhase.toUpperCase() !== record.phase) {
    return refuse(
      `the current phase of ${game.name} is ${record.phase}, not ${expectPhase.toUpperCase()}; nothing was processed`,
    );
  }
  if (mode === 'gm' || mode === 'ready') {
    const late = lateness(db, game, record);
    if (late.missing.length)
      return refuse(`orders are missing from ${late.missing.join(', ')} (PROCESS! processes anyway, with defaults)`);
    if (late.waiting.length) return refuse(`${late.waiting.join(', ')} asked to wait (SET WAIT)`);
  }

  if (mode === 'preview') return previewOf(db, game, record, PREVIEW_PREAMBLE);

  // A deadline or an early processing claims the job; a GM PROCESS closes it the same way.
  const job = findJob(db, deadlineJobKey(game.id, record.phase));
  if (job && job.status === 'pending' && !claimJob(db, job.id, now))
    return refuse('the phase is being processed already');

  const settings = readSettings(game.settings);
  const result = adjudicateRecord(db, game, record, typeof target === 'number' ? undefined : target.orders);
  const nextCode = phaseCode(result.next.phase);
  // The deadline the phase had: its job, claimed just now (or before, by the clock), is no longer pending.
  const deadlineText = formatDeadline(job?.dueAt ?? null, gameZone(game));
  // Processed before the time readers have in their calendars for it: that event is withdrawn.
  const processedEarly = calendarRequest(game, record.phase, now, 'processed');
  // Read once for the next deadline (absences) and the list of readers; nothing below changes a seat's holder.
  const seats = listSeats(db, game.id);
  const nextDeadline = result.gameOver ? null : scheduleDeadline(db, game, nextCode, now, { reopen: true, seats });
  const text = renderResults(variantOf(game.variant), record.position, result, {
    game: game.name,
    judge: JUDGE_ID,
    deadline: deadlineText,
    nextDeadline: nextDeadline ? formatDeadline(nextDeadline, gameZone(game)) : undefined,
  });
  recordPhaseResult(db, record.id, result, result.seed);
  // Released (RULE MANUAL_PROCESS): the phase no longer waits for the GM. Only the GM's release
  // request sets the flag, so a game read without it has none; one with it is read afresh to write.
  if (settings.awaitingRelease) {
    const held = readSettings(getGame(db, game.id)?.settings ?? {});
    if (held.awaitingRelease) setGameSettings(db, game.id, { ...held, awaitingRelease: null });
  }
  // Draw and concession votes last one phase (only commands cast them: none read, none to clear).
  if (Object.keys(settings.votes).length) clearVotes(db, game.id);
  // Recorded first, so that the reveal at the end of the game includes this last phase.
  let opened: PhaseRecord | null = null;
  if (result.gameOver) {
    setGameStatus(db, game.id, 'completed');
    const how = result.drawn?.length ? 'year-cap' : 'victory';
    recordEnding(db, game.id, { how, phase: record.phase, powers: result.drawn ?? result.winners });
  } else opened = appendPhase(db, game.id, nextCode, result.next);
  const carried =
    mode === 'rollforward' || result.gameOver
      ? ''
      : carryRolledBackOrders(db, game, record.seq + 1, nextCode, result.next);
  // Orders sent in advance for the phase now open become its orders (after any the rollback gave back).
  const advance = openAdvanceOrders(db, game, opened);
  for (const seat of seats) if (seat.wait) setSeatWait(db, seat.id, false);

  const suffix = settings.rollbacks ? `:after-rollback-${settings.rollbacks}` : '';
  // A phase processed again after a ROLLBACK: its readers hold results for it already.
  const replacesEarlier = hasMailKeyed(db, `results:${game.name}:${record.phase}`)
    ? `These results for ${record.phase} replace the results mailed earlier for that phase ` +
      '(the GM rolled the game back).'
    : '';
  const reveal = result.gameOver ? dpRevealText(db, game) : '';
  const mails: OutgoingMail[] = [
    {
      kind: 'result',
      bcc: resultRecipients(db, game, seats),
      subject: `Diplomacy results ${game.name} ${record.phase}`,
      text: renderTemplate('results', {
        preamble: [
          replacesEarlier,
          mode === 'rollforward' ? ROLLFORWARD_PREAMBLE : '',
          carried,
          gmOrdersLine(game, record.phase),
        ]
          .filter(Boolean)
          .join('\n'),
        results: text.trimEnd(),
        reveal,
      }),
      game: { id: game.id, name: game.name },
      dedupeKey: `results:${game.name}:${record.phase}${suffix}`,
      headers: { 'X-Chancery-Phase': record.phase },
      attachments: [
        ...boardAttachment(game, record.phase, true),
        ...processedEarly,
        ...calendarRequest(game, nextCode, nextDeadline),
      ],
    },
    ...bidChartMails(db, game, record, result, { preview: false, dedupeSuffix: suffix }),
    ...advance,
  ];
  return { processed: true, phase: record.phase, result, mails };
}
