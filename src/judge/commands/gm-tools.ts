// The GM's tools beyond running the clock: the roster (ROSTER / WHO), co-GMs (PROMOTE / DEMOTE and the
// promoted address's JOIN), SET LIST / NOLIST, SET PRIVATE / NOPRIVATE, SET AUTOSTART / NOAUTOSTART,
// and the players' SET PREFERENCE before the start. Entering orders for a power is gm-orders.ts.
import { powerName } from '../../core/map/display-names.js';
import type { OutgoingMail } from '../../mail/types.js';
import { findAccount, getAccount } from '../../store/accounts.js';
import { getGame, setGameSettings, type Game } from '../../store/games.js';
import { hashPasswordSync, MIN_PASSWORD_LENGTH } from '../../store/passwords.js';
import { listSeats } from '../../store/players.js';
import {
  coMastersOf,
  MAX_CO_MASTERS,
  masterAddresses,
  newPromotion,
  openPromotion,
  PROMOTION_DAYS,
  PROMOTIONS_WAITING,
  waitingPromotions,
  withCoMaster,
} from '../lifecycle/co-masters.js';
import { describePreference, readPreference } from '../lifecycle/preferences.js';
import { greatPowers } from '../lifecycle/seats.js';
import { startGame } from '../lifecycle/start.js';
import { findPower } from '../lifecycle/target.js';
import { readSettings, type GameSettings } from '../settings.js';
import { renderTemplate } from '../template.js';
import { variantOf } from '../variants.js';
import { standingOf } from './orders.js';
import { rosterText } from './roster-report.js';
import { senderAccount, type Session, type Signon } from './session.js';
import { unprovenPlayers } from '../gate/address-proof.js';
import { unaskedMailRefusal } from '../gate/budget.js';
import type { CommandItem } from './tokenize.js';

type Fail = (reason: string) => void;

const ADDRESS = /^[^\s@<>,;:"()[\]]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;

/** The GM's sign-on with a fresh copy of the game, or null after saying why not. */
function gmOn(s: Session, cmd: CommandItem, fail: Fail): (Signon & { game: Game }) | null {
  const on = s.signon;
  if (!on || on.role !== 'master') {
    fail(`${cmd.word} is a GM command: SIGNON master@<game> <game password> first`);
    return null;
  }
  const game = getGame(s.db, on.game.id);
  if (!game) {
    fail('the game is gone');
    return null;
  }
  s.signon = { ...on, game };
  return s.signon;
}

function saveSettings(s: Session, game: Game, settings: GameSettings): void {
  setGameSettings(s.db, game.id, { ...settings });
  s.touched.add(game.id);
  if (s.signon?.game.id === game.id) s.signon = { ...s.signon, game: getGame(s.db, game.id) ?? game };
}

/**
 * ROSTER (WHO) [power]: the roster of the game the GM signed on to, or one power's current orders and
 * DP sheet. The GM's LIST game and STATUS show the roster too (rosterSection).
 */
export function roster(s: Session, cmd: CommandItem): void {
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  const on = gmOn(s, cmd, fail);
  if (!on) return;
  const word = cmd.args.join(' ');
  if (word && word.toLowerCase() !== on.game.name.toLowerCase()) {
    const power = findPower(on.variant, word);
    if (!power || on.variant.powerById.get(power)?.kind !== 'great')
      return fail(`"${word}" is not a power of ${on.variant.title}`);
    const standing = standingOf(s, { ...on, role: 'player', power, seatId: null });
    if (!standing) return fail(`game ${on.game.name} has no phase waiting for orders`);
    return s.reply.section(`Orders of ${powerName(on.variant, power)} in ${on.game.name}`, standing);
  }
  rosterSection(s, on.game);
}

/** The roster section of a reply to the GM. */
export function rosterSection(s: Session, game: Game): void {
  s.reply.section(`Roster of ${game.name}`, rosterText(s.db, game, variantOf(game.variant), s.now));
}

/**
 * PROMOTE address: a co-GM. The address gets a one-time code by mail and becomes co-GM only with a
 * JOIN master@game <its own password> <code> from that address, so a forged From gains nothing.
 * Only the GM who signed on with the game password may promote and demote.
 */
export function promote(s: Session, cmd: CommandItem): void {
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  const on = gmOn(s, cmd, fail);
  if (!on) return;
  if (on.gm?.coMasterAccountId) return fail(`${cmd.word} is for the GM who holds the game password, not a co-GM`);
  const address = (cmd.args[0] ?? '').trim();
  if (cmd.args.length !== 1 || !ADDRESS.test(address))
    return fail(`${cmd.word} needs one e-mail address: ${cmd.word} cogm@example.org`);
  const game = on.game;
  if (game.status === 'completed' || game.status === 'terminated') return fail(`game ${game.name} is over`);
  if (address.toLowerCase() === s.judge.address.toLowerCase())
    return fail("that is the judge's own address: name the person who is to help you");
  const account = findAccount(s.db, address);
  if (account && account.id === game.gmAccountId) return fail('that is your own address: you are the GM already');
  if (account && coMastersOf(readSettings(game.settings)).some((c) => c.accountId === account.id))
    return fail(`${address} is a co-GM of ${game.name} already`);
  if (account && listSeats(s.db, game.id).some((x) => x.accountId === account.id && x.role === 'player')) {
    return fail(`${address} plays in ${game.name}; a player cannot also be its GM`);
  }
  const settings = readSettings(game.settings);
  const others = waitingPromotions(settings, s.now).filter((p) => p.address !== address.toLowerCase());
  if (others.length >= PROMOTIONS_WAITING) {
    return fail(
      `at most ${PROMOTIONS_WAITING} co-GM promotions may wait for their JOIN at once; ` +
        'DEMOTE one of them, or wait until it is accepted or expires',
    );
  }
  if (coMastersOf(settings).length + others.length >= MAX_CO_MASTERS)
    return fail(`${game.name} may have at most ${MAX_CO_MASTERS} co-GMs, counting those still to accept`);
  const unasked = unaskedMailRefusal(s, address);
  if (unasked) return fail(unasked);
  const { code, promotion } = newPromotion(address, s.now);
  saveSettings(s, game, { ...settings, promotions: [...others, promotion] });
  const body =
    `The GM of game '${game.name}' (${variantOf(game.variant).title}) names you its co-GM.\n` +
    `To accept, send this line to the judge from this address within ${PROMOTION_DAYS} days,\n` +
    'with a password of your own:\n\n' +
    `  JOIN master@${game.name} <your password> ${code}\n\n` +
    `Then sign on with SIGNON master@${game.name} <your password> for every GM command.\n` +
    'If you do not know this game, ignore this mail: nothing happens without your JOIN.\n';
  s.mails.push({
    kind: 'notice',
    to: address,
    subject: `Diplomacy game ${game.name}: you are named co-GM`,
    text: renderTemplate('notice', { game: game.name, body }),
    game: { id: game.id, name: game.name },
  });
  s.reply.ok(
    `${address} was sent a code to accept the co-GM seat of ${game.name} (within ${PROMOTION_DAYS} days); ` +
      'you will see it in ROSTER.',
  );
}

/** DEMOTE address: the co-GM (or a promotion not yet accepted) is removed. */
export function demote(s: Session, cmd: CommandItem): void {
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  const on = gmOn(s, cmd, fail);
  if (!on) return;
  if (on.gm?.coMasterAccountId) return fail(`${cmd.word} is for the GM who holds the game password, not a co-GM`);
  const address = (cmd.args[0] ?? '').trim().toLowerCase();
  if (!address) return fail(`${cmd.word} needs the co-GM's address`);
  const settings = readSettings(on.game.settings);
  const account = findAccount(s.db, address);
  const coMasters = coMastersOf(settings).filter((c) => c.accountId !== account?.id);
  const promotions = (settings.promotions ?? []).filter((p) => p.address !== address);
  if (coMasters.length === coMastersOf(settings).length && promotions.length === (settings.promotions ?? []).length) {
    return fail(`${address} is not a co-GM of ${on.game.name}`);
  }
  saveSettings(s, on.game, { ...settings, coMasters, promotions });
  s.reply.ok(`${address} is no longer a co-GM of ${on.game.name}; its password no longer signs on.`);
  const game = on.game;
  const body = `The GM of game '${game.name}' has ended your co-GM seat; your password for it no longer signs on.`;
  // Told only within the bound of mails to an address that did not write (gate/budget.ts).
  if (unaskedMailRefusal(s, address) === null)
    s.mails.push({
      kind: 'notice',
      to: address,
      subject: `Diplomacy game ${game.name}: co-GM seat ended`,
      text: renderTemplate('notice', { game: game.name, body }),
      game: { id: game.id, name: game.name },
    });
}

/** JOIN master@game <password> <code>: the promoted address accepts, from that address, with the code mailed to it. */
export function acceptPromotion(
  s: Session,
  cmd: CommandItem,
  game: Game,
  password: string,
  code: string | undefined,
): void {
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  const settings = readSettings(game.settings);
  const usage = `JOIN master@${game.name} <your password> <the code the judge mailed you>`;
  if (!code) return fail(`to become co-GM of ${game.name}, write ${usage}`);
  const promotion = openPromotion(settings, s.sender, code, s.now);
  if (!promotion)
    return fail(
      `no promotion of ${s.sender || 'this address'} in ${game.name} matches that code (it may have expired)`,
    );
  if (password.length < MIN_PASSWORD_LENGTH) return fail(`a password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  const account = senderAccount(s);
  if (listSeats(s.db, game.id).some((x) => x.accountId === account.id && x.role === 'player'))
    return fail(`you play in ${game.name}; a player cannot also be its GM`);
  const coMasters = coMastersOf(settings).filter((c) => c.accountId !== account.id);
  if (coMasters.length >= MAX_CO_MASTERS) return fail(`${game.name} has ${MAX_CO_MASTERS} co-GMs already`);
  setGameSettings(s.db, game.id, { ...withCoMaster(settings, account.id, promotion.address, password) });
  s.touched.add(game.id);
  s.reply.ok(`You are a co-GM of ${game.name}: sign on with SIGNON master@${game.name} <your password>.`);
  const gm = game.gmAccountId === null ? null : getAccount(s.db, game.gmAccountId)?.address;
  if (gm) {
    const who = promotion.address;
    const body = `${who} accepted and is now a co-GM of game '${game.name}'. DEMOTE ${who} removes it.`;
    s.mails.push({
      kind: 'notice',
      to: gm,
      subject: `Diplomacy game ${game.name}: new co-GM`,
      text: renderTemplate('notice', { game: game.name, body }),
      game: { id: game.id, name: game.name },
    });
  }
}

/** The SET words of this module, canonical. */
export const GM_TOOL_SETTINGS = new Set([
  'LIST',
  'NOLIST',
  'PRIVATE',
  'NOPRIVATE',
  'AUTOSTART',
  'NOAUTOSTART',
  'PREFERENCE',
  'NOPREFERENCE',
]);

/** SET LIST / NOLIST / PRIVATE pw / NOPRIVATE / AUTOSTART / NOAUTOSTART (the GM's) and SET PREFERENCE (a player's). */
export function setGmTool(s: Session, cmd: CommandItem, sub: string, rest: string[]): void {
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  if (sub === 'PREFERENCE' || sub === 'NOPREFERENCE')
    return setPreference(s, sub === 'PREFERENCE' ? rest : ['*'], fail);
  const on = gmOn(s, { ...cmd, word: `SET ${sub}` }, fail);
  if (!on) return;
  const game = on.game;
  if (game.status === 'completed' || game.status === 'terminated') return fail(`game ${game.name} is over`);
  const settings = readSettings(game.settings);
  if (sub === 'LIST' || sub === 'NOLIST') {
    saveSettings(s, game, { ...settings, unlisted: sub === 'NOLIST' });
    return s.reply.ok(
      sub === 'LIST'
        ? `Game ${game.name} is shown in LIST.`
        : `Game ${game.name} is left out of LIST (players who know its name can still JOIN it).`,
    );
  }
  if (sub === 'PRIVATE') {
    if (rest.length !== 1 || rest[0].length < MIN_PASSWORD_LENGTH)
      return fail(`SET PRIVATE needs one join password of at least ${MIN_PASSWORD_LENGTH} characters`);
    saveSettings(s, game, { ...settings, joinPasswordHash: hashPasswordSync(rest[0]), unlisted: true });
    return s.reply.ok(
      `Game ${game.name} is private: JOIN, OBSERVE, MONITOR and TAKEOVER must give the join password ` +
        'as their last word. It is left out of LIST (SET LIST shows it).',
    );
  }
  if (sub === 'NOPRIVATE') {
    saveSettings(s, game, { ...settings, joinPasswordHash: null });
    return s.reply.ok(
      `Game ${game.name} needs no join password any more` +
        `${settings.unlisted ? ' (it is still left out of LIST: SET LIST shows it)' : ''}.`,
    );
  }
  if (game.status !== 'forming') return fail(`game ${game.name} has started already`);
  saveSettings(s, game, { ...settings, autoStart: sub === 'AUTOSTART' });
  if (sub === 'NOAUTOSTART') return s.reply.ok(`Game ${game.name} starts when you send ACTIVATE.`);
  s.reply.ok(`Game ${game.name} starts by itself when the last power is taken.`);
  startWhenFull(s, getGame(s.db, game.id) ?? game);
}

/** SET PREFERENCE France, Germany, ... (or FGR, E[FGR]T; * for none), by a player before the start. */
function setPreference(s: Session, words: string[], fail: Fail): void {
  const on = s.signon;
  if (!on || on.role !== 'player' || on.seatId === null)
    return fail(`SET PREFERENCE is for players: SIGNON <game> <password> first`);
  const game = getGame(s.db, on.game.id) ?? on.game;
  if (game.status !== 'forming') return fail(`game ${game.name} has started: powers are assigned already`);
  const seat = listSeats(s.db, game.id).find((x) => x.id === on.seatId);
  if (seat?.power)
    return fail(`you chose ${powerName(on.variant, seat.power)} when you joined; RESIGN and JOIN again to choose anew`);
  const groups = readPreference(on.variant, words);
  if (typeof groups === 'string') return fail(groups);
  const settings = readSettings(game.settings);
  const preferences = { ...(settings.preferences ?? {}) };
  if (groups.length) preferences[String(on.seatId)] = groups;
  else delete preferences[String(on.seatId)];
  saveSettings(s, game, { ...settings, preferences });
  s.reply.ok(
    `Your preference for game ${game.name}: ${describePreference(on.variant, groups)}. ` +
      "Powers are dealt at the start to honour everyone's list as well as possible (see HELP).",
  );
}

/** RULE AUTOSTART: starts a forming game whose last power was just taken; true when it started. */
export function startWhenFull(s: Session, game: Game): boolean {
  const settings = readSettings(game.settings);
  if (!settings.autoStart || game.status !== 'forming') return false;
  const players = listSeats(s.db, game.id).filter((x) => x.role === 'player').length;
  if (players < greatPowers(variantOf(game.variant)).length) return false;
  // A seat taken from an address that has not proven itself yet does not count (a forged JOIN).
  if (unprovenPlayers(s.db, game.id) > 0) return false;
  const outcome = startGame(s.db, game, s.now);
  if (!outcome.ok) return false;
  s.mails.push(...outcome.mails);
  s.touched.add(game.id);
  s.reply.ok(
    `Every power of ${game.name} is taken: the game has started (RULE AUTOSTART) and everyone was told his power.`,
  );
  return true;
}

/**
 * The JOIN that took the last power of a game waiting for ACTIVATE: the GM (and co-GMs) are told the game is
 * full, so that nobody waits on a start nobody knows is due.
 */
export function tellGmWhenFull(s: Session, game: Game): void {
  if (readSettings(game.settings).autoStart || game.status !== 'forming') return;
  const powers = greatPowers(variantOf(game.variant)).length;
  if (listSeats(s.db, game.id).filter((x) => x.role === 'player').length !== powers) return;
  const gms = masterAddresses(s.db, game);
  if (!gms.length) return;
  s.mails.push({
    kind: 'notice',
    bcc: gms,
    subject: `Diplomacy game ${game.name}: every power is taken`,
    text:
      `All ${powers} powers of game ${game.name} are taken. Start it with SIGNON master@${game.name} ` +
      '<game password> and ACTIVATE (ROSTER shows who joined).\n',
    game: { id: game.id, name: game.name },
  });
}

/**
 * LIST game and STATUS, sent by the game's GM, end with the roster (njudge's LIST for the master
 * shows who has moved).
 */
export function withRoster(run: (s: Session, cmd: CommandItem) => void): (s: Session, cmd: CommandItem) => void {
  return (s, cmd) => {
    run(s, cmd);
    const on = s.signon;
    if (!on || on.role !== 'master') return;
    const named = cmd.args[0];
    if (cmd.verb === 'LIST' ? named?.toLowerCase() !== on.game.name.toLowerCase() : named !== undefined) return;
    rosterSection(s, getGame(s.db, on.game.id) ?? on.game);
  };
}

/** A co-GM's PREVIEW goes to him alone (processing addresses it to the game's GM). */
export function toRequestingMaster(s: Session, on: Signon, mails: OutgoingMail[]): OutgoingMail[] {
  const coMaster = on.gm?.coMasterAccountId;
  const address = coMaster ? getAccount(s.db, coMaster)?.address : null;
  return address ? mails.map((m) => ({ ...m, to: address })) : mails;
}
