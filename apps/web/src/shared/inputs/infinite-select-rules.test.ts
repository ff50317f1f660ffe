import { describe, expect, it } from 'vitest';
import { scrolledPastHalf } from './infinite-select-rules.ts';

describe('scrolledPastHalf (spec 2 §9)', () => {
  it.each([
    // scrollTop, clientHeight, scrollHeight, load the next page?
    [0, 256, 3200, false],
    [1343, 256, 3200, false],
    [1344, 256, 3200, false],
    [1345, 256, 3200, true],
    [2944, 256, 3200, true],
    // A short list that already shows more than half: the next page loads at once.
    [0, 256, 400, true],
    [0, 0, 0, false],
  ])('top %i, view %i, list %i: %s', (scrollTop, clientHeight, scrollHeight, expected) => {
    expect(scrolledPastHalf({ scrollTop, clientHeight, scrollHeight })).toBe(expected);
  });
});
