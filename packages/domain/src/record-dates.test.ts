import { describe, expect, it } from 'vitest';
import { birthDateRangeError, coverageDateRangeError, latestCoverageDate } from './record-dates.ts';
import { birthDate, coverageDate, stateSchema } from './member-record.ts';
import { US_STATE_CODES } from './us-states.ts';

describe('record date range (decision 0073)', () => {
  it('ends coverage dates five years ahead, a leap day falling back to 28 February', () => {
    expect(latestCoverageDate('2026-11-24')).toBe('2031-11-24');
    expect(latestCoverageDate('2028-02-29')).toBe('2033-02-28');
  });

  it.each([
    ['1900-01-01', null],
    ['1899-12-31', 'Effective Date must be between 01/01/1900 and 11/24/2031.'],
    ['2031-11-24', null],
    ['2031-11-25', 'Effective Date must be between 01/01/1900 and 11/24/2031.'],
    ['9999-12-31', 'Effective Date must be between 01/01/1900 and 11/24/2031.'],
  ])('coverage date %s → %s', (date, message) => {
    expect(coverageDateRangeError('Effective Date', date, '2026-11-24')).toBe(message);
  });

  it.each([
    ['2026-11-24', null],
    ['2026-11-25', 'Birth Date cannot be in the future.'],
    ['1900-01-01', null],
    ['1899-12-31', 'Birth Date cannot be earlier than 01/01/1900.'],
  ])('birth date %s → %s', (date, message) => {
    expect(birthDateRangeError('Birth Date', date, '2026-11-24')).toBe(message);
  });

  it('gives a malformed date one message, its format, not a range message too', () => {
    const result = coverageDate('Effective Date').safeParse('2024-02-30');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Effective Date must be a valid date (YYYY-MM-DD)',
    ]);
    expect(birthDate('Birth Date').safeParse('9999-12-31').error?.issues[0]?.message).toBe(
      'Birth Date cannot be in the future.',
    );
  });
});

describe('state codes (decision 0073)', () => {
  it('takes the 50 states, DC, five territories and three military codes, nothing else', () => {
    expect(US_STATE_CODES).toHaveLength(59);
    for (const code of ['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP', 'OH'])
      expect(stateSchema().safeParse(code).success, code).toBe(true);
    for (const code of ['ZZ', 'XX', 'oh', 'O'])
      expect(stateSchema().safeParse(code).success, code).toBe(false);
    expect(stateSchema().safeParse('').success).toBe(true);
  });
});
