import { describe, expect, it } from 'vitest';
import { memoryBucketStore, SenderRateLimiter } from '../../src/mail/rate-limit.js';
import { databaseBucketStore } from '../../src/store/rate-buckets.js';
import { openDatabase } from '../../src/store/database.js';

describe('SenderRateLimiter', () => {
  it('allows a burst, then one mail per refill interval, per sender', () => {
    const limiter = new SenderRateLimiter(memoryBucketStore(), { burst: 3, perHour: 6 });
    const t = 0;
    expect([1, 2, 3, 4].map(() => limiter.take('A@x', t))).toEqual([true, true, true, false]);
    expect(limiter.take('a@X', t + 5 * 60_000)).toBe(false); // 0.5 token after 5 minutes
    expect(limiter.take('a@x', t + 10 * 60_000)).toBe(true); // 1 token after 10 minutes
    expect(limiter.take('b@x', t)).toBe(true);
  });

  it('keeps its state in the database across limiter instances', () => {
    const db = openDatabase(':memory:');
    const first = new SenderRateLimiter(databaseBucketStore(db), { burst: 1, perHour: 1 });
    expect(first.take('p@x', 1000)).toBe(true);
    const afterRestart = new SenderRateLimiter(databaseBucketStore(db), { burst: 1, perHour: 1 });
    expect(afterRestart.take('p@x', 2000)).toBe(false);
  });

  it('refuses a nonsensical configuration', () => {
    expect(() => new SenderRateLimiter(memoryBucketStore(), { burst: 0, perHour: 1 })).toThrow(RangeError);
  });

  it('says whether a token is left without taking it', () => {
    const limiter = new SenderRateLimiter(memoryBucketStore(), { burst: 1, perHour: 1 });
    expect(limiter.available('p@x', 0)).toBe(true);
    expect(limiter.available('p@x', 0)).toBe(true);
    expect(limiter.take('p@x', 0)).toBe(true);
    expect(limiter.available('p@x', 0)).toBe(false);
    expect(limiter.available('p@x', 3_600_000)).toBe(true);
  });
});
