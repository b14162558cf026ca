// Proof of address. A From line is whatever the sender typed, so a mail proves its address only by a
// password of an existing seat in that same mail, or by answering a code the judge mailed to the
// address: only someone who reads that address's mail can know it.
//
// - An address new to the judge (JOIN, OBSERVE, MONITOR, TAKEOVER, CREATE from it) is "unproven": it gets
//   replies and nothing else — no results, press or notices — and its seats do not count toward
//   starting a game, until it sends CONFIRM <code> with the code its reply carried.
// - A seat or GM password refused for too many wrong guesses (someone else guessing under the owner's
//   From) is checked again once the mail carries a CONFIRM of the code the refusal mailed to the
//   address: a forger cannot lock the owner out, because the code only ever goes to the owner.
// - SET ADDRESS moves a seat only when the new address confirms the code mailed to it.
import { randomInt } from 'node:crypto';
import type { OutgoingMail } from '../../mail/types.js';
import {
  ensureAccount,
  findAccount,
  getAccount,
  isUnprovenAddress,
  markProven,
  unprovenAmong,
} from '../../store/accounts.js';
import { deleteAddressCode, findAddressCode, saveAddressCode } from '../../store/address-codes.js';
import type { Db } from '../../store/database.js';
import { getGame } from '../../store/games.js';
import { getSeat, listSeats, seatsOfAccount, setSeatAccount } from '../../store/players.js';
import { powerName } from '../../core/map/display-names.js';
import { variantOf } from '../variants.js';
import type { Session, Signon } from '../commands/session.js';
import type { CommandItem } from '../commands/tokenize.js';
import { unaskedMailRefusal } from './budget.js';

/** How long a mailed code may be answered. */
export const CODE_HOURS = 48;

const ADDRESS = 'address';
const moveOf = (seatId: number) => `move:${seatId}`;

function newCode(): string {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

function issueCode(s: Session, address: string, purpose: string, detail: Record<string, unknown> = {}): string {
  const code = newCode();
  const expiresAt = new Date(Date.parse(s.now) + CODE_HOURS * 3_600_000).toISOString();
  saveAddressCode(s.db, code, { address, purpose, detail, expiresAt });
  return code;
}

/** The line a reply carries to let the owner of the sender's address prove it. */
export function confirmLine(s: Session): string {
  return `CONFIRM ${issueCode(s, s.sender, ADDRESS)}`;
}

/**
 * A refusal for too many wrong passwords carries a code mailed to the From address (in this reply):
 * its owner, and nobody forging his From, can answer it and have his password checked at once.
 */
export function withUnlock(s: Session, refusal: string): string {
  if (s.addressProven || !s.sender) return refusal;
  return `${refusal}. If this address is yours, put the line ${confirmLine(s)} above this command and send it again`;
}

/**
 * Ends the reply to an address not yet proven with a fresh code: it is the only mail the address gets
 * until it answers (and, when the address was forged, the owner sees what was done in his name).
 */
export function addProofSection(s: Session): void {
  if (!s.sender || s.addressProven || !isUnprovenAddress(s.db, s.sender)) return;
  s.reply.section(
    'Confirm your address',
    `To confirm that this address is yours, send the judge a mail with this line:\n\n    ${confirmLine(s)}\n\n` +
      `(valid ${CODE_HOURS} hours; a newer code replaces it). Until then the judge sends this address nothing ` +
      `but its replies: no results, press or notices, and its seats do not count toward starting a game.\n` +
      'If you did not write to the judge, someone used your address: ignore this mail.',
  );
}

/** CONFIRM <code>: proves the sender's address, or completes a change of address to it. */
export function confirm(s: Session, cmd: CommandItem): void {
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  const code = (cmd.args[0] ?? '').trim();
  if (!code || cmd.args.length > 1) return fail('CONFIRM takes the code the judge mailed you: CONFIRM 1234-5678');
  // One code is checked a mail, with no allowance of wrong guesses that a forger could spend in the
  // owner's name: guessing one of 10^8 codes a mail, at the rate limit, within the code's 48 hours, wins
  // about once in 30,000 tries.
  if (s.codeChecked) return fail('one CONFIRM is read a mail');
  s.codeChecked = true;
  const found = findAddressCode(s.db, s.sender, code, s.now);
  if (!found)
    return fail(`no such code for ${s.sender} (a code lasts ${CODE_HOURS} hours; a newer one replaces an older)`);
  deleteAddressCode(s.db, s.sender, found.purpose);
  s.addressProven = true;
  const account = ensureAccount(s.db, s.sender);
  markProven(s.db, account.id, s.now);
  if (found.purpose === ADDRESS) {
    return s.reply.ok(`Your address ${s.sender} is confirmed.`);
  }
  const seatId = Number(found.purpose.slice('move:'.length));
  moveSeat(s, seatId, account.id);
}

/** Completes a SET ADDRESS: the seat now belongs to the sender's (just proven) address; the old one is told. */
function moveSeat(s: Session, seatId: number, accountId: number): void {
  const seat = getSeat(s.db, seatId);
  const game = seat && getGame(s.db, seat.gameId);
  if (!seat || !game) return s.reply.ok('Your address is confirmed; the seat it was to receive is gone.');
  const before = getAccount(s.db, seat.accountId)?.address;
  setSeatAccount(s.db, seatId, accountId);
  const what = seat.power ? powerName(variantOf(game.variant), seat.power) : `your ${seat.role} seat`;
  s.reply.ok(`${what} in game ${game.name} now belongs to ${s.sender} (was ${before}).`);
  if (before)
    s.mails.push({
      kind: 'notice',
      to: before,
      subject: `Diplomacy game ${game.name}: change of address`,
      text: `${what} in game ${game.name} has moved from this address to ${s.sender}, as asked by SET ADDRESS.\n`,
      game: { id: game.id, name: game.name },
    });
}

/**
 * SET ADDRESS after a SIGNON with the seat's password: mails a code to the new address, tells the old
 * one, and moves the seat only when the new address confirms (CONFIRM <code> from it).
 */
export function requestAddressMove(s: Session, on: Signon, address: string): string | null {
  const seat = on.seatId === null ? null : getSeat(s.db, on.seatId);
  if (!seat) return 'your seat is gone';
  const unasked = unaskedMailRefusal(s, address);
  if (unasked) return unasked;
  const code = issueCode(s, address, moveOf(seat.id), { from: s.sender });
  const what = on.power ? powerName(on.variant, on.power) : `the ${on.role} seat`;
  s.mails.push({
    kind: 'notice',
    to: address,
    toUnproven: true,
    subject: `Diplomacy game ${on.game.name}: confirm your address`,
    text:
      `Someone signed on as ${what} in game ${on.game.name} asked the judge to send that seat's mail here.\n` +
      `If that was you, answer from this address with the line\n\n    CONFIRM ${code}\n\n` +
      `(valid ${CODE_HOURS} hours). Otherwise ignore this mail: nothing changes.\n`,
  });
  s.reply.ok(
    `A code was mailed to ${address}: ${what} in game ${on.game.name} moves there when CONFIRM <code> comes back ` +
      `from that address (within ${CODE_HOURS} hours). Until then it stays at ${s.sender}.`,
  );
  return null;
}

/** The mails as they may go out: an address not yet proven gets replies and mails carrying its code only. */
export function onlyProvenReaders(db: Db, mails: OutgoingMail[]): OutgoingMail[] {
  // Every address of the batch asked in one query: the results of a deadline name the same game list in every copy.
  const listed = (mail: OutgoingMail) =>
    [mail.to, mail.cc, mail.bcc].flat().filter((a): a is string => a !== undefined);
  const goesAsItIs = (mail: OutgoingMail) => mail.kind === 'reply' || Boolean(mail.toUnproven);
  const checked = mails.filter((mail) => !goesAsItIs(mail));
  const refused = unprovenAmong(db, [...new Set(checked.flatMap(listed))]);
  if (!refused.size) return mails;
  const unproven = (address: string) => refused.has(address.trim().toLowerCase());
  return mails.flatMap((mail) => {
    if (goesAsItIs(mail)) return [mail];
    const keep = (value: OutgoingMail['to']) =>
      value === undefined ? undefined : (Array.isArray(value) ? value : [value]).filter((a) => !unproven(a));
    const to = keep(mail.to);
    const cc = keep(mail.cc);
    const bcc = keep(mail.bcc);
    const count = (to?.length ?? 0) + (cc?.length ?? 0) + (bcc?.length ?? 0);
    const had = [mail.to, mail.cc, mail.bcc].some((v) => v !== undefined && (!Array.isArray(v) || v.length > 0));
    if (had && count === 0) return [];
    return [{ ...mail, to, cc, bcc }];
  });
}

/** Players of a forming game whose address is not proven yet (the game does not start without them). */
export function unprovenPlayers(db: Db, gameId: number): number {
  return listSeats(db, gameId).filter((seat) => {
    if (seat.role !== 'player') return false;
    const account = getAccount(db, seat.accountId);
    return account !== null && account.provenAt === null;
  }).length;
}

/** The games whose forming seats this account holds (to re-check RULE AUTOSTART once it is proven). */
export function formingGamesOf(db: Db, address: string): number[] {
  const account = findAccount(db, address);
  if (!account) return [];
  return seatsOfAccount(db, account.id)
    .filter((seat) => seat.role === 'player' && getGame(db, seat.gameId)?.status === 'forming')
    .map((seat) => seat.gameId);
}

/** The CONFIRM line in a reply of the judge's, as a player's program (the demo, a test) reads it. */
export function confirmLineIn(reply: string): string | null {
  const section = reply.split('Confirm your address')[1];
  return section ? (/^\s*(CONFIRM \d{4}-\d{4})\s*$/m.exec(section)?.[1] ?? null) : null;
}
