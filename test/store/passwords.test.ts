import { describe, expect, it } from 'vitest';
import { hashPassword, hashPasswordSync, verifyPassword, verifyPasswordSync } from '../../src/store/passwords.js';

describe('passwords', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('s3cret');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('s3cret');
    expect(await verifyPassword('s3cret', hash)).toBe(true);
    expect(await verifyPassword('S3cret', hash)).toBe(false);
    expect(verifyPasswordSync('s3cret', hash)).toBe(true);
  });

  it('salts every hash differently', async () => {
    const [a, b] = [await hashPassword('same'), hashPasswordSync('same')];
    expect(a).not.toBe(b);
    expect(verifyPasswordSync('same', a) && verifyPasswordSync('same', b)).toBe(true);
  });

  it('treats differently composed Unicode as the same password', () => {
    const hash = hashPasswordSync('caf\u00e9');
    expect(verifyPasswordSync('cafe\u0301', hash)).toBe(true);
  });

  it('returns false for a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(verifyPasswordSync('x', 'scrypt$a$b$c$d$e')).toBe(false);
  });
});
