// CONFIRM <code>: the answer to a code the judge mailed (gate/address-proof.ts). An address it proves
// now counts for RULE AUTOSTART, so a game waiting only for it starts.
import { findAccount } from '../../store/accounts.js';
import { getGame } from '../../store/games.js';
import { listSeats } from '../../store/players.js';
import { powerName } from '../../core/map/display-names.js';
import { variantOf } from '../variants.js';
import { confirm, formingGamesOf } from '../gate/address-proof.js';
import { startWhenFull } from './gm-tools.js';
import type { Session } from './session.js';
import type { CommandItem } from './tokenize.js';

export function confirmCommand(s: Session, cmd: CommandItem): void {
  const before = s.addressProven;
  confirm(s, cmd);
  if (before || !s.addressProven) return;
  for (const gameId of formingGamesOf(s.db, s.sender)) {
    const game = getGame(s.db, gameId);
    if (!game || !startWhenFull(s, game)) continue;
    const account = findAccount(s.db, s.sender);
    const seat = listSeats(s.db, gameId).find((x) => x.accountId === account?.id && x.power);
    if (seat?.power) s.reply.ok(`You play ${powerName(variantOf(game.variant), seat.power)} in game ${game.name}.`);
  }
}
