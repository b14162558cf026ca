// Getting into a game and out of it: JOIN, OBSERVE, MONITOR, SIGNON, TAKEOVER, RESIGN, SIGNOFF.
import { findAccount, getAccount, type Account } from '../../store/accounts.js';
import { getGame, type Game } from '../../store/games.js';
import { findSeatByPower, getSeat, listSeats, wasEjected } from '../../store/players.js';
import { verifyPasswordSync } from '../../store/passwords.js';
import { DISORDERED, VACANT_STATUSES } from '../lifecycle/roster.js';
import { greatPowers, joinGame, resignSeat, takeOver, watchGame, type SeatResult } from '../lifecycle/seats.js';
import { seatChangeMails } from '../lifecycle/seat-news.js';
import { readTarget } from '../lifecycle/target.js';
import { coMastersOf, matchMasterPassword } from '../lifecycle/co-masters.js';
import { privateGameRefusal, splitJoinPassword } from '../lifecycle/private-game.js';
import { acceptPromotion, startWhenFull, tellGmWhenFull } from './gm-tools.js';
import { ACTING_NOTE, gmActingSignon } from './gm-orders.js';
import { isGmActing } from './session.js';
import { readSettings } from '../settings.js';
import { flushOrders } from './orders.js';
import { SignonGuard, type GuardedPassword } from '../gate/signon-guard.js';
import { copyReplyToOwner, senderAccount, type Session, type Signon } from './session.js';
import { MASK } from './secrets.js';
import { withUnlock } from '../gate/address-proof.js';
import { checkPassword } from '../gate/password-check.js';
import type { CommandItem } from './tokenize.js';
import { PASSWORD_ARGS } from './verbs.js';
import { powerName } from '../../core/map/display-names.js';
import { currentPhase } from '../../store/phases.js';
import { boardAttachment } from '../board-mail.js';

const WRONG = 'wrong game, power or password';

function fail(s: Session, cmd: CommandItem, reason: string, suggestion?: string): void {
  if (namesNoGame(s, cmd)) return failUnread(s, cmd, reason);
  // The game is named, so the tokenizer's masking (every password word) is exact: the game and power stay.
  const exact = PASSWORD_ARGS[cmd.verb] !== undefined;
  const hint = suggestion && hidePasswords(cmd, suggestion);
  s.reply.reject(cmd.line, cmd.shown, hidePasswords(cmd, reason), hint, exact);
}

/** A password command whose first word is no game: perhaps the password came first (`SIGNON pw game`). */
function namesNoGame(s: Session, cmd: CommandItem): boolean {
  const first = cmd.args[0];
  return PASSWORD_ARGS[cmd.verb] !== undefined && first !== undefined && 'error' in readTarget(s.db, first);
}

/** Refuses the line without quoting any word of it: which word is the password cannot be told. */
function failUnread(s: Session, cmd: CommandItem, reason: string): void {
  const shown = [cmd.shown.split(/\s+/)[0], ...cmd.args.map(() => MASK)].join(' ');
  const quoted = cmd.args.reduce((out, word) => out.split(`"${word}"`).join(`"${MASK}"`), reason);
  const second = cmd.args[1];
  const swapped = second !== undefined && !('error' in readTarget(s.db, second));
  s.reply.reject(cmd.line, shown, swapped ? `${quoted}; write the game first, then your password` : quoted);
}

/**
 * A reason never quotes a word the command line hides: the word read as a power in `JOIN game pw
 * joinpw` (a join password sent to a game that has none) is a password all the same.
 */
function hidePasswords(cmd: CommandItem, text: string): string {
  const hidden = (PASSWORD_ARGS[cmd.verb] ?? []).map((i) => cmd.args[i]).filter((w): w is string => Boolean(w));
  return hidden.reduce((out, word) => out.split(`"${word}"`).join(`"${MASK}"`), text);
}

/**
 * Runs a seat change as the sender's account, creating the account if need be, inside a savepoint:
 * when the change is refused, nothing of it stays, not even a new account for a stranger's address.
 * Each seat gets its own password, so no password is checked here and none can be guessed.
 */
function withSenderAccount(s: Session, change: (account: Account) => SeatResult): SeatResult {
  return changeAsSender(s, change);
}

function changeAsSender(s: Session, change: (account: Account) => SeatResult): SeatResult {
  let result: SeatResult | null = null;
  try {
    s.db.transaction(() => {
      result = change(senderAccount(s));
      if ('error' in result) throw result;
    })();
  } catch (thrown) {
    if (thrown !== result) throw thrown;
  }
  return result as unknown as SeatResult;
}

export function join(s: Session, cmd: CommandItem): void {
  flushOrders(s);
  const [where, password, ...after] = cmd.args;
  if (!where || !password) return fail(s, cmd, 'JOIN needs a game and a password: JOIN <game> <password> [power]');
  const target = readTarget(s.db, where);
  if ('error' in target) return fail(s, cmd, target.error);
  // JOIN master@game pw code (or JOIN game pw MASTER code): a promoted co-GM accepts.
  if (target.who.kind === 'master') return acceptPromotion(s, cmd, target.game, password, after[0]);
  if (/^(master|gm)$/i.test(after[0] ?? '')) return acceptPromotion(s, cmd, target.game, password, after[1]);
  const { extra, joinPassword } = splitJoinPassword(target.game, after);
  const usage = `JOIN ${target.game.name} <your password> [power] <join password>`;
  const closed = privateGameRefusal(s, target.game, joinPassword, usage);
  if (closed) return fail(s, cmd, closed);
  const powerWord = extra[0];
  let power: string | null = target.who.kind === 'power' ? target.who.power : null;
  if (powerWord) {
    const named = readTarget(s.db, `${powerWord}@${target.game.name}`);
    if ('error' in named || named.who.kind !== 'power')
      return fail(s, cmd, `"${powerWord}" is not a power of ${target.variant.title}`);
    power = named.who.power;
  }
  const result = withSenderAccount(s, (account) =>
    joinGame(s.db, target.game, target.variant, account, password, power),
  );
  if ('error' in result) return fail(s, cmd, result.error);
  s.touched.add(target.game.id);
  const which = power ? ` as ${powerName(target.variant, power)}` : '';
  const starts = readSettings(target.game.settings).autoStart ? 'the last power is taken' : 'the GM sends ACTIVATE';
  const example = greatPowers(target.variant)
    .slice(0, 2)
    .map((p) => powerName(target.variant, p))
    .join(', ');
  const prefer =
    `SET PREFERENCE ${example}, ... (in this mail, or later after SIGNON ${target.game.name} <password>) ` +
    'says which powers you want';
  const assigned = power
    ? `The game starts when ${starts}.`
    : `Powers are assigned when the game starts (when ${starts}); ${prefer}.`;
  s.reply.ok(`You joined game ${target.game.name}${which} (${result.note}). ${assigned}`);
  // RULE AUTOSTART starts the game once the whole mail is read: a SET PREFERENCE after the JOIN counts.
  s.afterOrders.push(() => startOnceRead(s, target.game, target.variant, result.seat.id));
  signOnToNewSeat(s, target.game, target.variant, result.seat.id);
}

/** The last JOIN's mail is read: a game under RULE AUTOSTART starts, and the joiner hears his power. */
function startOnceRead(s: Session, game: Game, variant: Signon['variant'], seatId: number): void {
  const now = getGame(s.db, game.id) ?? game;
  tellGmWhenFull(s, now);
  if (!startWhenFull(s, now)) return;
  const power = getSeat(s.db, seatId)?.power;
  if (!power) return;
  s.reply.ok(`You play ${powerName(variant, power)} in game ${game.name}.`);
  if (s.signon?.seatId === seatId) signOnToNewSeat(s, game, variant, seatId);
}

/**
 * A JOIN, OBSERVE or MONITOR signs its sender on to the seat it took, as TAKEOVER does: the lines after
 * it in the same mail (SET PREFERENCE, SET ZONE, ...) are his, as after a SIGNON.
 */
function signOnToNewSeat(s: Session, game: Game, variant: Signon['variant'], seatId: number): void {
  const seat = getSeat(s.db, seatId);
  if (!seat) return;
  s.signon = { game: getGame(s.db, game.id) ?? game, variant, role: seat.role, power: seat.power, seatId };
  s.signonFailed = false;
}

export function watch(s: Session, cmd: CommandItem, role: 'observer' | 'monitor'): void {
  const [where, password, joinPassword] = cmd.args;
  if (!where || !password) return fail(s, cmd, `${cmd.word} needs a game and a password`);
  const target = readTarget(s.db, where);
  if ('error' in target) return fail(s, cmd, target.error);
  const usage = `${cmd.word} ${target.game.name} <your password> <join password>`;
  const closed = privateGameRefusal(s, target.game, joinPassword ?? null, usage);
  if (closed) return fail(s, cmd, closed);
  const result = withSenderAccount(s, (account) => watchGame(s.db, target.game, account, password, role));
  if ('error' in result) return fail(s, cmd, result.error);
  flushOrders(s);
  signOnToNewSeat(s, target.game, target.variant, result.seat.id);
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
  const guard = new SignonGuard(s.db, s.sender, Date.parse(s.now), s.origin, s.addressProven);
  // Looked up, never created: a failed SIGNON from a stranger leaves no account behind.
  const account = findAccount(s.db, s.sender);
  const senderId = account?.id ?? null;
  if (who.kind === 'master') {
    // The game password, or a co-GM's own (PROMOTE).
    let matched: Signon['gm'];
    const isMaster = (pw: string) =>
      (matched = matchMasterPassword(readSettings(game.settings), pw, senderId)) !== undefined;
    const verdict = checkMasterPassword(s, guard, game, password, isMaster);
    return verdict === true ? { game, variant, role: 'master', power: null, seatId: null, gm: matched } : verdict;
  }
  // DPjudge: a master password on a power's SIGNON signs the GM on as that power, to enter its orders.
  let asGm: Signon['gm'];
  const gmMayAct = who.kind === 'power' && game.status !== 'forming';
  const isMaster = (pw: string) =>
    gmMayAct && (asGm = matchMasterPassword(readSettings(game.settings), pw, senderId)) !== undefined;
  const gmSignon = (): Signon | string =>
    gmActingSignon(s.db, game, variant, who.kind === 'power' ? who.power : '', asGm);
  const seat =
    who.kind === 'power'
      ? findSeatByPower(s.db, game.id, who.power)
      : listSeats(s.db, game.id).find(
          (x) => x.accountId === account?.id && (who.kind === 'self' || x.role !== 'player'),
        );
  if (!seat) {
    if (who.kind === 'power' && game.status === 'forming')
      return `powers are assigned when ${game.name} starts; until then sign on with SIGNON ${game.name} <password>`;
    return gmMayAct ? gmPowerSignon(s, guard, game, password, isMaster, gmSignon) : noSeat(s, guard);
  }
  if (seat.role === 'player' && VACANT_STATUSES.has(seat.status) && seat.accountId !== account?.id) {
    return gmMayAct ? gmPowerSignon(s, guard, game, password, isMaster, gmSignon) : noSeat(s, guard);
  }
  const owner = getAccount(s.db, seat.accountId);
  const seatName = seat.power ? powerName(variant, seat.power) : `your ${seat.role} seat`;
  const guarded = { key: `seat:${seat.id}`, owner: owner?.address ?? null, ownerAccountId: seat.accountId };
  // One slow hash a SIGNON: the GM's (or a co-GM's) own address is checked for his master password,
  // anyone else's for the seat's.
  const fromMaster = senderId !== null && masterAccountIds(game).includes(senderId);
  const isSeats = (pw: string) =>
    fromMaster ? isMaster(pw) : Boolean(seat.passwordHash && verifyPasswordSync(pw, seat.passwordHash));
  const what = `${seatName} in game ${game.name}`;
  const verdict = checkPassword(s, guard, game, { target: guarded, password, check: isSeats, what, wrong: WRONG });
  if (verdict !== true) return verdict;
  if (asGm) return gmSignon();
  if (seat.role === 'player' && seat.status === 'resigned') {
    const power = seat.power ? powerName(variant, seat.power) : 'your seat';
    // An ejected player's seat is resigned too; telling him he resigned would be false.
    if (seat.accountId !== null && wasEjected(s.db, game.id, seat.accountId))
      return `the GM ejected you from ${power} in ${game.name}; ask the GM if you think this is a mistake`;
    return `you resigned ${power} in ${game.name}`;
  }
  if (seat.role === 'player' && seat.status === DISORDERED)
    return (
      `${seatName} is in permanent civil disorder in ${game.name}: you receive its results, but nobody acts for ` +
      `it any more`
    );
  return { game, variant, role: seat.role, power: seat.power, seatId: seat.id };
}

/** The accounts that hold a master password of the game: its GM and co-GMs. */
function masterAccountIds(game: Game): number[] {
  const co = coMastersOf(readSettings(game.settings)).map((c) => c.accountId);
  return game.gmAccountId === null ? co : [game.gmAccountId, ...co];
}

/** The GM's password (or a co-GM's), checked under the guard. */
function checkMasterPassword(
  s: Session,
  guard: SignonGuard,
  game: Game,
  password: string,
  isMaster: (pw: string) => boolean,
): true | string {
  const target = masterTarget(s, game);
  const what = `the GM password of game ${game.name}`;
  return checkPassword(s, guard, game, { target, password, check: isMaster, what, wrong: WRONG });
}

/** A SIGNON naming no seat of the sender's: there is no password to check, but it counts as a wrong guess. */
function noSeat(s: Session, guard: SignonGuard): string {
  const refusal = guard.refusal(null);
  if (refusal === null) guard.failed(null);
  return refusal ? withUnlock(s, refusal) : WRONG;
}

/** The GM's SIGNON to a power that has no player of the sender's: only a master password opens it. */
function gmPowerSignon(
  s: Session,
  guard: SignonGuard,
  game: Game,
  password: string,
  isMaster: (pw: string) => boolean,
  signon: () => Signon | string,
): Signon | string {
  const verdict = checkMasterPassword(s, guard, game, password, isMaster);
  return verdict === true ? signon() : verdict;
}

/**
 * The master password as the guard sees it: the GM's, or, when a co-GM writes from his own address,
 * his. Each is then let through by his own known paths while forged guesses pile up on the game's
 * master passwords, so a forger can lock out neither the GM nor a co-GM.
 */
function masterTarget(s: Session, game: Game): GuardedPassword {
  const key = `master:${game.id}`;
  const sender = findAccount(s.db, s.sender);
  if (sender && coMastersOf(readSettings(game.settings)).some((c) => c.accountId === sender.id))
    return { key, owner: sender.address, ownerAccountId: sender.id };
  const gm = game.gmAccountId === null ? null : (getAccount(s.db, game.gmAccountId)?.address ?? null);
  return { key, owner: gm, ownerAccountId: game.gmAccountId };
}

export function signon(s: Session, cmd: CommandItem): void {
  flushOrders(s);
  const result = authenticate(s, cmd);
  if (typeof result === 'string') {
    s.signon = null;
    s.signonFailed = true;
    return fail(s, cmd, result);
  }
  s.signon = { ...result, proof: 'password' };
  s.signonFailed = false;
  // "SIGNON germany@g pw A Kie - Hol": the order after the password would otherwise vanish without a word.
  if (cmd.args.length > 2)
    s.reply.reject(
      cmd.line,
      cmd.shown,
      `signed on, but the words after the password were not read ("${cmd.args.slice(2).join(' ')}"): ` +
        'write each order on a line of its own under the SIGNON',
    );
  const as = result.role === 'master' ? 'GM' : result.power ? powerName(result.variant, result.power) : result.role;
  if (isGmActing(result)) {
    s.reply.ok(`Signed on to game ${result.game.name} as the GM acting for ${as}: ${ACTING_NOTE}`);
  } else s.reply.ok(`Signed on to game ${result.game.name} as ${as}.`);
  warnOwner(s, result, as);
}

/**
 * Both classic judges copy the reply to the address on record when a SIGNON comes from another one:
 * a stolen password then cannot be used without the owner seeing what was done in his name.
 */
function warnOwner(s: Session, on: Signon, as: string): void {
  const master = on.gm ? (on.gm.coMasterAccountId ?? on.game.gmAccountId) : null;
  const owner = on.gm ? master : on.seatId === null ? null : (getSeat(s.db, on.seatId)?.accountId ?? null);
  copyReplyToOwner(s, owner, on.game, as);
}

export function takeover(s: Session, cmd: CommandItem): void {
  flushOrders(s);
  const [where, password, joinPassword] = cmd.args;
  if (!where || !password) return fail(s, cmd, 'TAKEOVER needs two words: TAKEOVER france@game password');
  const target = readTarget(s.db, where);
  if ('error' in target) return fail(s, cmd, target.error);
  if (target.who.kind !== 'power') return fail(s, cmd, 'TAKEOVER names the power: TAKEOVER france@game password');
  const usage = `TAKEOVER ${where} <your password> <join password>`;
  const closed = privateGameRefusal(s, target.game, joinPassword ?? null, usage);
  if (closed) return fail(s, cmd, closed);
  const power = target.who.power;
  const before = findSeatByPower(s.db, target.game.id, power);
  const result = withSenderAccount(s, (account) =>
    takeOver(s.db, target.game, target.variant, power, account, password),
  );
  if ('error' in result) return fail(s, cmd, result.error);
  s.touched.add(target.game.id);
  s.signon = {
    game: target.game,
    variant: target.variant,
    role: 'player',
    power: target.who.power,
    seatId: result.seat.id,
  };
  s.signonFailed = false;
  const name = powerName(target.variant, target.who.power);
  s.reply.ok(`You took over ${name} in game ${target.game.name} and are signed on as ${name}.`);
  // The board he takes over, as it stands: the picture a results mail would have shown him.
  const open = currentPhase(s.db, target.game.id);
  if (open) s.attachments.push(...boardAttachment(target.game, open.phase, false));
  const replaced = before && before.accountId !== result.seat.accountId ? before : null;
  s.mails.push(
    ...seatChangeMails(s.db, target.game, target.variant, {
      // A player taking back his own power (in civil disorder after the grace period) is no new player.
      change: replaced ? 'takeover' : 'revive',
      power,
      formerAccountId: replaced?.accountId,
      wasPlayed: replaced?.status === 'cd',
      newAccountId: result.seat.accountId,
    }),
  );
}

export function resign(s: Session, cmd: CommandItem): void {
  if (cmd.args.length >= 2) {
    flushOrders(s);
    const result = authenticate(s, cmd);
    if (typeof result === 'string') return fail(s, cmd, result);
    s.signon = { ...result, proof: 'password' };
    warnOwner(s, result, result.power ? powerName(result.variant, result.power) : result.role);
  }
  const on = s.signon;
  if (!on || on.seatId === null)
    return fail(s, cmd, 'RESIGN needs a seat: RESIGN france@game password, or RESIGN after SIGNON');
  const seat = listSeats(s.db, on.game.id).find((x) => x.id === on.seatId);
  if (!seat) return fail(s, cmd, 'your seat is gone already');
  flushOrders(s);
  resignSeat(s.db, on.game, seat);
  s.touched.add(on.game.id);
  const what = on.power
    ? powerName(on.variant, on.power)
    : on.role === 'player'
      ? 'your place'
      : `your ${on.role} seat`;
  const vacant = on.game.status !== 'forming' && on.power ? ' The power is vacant until someone takes it over.' : '';
  s.reply.ok(`You resigned ${what} in game ${on.game.name}.${vacant}`);
  const gm = on.game.gmAccountId === null ? null : getAccount(s.db, on.game.gmAccountId)?.address;
  if (on.role === 'player' && on.power && on.game.status !== 'forming') {
    s.mails.push(
      ...seatChangeMails(s.db, on.game, on.variant, {
        change: 'resign',
        power: on.power,
        formerAccountId: seat.accountId,
      }),
    );
  } else if (gm && on.role === 'player')
    s.mails.push({
      kind: 'notice',
      to: gm,
      subject: `Diplomacy game ${on.game.name}: resignation`,
      // To the GM: the player by address, and his chosen power if he had one ("your place" is the player's word).
      text: `${resignerToGm(s, on, seat.accountId)} left game ${on.game.name} before its start.\n`,
      game: { id: on.game.id, name: on.game.name },
    });
  s.signon = null;
}

export function signoff(s: Session): void {
  s.ended = true;
}

/** "bob@example.org (who had chosen France)": who left a forming game, as the GM is told. */
function resignerToGm(s: Session, on: Signon, accountId: number | null): string {
  const address = accountId === null ? null : getAccount(s.db, accountId)?.address;
  const chosen = on.power ? ` (who had chosen ${powerName(on.variant, on.power)})` : '';
  return `The player ${address ?? 'of a seat'}${chosen}`;
}
