import { describe, expect, it } from 'vitest';
import {
  PRICE_FILE_MESSAGES as M,
  detectPriceLayout,
  headerKey,
  normaliseNdc,
  parsePriceDate,
  parsePriceRow,
  parseUnitPrice,
} from './price-files.ts';

const NADAC_HEADER = [
  'NDC Description',
  'NDC',
  'NADAC Per Unit',
  'Effective Date',
  'Pricing Unit',
  'Pharmacy Type Indicator',
  'OTC',
  'Explanation Code',
  'Classification for Rate Setting',
  'Corresponding Generic Drug NADAC Per Unit',
  'Corresponding Generic Drug Effective Date',
  'As of Date',
];

describe('price file layout detection', () => {
  it('reads the public NADAC layout, spaced or with underscores and a BOM', () => {
    expect(detectPriceLayout(NADAC_HEADER)).toEqual({
      layout: 'NADAC',
      ndc: 1,
      price: 2,
      effectiveDate: 3,
    });
    expect(
      detectPriceLayout(['\uFEFFNDC_Description', 'NDC', 'NADAC_Per_Unit', 'Effective_Date']),
    ).toEqual({ layout: 'NADAC', ndc: 1, price: 2, effectiveDate: 3 });
    expect(headerKey('\uFEFFNADAC_Per_Unit')).toBe('nadacperunit');
  });

  it('reads the simple AWP layout in any column order', () => {
    expect(detectPriceLayout(['Effective Date', 'AWP Unit Price', 'NDC'])).toEqual({
      layout: 'AWP',
      ndc: 2,
      price: 1,
      effectiveDate: 0,
    });
    expect(detectPriceLayout(['ndc', 'effectiveDate', 'awp'])?.layout).toBe('AWP');
  });

  it('answers null for a file with neither layout (a claims file, a price without a date)', () => {
    expect(detectPriceLayout(['claimId', 'ndc', 'fillDate', 'awpUnitCost'])).toBeNull();
    expect(detectPriceLayout(['NDC', 'NADAC Per Unit'])).toBeNull();
    expect(detectPriceLayout(['NDC', 'Effective Date', 'Price'])).toBeNull();
  });
});

describe('NDC normalisation', () => {
  it('pads NDCs a spreadsheet shortened and keeps 11-digit ones', () => {
    expect(normaliseNdc('00002143380')).toBe('00002143380');
    expect(normaliseNdc('2143380')).toBe('00002143380');
    expect(normaliseNdc(' 93714656 ')).toBe('00093714656');
  });

  it('pads each group of a hyphenated NDC to 5-4-2', () => {
    expect(normaliseNdc('0002-1433-80')).toBe('00002143380');
    expect(normaliseNdc('00093-714-56')).toBe('00093071456');
    expect(normaliseNdc('00093-7146-5')).toBe('00093714605');
  });

  it('refuses what is not an NDC', () => {
    for (const bad of ['', 'ABC123', '123456789012', '1-2', '000021-433-80', '1.5e10', '-1'])
      expect(normaliseNdc(bad), bad).toBeNull();
  });
});

describe('price row parsing', () => {
  const columns = detectPriceLayout(NADAC_HEADER)!;
  const row = (ndc: string, price: string, date: string) => ['DRUG', ndc, price, date, 'EA'];

  it('parses dates as MM/DD/YYYY or YYYY-MM-DD and refuses impossible ones', () => {
    expect(parsePriceDate('01/02/2026')).toBe('2026-01-02');
    expect(parsePriceDate('1/2/2026')).toBe('2026-01-02');
    expect(parsePriceDate('2026-02-28')).toBe('2026-02-28');
    for (const bad of ['02/30/2026', '13/01/2026', '2026-2-28', '20260101', '', '01/01/26'])
      expect(parsePriceDate(bad), bad).toBeNull();
  });

  it('takes positive plain prices only', () => {
    expect(parseUnitPrice('0.25370')).toBe(0.2537);
    expect(parseUnitPrice('$12.5')).toBe(12.5);
    for (const bad of ['0', '-1', 'n/a', '1,000.00', '1e3', '', 'Infinity'])
      expect(parseUnitPrice(bad), bad).toBeNull();
  });

  it('answers the row, or its first bad field with its message', () => {
    expect(parsePriceRow(row('93714656', '0.50000', '01/01/2026'), columns)).toEqual({
      ok: true,
      ndc: '00093714656',
      effectiveDate: '2026-01-01',
      unitPrice: 0.5,
    });
    expect(parsePriceRow(row('ABC', 'x', 'y'), columns)).toEqual({
      ok: false,
      field: 'ndc',
      message: M.badNdc,
    });
    expect(parsePriceRow(row('1', 'x', 'y'), columns)).toMatchObject({ field: 'unitPrice' });
    expect(parsePriceRow(row('1', '1', '02/30/2026'), columns)).toMatchObject({
      field: 'effectiveDate',
      message: M.badDate,
    });
    // A short row (a spreadsheet drops trailing empty cells) is bad, not an error.
    expect(parsePriceRow(['DRUG', '1', '1'], columns)).toMatchObject({ field: 'effectiveDate' });
  });
});
