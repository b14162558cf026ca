// Password guessing by mail. Wrong SIGNON passwords are counted per sending address and per password
// (a seat's account, or a game's GM password). Once SIGNON_GUESSES.burst of them are spent, further
// attempts are refused without the password being checked, until the allowance refills (one attempt
// an hour). The per-password count does not lock out the password's owner writing from his own
// address (only his address's count does), so strangers cannot lock a player out of his game.
// The owner is told when it happens, at most once a day. Counts live in rate_buckets under keys of
// their own, so they survive a restart.
import { SenderRateLimiter, type RateLimitOptions } from '../../mail/rate-limit.js';
import type { Db } from '../../store/database.js';
import { databaseBucketStore } from '../../store/rate-buckets.js';

export const SIGNON_GUESSES: RateLimitOptions = { burst: 5, perHour: 1 };
const OWNER_WARNINGS: RateLimitOptions = { burst: 1, perHour: 1 / 24 };

/** A password that can be guessed: whose it is, and the address that owns it (null: nobody to tell). */
export interface GuardedPassword {
  key: string;
  owner: string | null;
}

export class SignonGuard {
  private readonly failures: SenderRateLimiter;
  private readonly warnings: SenderRateLimiter;

  constructor(
    db: Db,
    private readonly sender: string,
    private readonly now: number,
  ) {
    const store = databaseBucketStore(db);
    this.failures = new SenderRateLimiter(store, SIGNON_GUESSES);
    this.warnings = new SenderRateLimiter(store, OWNER_WARNINGS);
  }

  private get senderKey(): string {
    return `signon-failures:from:${this.sender.toLowerCase()}`;
  }

  private isOwner(target: GuardedPassword): boolean {
    return target.owner !== null && target.owner.toLowerCase() === this.sender.toLowerCase();
  }

  /** Why an attempt on `target` is refused unchecked, or null when the password may be checked. */
  refusal(target: GuardedPassword | null): string | null {
    const reason = 'too many wrong passwords; this was refused without checking the password. Try again in an hour';
    if (!this.failures.available(this.senderKey, this.now)) return `${reason} (wrong passwords from your address)`;
    if (target && !this.isOwner(target) && !this.failures.available(`signon-failures:for:${target.key}`, this.now)) {
      return `${reason} (wrong passwords for this seat)`;
    }
    return null;
  }

  /** Counts one wrong password from the sender, and for `target` when a password was checked. */
  failed(target: GuardedPassword | null): void {
    this.failures.take(this.senderKey, this.now);
    if (target) this.failures.take(`signon-failures:for:${target.key}`, this.now);
  }

  /** True when the owner of `target` is to be told now: he is not the sender and was not told today. */
  tellOwner(target: GuardedPassword): boolean {
    return target.owner !== null && !this.isOwner(target) && this.warnings.take(`signon-warning:${target.key}`, this.now);
  }
}
