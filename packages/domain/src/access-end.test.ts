import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysRemaining } from './users.ts';

// Decision 0077: days remaining are the calendar days from today through the last day of access,
// today counting as one however much of it is gone.
describe('daysRemaining: the edges of the last day', () => {
  const lastDay = '2024-12-31';

  it('the day before: two days (that day and the last)', () => {
    expect(daysRemaining(lastDay, new Date(2024, 11, 30, 0, 0, 0))).toBe(2);
    expect(daysRemaining(lastDay, new Date(2024, 11, 30, 12, 0, 0))).toBe(2);
    expect(daysRemaining(lastDay, new Date(2024, 11, 30, 23, 59, 59, 999))).toBe(2);
  });

  it('the day itself: one day, from its first to its last moment', () => {
    expect(daysRemaining(lastDay, new Date(2024, 11, 31, 0, 0, 0))).toBe(1);
    expect(daysRemaining(lastDay, new Date(2024, 11, 31, 23, 59, 59, 999))).toBe(1);
  });

  it('the day after: none left, so the banner is gone', () => {
    expect(daysRemaining(lastDay, new Date(2025, 0, 1, 0, 0, 0))).toBe(0);
    expect(daysRemaining(lastDay, new Date(2025, 0, 1, 18, 0, 0))).toBe(0);
    expect(daysRemaining(lastDay, new Date(2025, 0, 2, 9, 0, 0))).toBe(-1);
  });

  it('counts across a month and a year', () => {
    expect(daysRemaining('2025-01-02', new Date(2024, 11, 31, 8))).toBe(3);
    expect(daysRemaining('2024-03-01', new Date(2024, 1, 28, 8))).toBe(3); // 2024 is a leap year
  });
});

describe('daysRemaining across a daylight saving change', () => {
  const original = process.env.TZ;
  beforeAll(() => {
    // A zone whose clocks change: 2026-11-01 has 25 hours there, 2026-03-08 has 23.
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = original;
  });

  it('a 25-hour day does not add a day', () => {
    expect(new Date(2026, 10, 1).getTimezoneOffset()).not.toBe(
      new Date(2026, 10, 2).getTimezoneOffset(),
    );
    expect(daysRemaining('2026-11-02', new Date(2026, 9, 31, 0, 0, 0))).toBe(3);
    expect(daysRemaining('2026-11-02', new Date(2026, 10, 1, 0, 0, 0))).toBe(2);
    expect(daysRemaining('2026-11-01', new Date(2026, 10, 1, 23, 30))).toBe(1);
  });

  it('a 23-hour day does not lose one', () => {
    expect(daysRemaining('2026-03-09', new Date(2026, 2, 7, 23, 30))).toBe(3);
    expect(daysRemaining('2026-03-08', new Date(2026, 2, 8, 0, 0))).toBe(1);
    expect(daysRemaining('2026-03-08', new Date(2026, 2, 9, 0, 0))).toBe(0);
  });
});
