// What a game is waiting for, in one line, for the judgekeeper's `chancery status`: a deadline, late
// players in their grace period, or its GM (to FORM, ACTIVATE, RESUME, or to decide after the grace
// period) — never a bare "not running" for a game that only waits for someone to act.
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { currentPhase } from '../store/phases.js';
import { listSeats } from '../store/players.js';
import { formatDeadline, gameZone, phaseClock } from './lifecycle/deadlines.js';
import { greatPowers } from './lifecycle/seats.js';
import { readSettings } from './settings.js';
import { variantOf } from './variants.js';

export function gameWaitsFor(db: Db, game: Game): string {
  const zone = gameZone(game);
  if (game.status === 'completed' || game.status === 'terminated') return `over (${game.status})`;
  if (game.status === 'paused') return 'paused: waits for the GM to RESUME it';
  if (game.status === 'forming') {
    if (!readSettings(game.settings).open) return 'not open yet: waits for the GM to FORM it';
    const needed = greatPowers(variantOf(game.variant)).length;
    const players = listSeats(db, game.id).filter((s) => s.role === 'player').length;
    if (players < needed) return `waits for players: ${players} of ${needed} joined`;
    return `full: waits for the GM to ACTIVATE it`;
  }
  const record = currentPhase(db, game.id);
  if (!record || record.result) return 'waits for the GM: no phase is open';
  if (readSettings(game.settings).awaitingRelease === record.phase)
    return `waits for the GM to release the results of ${record.phase} (RULE MANUAL_PROCESS: PROCESS)`;
  const clock = phaseClock(db, game.id, record.phase);
  if (clock.state === 'running') return `deadline ${formatDeadline(clock.deadline, zone)}`;
  if (clock.state === 'grace')
    return `deadline passed; late orders awaited until ${formatDeadline(clock.graceEnds, zone)}`;
  if (clock.state === 'overdue') return 'waits for the GM: the grace period is over (PROCESS!, CD or SET DEADLINE)';
  return 'waits for the GM: no deadline is set (SET DEADLINE or PROCESS)';
}
