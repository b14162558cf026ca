// The notice a power's player gets when the GM entered or changed its orders (BECOME, or a power's
// SIGNON with a master password), and the record the phase's results print. Kept apart from the order
// reading (orders.ts), which calls it, and from BECOME (gm-orders.ts).
import { getGame } from '../../store/games.js';
import { findSeatByPower } from '../../store/players.js';
import { seatAddress } from '../lifecycle/roster.js';
import { recordGmEntry } from '../lifecycle/gm-entered.js';
import { renderTemplate } from '../template.js';
import { isGmActing, type Session, type Signon } from './session.js';
import { powerName } from '../../core/map/display-names.js';
import { andList } from '../../render/wrap.js';

/** The phases, by power, whose orders the GM changed in the mail a session reads (for the one notice). */
const CHANGED_PHASES = new WeakMap<Session, Map<string, string[]>>();

/**
 * After the GM stored or withdrew a power's orders: the phase's results will say so (for orders in
 * advance, `inAdvance`, once they are used: advance-orders.ts), and the power's player gets the orders
 * that stand now (one notice per mail, the last word, naming every phase the mail changed).
 */
export function noteGmOrders(s: Session, on: Signon, phase: string, standing: () => string, inAdvance = false): void {
  if (!isGmActing(on) || !on.power) return;
  const power = on.power;
  const name = powerName(on.variant, power);
  if (!inAdvance) recordGmEntry(s.db, on.game.id, phase, power);
  const game = getGame(s.db, on.game.id) ?? on.game;
  // A vacant power's departed player hears nothing more of the game: the GM's reply says what stands.
  const player = seatAddress(s.db, findSeatByPower(s.db, game.id, power));
  if (!player) return;
  const changed = CHANGED_PHASES.get(s) ?? new Map<string, string[]>();
  CHANGED_PHASES.set(s, changed);
  const phases = [...new Set([...(changed.get(power) ?? []), phase])];
  changed.set(power, phases);
  const which = andList(phases);
  const subject = `Diplomacy game ${game.name}: the GM changed the orders of ${name}`;
  const body =
    `The GM of game '${game.name}' has entered or changed the orders of ${name} for ${which}.\n` +
    `These are the orders that stand now; send your own to replace them.\n\n${standing()}`;
  const earlier = s.mails.findIndex((m) => m.subject === subject);
  if (earlier >= 0) s.mails.splice(earlier, 1);
  s.mails.push({
    kind: 'notice',
    to: player,
    subject,
    text: renderTemplate('notice', { game: game.name, body }),
    game: { id: game.id, name: game.name },
  });
}
