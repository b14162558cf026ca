// At the deadline the whole table learns which powers are late, as DPjudge tells every player
// unless HIDE_LATE_POWERS: the late players in their own late notice, everyone else (players on
// time, observers) in one notice of their own. `RULE HIDE_LATE` keeps it between each late
// player and the GM. Powers are named, never addresses. When the grace period ends under LATE CD,
// the table learns which powers fell into civil disorder.
import type { OutgoingMail } from '../mail/types.js';
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { masterAddresses } from './lifecycle/co-masters.js';
import { takeoverCommand } from './lifecycle/private-game.js';
import { seatAddress } from './lifecycle/roster.js';
import { seatChangeMails, tableAddresses } from './lifecycle/seat-news.js';
import type { LateSeat } from './progress.js';
import { readSettings } from './settings.js';
import { renderTemplate } from './template.js';
import { variantOf } from './variants.js';
import { andList } from '../render/wrap.js';

export function lateHidden(game: Game): boolean {
  return !!readSettings(game.settings).hideLate;
}

/** For a late player's own notice: the other late powers, or '' (none, or RULE HIDE_LATE). */
export function othersLateLine(game: Game, late: LateSeat[], seat: LateSeat): string {
  if (lateHidden(game)) return '';
  const others = late.filter((l) => l.power !== seat.power).map((l) => l.name);
  return others.length ? `Orders are also missing from: ${others.join(', ')}.` : '';
}

export interface LateTimes {
  deadline: string;
  graceEnds: string;
  left: string;
  after: string;
}

/** The notice to everyone at the table who is not late (the GM has his own), or null. */
export function lateTableMail(
  db: Db,
  game: Game,
  phase: string,
  late: LateSeat[],
  times: LateTimes,
): OutgoingMail | null {
  if (lateHidden(game) || !late.length) return null;
  const skip = new Set(
    // The GM and co-GMs get their own notice of the late powers.
    [...late.map((l) => seatAddress(db, l.seat)), ...masterAddresses(db, game)].map((a) => a?.toLowerCase()),
  );
  const readers = tableAddresses(db, game).filter((a) => !skip.has(a.toLowerCase()));
  if (!readers.length) return null;
  return {
    kind: 'notice',
    bcc: readers,
    subject: `Diplomacy powers late ${game.name} ${phase}`,
    text: renderTemplate('late-powers', { game: game.name, phase, late: late.map((l) => l.name).join(', '), ...times }),
    game: { id: game.id, name: game.name },
  };
}

/**
 * LATE CD: the table learns which powers fell into civil disorder at the end of the grace period, in
 * one notice however many they are; each of their players (told of his own by the grace-over mail)
 * gets one naming the others.
 */
export function lapsedMails(db: Db, game: Game, late: LateSeat[]): OutgoingMail[] {
  const variant = variantOf(game.variant);
  if (late.length === 1) {
    const [l] = late;
    return seatChangeMails(db, game, variant, { change: 'lapsed', power: l.power, formerAccountId: l.seat.accountId });
  }
  const lapsed = new Map(late.map((l) => [seatAddress(db, l.seat)?.toLowerCase(), l.power]));
  const readers = tableAddresses(db, game).filter((a) => !lapsed.has(a.toLowerCase()));
  const mails = readers.length ? [lapsedNotice(game, late, readers)] : [];
  for (const [address, power] of lapsed) {
    if (address)
      mails.push(
        lapsedNotice(
          game,
          late.filter((l) => l.power !== power),
          [address],
        ),
      );
  }
  return mails;
}

/** One notice of the powers `late` now in civil disorder (one power: the seat-change notice's words). */
function lapsedNotice(game: Game, late: LateSeat[], bcc: string[]): OutgoingMail {
  const names = late.map((l) => l.name);
  const listed = andList(names);
  const one = late.length === 1;
  const body = [
    `${listed} sent no orders by the end of the grace period in game '${game.name}' and ${one ? 'is' : 'are'} ` +
      'in civil disorder:',
    one
      ? 'its units get default orders (units hold, retreats disband, no builds) until its player or a new one ' +
        'takes it over.'
      : 'their units get default orders (units hold, retreats disband, no builds) until their players or new ones ' +
        'take them over.',
    one
      ? `Anyone may take it over: ${takeoverCommand(game, late[0].power)}.`
      : ['Anyone may take one over:', ...late.map((l) => `  ${takeoverCommand(game, l.power)}`)].join('\n'),
  ].join('\n');
  return {
    kind: 'notice',
    bcc,
    subject: `Diplomacy game ${game.name}: ${listed} in civil disorder`,
    text: renderTemplate('notice', { game: game.name, body }),
    game: { id: game.id, name: game.name },
  };
}
