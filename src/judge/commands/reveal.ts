// REVEAL (DPjudge): the GM of a RULE NO_REVEAL game shows, once the game is over, who played which
// power — each player and each replacement — to everyone who reads the game. From then on SUMMARY
// shows the addresses as in any finished game. Never before the end, never twice.
import { getAccount } from '../../store/accounts.js';
import { setGameSettings } from '../../store/games.js';
import { listSeats } from '../../store/players.js';
import { powerName } from '../../core/map/display-names.js';
import { gameNotice } from '../lifecycle/roster.js';
import { replacementsOf } from '../lifecycle/replacements.js';
import { readSettings } from '../settings.js';
import { variantOf } from '../variants.js';
import { asMaster } from './master.js';
import type { Session } from './session.js';
import type { CommandItem } from './tokenize.js';

export function reveal(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const game = on.game;
    const settings = readSettings(game.settings);
    if (cmd.args.length) return fail('REVEAL takes no words: it reveals the players of the game you signed on to');
    if (!settings.noReveal)
      return fail(`game ${game.name} has no RULE NO_REVEAL: SUMMARY shows its players at the end`);
    if (game.status !== 'completed' && game.status !== 'terminated')
      return fail(`game ${game.name} is ${game.status}: REVEAL waits for the end of the game`);
    if (settings.revealed) return fail(`the players of game ${game.name} were revealed already`);
    setGameSettings(s.db, game.id, { ...settings, revealed: true });
    const text = revealText(s, game.id, game.variant, settings);
    const notice = gameNotice(s.db, game, `Diplomacy game ${game.name}: the players revealed`, text);
    if (notice) s.mails.push(notice);
    s.reply.ok(`The players of game ${game.name} are revealed to everyone who reads it; SUMMARY now shows them.`);
  });
}

function revealText(s: Session, gameId: number, variantId: string, settings: ReturnType<typeof readSettings>): string {
  const variant = variantOf(variantId);
  const address = (accountId: number) => getAccount(s.db, accountId)?.address ?? '?';
  const name = (power: string | null) => (power ? powerName(variant, power) : 'unassigned');
  const rank = new Map(variant.powers.map((p, i) => [p.id, i]));
  const seats = listSeats(s.db, gameId)
    .filter((x) => x.role === 'player')
    .sort((a, b) => (rank.get(a.power ?? '') ?? 0) - (rank.get(b.power ?? '') ?? 0));
  const width = Math.max(12, ...seats.map((x) => name(x.power).length + 1));
  const lines = ['The game is over, and the GM has revealed who played which power:', ''];
  for (const seat of seats) lines.push(`  ${name(seat.power).padEnd(width)} ${address(seat.accountId)}`);
  const replacements = replacementsOf(settings);
  if (replacements.length) lines.push('', 'Replacements:');
  for (const r of replacements)
    lines.push(`  ${name(r.power)} in ${r.phase}: ${address(r.fromAccountId)} replaced by ${address(r.toAccountId)}`);
  return lines.join('\n');
}
