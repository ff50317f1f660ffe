import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { autoSlashDate, formatDate, isIsoDate, isoDate, parseDisplayDate } from './dates.ts';

/** Real calendar dates from 1900 to 2099, as YYYY-MM-DD. */
const validIsoDate = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('isIsoDate and isoDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2025-01-31', '2025-12-31', '1900-01-01'])(
    '%s is a date',
    (value) => {
      expect(isIsoDate(value)).toBe(true);
      expect(isoDate().safeParse(value).success).toBe(true);
    },
  );

  it.each([
    '2025-02-29',
    '1900-02-29',
    '2025-02-30',
    '2025-04-31',
    '2025-13-01',
    '2025-00-10',
    '2025-01-00',
    '2025-1-5',
    '01/31/2025',
    '2025-01-31T00:00:00Z',
    '',
  ])('%j is not', (value) => {
    expect(isIsoDate(value)).toBe(false);
    const result = isoDate('Birth Date').safeParse(value);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Birth Date must be a valid date (YYYY-MM-DD)',
    ]);
  });
});

describe('formatDate', () => {
  it('shows MM/DD/YYYY', () => {
    expect(formatDate('2025-01-31')).toBe('01/31/2025');
    expect(formatDate('2024-02-29')).toBe('02/29/2024');
  });

  it('reads the date part of an instant', () => {
    expect(formatDate('2025-07-04T12:00:00.000Z')).toBe('07/04/2025');
  });

  it.each([null, undefined, '', 'yesterday', '07/04/2025'])('%j -> empty', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

describe('parseDisplayDate', () => {
  it('reads MM/DD/YYYY', () => {
    expect(parseDisplayDate('01/31/2025')).toBe('2025-01-31');
    expect(parseDisplayDate(' 02/29/2024 ')).toBe('2024-02-29');
  });

  it.each(['02/29/2025', '13/01/2025', '00/10/2025', '1/31/2025', '2025-01-31', '01-31-2025', ''])(
    '%j -> null',
    (value) => {
      expect(parseDisplayDate(value)).toBeNull();
    },
  );

  it('undoes formatDate for every valid date', () => {
    fc.assert(
      fc.property(validIsoDate, (iso) => {
        expect(parseDisplayDate(formatDate(iso))).toBe(iso);
      }),
    );
  });
});

describe('autoSlashDate', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['01', '01'],
    ['013', '01/3'],
    ['0131', '01/31'],
    ['01312', '01/31/2'],
    ['01312025', '01/31/2025'],
    ['013120251', '01/31/2025'],
    ['01/31/2025', '01/31/2025'],
    ['01-31-2025', '01/31/2025'],
    ['ab', ''],
  ])('%j -> %j', (typed, shown) => {
    expect(autoSlashDate(typed)).toBe(shown);
  });

  it('eight digits of a valid date always parse back to it', () => {
    fc.assert(
      fc.property(validIsoDate, (iso) => {
        const [y, m, d] = iso.split('-') as [string, string, string];
        expect(parseDisplayDate(autoSlashDate(`${m}${d}${y}`))).toBe(iso);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const once = autoSlashDate(typed);
        expect(autoSlashDate(once)).toBe(once);
      }),
    );
  });
});
