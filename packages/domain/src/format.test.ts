import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FILE_SIZE_UNITS, formatFileSize, formatPercent, formatUsd } from './format.ts';

describe('formatUsd', () => {
  it.each([
    [1234.5, '$1,234.50'],
    ['1234.5', '$1,234.50'],
    ['1234.50', '$1,234.50'],
    [0, '$0.00'],
    ['0', '$0.00'],
    [1, '$1.00'],
    [-1, '-$1.00'],
    ['-1234567.89', '-$1,234,567.89'],
    ['999999999999.99', '$999,999,999,999.99'],
    [0.1 + 0.2, '$0.30'],
    [' 12.5 ', '$12.50'],
    ['.5', '$0.50'],
    ['+7', '$7.00'],
  ])('%j -> %s', (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected);
  });

  it('rounds half away from zero on the written decimal, not its binary neighbour', () => {
    // 1.005 as a double is 1.00499999999999989...; toFixed(2) gives 1.00.
    expect(formatUsd(1.005)).toBe('$1.01');
    expect(formatUsd('1.005')).toBe('$1.01');
    expect(formatUsd('2.675')).toBe('$2.68');
    expect(formatUsd('-2.675')).toBe('-$2.68');
    expect(formatUsd('0.004')).toBe('$0.00');
  });

  it('never shows a negative zero', () => {
    expect(formatUsd('-0.001')).toBe('$0.00');
    expect(formatUsd(-0)).toBe('$0.00');
  });

  it('keeps every digit of amounts beyond float precision', () => {
    expect(formatUsd('123456789012345678.91')).toBe('$123,456,789,012,345,678.91');
  });

  it.each([null, undefined, '', '  ', 'abc', '1,234', '1.2.3', '$5', Number.NaN, Infinity])(
    '%j -> empty',
    (amount) => {
      expect(formatUsd(amount)).toBe('');
    },
  );

  it('a cents amount written as text reads back to the same cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), (cents) => {
        const sign = cents < 0n ? '-' : '';
        const abs = cents < 0n ? -cents : cents;
        const text = `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
        const shown = formatUsd(text);
        expect(shown.startsWith(cents < 0n ? '-$' : '$')).toBe(true);
        expect(BigInt(shown.replace(/[$,.]/g, ''))).toBe(cents);
      }),
    );
  });
});

describe('formatPercent', () => {
  it('two decimals of a percentage', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent('12.5')).toBe('12.50%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(100)).toBe('100.00%');
    expect(formatPercent(-3.2)).toBe('-3.20%');
    expect(formatPercent(12345.6)).toBe('12,345.60%');
    expect(formatPercent(1.005)).toBe('1.01%');
  });

  it('or of a ratio', () => {
    expect(formatPercent(0.12345, { ratio: true })).toBe('12.35%');
    expect(formatPercent('0.5', { ratio: true })).toBe('50.00%');
    expect(formatPercent(1, { ratio: true })).toBe('100.00%');
  });

  it('nothing for no number', () => {
    for (const value of [null, undefined, '', 'n/a', Number.NaN]) {
      expect(formatPercent(value)).toBe('');
    }
  });
});

describe('formatFileSize', () => {
  it('0 and small sizes are in Bytes', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1)).toBe('1 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
  });

  it.each(FILE_SIZE_UNITS.map((unit, power) => [unit, power] as const))(
    'one %s is 1024^%i bytes',
    (unit, power) => {
      expect(formatFileSize(1024 ** power)).toBe(`1 ${unit}`);
      expect(formatFileSize(1.5 * 1024 ** power)).toBe(`1.5 ${unit}`);
      expect(formatFileSize(1023 * 1024 ** power)).toBe(`1023 ${unit}`);
    },
  );

  it('at most two decimals, trailing zeros dropped', () => {
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1234)).toBe('1.21 KB');
    expect(formatFileSize(1025)).toBe('1 KB');
    expect(formatFileSize(10 * 1024 + 102)).toBe('10.1 KB');
    expect(formatFileSize(52428800)).toBe('50 MB');
  });

  it('a size that rounds up to 1024 of a unit is shown as 1 of the next', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(1024 ** 3 - 1)).toBe('1 GB');
  });

  it('YB is the last unit', () => {
    expect(formatFileSize(2048 * 1024 ** 8)).toBe('2048 YB');
  });

  it.each([-1, Number.NaN, Infinity])('%s -> empty', (bytes) => {
    expect(formatFileSize(bytes)).toBe('');
  });

  it('is monotonic: more bytes never read as fewer', () => {
    const value = (shown: string) => {
      const [number, unit] = shown.split(' ') as [string, (typeof FILE_SIZE_UNITS)[number]];
      return Number(number) * 1024 ** FILE_SIZE_UNITS.indexOf(unit);
    };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2 ** 90, noNaN: true }),
        fc.double({ min: 0, max: 2 ** 90, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(value(formatFileSize(low))).toBeLessThanOrEqual(value(formatFileSize(high)));
        },
      ),
    );
  });

  it('shows at most two decimals and a number below 1024 except in YB', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2 ** 85, noNaN: true }), (bytes) => {
        const [number, unit] = formatFileSize(bytes).split(' ') as [string, string];
        expect(number).toMatch(/^\d+(\.\d{1,2})?$/);
        expect(number).not.toMatch(/\.\d*0$/);
        if (unit !== 'YB') expect(Number(number)).toBeLessThan(1024);
      }),
    );
  });
});
