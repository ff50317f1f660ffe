import { describe, expect, it } from 'vitest';
import { SSN_REVEAL_THROTTLED, ssnRevealFailureText } from './ssn-reveals.ts';

describe('ssnRevealFailureText', () => {
  it('shows the limit’s message at 429 and the form’s own notice for anything else', () => {
    expect(ssnRevealFailureText(429, 'usual')).toBe(SSN_REVEAL_THROTTLED);
    for (const status of [undefined, 400, 403, 404, 500]) {
      expect(ssnRevealFailureText(status, 'usual')).toBe('usual');
    }
  });
});
