import { z } from 'zod';

/*
 * The administrator's price files (issue 19, decision 0147): AWP is licensed data, so a claim
 * without its own AWP is priced from the active price file, loaded as a CSV in the public NADAC
 * layout or a simple AWP layout. The header picks the layout; NDCs are normalised to 11 digits;
 * a row with a bad NDC, price or date is counted and listed, never guessed.
 */

export const PRICE_FILE_LAYOUTS = ['NADAC', 'AWP'] as const;
export type PriceFileLayout = (typeof PRICE_FILE_LAYOUTS)[number];

/** A NADAC year is about 1.5 M rows (~250 MB); anything above this is not a price file. */
export const PRICE_FILE_MAX_BYTES = 1024 * 1024 * 1024;
export const PRICE_FILE_NAME_MAX_LENGTH = 255;
/** How many bad rows a load lists (all are counted). */
export const PRICE_FILE_BAD_ROWS_LISTED = 100;
/** The largest unit price accepted (numeric(14,5) in the table). */
export const PRICE_FILE_MAX_UNIT_PRICE = 999_999_999;

export const PRICE_FILE_MESSAGES = {
  fileRequired: 'Choose a price file (CSV) to load',
  badType: 'A price file must be a CSV file (.csv)',
  tooLarge: 'The price file is too large',
  empty: 'The price file is empty',
  unknownLayout:
    'The price file has neither the NADAC columns (NDC, NADAC Per Unit, Effective Date) nor the AWP columns (NDC, Effective Date, AWP Unit Price)',
  noRows: 'The price file has no usable price row',
  badNdc:
    'The NDC must be 11 digits (or a shorter NDC padded with leading zeros, or 5-4-2 with hyphens)',
  badPrice: 'The unit price must be a positive number',
  badDate: 'The effective date must be a date as MM/DD/YYYY or YYYY-MM-DD',
  notFound: 'Price file',
} as const;

/** A header cell compared without case, spaces or punctuation ("NADAC_Per_Unit" = "NADAC Per Unit"). */
export function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const AWP_PRICE_HEADERS = ['awpunitprice', 'awpperunit', 'awpunitcost', 'awpprice', 'awp'];

export interface PriceFileColumns {
  layout: PriceFileLayout;
  ndc: number;
  price: number;
  effectiveDate: number;
}

/** The layout and the columns of the three fields a price row needs, or null (unknown layout). */
export function detectPriceLayout(headers: readonly string[]): PriceFileColumns | null {
  const keys = headers.map(headerKey);
  const ndc = keys.indexOf('ndc');
  const effectiveDate = keys.indexOf('effectivedate');
  if (ndc < 0 || effectiveDate < 0) return null;
  const nadac = keys.indexOf('nadacperunit');
  if (nadac >= 0) return { layout: 'NADAC', ndc, price: nadac, effectiveDate };
  const awp = keys.findIndex((k) => AWP_PRICE_HEADERS.includes(k));
  if (awp >= 0) return { layout: 'AWP', ndc, price: awp, effectiveDate };
  return null;
}

/**
 * An NDC as 11 digits, or null. Digits only (spaces ignored): up to 11, padded with leading zeros
 * (a spreadsheet drops them). With hyphens: three groups of at most 5, 4 and 2 digits, each
 * padded (4-4-2, 5-3-2 and 5-4-1 become 5-4-2).
 */
export function normaliseNdc(raw: string): string | null {
  const value = raw.trim().replace(/\s+/g, '');
  if (/^\d{1,11}$/.test(value)) return value.padStart(11, '0');
  const groups = /^(\d{1,5})-(\d{1,4})-(\d{1,2})$/.exec(value);
  if (!groups) return null;
  return groups[1]!.padStart(5, '0') + groups[2]!.padStart(4, '0') + groups[3]!.padStart(2, '0');
}

/** 'MM/DD/YYYY' (M and D may be one digit) or 'YYYY-MM-DD' as 'YYYY-MM-DD', or null. */
export function parsePriceDate(raw: string): string | null {
  const value = raw.trim();
  let y: number, m: number, d: number;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** A positive unit price (plain decimal, optional $), or null. */
export function parseUnitPrice(raw: string): number | null {
  const value = raw.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 && n <= PRICE_FILE_MAX_UNIT_PRICE ? n : null;
}

export const priceFileBadRow = z.object({
  row: z.number().int().describe('The row number in the file (the header is row 1)'),
  field: z.enum(['ndc', 'unitPrice', 'effectiveDate']),
  message: z.string().max(300),
});
export type PriceFileBadRow = z.infer<typeof priceFileBadRow>;

export type ParsedPriceRow =
  | { ok: true; ndc: string; effectiveDate: string; unitPrice: number }
  | { ok: false; field: PriceFileBadRow['field']; message: string };

/** One data row by the detected columns: the price row, or its first bad field. */
export function parsePriceRow(cells: readonly string[], columns: PriceFileColumns): ParsedPriceRow {
  const ndc = normaliseNdc(cells[columns.ndc] ?? '');
  if (ndc === null) return { ok: false, field: 'ndc', message: PRICE_FILE_MESSAGES.badNdc };
  const unitPrice = parseUnitPrice(cells[columns.price] ?? '');
  if (unitPrice === null)
    return { ok: false, field: 'unitPrice', message: PRICE_FILE_MESSAGES.badPrice };
  const effectiveDate = parsePriceDate(cells[columns.effectiveDate] ?? '');
  if (effectiveDate === null)
    return { ok: false, field: 'effectiveDate', message: PRICE_FILE_MESSAGES.badDate };
  return { ok: true, ndc, effectiveDate, unitPrice };
}

export const priceFile = z.object({
  id: z.number().int(),
  fileName: z.string().max(PRICE_FILE_NAME_MAX_LENGTH),
  layout: z.enum(PRICE_FILE_LAYOUTS),
  rowsRead: z.number().int().describe('Data rows read (the header not counted)'),
  rowsLoaded: z.number().int(),
  rowsBad: z.number().int(),
  badRows: z.array(priceFileBadRow).describe(`The first ${PRICE_FILE_BAD_ROWS_LISTED} bad rows`),
  loadedAt: z.string().max(40),
  loadedByName: z.string().max(300).nullable(),
  active: z.boolean(),
});
export type PriceFile = z.infer<typeof priceFile>;

export const priceFileList = z.object({
  files: z.array(priceFile).describe('Newest loaded first'),
});
export type PriceFileList = z.infer<typeof priceFileList>;

export const priceFileParams = z.object({
  priceFileNo: z.coerce.number().int().min(1).max(2147483647),
});

/** What a grid says of the price file that priced claims without their own AWP. */
export interface PriceFileUse {
  fileName: string;
  loadedAt: string;
  claims: number;
}
