import { describe, expect, it } from 'vitest';
import { ABSENT_TEXT, fieldLabel, nextDeselected } from './run-selection.ts';

describe('nextDeselected', () => {
  it('adds deselected changes and removes reselected ones, leaving the others', () => {
    const start = new Set([3, 7]);
    expect([...nextDeselected(start, [5, 9], false)].sort((a, b) => a - b)).toEqual([3, 5, 7, 9]);
    expect([...nextDeselected(start, [3], true)]).toEqual([7]);
    // Selecting a change that was never deselected changes nothing.
    expect([...nextDeselected(start, [11], true)].sort((a, b) => a - b)).toEqual([3, 7]);
  });

  it('never changes the set it was given', () => {
    const start = new Set([1]);
    nextDeselected(start, [2], false);
    nextDeselected(start, [1], true);
    expect([...start]).toEqual([1]);
  });
});

describe('fieldLabel', () => {
  it('names the known fields in words and shows others as they are', () => {
    expect(fieldLabel('termDate')).toBe('Termination Date');
    expect(fieldLabel('adultDependent')).toBe('Adult Dependent');
    expect(fieldLabel('somethingNew')).toBe('somethingNew');
    expect(fieldLabel(null)).toBe('—');
  });

  it('says an absent member is not terminated', () => {
    expect(ABSENT_TEXT).toMatch(/not terminated/);
  });
});
