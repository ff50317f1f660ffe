import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SSN_MASKED, applyPhoneMask, applySsnMask, applyZipMask, maskSsn } from './masks.ts';

/** What an input shows after each keystroke of `text`. */
function typeOut(mask: (typed: string) => string, text: string): string[] {
  const shown: string[] = [];
  let value = '';
  for (const ch of text) {
    value = mask(value + ch);
    shown.push(value);
  }
  return shown;
}

describe('applyPhoneMask', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['555', '555'],
    ['555-', '555-'],
    ['5551', '555-1'],
    ['555123', '555-123'],
    ['555123-', '555-123-'],
    ['5551234', '555-123-4'],
    ['5551234567', '555-123-4567'],
    ['55512345678', '555-123-4567'],
    ['(555) 123-4567', '555-123-4567'],
    ['555.123.4567', '555-123-4567'],
    ['1', '1'],
    ['1-', '1-'],
    ['15', '1-5'],
    ['1-555-', '1-555-'],
    ['15551234567', '1-555-123-4567'],
    ['+1 (555) 123-4567', '1-555-123-4567'],
    ['1-555-123-45678', '1-555-123-4567'],
    ['55-', '55'],
    ['abc', ''],
  ])('%j -> %j', (typed, shown) => {
    expect(applyPhoneMask(typed)).toBe(shown);
  });

  it('typing digits one by one lays them out', () => {
    expect(typeOut(applyPhoneMask, '5551234567')).toEqual([
      '5',
      '55',
      '555',
      '555-1',
      '555-12',
      '555-123',
      '555-123-4',
      '555-123-45',
      '555-123-456',
      '555-123-4567',
    ]);
    expect(typeOut(applyPhoneMask, '1-555').at(-1)).toBe('1-555');
  });

  it('Backspace can always remove the last character', () => {
    for (const shown of ['1-', '555-', '555-123-', '1-555-']) {
      const afterBackspace = applyPhoneMask(shown.slice(0, -1));
      expect(afterBackspace).toBe(shown.slice(0, -1));
    }
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const once = applyPhoneMask(typed);
        expect(applyPhoneMask(once)).toBe(once);
      }),
    );
  });

  it('always shows a beginning of 1-999-999-9999 or 999-999-9999', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\d\-() .+]*$/), (typed) => {
        expect(applyPhoneMask(typed)).toMatch(
          /^(1(-(\d{1,3}(-(\d{1,3}(-\d{0,4})?)?)?)?)?|[02-9]\d{0,2}(-(\d{1,3}(-\d{0,4})?)?)?)?$/,
        );
      }),
    );
  });
});

describe('applyZipMask', () => {
  it.each([
    ['', ''],
    ['1234', '1234'],
    ['12345', '12345'],
    ['12345-', '12345-'],
    ['123456', '12345-6'],
    ['123456789', '12345-6789'],
    ['1234567890', '12345-6789'],
    ['12345 6789', '12345-6789'],
    ['1234-', '1234'],
    ['zip 12345', '12345'],
  ])('%j -> %j', (typed, shown) => {
    expect(applyZipMask(typed)).toBe(shown);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const once = applyZipMask(typed);
        expect(applyZipMask(once)).toBe(once);
      }),
    );
  });
});

describe('applySsnMask', () => {
  it.each([
    ['', ''],
    ['123', '123'],
    ['123-', '123-'],
    ['1234', '123-4'],
    ['12345', '123-45'],
    ['12345-', '123-45-'],
    ['123456789', '123-45-6789'],
    ['1234567890', '123-45-6789'],
    ['123 45 6789', '123-45-6789'],
    ['12-', '12'],
  ])('%j -> %j', (typed, shown) => {
    expect(applySsnMask(typed)).toBe(shown);
  });

  it('is idempotent and keeps every digit up to nine', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const once = applySsnMask(typed);
        expect(applySsnMask(once)).toBe(once);
        expect(once.replace(/-/g, '')).toBe(typed.replace(/\D/g, '').slice(0, 9));
      }),
    );
  });
});

describe('maskSsn', () => {
  it('hides every SSN behind the same mask', () => {
    expect(SSN_MASKED).toBe('XXX-XX-XXXX');
    expect(maskSsn('123-45-6789')).toBe('XXX-XX-XXXX');
    expect(maskSsn('123456789')).toBe('XXX-XX-XXXX');
    expect(maskSsn('1')).toBe('XXX-XX-XXXX');
  });

  it('shows nothing when there is no SSN', () => {
    for (const none of ['', '  ', null, undefined]) expect(maskSsn(none)).toBe('');
  });

  it('never shows a digit', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (ssn) => {
        expect(maskSsn(ssn)).not.toMatch(/\d/);
      }),
    );
  });
});
