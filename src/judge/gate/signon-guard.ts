// Password guessing by mail. Wrong passwords are counted per sender and per password (a seat's
// account, or a game's GM password). Once SIGNON_GUESSES.burst of them are spent, further attempts
// are refused without the password being checked, until the allowance refills (one attempt an hour).
//
// A From line can be forged, so "the sender" is the address together with the sending path that our
// own servers recorded (src/mail/origin.ts), or the address alone when our server verified it. A
// stranger forging a player's From from elsewhere spends his own allowance, never the player's.
// The per-password count does not hold back the password's owner when his mail is verified or comes
// by a path he has signed on from before; the owner is told at his address on record (once a day)
// that someone is guessing. Counts live in rate_buckets and paths in signon_paths: both survive a
// restart.
import { senderKey, type MailOrigin } from '../../mail/origin.js';
import { SenderRateLimiter, type RateLimitOptions } from '../../mail/rate-limit.js';
import type { Db } from '../../store/database.js';
import { databaseBucketStore } from '../../store/rate-buckets.js';
import { isKnownSignonPath, recordSignonPath } from '../../store/signon-paths.js';

export const SIGNON_GUESSES: RateLimitOptions = { burst: 5, perHour: 1 };
/** Checks an hour for mail claiming to be the owner's from a path of his not yet known. */
const SLOW_LANE: RateLimitOptions = { burst: 1, perHour: 1 };
const OWNER_WARNINGS: RateLimitOptions = { burst: 1, perHour: 1 / 24 };

/** A password that can be guessed: whose it is, and the address that owns it (null: nobody to tell). */
export interface GuardedPassword {
  key: string;
  owner: string | null;
  /** The owning account, whose known sending paths let its owner through. */
  ownerAccountId?: number | null;
}

export class SignonGuard {
  private readonly failures: SenderRateLimiter;
  private readonly warnings: SenderRateLimiter;
  private readonly slowLane: SenderRateLimiter;

  constructor(
    private readonly db: Db,
    private readonly sender: string,
    private readonly now: number,
    private readonly origin?: MailOrigin,
    /** The mail answered a code mailed to its From (gate/address-proof.ts): it is the owner's own. */
    private readonly provenInMail = false,
  ) {
    const store = databaseBucketStore(db);
    this.failures = new SenderRateLimiter(store, SIGNON_GUESSES);
    this.warnings = new SenderRateLimiter(store, OWNER_WARNINGS);
    this.slowLane = new SenderRateLimiter(store, SLOW_LANE);
  }

  /**
   * Whose allowance a wrong password spends. A mail that proved its address has one of its own, so that
   * guesses under a forged copy of the same From (without a path to tell them apart) never use it up.
   */
  private get senderKey(): string {
    if (this.provenInMail) return `signon-failures:proven:${this.sender.trim().toLowerCase()}`;
    return `signon-failures:from:${senderKey(this.sender, this.origin)}`;
  }

  private claimsOwnership(target: GuardedPassword): boolean {
    return target.owner !== null && target.owner.toLowerCase() === this.sender.toLowerCase();
  }

  /** The sender is the owner as far as the judge can tell: his From, verified or by a path of his. */
  private isOwner(target: GuardedPassword): boolean {
    if (!this.claimsOwnership(target)) return false;
    if (this.provenInMail) return true;
    const path = this.origin?.path ?? null;
    if (this.origin?.verified || path === null || !target.ownerAccountId) return true;
    return isKnownSignonPath(this.db, target.ownerAccountId, path);
  }

  /** Why an attempt on `target` is refused unchecked, or null when the password may be checked. */
  refusal(target: GuardedPassword | null): string | null {
    const reason = 'too many wrong passwords; this was refused without checking the password. Try again in an hour';
    if (!this.failures.available(this.senderKey, this.now)) return `${reason} (wrong passwords from your address)`;
    if (target && this.seatUnderAttack(target) && !this.isOwner(target)) {
      // Writing as the owner from a path not yet his: slowed down, not locked out — one check an hour
      // per path, so the owner's first mail from a new provider is still read.
      if (this.slowed(target) && this.slowLane.available(this.slowKeyFor(target), this.now)) return null;
      return `${reason} (wrong passwords for this seat)`;
    }
    return null;
  }

  /**
   * Under attack, who is slowed to one check an hour rather than refused: mail claiming to be the
   * owner's, and anyone for a password nobody owns (a private game's join password), whose rightful
   * users a forger could otherwise lock out for as long as he keeps guessing.
   */
  private slowed(target: GuardedPassword): boolean {
    return target.owner === null || this.claimsOwnership(target);
  }

  private seatUnderAttack(target: GuardedPassword): boolean {
    return !this.failures.available(`signon-failures:for:${target.key}`, this.now);
  }

  /**
   * The slow lane of a sender: his address and path. For a password nobody owns it is the path alone
   * when the From is not verified, so that one forger writing under many addresses still gets one
   * check an hour, while mail from elsewhere keeps its own.
   */
  private slowKeyFor(target: GuardedPassword): string {
    // Mail without a Received header (the local mail directory) comes by one path, the machine's own:
    // every From written there shares one check an hour.
    // A mail that answered a code mailed to its From has a lane of its own: its address is proven.
    if (target.owner === null && this.provenInMail) return `signon-slow:${target.key}:proven:${this.sender}`;
    const path = this.origin?.verified ? null : (this.origin?.path ?? 'local');
    if (target.owner === null && path !== null) return `signon-slow:${target.key}:via:${path}`;
    return `signon-slow:${senderKey(this.sender, this.origin)}`;
  }

  /** Counts one wrong password from the sender, and for `target` when a password was checked. */
  failed(target: GuardedPassword | null): void {
    this.failures.take(this.senderKey, this.now);
    if (!target) return;
    if (this.seatUnderAttack(target) && this.slowed(target)) this.slowLane.take(this.slowKeyFor(target), this.now);
    this.failures.take(`signon-failures:for:${target.key}`, this.now);
  }

  /** A right password: the path it came by is the owner's from now on. */
  succeeded(target: GuardedPassword): void {
    const path = this.origin?.path ?? null;
    if (path === null || !target.ownerAccountId || !this.claimsOwnership(target)) return;
    recordSignonPath(this.db, target.ownerAccountId, path, new Date(this.now).toISOString());
  }

  /** True when the owner of `target` is to be told now: he is not the sender and was not told today. */
  tellOwner(target: GuardedPassword): boolean {
    if (target.owner === null || this.isOwner(target)) return false;
    return this.warnings.take(`signon-warning:${target.key}`, this.now);
  }
}
