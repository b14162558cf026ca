// The GM entering or correcting a power's orders: njudge's BECOME power (after SIGNON master@game),
// and DPjudge's SIGNON france@game <master password>. The orders are stored as the power's own; its
// player is told, with the orders that stand now, and the phase's results say the GM entered them.
import type { Variant } from '../../core/map/variant.js';
import type { Db } from '../../store/database.js';
import { getGame, type Game } from '../../store/games.js';
import { findSeatByPower } from '../../store/players.js';
import { DISORDERED } from '../lifecycle/roster.js';
import { findPower } from '../lifecycle/target.js';
import { flushOrders } from './orders.js';
import type { Session, Signon } from './session.js';
import type { CommandItem } from './tokenize.js';
import { powerName } from '../../core/map/display-names.js';

/** The sign-on of the GM acting for `power`, or why he may not. */
export function gmActingSignon(db: Db, game: Game, variant: Variant, power: string, gm: Signon['gm']): Signon | string {
  const name = powerName(variant, power);
  if (variant.powerById.get(power)?.kind !== 'great') return `${name} is not a power anyone plays in ${variant.title}`;
  if (game.status === 'forming') return `game ${game.name} has not started; powers have no orders yet`;
  if (findSeatByPower(db, game.id, power)?.status === DISORDERED)
    return `${name} is in permanent civil disorder: nobody orders for it`;
  return { game, variant, role: 'player', power, seatId: null, gm: gm ?? { coMasterAccountId: null } };
}

/** BECOME power (njudge): the GM, signed on, acts for a power; BECOME MASTER goes back. */
export function become(s: Session, cmd: CommandItem): void {
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  const on = s.signon;
  if (!on?.gm) return fail(`BECOME is a GM command: SIGNON master@<game> <game password> first`);
  const word = cmd.args.join(' ');
  if (!word) return fail('BECOME needs a power (or MASTER): BECOME France');
  flushOrders(s);
  const game = getGame(s.db, on.game.id) ?? on.game;
  if (/^(master|gm|m)$/i.test(word)) {
    s.signon = { game, variant: on.variant, role: 'master', power: null, seatId: null, gm: on.gm };
    return s.reply.ok(`You act as the GM of game ${game.name} again.`);
  }
  const power = findPower(on.variant, word);
  if (!power) return fail(`"${word}" is not a power of ${on.variant.title}`);
  const acting = gmActingSignon(s.db, game, on.variant, power, on.gm);
  if (typeof acting === 'string') return fail(acting);
  s.signon = acting;
  s.reply.ok(`You act for ${powerName(on.variant, power)} in game ${game.name}: ${ACTING_NOTE}`);
}

export const ACTING_NOTE =
  'the orders and DP lines that follow are stored as its own, its player is told ' +
  'and the results say the GM entered them. ' +
  'BECOME MASTER goes back.';
