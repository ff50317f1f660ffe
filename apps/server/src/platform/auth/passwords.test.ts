import { describe, expect, it } from 'vitest';
import { hashPassword, spendVerificationTime, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id at the chosen cost, salted per hash', async () => {
    const first = await hashPassword('s3cret-Pass');
    const second = await hashPassword('s3cret-Pass');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('s3cret-Pass');
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('s3cret-Pass');
    expect(await verifyPassword(hash, 's3cret-Pass')).toBe(true);
    expect(await verifyPassword(hash, 's3cret-pass')).toBe(false);
  });

  it('answers false, not an exception, for a hash it cannot read', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyPassword('', 'anything')).toBe(false);
  });

  it('spends a verification without a user to verify', async () => {
    await expect(spendVerificationTime('whatever')).resolves.toBeUndefined();
  });
});
