import { describe, expect, it } from 'vitest';
import { totalText } from './search-table.tsx';

describe('totalText', () => {
  it("shows a capped total as '1,000+'", () => {
    expect(totalText(1000, 1, 20, true)).toBe('1-20 of 1,000+ total results');
    expect(totalText(1020, 1001, 1020, true)).toBe('1001-1020 of 1,020+ total results');
  });

  it('shows an exact total as it is', () => {
    expect(totalText(1000, 981, 1000, false)).toBe('981-1000 of 1000 total results');
    expect(totalText(7, 1, 7, false)).toBe('1-7 of 7 total results');
    expect(totalText(0, 0, 0, false)).toBe('0 total results');
  });
});
