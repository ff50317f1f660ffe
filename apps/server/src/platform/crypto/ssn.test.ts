import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SSN_HASH_KEY_INFO,
  SsnFormatError,
  createSsnProtector,
  formatSsn,
  isIssuableSsn,
  maskStoredSsn,
  normalizeSsn,
} from './ssn.ts';

const key = crypto.randomBytes(32);
const ssn = createSsnProtector(key);
const digitsArb = fc.stringMatching(/^\d{9}$/);

describe('SSN protection', () => {
  it('encrypts to a versioned AES-GCM ciphertext that decrypts to the nine digits', () => {
    const stored = ssn.encrypt('123-45-6789');
    expect(stored[0]).toBe(1);
    expect(stored.length).toBe(1 + 12 + 16 + 9);
    expect(stored.toString('latin1')).not.toContain('123456789');
    expect(stored.toString('hex')).not.toContain(Buffer.from('6789').toString('hex'));
    expect(ssn.decrypt(stored)).toBe('123456789');
    // The database hands bytea back as a Uint8Array (PGlite) or a Buffer (pg).
    expect(ssn.decrypt(new Uint8Array(stored))).toBe('123456789');
  });

  it('round-trips any nine digits, with a fresh IV each time', () => {
    fc.assert(
      fc.property(digitsArb, (digits) => {
        const a = ssn.encrypt(digits);
        const b = ssn.encrypt(digits);
        expect(a.equals(b)).toBe(false);
        expect(ssn.decrypt(a)).toBe(digits);
        expect(ssn.decrypt(b)).toBe(digits);
      }),
      { numRuns: 200 },
    );
  });

  it('never reuses an IV, across the refills of its pool of random IVs', () => {
    const own = createSsnProtector(crypto.randomBytes(32));
    const ivs = new Set<string>();
    for (let i = 0; i < 10_000; i++)
      ivs.add(own.encrypt('123456789').subarray(1, 13).toString('hex'));
    expect(ivs.size).toBe(10_000);
  });

  it('refuses a ciphertext that was altered, or read with another key', () => {
    const stored = ssn.encrypt('123456789');
    const altered = Buffer.from(stored);
    altered[altered.length - 1]! ^= 1;
    expect(() => ssn.decrypt(altered)).toThrow();
    expect(() => createSsnProtector(crypto.randomBytes(32)).decrypt(stored)).toThrow();
    expect(() => ssn.decrypt(Buffer.from([2, ...stored.subarray(1)]))).toThrow(/version/);
  });

  it('hashes the same SSN alike whatever its dashes, and apart from other SSNs', () => {
    const hash = ssn.searchHash('123-45-6789');
    expect(hash.length).toBe(32);
    expect(ssn.searchHash('123456789').equals(hash)).toBe(true);
    expect(ssn.searchHash('123456780').equals(hash)).toBe(false);
  });

  it('is HMAC-SHA256 under the key HKDF derives from the secret with its own info string', () => {
    const derived = Buffer.from(
      crypto.hkdfSync('sha256', key, Buffer.alloc(0), SSN_HASH_KEY_INFO, 32),
    );
    fc.assert(
      fc.property(digitsArb, (digits) => {
        const expected = crypto.createHmac('sha256', derived).update(digits).digest();
        expect(ssn.searchHash(digits).equals(expected)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('keys the hash: a plain SHA-256 or another secret gives another value', () => {
    const hash = ssn.searchHash('123456789');
    expect(crypto.createHash('sha256').update('123456789').digest().equals(hash)).toBe(false);
    expect(crypto.createHmac('sha256', key).update('123456789').digest().equals(hash)).toBe(false);
    expect(createSsnProtector(crypto.randomBytes(32)).searchHash('123456789').equals(hash)).toBe(
      false,
    );
  });

  it('refuses anything but nine digits, without repeating the value', () => {
    for (const bad of ['12345678', '1234567890', '123-456-789', 'abcdefghi', '']) {
      expect(() => ssn.encrypt(bad)).toThrow(SsnFormatError);
      expect(() => ssn.searchHash(bad)).toThrow(SsnFormatError);
    }
    try {
      normalizeSsn('98765432');
    } catch (error) {
      expect((error as Error).message).not.toContain('98765432');
    }
  });

  it('needs a 32-byte key', () => {
    expect(() => createSsnProtector(crypto.randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('SSN helpers', () => {
  it('formats and masks', () => {
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(formatSsn('123-45-6789')).toBe('123-45-6789');
    expect(maskStoredSsn(ssn.encrypt('123456789'))).toBe('XXX-XX-XXXX');
    expect(maskStoredSsn(null)).toBe('');
    expect(maskStoredSsn(new Uint8Array())).toBe('');
  });

  it.each([
    ['123456789', true],
    ['899991234', true],
    ['000121234', false],
    ['666121234', false],
    ['900121234', false],
    ['999121234', false],
    ['123001234', false],
    ['123450000', false],
    ['12345678', false],
  ])('%s issuable: %s', (digits, expected) => {
    expect(isIssuableSsn(digits)).toBe(expected);
  });
});
