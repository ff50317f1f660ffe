import { describe, expect, it } from 'vitest';
import { countText } from './count-text.ts';

describe('countText', () => {
  it.each([
    [1, 'row', {}, '1 row'],
    [0, 'row', {}, '0 rows'],
    [2, 'column', {}, '2 columns'],
    [7944, 'claim', {}, '7,944 claims'],
    [1, 'reversal', { suffix: 'netted' }, '1 reversal netted'],
    [3, 'reversal', { suffix: 'netted' }, '3 reversals netted'],
    [1, 'entry', { plural: 'entries' }, '1 entry'],
    [2, 'entry', { plural: 'entries' }, '2 entries'],
  ] as const)('%i %s reads %s', (count, noun, options, text) => {
    expect(countText(count, noun, options)).toBe(text);
  });
});
