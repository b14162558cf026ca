// Orders in advance (njudge's best-loved feature): during a phase a player may send orders for a
// later one — retreats "if dislodged", builds for the coming winter, or any lines after `PHASE <phase>`.
// They are read for syntax when they arrive (the board of their phase does not exist yet) and kept as
// written; when their phase opens they are read against its board with the same parser and legality
// as any order, the valid ones become the power's orders for it (as if sent then), and the player is
// told by a mail of his own what was used and what was refused. They are as secret as orders.
import { parseOrders } from '../core/orders/parse.js';
import { readIfDislodged, readLineSyntax } from '../core/orders/syntax.js';
import {
  blockFault,
  chooseBranches,
  conditionalLine,
  readCondition,
  type BranchChoice,
} from '../core/orders/conditional.js';
import { parsePhaseCode, phaseCode, type Phase, type PhaseType } from '../core/types.js';
import type { OutgoingMail } from '../mail/types.js';
import {
  advanceOrdersOfPower,
  deleteAdvanceOrders,
  deleteAdvanceOrdersSentSince,
  listAdvanceOrders,
  replaceAdvanceOrders,
  type AdvanceOrderSet,
} from '../store/advance-orders.js';
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { replaceOrders } from '../store/orders.js';
import type { PhaseRecord } from '../store/phases.js';
import { findSeatByPower } from '../store/players.js';
import { comingPhase, phaseRank, readPhaseArgument, sectionHeading } from './advance-phase.js';
import { phaseWithCode } from '../render/phrases.js';
import type { Session, Signon } from './commands/session.js';
import type { CommandItem, OtherItem } from './commands/tokenize.js';
import { masterAddresses } from './lifecycle/co-masters.js';
import { hasDeparted, seatAddress } from './lifecycle/roster.js';
import { takeoverCommand } from './lifecycle/private-game.js';
import { markGmAdvance, recordGmEntry, takeGmAdvanceMark } from './lifecycle/gm-entered.js';
import { ordersOf } from './phase-orders.js';
import { variantOf } from './variants.js';
import { readOrderSet } from '../core/orders/slot.js';
import { powerName } from '../core/map/display-names.js';
import { refusalText } from '../render/reasons.js';

/**
 * What a player may keep in advance: orders for phases up to a year ahead of the open one (njudge's
 * use: retreats, builds, the next moves), and a bounded number of lines for one phase, so that no mail
 * makes the judge store, and repeat in every reply, thousands of lines for phases decades away.
 */
export const ADVANCE_LIMITS = { yearsAhead: 1, linesPerPhase: 50 };

// PHASE and CLEAR lines are commands, but they divide the order lines of a mail into sections, so
// they are kept among those lines as markers, known by identity (no order line can pass for one).
const PHASE_MARKERS = new WeakSet<OtherItem>();
const CLEAR_MARKERS = new WeakSet<OtherItem>();

/** PHASE <phase>: the order lines after it (up to another PHASE or the end) are for that phase. */
export function phaseCommand(s: Session, cmd: CommandItem): void {
  // Only a signed-on player gets here (the gate, gate/authority.ts).
  const marker: OtherItem = { kind: 'other', line: cmd.line, text: cmd.shown };
  PHASE_MARKERS.add(marker);
  s.orderLines.push(marker);
}

/**
 * CLEAR after a PHASE line withdraws the advance orders for that phase (njudge's CLEAR); elsewhere it
 * is the ordinary CLEAR of the open phase. Returns whether this CLEAR was taken as the former.
 */
export function clearInPhaseSection(s: Session, cmd: CommandItem): boolean {
  if (!s.orderLines.some((item) => PHASE_MARKERS.has(item))) return false;
  const marker: OtherItem = { kind: 'other', line: cmd.line, text: 'CLEAR' };
  CLEAR_MARKERS.add(marker);
  s.orderLines.push(marker);
  return true;
}

interface Section {
  phase: Phase;
  /** The mail line that began the section (its PHASE line, heading or first order): where the reply tells of it. */
  at: number;
  lines: { line: number; text: string }[];
  cleared: boolean;
}

/** What the reply says of one advance section, and the mail line it belongs with. */
export interface AdvanceNote {
  at: number;
  text: string;
  /** The phase whose advance orders this mail stored or withdrew, if it did. */
  changed?: string;
}

/** Where the lines being read go: the open phase, a later one, or nowhere (after a bad PHASE line). */
type Target =
  { kind: 'open' } | { kind: 'later'; phase: Phase } | { kind: 'refused'; reason: string; tooFar?: boolean };

/**
 * Sorts a mail's order lines: those for later phases are checked and stored, the others are returned
 * for the open phase, with whether CLEAR withdrew its orders, and what the reply is to say of each later
 * phase (the caller places it among what it says of the open phase, in the order of the mail). Called
 * with the lines of one signed-on player, for a phase open for orders.
 */
export function takeAdvanceOrders(
  s: Session,
  on: Signon,
  record: PhaseRecord,
  items: OtherItem[],
  cleared: boolean,
): { lines: OtherItem[]; cleared: boolean; notes: AdvanceNote[] } {
  const sorted = sortOrderLines(on, record.position.phase, items, cleared);
  for (const { line, text, reason } of sorted.refused) s.reply.reject(line, text, reason);
  const notes = sorted.sections.map((section) => ({
    at: section.at,
    ...storeSection(s, on, record, on.power as string, section),
  }));
  return { lines: sorted.lines, cleared: sorted.cleared, notes };
}

/** Where lines for a phase go while another is open: to it, to a later one, or nowhere, and why. */
function targetOf(open: Phase, phase: Phase): Target {
  if (phaseRank(phase) === phaseRank(open)) return { kind: 'open' };
  if (phaseRank(phase) < phaseRank(open)) return { kind: 'refused', reason: `${phaseCode(phase)} is over` };
  const last = { ...open, year: open.year + ADVANCE_LIMITS.yearsAhead };
  if (phaseRank(phase) > phaseRank(last)) {
    const why = `orders in advance are taken for the coming year only (up to ${phaseCode(last)})`;
    return { kind: 'refused', reason: why, tooFar: true };
  }
  return { kind: 'later', phase };
}

/** A mail's order lines sorted by the phase they are for: nothing stored, nothing answered yet. */
interface SortedLines {
  /** The lines for the open phase, and whether a CLEAR of it came before them. */
  lines: OtherItem[];
  cleared: boolean;
  /** The later phases' lines, each phase where the mail first named it. */
  sections: Section[];
  /** The lines taken for no phase, each with why, in the order of the mail. */
  refused: { line: number; text: string; reason: string }[];
}

/**
 * Which phase each order line of a mail is for: PHASE lines and headings switch the phase, "if
 * dislodged" lines go to the retreats after it, and a build or retreat sent early to its coming phase.
 * The one reading of that, for storing the mail (takeAdvanceOrders) and for what the power will owe
 * once it is stored (RULE PRESS AFTER_ORDERS counts only the open phase's lines).
 */
export function sortOrderLines(on: Signon, open: Phase, items: OtherItem[], cleared: boolean): SortedLines {
  const sections = new Map<string, Section>();
  const refused: SortedLines['refused'] = [];
  const refuse = (line: number, text: string, reason: string) => refused.push({ line, text, reason });
  let current: OtherItem[] = [];
  let target: Target = { kind: 'open' };

  const later = (phase: Phase) => targetOf(open, phase);
  const sectionOf = (phase: Phase, at: number): Section => {
    const code = phaseCode(phase);
    let section = sections.get(code);
    if (!section) sections.set(code, (section = { phase, at, lines: [], cleared: false }));
    return section;
  };

  for (const item of items) {
    if (PHASE_MARKERS.has(item)) {
      const phase = readPhaseArgument(item.text.replace(/^\S+\s*/, ''));
      const shown = item.text;
      if (typeof phase === 'string') {
        refuse(item.line, shown, phase);
        target = { kind: 'refused', reason: `the PHASE line ${item.line} above names no phase to order for` };
      } else {
        target = later(phase);
        if (target.kind === 'refused' && target.tooFar) {
          refuse(item.line, shown, target.reason);
          target = { kind: 'refused', reason: `the PHASE line ${item.line} above names a phase too far ahead` };
        } else if (target.kind === 'refused')
          refuse(item.line, shown, `${phaseCode(phase)} is over; orders for it are no longer taken`);
        else if (target.kind === 'later') sectionOf(phase, item.line);
      }
      continue;
    }
    if (CLEAR_MARKERS.has(item)) {
      if (target.kind === 'later') Object.assign(sectionOf(target.phase, item.line), { lines: [], cleared: true });
      else if (target.kind === 'open') [current, cleared] = [[], true];
      continue;
    }
    const heading = sectionHeading(item.text);
    if (heading) {
      target = heading === 'movement' ? { kind: 'open' } : later(comingPhase(open, heading));
      if (target.kind === 'later') sectionOf(target.phase, item.line);
      continue;
    }
    const ifDislodged = readIfDislodged(item.text);
    if (ifDislodged !== null) {
      // The retreats after the movement the line stands under: `PHASE F1901M` then `if dislodged` is F1901R.
      const after = target.kind === 'later' ? target.phase : open;
      const retreats = after.type === 'retreat' ? target : later(comingPhase(after, 'retreat'));
      if (retreats.kind === 'later')
        sectionOf(retreats.phase, item.line).lines.push({ line: item.line, text: ifDislodged });
      else if (retreats.kind === 'open') current.push({ ...item, text: ifDislodged });
      else refuse(item.line, item.text, 'no retreat phase is coming before the next movement');
      continue;
    }
    if (target.kind === 'refused') {
      refuse(item.line, item.text, `not read: ${target.reason}`);
      continue;
    }
    if (target.kind === 'later') {
      sectionOf(target.phase, item.line).lines.push({ line: item.line, text: item.text });
      continue;
    }
    const routed = plainlyForLater(on, open, item.text);
    if (routed) sectionOf(routed, item.line).lines.push({ line: item.line, text: item.text });
    else current.push(item);
  }
  return { lines: current, cleared, sections: [...sections.values()], refused };
}

/**
 * A line that cannot be an order of the open phase but plainly is one of a coming phase: a BUILD or
 * WAIVE sent before the winter, a RETREAT ("A Ser R Alb") sent during the movement before it.
 */
function plainlyForLater(on: Signon, open: Phase, text: string): Phase | null {
  if (open.type === 'adjustment') return null;
  const read = readLineSyntax(on.variant, text, on.power as string);
  if (read.status !== 'orders' || read.phases.length !== 1 || read.phases[0] === open.type) return null;
  if (read.phases[0] === 'adjustment') return comingPhase(open, 'adjustment');
  if (read.phases[0] === 'retreat' && open.type === 'movement') return comingPhase(open, 'retreat');
  return null;
}

const KIND_WORD: Record<PhaseType, string> = {
  movement: 'a movement',
  retreat: 'a retreat',
  adjustment: 'an adjustment',
};

/** Stores one section's valid lines (rejecting the others in the reply); what the reply is to say of it. */
function storeSection(
  s: Session,
  on: Signon,
  record: PhaseRecord,
  power: string,
  section: Section,
): { text: string; changed?: string } {
  const code = phaseCode(section.phase);
  const label = phaseWithCode(section.phase);
  const good: string[] = [];
  for (const { line, text } of section.lines) {
    const conditional = conditionalLine(text);
    if (conditional) {
      const problem = conditional.kind === 'if' ? readCondition(on.variant, conditional.condition) : null;
      if (problem && 'error' in problem) s.reply.reject(line, text, `${problem.error} (a condition for ${code})`);
      else if (good.length >= ADVANCE_LIMITS.linesPerPhase)
        s.reply.reject(
          line,
          text,
          `not stored: at most ${ADVANCE_LIMITS.linesPerPhase} lines in advance for one phase`,
        );
      else good.push(text);
      continue;
    }
    const read = readLineSyntax(on.variant, text, power);
    if (read.status === 'blank' || read.status === 'heading') continue;
    if (read.status === 'error') {
      s.reply.reject(line, text, `${read.error} (an order for ${code})`, read.suggestion);
      continue;
    }
    if (!read.phases.includes(section.phase.type)) {
      s.reply.reject(line, text, `not an order for ${code}, ${KIND_WORD[section.phase.type]} phase`);
      continue;
    }
    if (good.length >= ADVANCE_LIMITS.linesPerPhase) {
      s.reply.reject(line, text, `not stored: at most ${ADVANCE_LIMITS.linesPerPhase} orders in advance for one phase`);
      continue;
    }
    good.push(text);
  }
  // IF / ELSE / ENDIF must pair up: a set whose blocks do not is not stored (its orders would be guesses).
  const fault = blockFault(good);
  if (fault) {
    const at = section.lines.find((l) => l.text === good[fault.index]);
    s.reply.reject(at?.line ?? section.at, good[fault.index], `${fault.error}: nothing was stored for ${code}`);
    return { text: `No order for ${code} was stored: its IF, ELSE and ENDIF lines do not pair up.` };
  }
  if (good.length) {
    replaceAdvanceOrders(s.db, { gameId: on.game.id, phase: code, power, sentSeq: record.seq, lines: good });
    markGmAdvance(s.db, on.game.id, code, power, Boolean(on.gm));
    const count = `${good.length} order${good.length === 1 ? '' : 's'}`;
    const text =
      `${count} stored in advance for ${label}: checked for syntax now, and against the board when ${code} opens. ` +
      `This set replaces any advance orders sent before for ${code}.`;
    return { text, changed: code };
  }
  if (section.cleared) {
    const had = deleteAdvanceOrders(s.db, on.game.id, code, power);
    markGmAdvance(s.db, on.game.id, code, power, false);
    if (!had) return { text: `CLEAR: there were no advance orders for ${label}.` };
    return { text: `CLEAR: the advance orders for ${label} were withdrawn.`, changed: code };
  }
  if (section.lines.length)
    return { text: `No valid order for ${code} in this mail; the advance orders stored before for it (if any) stand.` };
  return { text: `PHASE ${code}: no order lines followed, so nothing was stored for ${label}.` };
}

/** STATUS: the player's own advance orders, phase by phase (nothing when there are none). */
export function advanceStanding(db: Db, gameId: number, power: string): string {
  const sets = advanceOrdersOfPower(db, gameId, power).sort((a, b) => rankOfCode(a.phase) - rankOfCode(b.phase));
  if (!sets.length) return '';
  const lines = ['Orders in advance (read against the board when their phase opens):'];
  for (const set of sets) {
    const phase = parsePhaseCode(set.phase);
    lines.push(`  for ${phase ? phaseWithCode(phase) : set.phase}:`, ...set.lines.map((l) => `    ${l}`));
  }
  return lines.join('\n');
}

function rankOfCode(code: string): number {
  const phase = parsePhaseCode(code);
  return phase ? phaseRank(phase) : Number.MAX_SAFE_INTEGER;
}

/**
 * A phase has opened (`record`, just appended): every advance set for it is read against its board
 * and becomes its power's orders; sets for phases that were skipped (nobody had to retreat, nothing
 * to adjust) are dropped. Each player concerned gets a mail of his own saying what was used and what
 * was refused, and why. At the end of the game every set still kept is dropped.
 */
export function openAdvanceOrders(db: Db, game: Game, record: PhaseRecord | null): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  const sets = listAdvanceOrders(db, game.id);
  if (!record) {
    for (const set of sets) deleteAdvanceOrders(db, game.id, set.phase, set.power);
    return mails;
  }
  const rank = phaseRank(record.position.phase);
  for (const set of sets) {
    if (rankOfCode(set.phase) > rank) continue;
    deleteAdvanceOrders(db, game.id, set.phase, set.power);
    const byGm = takeGmAdvanceMark(db, game.id, set.phase, set.power);
    const seat = findSeatByPower(db, game.id, set.power);
    // A player who resigned or was ejected orders nothing more for the power, and hears nothing more:
    // his own advance orders go with him. A vacant power is the GM's to order for (BECOME), in advance
    // too, so the GM's are used as if entered in the phase, and the GM is told instead of the player.
    const departed = !seat || hasDeparted(seat);
    if (departed && !byGm) continue;
    // A power in civil disorder takes no orders from its player (commands/orders.ts), in advance neither.
    const idle = seat?.status === 'cd' && !byGm && set.phase === record.phase;
    const reader: Reader = departed ? 'gm' : 'player';
    const text = idle
      ? disorderText(game, set)
      : set.phase === record.phase
        ? applySet(db, game, record, set, byGm, reader)
        : skippedText(game, record, set, byGm, reader);
    const to = departed ? masterAddresses(db, game) : [seatAddress(db, seat)].filter((a): a is string => a !== null);
    if (to.length) {
      mails.push({
        kind: 'notice',
        to,
        subject: `Diplomacy advance orders ${game.name} ${set.phase}`,
        text,
        game: { id: game.id, name: game.name },
        dedupeKey: `advance:${game.name}:${set.phase}:${set.power}:${set.submittedAt}`,
      });
    }
  }
  return mails;
}

function powerLabel(game: Game, power: string): string {
  return powerName(variantOf(game.variant), power);
}

function disorderText(game: Game, set: AdvanceOrderSet): string {
  const name = powerLabel(game, set.power);
  const phase = parsePhaseCode(set.phase);
  return [
    `Game ${game.name}, ${name}: the orders you sent in advance for ${phase ? phaseWithCode(phase) : set.phase}`,
    `were not used: ${name} is in civil disorder, and its units get default orders until you play it`,
    `again (${takeoverCommand(game, set.power, '<your password>')}) or the GM gives it back to you (REVIVE).`,
    '',
    'They were:',
    ...set.lines.map((l) => `  ${l}`),
    '',
  ].join('\n');
}

/** Who reads the mail about an advance set: the power's player, or the GM for a vacant power. */
type Reader = 'player' | 'gm';

function skippedText(game: Game, record: PhaseRecord, set: AdvanceOrderSet, byGm: boolean, reader: Reader): string {
  const phase = parsePhaseCode(set.phase);
  const why =
    phase?.type === 'retreat'
      ? 'nobody had to retreat'
      : phase?.type === 'adjustment'
        ? 'nobody had builds or removals'
        : 'it was not played';
  const who = reader === 'gm' ? 'you entered' : byGm ? 'the GM entered' : 'you sent';
  return [
    `Game ${game.name}, ${powerLabel(game, set.power)}: the orders ${who} in advance for ` +
      `${phase ? phaseWithCode(phase) : set.phase}`,
    `were not used: there was no such phase (${why}); the game went on to ${phaseWithCode(record.position.phase)}.`,
    '',
    'They were:',
    ...set.lines.map((l) => `  ${l}`),
    '',
  ].join('\n');
}

/**
 * Reads one advance set against the phase's board and stores the valid orders; the mail's text. A set
 * the GM entered (`byGm`) is his in the phase's results, as orders he enters in the phase are.
 */
function applySet(
  db: Db,
  game: Game,
  record: PhaseRecord,
  set: AdvanceOrderSet,
  byGm: boolean,
  reader: Reader,
): string {
  const name = powerLabel(game, set.power);
  const label = phaseWithCode(record.position.phase);
  const who = reader === 'gm' ? `you entered for ${name}` : byGm ? 'the GM entered for you' : 'you sent';
  const whose = reader === 'gm' ? `the orders of ${name}` : 'your orders';
  const head = `Game ${game.name}, ${name}: the orders ${who} in advance for ${label} were read against the board now.`;
  if (ordersOf(db, game.id, record.phase, set.power)) {
    return `${head}\nThey were not used: orders for ${record.phase} were in place already (given before a rollback).\n`;
  }
  const variant = variantOf(game.variant);
  // Conditional orders are decided here, on the board as the phase opens (njudge's IF / ELSE / ENDIF).
  const chosen = chooseBranches(variant, set.lines, record.position);
  const verdicts = parseOrders(chosen.lines.join('\n'), { variant, position: record.position, power: set.power });
  const refused: { line: number; text: string }[] = [];
  const refuse = (line: number, text: string, why: string) =>
    refused.push({ line, text: `  ${text}\n      -> ${why}` });
  for (const v of verdicts) {
    if (v.status === 'error') {
      const why = refusalText({ variant, position: record.position }, v.error);
      refuse(v.line, v.text, `${why}${v.suggestion ? ` (${v.suggestion})` : ''}`);
    } else if (v.status === 'dp') refuse(v.line, v.text, 'DP bids are not taken in advance');
  }
  const { kept: orders, replaced } = readOrderSet(verdicts);
  for (const { earlier, later } of replaced)
    refuse(later.line, earlier.text, `replaced by a later order for the same unit (${later.text})`);
  refused.sort((x, y) => x.line - y.line);
  if (orders.length) {
    replaceOrders(db, {
      gameId: game.id,
      phase: record.phase,
      power: set.power,
      lines: orders.map((o) => o.text),
      normalised: { orders: orders.map((o) => o.order), shown: orders.map((o) => o.normalised) },
    });
    if (byGm) recordGmEntry(db, game.id, record.phase, set.power);
  }
  return [
    head,
    ...branchLines(chosen.choices),
    '',
    orders.length
      ? `Used, now ${whose} for ${record.phase}:`
      : `None could be used: ${reader === 'gm' ? `${name} has` : 'you have'} no orders for ${record.phase} yet.`,
    ...orders.map((o) => `  ${o.normalised}`),
    ...(refused.length ? ['', 'Refused:', ...refused.map((r) => r.text)] : []),
    '',
    reader === 'gm'
      ? `BECOME ${name} and orders for ${record.phase} replace these as usual.`
      : `A mail of orders for ${record.phase} replaces these as usual ` +
        `(SIGNON ${set.power}@${game.name} <password>, then the orders).`,
    '',
  ].join('\n');
}

/** "IF A Bur: holds, its orders were used" for each condition read. */
export function branchLines(choices: BranchChoice[]): string[] {
  if (!choices.length) return [];
  return [
    '',
    'Conditions, on the board as the phase opened:',
    ...choices.map((c) => `  ${c.text}: ${c.holds ? 'holds: the orders under it' : 'fails: the ELSE orders, if any'}`),
  ];
}

/**
 * ROLLBACK to `target`: the advance orders sent during it or after it were written for a course of
 * the game that is undone, and are withdrawn; each player concerned is told by a mail of his own.
 */
export function dropAdvanceOrdersOnRollback(db: Db, game: Game, target: PhaseRecord): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  for (const power of deleteAdvanceOrdersSentSince(db, game.id, target.seq)) {
    // A departed player hears nothing more of the game, his withdrawn orders neither.
    const to = seatAddress(db, findSeatByPower(db, game.id, power));
    if (!to) continue;
    mails.push({
      kind: 'notice',
      to,
      subject: `Diplomacy advance orders ${game.name}: withdrawn by a rollback`,
      text:
        `Game ${game.name}, ${powerLabel(game, power)}: the GM rolled the game back to ${target.phase}.\n` +
        `The orders you sent in advance during ${target.phase} or later were withdrawn; ` +
        'send them again if you still mean them.\n',
      game: { id: game.id, name: game.name },
    });
  }
  return mails;
}
