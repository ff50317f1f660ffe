import { describe, expect, it } from 'vitest';
import {
  claimsShareInput,
  claimsShareParams,
  shareCandidatesQuery,
  shareLive,
} from './claims-shares.ts';

const issues = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('claims share input (decision 0144)', () => {
  it('takes a user and an optional end date', () => {
    expect(claimsShareInput.parse({ userId: 7 })).toEqual({ userId: 7 });
    expect(claimsShareInput.parse({ userId: 7, endsOn: '2027-01-31' })).toEqual({
      userId: 7,
      endsOn: '2027-01-31',
    });
    expect(claimsShareInput.parse({ userId: 7, endsOn: null }).endsOn).toBeNull();
  });

  it('refuses a missing, text, fractional or out-of-range user and a bad date, naming the field', () => {
    expect(issues(claimsShareInput.safeParse({}))).toEqual(['userId: userId must be a number']);
    expect(issues(claimsShareInput.safeParse({ userId: '7' }))).toEqual([
      'userId: userId must be a number',
    ]);
    expect(issues(claimsShareInput.safeParse({ userId: 1.5 }))).toEqual([
      'userId: userId must be a whole number',
    ]);
    expect(issues(claimsShareInput.safeParse({ userId: 2 ** 31 }))).toEqual([
      'userId: userId is too large',
    ]);
    expect(issues(claimsShareInput.safeParse({ userId: 1, endsOn: '2027-02-30' }))).toEqual([
      'endsOn: End date must be a valid date (YYYY-MM-DD)',
    ]);
  });

  it('reads path ids as numbers within the int4 range', () => {
    expect(claimsShareParams.parse({ id: '3', userId: '9' })).toEqual({ id: 3, userId: 9 });
    expect(claimsShareParams.safeParse({ id: '0', userId: '9' }).success).toBe(false);
    expect(claimsShareParams.safeParse({ id: '3', userId: '2147483648' }).success).toBe(false);
  });

  it('caps the candidate search at 100 characters', () => {
    expect(shareCandidatesQuery.parse({ q: ' ann ' })).toEqual({ q: 'ann' });
    expect(issues(shareCandidatesQuery.safeParse({ q: 'x'.repeat(101) }))).toEqual([
      'q: q must be at most 100 characters',
    ]);
  });

  it('keeps a share live through its last day', () => {
    expect(shareLive(null, '2026-11-24')).toBe(true);
    expect(shareLive('2026-11-24', '2026-11-24')).toBe(true);
    expect(shareLive('2026-11-23', '2026-11-24')).toBe(false);
  });
});
