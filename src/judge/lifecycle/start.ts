// ACTIVATE: checks that the game can start, and only then assigns the powers (a shuffle seeded from
// the game seed, great powers only, honouring preference lists: preferences.ts), records the first
// phase, sets its deadline and announces it.
// It never reports success for a start that did not happen (DPjudge's ACTIVATE bug).
import { initialPosition } from '../../core/adjudicate/index.js';
import { rulesFor } from '../../core/rules/index.js';
import { phaseCode } from '../../core/types.js';
import type { OutgoingMail } from '../../mail/types.js';
import { renderPosition } from '../../render/results.js';
import type { Db } from '../../store/database.js';
import { setGameStatus, type Game } from '../../store/games.js';
import { appendPhase } from '../../store/phases.js';
import { setSeatPower, setSeatStatus } from '../../store/players.js';
import { seededShuffle } from '../seeds.js';
import { readSettings } from '../settings.js';
import { assignPowers } from './preferences.js';
import { boardAttachment } from '../board-mail.js';
import { calendarRequest } from '../calendar/deadline-attachment.js';
import { renderTemplate } from '../template.js';
import { variantOf } from '../variants.js';
import { formatDeadline, gameZone, scheduleDeadline } from './deadlines.js';
import { playerSeats, resultRecipients } from './roster.js';
import { greatPowers } from './seats.js';
import { addressOf } from './roster.js';
import { powerName } from '../../core/map/display-names.js';

/** The judge's name in the `:: Judge:` header line. */
export const JUDGE_ID = 'CHANCERY';

export type StartOutcome =
  { ok: true; mails: OutgoingMail[]; assignments: Map<string, number> } | { ok: false; error: string };

export function startGame(db: Db, game: Game, now: string): StartOutcome {
  if (game.status !== 'forming') return { ok: false, error: `game ${game.name} is ${game.status}, not forming` };
  let variant;
  try {
    variant = variantOf(game.variant);
    rulesFor(variant);
  } catch (error) {
    return { ok: false, error: `the variant cannot be played: ${(error as Error).message}` };
  }
  const powers = greatPowers(variant);
  const seats = playerSeats(db, game.id);
  if (seats.length !== powers.length) {
    return {
      ok: false,
      error: `game ${game.name} needs ${powers.length} players and has ${seats.length}; it stays forming`,
    };
  }
  const position = initialPosition(variant);

  const taken = new Set(seats.map((s) => s.power).filter((p): p is string => p !== null));
  const free = seededShuffle(
    powers.filter((p) => !taken.has(p)),
    `${game.seed}:powers`,
  );
  const unassigned = seats.filter((seat) => seat.power === null).map((seat) => seat.id);
  const dealt = assignPowers(unassigned, free, readSettings(game.settings).preferences ?? {}, game.seed);
  const assignments = new Map<string, number>();
  for (const seat of seats) {
    if (seat.power !== null) {
      assignments.set(seat.power, seat.accountId);
      continue;
    }
    const power = dealt.get(seat.id) as string;
    setSeatPower(db, seat.id, power);
    setSeatStatus(db, seat.id, 'active');
    assignments.set(power, seat.accountId);
  }
  setGameStatus(db, game.id, 'active');
  const code = phaseCode(position.phase);
  appendPhase(db, game.id, code, position);
  const deadline = scheduleDeadline(db, game, code, now);
  const body = renderTemplate('game-start', {
    game: game.name,
    variant: variant.title,
    // The template states the deadline once, below the position.
    position: renderPosition(variant, position, { game: game.name, judge: JUDGE_ID }).trimEnd(),
    deadline: formatDeadline(deadline, gameZone(game)),
  });
  const mails: OutgoingMail[] = [
    {
      kind: 'result',
      bcc: resultRecipients(db, { ...game, status: 'active' }),
      subject: `Diplomacy game ${game.name} starting`,
      text: body,
      game: { id: game.id, name: game.name },
      dedupeKey: `start:${game.name}`,
      attachments: [...boardAttachment(game, code, false), ...calendarRequest(game, code, deadline)],
    },
  ];
  for (const [power, accountId] of assignments) {
    const address = addressOf(db, accountId);
    if (!address) continue;
    const name = powerName(variant, power);
    mails.push({
      kind: 'notice',
      to: address,
      subject: `Diplomacy game ${game.name}: you are ${name}`,
      text: renderTemplate('notice', {
        game: game.name,
        body:
          `Game '${game.name}' has started and you play ${name}.\nSign on with:  SIGNON ${power}@${game.name} ` +
          `<your password>\n(or SIGNON ${variant.powerById.get(power)?.initial ?? ''}${game.name} <your password>).`,
      }),
      game: { id: game.id, name: game.name },
      dedupeKey: `power:${game.name}:${power}`,
    });
  }
  return { ok: true, mails, assignments };
}
