// Per-sender token bucket: each sender may send `burst` mails at once, refilled at `perHour` an hour.
// A mail over the limit is logged and not answered, so a robot (or a flood) cannot make the judge
// send an unbounded amount of mail.

export interface BucketState {
  tokens: number;
  /** Epoch milliseconds of the last refill. */
  updatedAt: number;
}

export interface BucketStore {
  load(sender: string): BucketState | null;
  save(sender: string, state: BucketState): void;
}

export interface RateLimitOptions {
  /** Mails a sender may send in a burst. */
  burst: number;
  /** Tokens added per hour, up to `burst`. */
  perHour: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { burst: 20, perHour: 60 };

export function memoryBucketStore(): BucketStore {
  const buckets = new Map<string, BucketState>();
  return {
    load: (sender) => buckets.get(sender) ?? null,
    save: (sender, state) => void buckets.set(sender, { ...state }),
  };
}

export class SenderRateLimiter {
  constructor(
    private readonly store: BucketStore,
    private readonly options: RateLimitOptions = DEFAULT_RATE_LIMIT,
  ) {
    if (!(options.burst >= 1) || !(options.perHour > 0)) {
      throw new RangeError(`rate limit needs burst >= 1 and perHour > 0, got ${JSON.stringify(options)}`);
    }
  }

  /** True when `sender` has a token left; takes nothing. */
  available(sender: string, now: number = Date.now()): boolean {
    return this.tokensAt(sender.trim().toLowerCase(), now) >= 1;
  }

  /** Takes one token for `sender`; false when the sender is over the limit (nothing is taken then). */
  take(sender: string, now: number = Date.now()): boolean {
    const key = sender.trim().toLowerCase();
    const tokens = this.tokensAt(key, now);
    if (tokens < 1) {
      this.store.save(key, { tokens, updatedAt: now });
      return false;
    }
    this.store.save(key, { tokens: tokens - 1, updatedAt: now });
    return true;
  }

  /** Takes `count` tokens at once, or none (false) when fewer are left. */
  takeMany(sender: string, count: number, now: number = Date.now()): boolean {
    const key = sender.trim().toLowerCase();
    const tokens = this.tokensAt(key, now);
    if (tokens < count) return false;
    this.store.save(key, { tokens: tokens - count, updatedAt: now });
    return true;
  }

  /** The whole tokens `sender` has now; takes nothing. */
  tokens(sender: string, now: number = Date.now()): number {
    return Math.floor(this.tokensAt(sender.trim().toLowerCase(), now));
  }

  /** Takes up to `count` tokens: what was used is charged even when it is more than is left (down to 0). */
  spend(sender: string, count: number, now: number = Date.now()): void {
    if (count <= 0) return;
    const key = sender.trim().toLowerCase();
    this.store.save(key, { tokens: Math.max(0, this.tokensAt(key, now) - count), updatedAt: now });
  }

  private tokensAt(key: string, now: number): number {
    const previous = this.store.load(key) ?? { tokens: this.options.burst, updatedAt: now };
    const elapsedHours = Math.max(0, now - previous.updatedAt) / 3_600_000;
    return Math.min(this.options.burst, previous.tokens + elapsedHours * this.options.perHour);
  }
}
