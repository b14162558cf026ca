// SET ZONE: a reader's own time zone in a game, kept in the game's settings JSON by account, so it
// follows the person (SET ADDRESS keeps it) and not the seat (whoever takes a power over starts
// without it). Every mail of that game to him writes each deadline in his zone beside the game's.
//
// List mail (results, game start, deadline changes) is one mail with the game list in Bcc, so it
// cannot hold a different line per reader. The readers with a zone are therefore taken out of the
// Bcc and get a copy per zone: one mail for the readers without a zone (as before), one for each zone
// some reader chose, still Bcc, so nobody sees another reader's address, and the extra mails grow
// with the number of zones chosen, not with the number of readers. A copy's dedupe key is the list
// mail's with the zone appended, so a phase processed twice at once still sends each copy once.
import type { JudgeIdentity } from '../mail/compose.js';
import { queueMails, type QueueContext } from '../mail/queue.js';
import type { OutgoingMail } from '../mail/types.js';
import { findAccount } from '../store/accounts.js';
import { nowIso, type Db } from '../store/database.js';
import { getGame, setGameSettings, type Game } from '../store/games.js';
import type { OutboxMail } from '../store/outbox.js';
import { resolveCalendars } from './calendar/deadline-attachment.js';
import { gameZone } from './lifecycle/deadlines.js';
import { readSettings, type GameSettings } from './settings.js';
import { mentionsInstant, withReaderTimes } from './timing/reader-time.js';
import { resolveZone } from './timing/zone.js';
import { onlyProvenReaders } from './gate/address-proof.js';

/** Reader zones by account id. */
type ReaderZones = NonNullable<GameSettings['zones']>;

function zonesOf(stored: Record<string, unknown>): ReaderZones {
  return { ...(readSettings(stored).zones ?? {}) };
}

/** Records (or with null, clears) the zone of an account in a game. */
export function setReaderZone(db: Db, gameId: number, accountId: number, zone: string | null): void {
  const game = getGame(db, gameId);
  if (!game) return;
  const settings = readSettings(game.settings);
  const zones = zonesOf(game.settings);
  if (zone) zones[String(accountId)] = zone;
  else delete zones[String(accountId)];
  setGameSettings(db, gameId, { ...settings, zones });
}

export function readerZoneOf(db: Db, gameId: number, accountId: number): string | null {
  const game = getGame(db, gameId);
  return game ? (zonesOf(game.settings)[String(accountId)] ?? null) : null;
}

export interface ReaderContext {
  now: string;
  judge: JudgeIdentity;
  /** The game a mail without one is about (a reply to someone signed on to it). */
  gameId?: number | null;
}

/**
 * The mails as their readers get them: calendar files written, deadlines in each reader's own zone.
 * Call it on the mails of one transaction just before they are queued.
 */
export function forReaders(db: Db, mails: OutgoingMail[], context: ReaderContext): OutgoingMail[] {
  // Each game read once for its calendar counts and its readers' zones (the counts, written back,
  // change neither the zones nor the game's own).
  const read = new Map<number, Game | null>();
  const gameOf = (id: number): Game | null => {
    if (!read.has(id)) read.set(id, getGame(db, id));
    return read.get(id)!;
  };
  // An address not yet proven gets its replies and nothing else (gate/address-proof.ts).
  const resolved = resolveCalendars(db, onlyProvenReaders(db, mails), context.now, context.judge, gameOf);
  const zonesByGame = new Map<number, { zones: ReaderZones; gameZone: string }>();
  /** The reader's zone, unless it is the game's own (his mail is then the list mail as it is). */
  const zoneOf = (gameId: number, address: string): string | null => {
    if (!zonesByGame.has(gameId)) {
      const game = gameOf(gameId);
      const own = game ? gameZone(game) : 'UTC';
      zonesByGame.set(gameId, { zones: zonesOf(game?.settings ?? {}), gameZone: resolveZone(own) ?? own });
    }
    const { zones, gameZone: own } = zonesByGame.get(gameId)!;
    if (!Object.keys(zones).length) return null;
    const account = findAccount(db, address);
    const stored = account ? (zones[String(account.id)] ?? null) : null;
    // Zones stored before resolveZone made every spelling one name: two spellings, one copy.
    const zone = stored && (resolveZone(stored) ?? stored);
    return zone === own ? null : zone;
  };
  return resolved.flatMap((mail) => {
    const gameId = mail.game?.id ?? context.gameId ?? null;
    if (gameId === null || !mentionsInstant(mail.text)) return [mail];
    return inReaderZones(mail, (address) => zoneOf(gameId, address));
  });
}

const asList = (value: string | string[] | undefined): string[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((a) => a.trim()).filter(Boolean);

function inReaderZones(mail: OutgoingMail, zoneOf: (address: string) => string | null): OutgoingMail[] {
  const to = asList(mail.to);
  const bcc = asList(mail.bcc);
  if (!bcc.length) {
    // A mail to one reader (a reply, a reminder) is simply written for him.
    const zone = to.length === 1 ? zoneOf(to[0]) : null;
    return zone ? [{ ...mail, text: withReaderTimes(mail.text, zone) }] : [mail];
  }
  const plain: string[] = [];
  const byZone = new Map<string, string[]>();
  for (const address of bcc) {
    const zone = zoneOf(address);
    if (!zone) plain.push(address);
    else byZone.set(zone, [...(byZone.get(zone) ?? []), address]);
  }
  if (!byZone.size) return [mail];
  const copies = [...byZone].map(([zone, readers]) => ({
    ...mail,
    bcc: readers,
    text: withReaderTimes(mail.text, zone),
    dedupeKey: mail.dedupeKey === undefined ? undefined : `${mail.dedupeKey}:zone:${zone}`,
  }));
  // With every reader in a copy and nobody in To, the list mail itself would have no recipient.
  return plain.length || to.length ? [{ ...mail, bcc: plain }, ...copies] : copies;
}

/** queueMails for the judge's own mail (the clock, the command line): each reader's copy as forReaders writes it. */
export function queueForReaders(db: Db, mails: readonly OutgoingMail[], context: QueueContext): OutboxMail[] {
  // DTSTAMP is when the calendar file is written: the real time, whatever clock the caller runs on.
  return queueMails(db, forReaders(db, [...mails], { now: nowIso(db), judge: context.judge }), context);
}
