/** Display formats for money, file sizes and percentages (spec 1 §9, spec 3 §9). */

/*
 * Amounts are handed to Intl as decimal strings: Intl reads a string exactly, so '1234.005'
 * from a numeric(14,2)-style column rounds as written, never through a binary float. A number
 * is first written in its shortest round-trip form (1.005 -> '1.005'), which is what the user
 * means by it; Intl given the number itself would round its binary neighbour instead.
 * signDisplay 'negative' keeps amounts that round to zero from showing as '-$0.00'.
 */
const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  signDisplay: 'negative',
});
const PERCENT = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

type DecimalString = `${number}`;

/** The value as an exact decimal string, or null when it is no finite number. */
function toDecimal(value: number | string | null | undefined): DecimalString | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number')
    return Number.isFinite(value) ? (String(value) as DecimalString) : null;
  const text = value.trim();
  return DECIMAL.test(text) ? (text as DecimalString) : null;
}

/** '$1,234.50'; negatives '-$1.00'; empty, null and non-numbers give ''. */
export function formatUsd(amount: number | string | null | undefined): string {
  const decimal = toDecimal(amount);
  return decimal === null ? '' : USD.format(decimal);
}

/**
 * Two decimals, as spec 3 §9 asks: 12.345 -> '12.35%'. The value is a percentage unless
 * `ratio` says it is a fraction of one (0.12345 -> '12.35%').
 */
export function formatPercent(
  value: number | string | null | undefined,
  options: { ratio?: boolean } = {},
): string {
  const decimal = toDecimal(value);
  if (decimal === null) return '';
  // Scaling by the exponent keeps the division by 100 exact.
  return PERCENT.format(options.ratio ? decimal : (`${decimal}e-2` as DecimalString));
}

export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Base 1024, at most two decimals, trailing zeros dropped: 1536 -> '1.5 KB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let unit = 0;
  let size = bytes;
  while (size >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  let rounded = Math.round(size * 100) / 100;
  // 1023.999 KB rounds to 1024 KB, which reads better as the next unit.
  if (rounded >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    rounded = Math.round((rounded / 1024) * 100) / 100;
    unit += 1;
  }
  return `${rounded} ${FILE_SIZE_UNITS[unit]}`;
}
