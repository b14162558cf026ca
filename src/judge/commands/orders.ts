// Orders and DP lines after SIGNON, CLEAR and STATUS. A mail's order lines replace the power's
// whole order set for the phase (DPjudge's model, which players know); its DP lines replace the
// whole DP sheet. Valid lines are stored even when others are rejected; each rejected line is
// listed with its reason. A line that looks like a misspelt command is answered as one.
import { checkBids, dpAllowance } from '../../core/dp/index.js';
import { editDistance, suggest } from '../../core/map/names.js';
import { parseOrders, type LineVerdict } from '../../core/orders/parse.js';
import type { DpBid, MovementOrder } from '../../core/types.js';
import { replaceDpAllocations } from '../../store/dp-allocations.js';
import { getGame } from '../../store/games.js';
import { waitingLine } from '../waiting.js';
import { getSeat } from '../../store/players.js';
import { takeoverCommand } from '../lifecycle/private-game.js';
import { clearOrders, replaceOrders } from '../../store/orders.js';
import { currentPhase, type PhaseRecord } from '../../store/phases.js';
import { ordersOf, bidsOf } from '../phase-orders.js';
import { advanceStanding, takeAdvanceOrders } from '../advance-orders.js';
import { obligationOf } from '../progress.js';
import { noteGmOrders } from './gm-order-notice.js';
import type { Session, Signon } from './session.js';
import type { OtherItem } from './tokenize.js';
import { VERBS } from './verbs.js';
import { readOrderSet } from '../../core/orders/slot.js';
import { renderOwnAllocations } from '../../render/dp-chart.js';
import { powerName } from '../../core/map/display-names.js';
import { describeUnit, reasonText, refusalText } from '../../render/reasons.js';

/** The phase a signed-on player can order for, or why not. */
function orderablePhase(s: Session, on: Signon): PhaseRecord | string {
  if (on.role !== 'player' || !on.power) return 'only a player signed on to his power can give orders';
  // Read afresh: a vote earlier in this very mail may have ended the game.
  const status = getGame(s.db, on.game.id)?.status ?? on.game.status;
  if (status !== 'active') return `game ${on.game.name} is ${status}; orders are taken while it is active`;
  const record = currentPhase(s.db, on.game.id);
  if (!record || record.result) return 'there is no phase waiting for orders';
  return inCivilDisorder(s, on) ?? record;
}

/**
 * A player whose power is in civil disorder gives it no orders (and sends no press but to the GM): as
 * the table was told, its units get default orders until he plays it again (TAKEOVER) or the GM gives
 * it back (REVIVE). Null otherwise.
 */
export function inCivilDisorder(s: Session, on: Signon): string | null {
  if (on.gm || on.seatId === null || !on.power || getSeat(s.db, on.seatId)?.status !== 'cd') return null;
  const name = powerName(on.variant, on.power);
  const again = takeoverCommand(on.game, on.power, '<your password>');
  return (
    `${name} is in civil disorder: its units get default orders until you play it again (${again}) ` +
    'or the GM gives it back to you (REVIVE)'
  );
}

/** "Did you mean" for a line whose first word resembles a command. */
export function commandLike(text: string): string | undefined {
  const word = text.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  if (word.length < 3) return undefined;
  // Levenshtein counts a swap of two letters as two edits; among equally near commands, the one
  // with the very same letters (STAUTS -> STATUS, not START) is the likelier typo. Only typos are
  // suggested: one letter off, or the same letters swapped. Two letters off is another word
  // (REGISTER is no ROSTER, RENAME no RESUME, UNSTART no START), and a wrong guess misleads.
  const near = suggest(word, Object.keys(VERBS), 3);
  const letters = (w: string) => [...w].sort().join('');
  return near.find((v) => letters(v) === letters(word)) ?? near.find((v) => editDistance(v, word) <= 1);
}

// Words that make a line an order (or a try at one), never a sign-off: unit types, order words.
const ORDER_WORDS = new Set(
  [
    'a',
    'f',
    'army',
    'fleet',
    'h',
    'hold',
    'holds',
    's',
    'support',
    'supports',
    'c',
    'convoy',
    'convoys',
    'to',
    'via',
  ].concat(['move', 'moves', 'build', 'remove', 'disband', 'waive', 'retreat', 'r', 'b', 'd', 'dp', 'if']),
);

/**
 * "Bob", "Cheers,", "Best regards, Bob Smith": up to four words of letters, none an order word or command.
 * A word in capitals ("UNDO", "ENDIF") is a try at a command, answered as one, never taken for a name.
 */
function isSignOff(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length > 4 || commandLike(text)) return false;
  if (words.some((w) => /^\p{Lu}{2,}[.,!]?$/u.test(w))) return false;
  return words.every(
    (w) => /^\p{L}+(?:['-]\p{L}+)*[.,!]?$/u.test(w) && !ORDER_WORDS.has(w.toLowerCase().replace(/[.,!]$/, '')),
  );
}

/**
 * The signature under the orders: the unreadable lines that end the mail and read as a sign-off. They are
 * answered as a signature, never with a "did you mean F BOT H" or "unknown place Bob".
 */
function signOffBlock(verdicts: LineVerdict[]): LineVerdict[] {
  const lines = verdicts.filter((v) => v.status !== 'heading');
  let from = lines.length;
  while (from > 0 && lines[from - 1].status === 'error' && isSignOff(lines[from - 1].text)) from--;
  return lines.slice(from);
}

function signatureNote(lines: { line: number; text: string }[]): string {
  const quoted = lines.map((l) => `"${l.text.trim()}"`).join(' / ');
  if (lines.length === 1) return `Line ${lines[0].line} (${quoted}) was read as your signature, not as an order.`;
  return `Lines ${lines[0].line}-${lines[lines.length - 1].line} (${quoted}) were read as your signature, not as orders.`;
}

/** Reads the collected lines, stores what is valid, and writes the verdicts into the reply. */
export function flushOrders(s: Session): void {
  const on = s.signon;
  const written = s.orderLines;
  s.orderLines = [];
  const wasCleared = s.cleared;
  s.cleared = false;
  if (!on || (written.length === 0 && !wasCleared)) return;
  const record = orderablePhase(s, on);
  if (typeof record === 'string') {
    for (const l of written) s.reply.reject(l.line, l.text, `not read as an order: ${record}`, commandLike(l.text));
    return;
  }
  // Lines for later phases (PHASE, "if dislodged", builds before the winter) are stored apart; the reply
  // tells of each phase in the order the mail gave them.
  const { lines, cleared, notes } = takeAdvanceOrders(s, on, record, written, wasCleared);
  // A CLEAR of the open phase before any PHASE line came before every line kept.
  const openAt = wasCleared ? 0 : (lines[0]?.line ?? Number.POSITIVE_INFINITY);
  for (const note of notes) if (note.at < openAt) s.reply.ok(note.text);
  storeOpenPhase(s, on, record, lines, cleared);
  for (const note of notes) if (note.at >= openAt) s.reply.ok(note.text);
  for (const note of notes) if (note.changed) noteGmOrders(s, on, note.changed, () => standingOf(s, on), true);
}

/** Stores the mail's lines for the open phase (or its CLEAR) and writes the verdicts into the reply. */
function storeOpenPhase(s: Session, on: Signon, record: PhaseRecord, lines: OtherItem[], cleared: boolean): void {
  if (lines.length === 0 && !cleared) return;
  const power = on.power as string;
  const name = powerName(on.variant, power);
  if (lines.length === 0) {
    const had = clearOrders(s.db, on.game.id, record.phase, power);
    replaceDpAllocations(s.db, on.game.id, record.phase, power, []);
    s.reply.ok(
      had
        ? `CLEAR: the orders${dpWord(on, record, power)} of ${name} for ${record.phase} were withdrawn.`
        : `CLEAR: ${name} had no orders for ${record.phase}.`,
    );
    s.touched.add(on.game.id);
    noteGmOrders(s, on, record.phase, () => standingOf(s, on));
    return;
  }
  const verdicts = parseOrders(lines.map((l) => l.text).join('\n'), {
    variant: on.variant,
    position: record.position,
    power,
  });
  const origin = (v: LineVerdict) => lines[v.line - 1];
  const words = { variant: on.variant, position: record.position };
  const bids: BidLine[] = [];
  const signature = signOffBlock(verdicts);
  if (signature.length) s.reply.ok(signatureNote(signature.map((v) => ({ line: origin(v).line, text: v.text }))));
  for (const v of verdicts) {
    if (v.status === 'heading' || signature.includes(v)) continue;
    if (v.status === 'error') {
      const command = commandLike(v.text);
      const lone = /^[\p{L}.'-]+$/u.test(v.text.trim());
      // A lone word is no order: a place it resembles ("UNDO" -> NAO) is no help; it was meant as a command.
      if (lone && !command) {
        s.reply.reject(origin(v).line, v.text, `unknown command "${v.text.trim()}" (and not an order)`);
        continue;
      }
      if (command)
        s.reply.reject(
          origin(v).line,
          v.text,
          `unknown command "${v.text.split(/\s+/)[0]}" (and not an order: ${refusalText(words, v.error)})`,
          command,
        );
      else s.reply.reject(origin(v).line, v.text, refusalText(words, v.error), v.suggestion);
      continue;
    }
    if (v.status === 'dp') {
      bids.push({
        bid: { power, amount: v.amount, order: v.order as MovementOrder },
        line: origin(v).line,
        text: v.text,
        ...(v.invalid ? { invalid: { reason: refusalText(words, v.invalid), suggestion: v.suggestion } } : {}),
      });
    }
  }
  const { kept: orders, replaced } = readOrderSet(verdicts.filter((v) => !signature.includes(v)));
  for (const { earlier, later } of replaced)
    s.reply.reject(
      origin(earlier).line,
      earlier.text,
      `replaced by a later order for the same unit (line ${origin(later).line})`,
    );
  const hadOrderLines = verdicts.some((v) => (v.status === 'order' || v.status === 'error') && !signature.includes(v));
  if (orders.length) {
    replaceOrders(s.db, {
      gameId: on.game.id,
      phase: record.phase,
      power,
      lines: orders.map((o) => o.text),
      normalised: { orders: orders.map((o) => o.order), shown: orders.map((o) => o.normalised) },
    });
    s.reply.ok(
      `${orders.length} order${orders.length === 1 ? '' : 's'} stored for ${name} (${record.phase}). ` +
        'This set replaces any orders sent before.',
    );
  } else if (hadOrderLines) {
    s.reply.ok(`No valid order in this mail; the orders stored before for ${name} (if any) stand.`);
  }
  if (bids.length) storeBids(s, on, record, power, bids);
  s.touched.add(on.game.id);
  if (orders.length || bids.length) noteGmOrders(s, on, record.phase, () => standingOf(s, on));
}

interface BidLine {
  bid: DpBid;
  line: number;
  text: string;
  /** The order cannot be carried out (the parser's reason): the bid is kept, and a winning one holds. */
  invalid?: { reason: string; suggestion?: string };
}

function storeBids(s: Session, on: Signon, record: PhaseRecord, power: string, bids: BidLine[]): void {
  const check = checkBids(
    on.variant,
    record.position,
    power,
    bids.map((b) => b.bid),
  );
  const accepted: { unit: string; amount: number; order: MovementOrder }[] = [];
  const invalid: string[] = [];
  check.verdicts.forEach((v, i) => {
    if (!v.ok) {
      const why = v.reason
        ? reasonText({ variant: on.variant, position: record.position }, v.reason)
        : 'DP line refused';
      return s.reply.reject(bids[i].line, bids[i].text, why);
    }
    accepted.push({ unit: `${v.bid.order.type} ${v.bid.order.loc}`, amount: v.bid.amount, order: v.bid.order });
    const bad = bids[i].invalid;
    if (bad) invalid.push(invalidBidNote(on, bids[i], bad.reason, bad.suggestion));
  });
  // As with orders: a mail whose DP lines are all refused leaves the sheet stored before in place.
  if (!accepted.length) {
    s.reply.ok(`No valid DP line in this mail; the DP sheet stored before for this phase (if any) stands.`);
    return;
  }
  replaceDpAllocations(s.db, on.game.id, record.phase, power, accepted);
  const lines = `${accepted.length} DP line${accepted.length === 1 ? '' : 's'}`;
  s.reply.ok(`${lines} stored (${check.spent} of ${check.allowance} DP). This DP sheet replaces any sent before.`);
  for (const note of invalid) s.reply.ok(note);
}

/**
 * A bid whose order cannot be carried out still counts (A&E v6.01 §II, example 5): the player hears at
 * once that a win would only make the unit hold, and may send the sheet again with another order.
 */
function invalidBidNote(on: Signon, bid: BidLine, reason: string, suggestion?: string): string {
  const unit = describeUnit(on.variant, bid.bid.order);
  const meant = suggestion ? ` Did you mean ${suggestion}?` : '';
  return (
    `Line ${bid.line} (${bid.text}) is kept as a bid, but its order is invalid (${reason}): if it wins, ` +
    `${unit} holds and the order is published as written, marked invalid.${meant}`
  );
}

/** " and DP" where the power has DP to allocate: standard games never read the word. */
function dpWord(on: Signon, record: PhaseRecord, power: string): string {
  return dpAllowance(on.variant, record.position, power) > 0 ? ' and DP' : '';
}

/** What a unit left without an order does when the phase is processed. */
function unorderedFate(record: PhaseRecord, count: number): string {
  const subject = count === 1 ? 'it' : 'they';
  return record.position.phase.type === 'retreat' ? `${subject} will disband` : `${subject} will hold`;
}

/**
 * A build set counts as complete once sent, so the phase may process early: say how many builds it leaves
 * unused and that they are waived, or a player owing three who sends one believes he is done.
 */
function unusedBuildsLine(unused: number): string {
  const builds = unused === 1 ? '1 build is' : `${unused} builds are`;
  return (
    `${builds} still unused and will be waived. To use ${unused === 1 ? 'it' : 'them'}, send the whole set ` +
    'again with the extra builds: each mail replaces your builds.'
  );
}

/** STATUS (and the end of every reply to a player): orders, DP left, unordered units, deadline. */
export function standingOf(s: Session, on: Signon): string {
  const record = orderablePhase(s, on);
  if (typeof record === 'string') return inCivilDisorder(s, on) ?? '';
  const power = on.power as string;
  const name = powerName(on.variant, power);
  const stored = ordersOf(s.db, on.game.id, record.phase, power);
  const lines = [`Current orders for ${name} (${on.game.name} ${record.phase}):`];
  const duty = obligationOf(s.db, on.game, record, power);
  // "(none)" reads as "you owe orders"; a power with nothing to order is told so.
  const empty = duty.hasDuty ? '  (none)' : '  nothing to order this phase';
  lines.push(...(stored && stored.shown.length ? stored.shown.map((o) => `  ${o}`) : [empty]));
  if (duty.unordered.length)
    lines.push(
      `Units still unordered: ${duty.unordered.join(', ')} (${unorderedFate(record, duty.unordered.length)}).`,
    );
  else if (duty.adjustmentsLeft > 0)
    lines.push(`Builds still to give: ${duty.adjustmentsLeft} (unused builds are waived).`);
  else if (duty.adjustmentsLeft < 0)
    lines.push(`Removals still to give: ${-duty.adjustmentsLeft} (otherwise the judge chooses).`);
  else if (duty.buildsUnused) lines.push(unusedBuildsLine(duty.buildsUnused));
  else if (duty.hasDuty) {
    const kind = record.position.phase.type;
    lines.push(
      kind === 'adjustment'
        ? 'Every build and removal is given.'
        : kind === 'retreat'
          ? 'Every dislodged unit has an order.'
          : 'Every unit has an order.',
    );
  }
  if (record.position.phase.type === 'movement' && dpAllowance(on.variant, record.position, power) > 0) {
    const check = checkBids(on.variant, record.position, power, bidsOf(s.db, on.game.id, record.phase, power));
    lines.push(renderOwnAllocations(on.variant, check, power, record.position).trimEnd());
  }
  const advance = advanceStanding(s.db, on.game.id, power);
  if (advance) lines.push(advance);
  const waiting = waitingLine(s.db, getGame(s.db, on.game.id) ?? on.game);
  if (waiting) lines.push(waiting);
  return lines.join('\n');
}
