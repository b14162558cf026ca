// Co-GMs (njudge's PROMOTE). The GM names an address; the judge mails that address a one-time code,
// and only a JOIN carrying the code, from that very address, makes it a co-GM with a password of its
// own. A forged From therefore gains nothing: the code went to the real mailbox. Kept in the game's
// settings JSON: the co-GMs' password hashes and the hashes of the codes still waiting.
import { randomBytes } from 'node:crypto';
import { getAccount } from '../../store/accounts.js';
import type { Db } from '../../store/database.js';
import type { Game } from '../../store/games.js';
import { hashPasswordSync, verifyPasswordSync } from '../../store/passwords.js';
import { readSettings, type CoMaster, type GameSettings, type Promotion } from '../settings.js';

/** How long a PROMOTE waits for its JOIN. */
export const PROMOTION_DAYS = 7;

/**
 * Promotions that may wait at once in a game: each mails a code to an address the GM names, so
 * without a bound a GM (or a stolen game password) could make the judge mail any number of strangers.
 */
export const PROMOTIONS_WAITING = 3;

/** Co-GMs a game may have (with its GM): enough to share the work, few enough to keep track of. */
export const MAX_CO_MASTERS = 5;

/** The promotions still waiting for their JOIN (expired ones are gone). */
export function waitingPromotions(settings: GameSettings, now: string): Promotion[] {
  return (settings.promotions ?? []).filter((p) => Date.parse(p.expiresAt) > Date.parse(now));
}

export function coMastersOf(settings: GameSettings): CoMaster[] {
  return settings.coMasters ?? [];
}

/** The co-GMs' addresses, for the mails the GM gets (results, press to the Master). */
export function coMasterAddresses(db: Db, game: Game): string[] {
  return coMastersOf(readSettings(game.settings))
    .map((c) => getAccount(db, c.accountId)?.address)
    .filter((a): a is string => Boolean(a));
}

/** The GM's address and the co-GMs', for the mails the GM alone gets (late powers, bid charts). */
export function masterAddresses(db: Db, game: Game): string[] {
  const gm = game.gmAccountId === null ? null : getAccount(db, game.gmAccountId)?.address;
  return [...(gm ? [gm] : []), ...coMasterAddresses(db, game)];
}

/**
 * Which master password `password` is: the game password (the GM, null) or a co-GM's own (his
 * account id); undefined when it is neither. One hash is checked, never more: a co-GM writing from his
 * own address is checked against his own password, anyone else against the game password, so that a
 * SIGNON costs the judge one slow hash however many co-GMs a game has.
 */
export function matchMasterPassword(
  settings: GameSettings,
  password: string,
  senderAccountId: number | null,
): { coMasterAccountId: number | null } | undefined {
  const co = coMastersOf(settings).find((c) => c.accountId === senderAccountId);
  if (co) return verifyPasswordSync(password, co.passwordHash) ? { coMasterAccountId: co.accountId } : undefined;
  if (settings.masterPasswordHash && verifyPasswordSync(password, settings.masterPasswordHash))
    return { coMasterAccountId: null };
  return undefined;
}

/** A fresh one-time code (10 letters and digits, no look-alikes) and the promotion that waits for it. */
export function newPromotion(address: string, now: string): { code: string; promotion: Promotion } {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const code = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  const expiresAt = new Date(Date.parse(now) + PROMOTION_DAYS * 86_400_000).toISOString();
  return { code, promotion: { address: address.toLowerCase(), codeHash: hashPasswordSync(code), expiresAt } };
}

/** The promotion waiting for `address` that `code` opens, if any (expired ones never match). */
export function openPromotion(
  settings: GameSettings,
  address: string,
  code: string,
  now: string,
): Promotion | undefined {
  return (settings.promotions ?? []).find(
    (p) =>
      p.address === address.toLowerCase() &&
      Date.parse(p.expiresAt) > Date.parse(now) &&
      verifyPasswordSync(code.toUpperCase(), p.codeHash),
  );
}

/** The settings with `accountId` a co-GM (password hashed) and the promotions of `address` used up. */
export function withCoMaster(
  settings: GameSettings,
  accountId: number,
  address: string,
  password: string,
): GameSettings {
  const others = coMastersOf(settings).filter((c) => c.accountId !== accountId);
  return {
    ...settings,
    coMasters: [...others, { accountId, passwordHash: hashPasswordSync(password) }],
    promotions: (settings.promotions ?? []).filter((p) => p.address !== address.toLowerCase()),
  };
}
