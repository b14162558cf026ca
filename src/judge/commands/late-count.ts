// njudge's late count: the judge counts, per player, the deadlines he missed (tick.ts at each
// deadline with orders missing, each phase once); ROSTER and SUMMARY show it. The GM may correct it
// with SET LATE COUNT <power> <n> (a deadline missed through the judge's or the GM's fault).
import { findSeatByPower, setLateCount } from '../../store/players.js';
import { powerName } from '../../core/map/display-names.js';
import { findPower } from '../lifecycle/target.js';
import type { Session, Signon } from './session.js';

type Fail = (reason: string, suggestion?: string) => void;

const USAGE = 'SET LATE COUNT <power> <number>, e.g. SET LATE COUNT France 0';
/** A count a GM could mean: no game has more phases than this. */
const MAX_COUNT = 10_000;

export function setLateCountCommand(s: Session, on: Signon, rest: string[], fail: Fail): void {
  const [count, powerWord, number] = rest;
  if (count?.toUpperCase() !== 'COUNT' || !powerWord || number === undefined) return fail(USAGE);
  const power = findPower(on.variant, powerWord);
  if (!power) return fail(`"${powerWord}" is not a power of ${on.variant.title}: ${USAGE}`);
  const seat = findSeatByPower(s.db, on.game.id, power);
  const name = powerName(on.variant, power);
  if (!seat) return fail(`nobody plays ${name} in game ${on.game.name}`);
  if (!/^\d+$/.test(number) || Number(number) > MAX_COUNT)
    return fail(`the count is a whole number from 0 to ${MAX_COUNT}: ${USAGE}`);
  setLateCount(s.db, seat.id, Number(number));
  s.reply.ok(`${name}'s late count is now ${Number(number)} (was ${seat.lateCount}).`);
}
