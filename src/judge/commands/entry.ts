// Getting into a game and out of it: JOIN, OBSERVE, MONITOR, SIGNON, TAKEOVER, RESIGN, SIGNOFF.
import { getAccount } from '../../store/accounts.js';
import { findSeatByPower, listSeats } from '../../store/players.js';
import { verifyPasswordSync } from '../../store/passwords.js';
import { VACANT_STATUSES } from '../lifecycle/roster.js';
import { joinGame, resignSeat, takeOver, watchGame } from '../lifecycle/seats.js';
import { readTarget } from '../lifecycle/target.js';
import { readSettings } from '../settings.js';
import { flushOrders } from './orders.js';
import { senderAccount, type Session, type Signon } from './session.js';
import type { CommandItem } from './tokenize.js';

const WRONG = 'wrong game, power or password';

function fail(s: Session, cmd: CommandItem, reason: string, suggestion?: string): void {
  s.reply.reject(cmd.line, cmd.shown, reason, suggestion);
}

export function join(s: Session, cmd: CommandItem): void {
  const [where, password, powerWord] = cmd.args;
  if (!where || !password) return fail(s, cmd, 'JOIN needs a game and a password: JOIN <game> <password> [power]');
  const target = readTarget(s.db, where);
  if ('error' in target) return fail(s, cmd, target.error);
  let power: string | null = target.who.kind === 'power' ? target.who.power : null;
  if (powerWord) {
    const named = readTarget(s.db, `${powerWord}@${target.game.name}`);
    if ('error' in named || named.who.kind !== 'power') return fail(s, cmd, `"${powerWord}" is not a power of ${target.variant.title}`);
    power = named.who.power;
  }
  const result = joinGame(s.db, target.game, target.variant, senderAccount(s), password, power);
  if ('error' in result) return fail(s, cmd, result.error);
  s.touched.add(target.game.id);
  const which = power ? ` as ${target.variant.powerById.get(power)?.name}` : '';
  s.reply.ok(`You joined game ${target.game.name}${which} (${result.note}). Powers are assigned when the GM starts the game.`);
}

export function watch(s: Session, cmd: CommandItem, role: 'observer' | 'monitor'): void {
  const [where, password] = cmd.args;
  if (!where || !password) return fail(s, cmd, `${cmd.word} needs a game and a password`);
  const target = readTarget(s.db, where);
  if ('error' in target) return fail(s, cmd, target.error);
  const result = watchGame(s.db, target.game, senderAccount(s), password, role);
  if ('error' in result) return fail(s, cmd, result.error);
  s.reply.ok(
    role === 'observer'
      ? `You observe game ${target.game.name}: you receive its results and its public press.`
      : `You monitor game ${target.game.name}: you receive its results.`,
  );
}

/** Checks the credentials of a SIGNON (or of a RESIGN used instead of one). */
function authenticate(s: Session, cmd: CommandItem): Signon | string {
  const [where, password] = cmd.args;
  if (!where || !password) return 'SIGNON needs two words: SIGNON france@game password (or Fgame password)';
  const target = readTarget(s.db, where);
  if ('error' in target) return target.error;
  const { game, variant, who } = target;
  if (who.kind === 'master') {
    return verifyPasswordSync(password, readSettings(game.settings).masterPasswordHash)
      ? { game, variant, role: 'master', power: null, seatId: null }
      : WRONG;
  }
  const account = senderAccount(s);
  const seat =
    who.kind === 'power'
      ? findSeatByPower(s.db, game.id, who.power)
      : listSeats(s.db, game.id).find((x) => x.accountId === account.id && (who.kind === 'self' || x.role !== 'player'));
  if (!seat) {
    if (who.kind === 'power' && game.status === 'forming') return `powers are assigned when ${game.name} starts; until then sign on with SIGNON ${game.name} <password>`;
    return WRONG;
  }
  if (seat.role === 'player' && VACANT_STATUSES.has(seat.status) && seat.accountId !== account.id) return WRONG;
  const hash = getAccount(s.db, seat.accountId)?.passwordHash;
  if (!hash || !verifyPasswordSync(password, hash)) return WRONG;
  if (seat.role === 'player' && seat.status === 'resigned') return `you resigned ${variant.powerById.get(seat.power ?? '')?.name ?? 'your seat'} in ${game.name}`;
  return { game, variant, role: seat.role, power: seat.power, seatId: seat.id };
}

export function signon(s: Session, cmd: CommandItem): void {
  flushOrders(s);
  const result = authenticate(s, cmd);
  if (typeof result === 'string') {
    s.signon = null;
    s.signonFailed = true;
    return fail(s, cmd, result);
  }
  s.signon = result;
  s.signonFailed = false;
  const as = result.role === 'master' ? 'GM' : result.power ? (result.variant.powerById.get(result.power)?.name ?? result.power) : result.role;
  s.reply.ok(`Signed on to game ${result.game.name} as ${as}.`);
}

export function takeover(s: Session, cmd: CommandItem): void {
  flushOrders(s);
  const [where, password] = cmd.args;
  if (!where || !password) return fail(s, cmd, 'TAKEOVER needs two words: TAKEOVER france@game password');
  const target = readTarget(s.db, where);
  if ('error' in target) return fail(s, cmd, target.error);
  if (target.who.kind !== 'power') return fail(s, cmd, 'TAKEOVER names the power: TAKEOVER france@game password');
  const result = takeOver(s.db, target.game, target.variant, target.who.power, senderAccount(s), password);
  if ('error' in result) return fail(s, cmd, result.error);
  s.touched.add(target.game.id);
  s.signon = { game: target.game, variant: target.variant, role: 'player', power: target.who.power, seatId: result.seat.id };
  s.signonFailed = false;
  const name = target.variant.powerById.get(target.who.power)?.name;
  s.reply.ok(`You took over ${name} in game ${target.game.name} and are signed on as ${name}.`);
  const gm = target.game.gmAccountId === null ? null : getAccount(s.db, target.game.gmAccountId)?.address;
  if (gm) s.mails.push({ kind: 'notice', to: gm, subject: `Diplomacy game ${target.game.name}: ${name} taken over`, text: `${name} in game ${target.game.name} has a new player.\n`, game: { id: target.game.id, name: target.game.name } });
}

export function resign(s: Session, cmd: CommandItem): void {
  if (cmd.args.length >= 2) {
    flushOrders(s);
    const result = authenticate(s, cmd);
    if (typeof result === 'string') return fail(s, cmd, result);
    s.signon = result;
  }
  const on = s.signon;
  if (!on || on.seatId === null) return fail(s, cmd, 'RESIGN needs a seat: RESIGN france@game password, or RESIGN after SIGNON');
  const seat = listSeats(s.db, on.game.id).find((x) => x.id === on.seatId);
  if (!seat) return fail(s, cmd, 'your seat is gone already');
  flushOrders(s);
  resignSeat(s.db, on.game, seat);
  s.touched.add(on.game.id);
  const what = on.power ? on.variant.powerById.get(on.power)?.name : on.role === 'player' ? 'your place' : `your ${on.role} seat`;
  s.reply.ok(`You resigned ${what} in game ${on.game.name}.${on.game.status !== 'forming' && on.power ? ' The power is vacant until someone takes it over.' : ''}`);
  const gm = on.game.gmAccountId === null ? null : getAccount(s.db, on.game.gmAccountId)?.address;
  if (gm && on.role === 'player') s.mails.push({ kind: 'notice', to: gm, subject: `Diplomacy game ${on.game.name}: resignation`, text: `${what} resigned from game ${on.game.name}.\n`, game: { id: on.game.id, name: on.game.name } });
  s.signon = null;
}

export function signoff(s: Session): void {
  s.ended = true;
}
