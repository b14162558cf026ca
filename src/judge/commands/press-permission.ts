// Whether a press message may go, under the game's press rules (press-options.ts). Press to the GM
// alone is always allowed, whatever the rules (both classic judges: a player must be able to ask the
// GM for an extension), and the GM may always write. A player whose power is in civil disorder writes
// only to the GM, as he gives no orders. Everything else a rule refuses is refused with
// the rule named, so the sender knows what to change.
import { parseOrders } from '../../core/orders/parse.js';
import { readOrderSet } from '../../core/orders/slot.js';
import { currentPhase, type PhaseRecord } from '../../store/phases.js';
import { pressOptionsOf } from '../press-options.js';
import { adjustmentsDue, obligationOf, owedText } from '../progress.js';
import { isComplete, obligation, type Obligation } from '../readiness.js';
import { readSettings } from '../settings.js';
import { sortOrderLines } from '../advance-orders.js';
import { inCivilDisorder } from './orders.js';
import type { Session, Signon } from './session.js';

export interface PressIntent {
  /** To everyone (BROADCAST, PRESS TO ALL). */
  broadcast: boolean;
  /** Great Powers named as recipients. */
  powers: Set<string>;
  /** The GM is among the recipients. */
  toMaster: boolean;
  /** FROM: the power the readers are told wrote it; null when it is signed truly. */
  claimedFrom: string | null;
}

const PHASE_KIND: Record<string, string> = { retreat: 'a retreat phase', adjustment: 'an adjustment phase' };

/** Why this press may not go, or null when it may. */
export function pressRefusal(s: Session, on: Signon, intent: PressIntent): string | null {
  const game = on.game.name;
  const settings = readSettings(on.game.settings);
  const options = pressOptionsOf(settings);
  const toMasterAlone = !intent.broadcast && intent.toMaster && intent.powers.size === 0;
  if (on.role === 'master')
    return intent.claimedFrom ? 'the GM writes as Master: FROM is for fake press from players' : null;
  const observer = on.role !== 'player';
  if (intent.claimedFrom && observer) return 'only players may send fake press (FROM)';
  if (intent.claimedFrom && intent.toMaster)
    return 'press to the GM cannot be faked: drop FROM, or leave the Master out';
  if (toMasterAlone) return null;
  const toGm = 'press to the GM alone (PRESS TO Master) is always allowed';
  const disorder = inCivilDisorder(s, on);
  if (disorder) return `${disorder}; ${toGm}`;
  if (observer && !options.observers) {
    return (
      `observers of game ${game} may write only to the GM (PRESS TO Master): ` +
      'the game does not have RULE OBSERVER_PRESS'
    );
  }
  if (settings.press === 'none') return `game ${game} has no press between players (RULE PRESS NONE); ${toGm}`;
  if (intent.claimedFrom && !options.fake) return `game ${game} does not allow fake press (it needs RULE PRESS FAKE)`;
  if (options.broadcastOnly && !intent.broadcast) {
    return `game ${game} allows only broadcast press (RULE NO_PARTIAL): send BROADCAST instead; ${toGm}`;
  }
  // A paused game keeps its phase and its rules; a forming one has no phase yet.
  const record = on.game.status === 'forming' ? null : currentPhase(s.db, on.game.id);
  const open = record && !record.result ? record : null;
  if (options.movementOnly && open && open.position.phase.type !== 'movement') {
    const kind = PHASE_KIND[open.position.phase.type];
    const rule = 'RULE PRESS MOVEMENT_ONLY';
    return `game ${game} has press only during movement phases (${rule}), and ${open.phase} is ${kind}; ${toGm}`;
  }
  if (options.afterOrders && open && on.role === 'player' && on.power) {
    const duty = dutyAfterThisMail(s, on, open);
    if (duty.hasDuty && !isComplete(duty)) {
      const owed = owedText(duty);
      return (
        `game ${game} allows press only once your orders for ${open.phase} are complete (RULE PRESS AFTER_ORDERS)` +
        `${owed ? `; ${lowerFirst(owed.replace(/\.$/, ''))}` : ''}. ` +
        `Orders placed above the press in the same mail count; ${toGm}`
      );
    }
  }
  return null;
}

/**
 * What the power will still owe once this mail's order lines so far are stored: they replace the
 * stored set at the end of the mail when any of them is a valid order, so they are what counts. Only
 * the lines for the open phase: those after a PHASE line for a later one are orders in advance.
 */
function dutyAfterThisMail(s: Session, on: Signon, record: PhaseRecord): Obligation {
  const power = on.power as string;
  const { lines, cleared } = sortOrderLines(on, record.position.phase, s.orderLines, s.cleared);
  if (!lines.length && !cleared) return obligationOf(s.db, on.game, record, power);
  const text = lines.map((l) => l.text).join('\n');
  const verdicts = text ? parseOrders(text, { variant: on.variant, position: record.position, power }) : [];
  // The set this mail will store: for a unit written twice, only the later order (a second REMOVE of
  // one unit is no second removal).
  const pending = readOrderSet(verdicts).kept.map((v) => v.order);
  if (!pending.length && !cleared) return obligationOf(s.db, on.game, record, power);
  return obligation(record.position, power, pending.length ? pending : null, adjustmentsDue(s.db, on.game.id, record));
}

/** "Units still unordered: …" inside a sentence. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
