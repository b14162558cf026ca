// Telling the table when a power changes hands: RESIGN, EJECT, CD, REVIVE, TAKEOVER. Everyone who
// plays or observes the game learns which power changed, never who played it or who plays it now;
// the GM and co-GMs get the same notice with a line naming the addresses (as their ROSTER does). The
// player the change concerns (ejected, put in civil disorder, given his power back, replaced) is
// told in a mail of his own. Under RULE QUIET (gunboat) only the GMs and that player are told.
import type { Variant } from '../../core/map/variant.js';
import type { OutgoingMail } from '../../mail/types.js';
import type { Db } from '../../store/database.js';
import type { Game } from '../../store/games.js';
import { listSeats } from '../../store/players.js';
import { readSettings } from '../settings.js';
import { renderTemplate } from '../template.js';
import { coMasterAddresses, masterAddresses } from './co-masters.js';
import { takeoverCommand } from './private-game.js';
import { recordSeatChange } from './replacements.js';
import { addressOf, seatAddress, unique } from './roster.js';
import { powerName } from '../../core/map/display-names.js';

/** lapsed: civil disorder after the grace period (LATE CD), the judge's doing, not the GM's. */
export type SeatChange = 'resign' | 'eject' | 'cd' | 'lapsed' | 'revive' | 'takeover';

export interface SeatChangeNews {
  change: SeatChange;
  power: string;
  /** The player the change concerns: who resigned, was ejected, put in CD, revived, or replaced. */
  formerAccountId?: number | null;
  /** TAKEOVER: the newcomer, who has his reply already. */
  newAccountId?: number | null;
  /** The former player still held the seat (one who resigned or was ejected before is gone already). */
  wasPlayed?: boolean;
}

const DEFAULTS = 'its units get default orders (units hold, retreats disband, no builds)';

/** Players who still receive the results, observers, the GM and co-GMs; monitors receive results only. */
export function tableAddresses(db: Db, game: Game): string[] {
  const seats = listSeats(db, game.id).filter((s) => s.role !== 'monitor');
  const masters = [addressOf(db, game.gmAccountId), ...coMasterAddresses(db, game)];
  return unique([...seats.map((s) => seatAddress(db, s)), ...masters]);
}

function tableText(game: Game, name: string, news: SeatChangeNews): string {
  const where = `in game '${game.name}'`;
  const vacant = `${name} is vacant: ${DEFAULTS} until a new player takes it over.`;
  const takeover = `Anyone may take it over: ${takeoverCommand(game, news.power)}.`;
  switch (news.change) {
    case 'resign':
      return [`The player of ${name} has resigned from game '${game.name}'.`, vacant, takeover].join('\n');
    case 'eject':
      return [`The GM has removed the player of ${name} from game '${game.name}'.`, vacant, takeover].join('\n');
    case 'cd':
      return [
        `The GM has put ${name} in civil disorder ${where}: ${DEFAULTS}`,
        'until the GM gives it back to its player (REVIVE) or a new player takes it over.',
        takeover,
      ].join('\n');
    case 'lapsed':
      return [
        `${name} sent no orders by the end of the grace period ${where} and is in civil disorder:`,
        `${DEFAULTS} until its player or a new one takes it over.`,
        takeover,
      ].join('\n');
    case 'revive':
      return `${name} ${where} is played again by its player.`;
    case 'takeover':
      return `${name} ${where} has a new player.`;
  }
}

function ownText(game: Game, name: string, change: SeatChange): string | null {
  const where = `in game '${game.name}'`;
  switch (change) {
    case 'eject':
      return [
        `The GM has ejected you from game '${game.name}', where you played ${name}.`,
        'You no longer play in it and receive no more of its mail. Ask the GM if you think this is a mistake.',
      ].join('\n');
    case 'cd':
      return [
        `The GM has put your power, ${name}, in civil disorder ${where}: ${DEFAULTS}.`,
        `You still receive the results. The GM may give ${name} back to you (REVIVE);`,
        'until then anyone may take it over.',
      ].join('\n');
    case 'revive':
      return [
        `The GM has given ${name} ${where} back to you:`,
        `please send your orders again (SIGNON ${game.name} <your password>).`,
      ].join('\n');
    case 'takeover':
      return `${name} ${where} was taken over by a new player: you no longer play it, and receive no more of its mail.`;
    case 'resign':
    case 'lapsed':
      // Told already: the reply to his RESIGN, the grace-over notice.
      return null;
  }
}

const SUBJECT: Record<SeatChange, string> = {
  resign: 'resigned',
  eject: 'player removed',
  cd: 'in civil disorder',
  lapsed: 'in civil disorder',
  revive: 'played again',
  takeover: 'taken over',
};

/** "[For the GM: new@x took France over from old@x.]": the addresses the table is never told. */
function gmLine(db: Db, name: string, news: SeatChangeNews): string {
  const former = addressOf(db, news.formerAccountId ?? null);
  const newcomer = addressOf(db, news.newAccountId ?? null);
  const said: Record<SeatChange, string | null> = {
    takeover: newcomer && `${newcomer} took ${name} over${former && former !== newcomer ? ` from ${former}` : ''}`,
    resign: former && `${former} resigned ${name}`,
    eject: former && `${former} was removed from ${name}`,
    cd: former && `the player of ${name} is ${former}`,
    lapsed: former && `the player of ${name} is ${former}`,
    revive: former && `the player of ${name} is ${former}`,
  };
  const line = said[news.change];
  return line ? `[For the GM only: ${line}.]` : '';
}

/** The mails a change of player causes: one to the table (Bcc), one to the GMs, one to the player it concerns. */
export function seatChangeMails(db: Db, game: Game, variant: Variant, news: SeatChangeNews): OutgoingMail[] {
  // Every change of player is told from here, so it is recorded here too: SUMMARY and HISTORY list them.
  recordSeatChange(db, game.id, news.power, news.change);
  const name = powerName(variant, news.power);
  const subject = `Diplomacy game ${game.name}: ${name} ${SUBJECT[news.change]}`;
  const ref = { id: game.id, name: game.name };
  const former = news.wasPlayed === false ? null : addressOf(db, news.formerAccountId ?? null);
  const own = former ? ownText(game, name, news.change) : null;
  const toldAlready = own || news.change === 'lapsed';
  const skip = new Set(
    [toldAlready ? former : null, addressOf(db, news.newAccountId ?? null)]
      .filter(Boolean)
      .map((a) => (a as string).toLowerCase()),
  );
  const masters = new Set(masterAddresses(db, game).map((a) => a.toLowerCase()));
  const everyone = tableAddresses(db, game).filter((a) => !skip.has(a.toLowerCase()));
  const readers = everyone.filter((a) => !masters.has(a.toLowerCase()));
  const gms = everyone.filter((a) => masters.has(a.toLowerCase()));
  const mails: OutgoingMail[] = [];
  // RULE QUIET (gunboat): the table is not told; the GMs and the player concerned still are.
  if (readers.length && !readSettings(game.settings).quiet) {
    const text = renderTemplate('notice', { game: game.name, body: tableText(game, name, news) });
    mails.push({ kind: 'notice', bcc: readers, subject, text, game: ref });
  }
  // The GM and co-GMs read the same notice, and who it concerns: the roster shows them addresses anyway.
  if (gms.length) {
    const body = `${tableText(game, name, news)}\n\n${gmLine(db, name, news)}`.trimEnd();
    mails.push({
      kind: 'notice',
      bcc: gms,
      subject,
      text: renderTemplate('notice', { game: game.name, body }),
      game: ref,
    });
  }
  if (own && former)
    mails.push({
      kind: 'notice',
      to: former,
      subject,
      text: renderTemplate('notice', { game: game.name, body: own }),
      game: ref,
    });
  return mails;
}
