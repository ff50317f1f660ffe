import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  CLAIMS_FILE_COLUMN_NAME_MAX_LENGTH,
  CLAIMS_FILE_COLUMNS_MAX,
  CLAIMS_FILE_MESSAGES,
  CLAIMS_PREVIEW_ROWS,
  type ClaimsFileFormat,
} from '@pillar/domain';
import { badRequest, HttpProblem } from '../../platform/http/problem.ts';

/*
 * Reading claims files (decision 0126): delimited text is read as a stream with papaparse (one
 * row at a time, never the whole file), so a 500 MB file costs its rows' time and one row's
 * memory. XLSX goes through exceljs's streaming workbook reader. A row whose cell count differs
 * from the header's is counted as unparseable and left out of the preview.
 */

export interface FileShape {
  cols: string[];
  preview: Record<string, string>[];
  rowCount: number;
  unparseableRows: number;
}

/** The format of a file by its name and first line: a .txt with '|' is pipe, else fixed. */
export function formatOf(fileName: string, firstLine: string): ClaimsFileFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.psv')) return 'pipe';
  if (lower.endsWith('.txt') || lower.endsWith('.dat'))
    return firstLine.includes('|') ? 'pipe' : 'fixed';
  return null;
}

const headerProblem = () =>
  badRequest(CLAIMS_FILE_MESSAGES.empty, { file: CLAIMS_FILE_MESSAGES.empty });

/** Header names made unique and non-empty ('Column 3' for a blank one). */
function cleanHeader(raw: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((cell, i) => {
    const base = (cell ?? '').replace(/^\uFEFF/u, '').trim() || `Column ${i + 1}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}_${n + 1}`;
  });
}

function rowObject(cols: readonly string[], cells: readonly string[]): Record<string, string> {
  return Object.fromEntries(cols.map((c, i) => [c, (cells[i] ?? '').trim()]));
}

/**
 * The source's bytes as UTF-8 text. One decoder for the whole stream keeps a character whose bytes
 * fall on both sides of a chunk boundary whole (decoding each chunk alone turned 'É' into two
 * replacement characters wherever a 64 KiB read cut it).
 */
export async function* utf8Text(
  source: AsyncIterable<Buffer | Uint8Array | string>,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const tail = decoder.decode();
  if (tail !== '') yield tail;
}

/** Streams delimited text through papaparse, calling `onRow` for each row after the header. */
export async function eachDelimitedRow(
  source: Readable,
  delimiter: string,
  onHeader: (cols: string[]) => void,
  onRow: (cells: string[]) => void,
): Promise<void> {
  let header = true;
  await new Promise<void>((resolve, reject) => {
    const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: 'greedy' });
    parser.on('data', (cells: string[]) => {
      if (header) {
        header = false;
        onHeader(cleanHeader(cells));
      } else onRow(cells);
    });
    parser.on('end', () => resolve());
    parser.on('error', reject);
    const text = Readable.from(utf8Text(source));
    text.on('error', reject);
    text.pipe(parser);
  });
}

/** Fixed-width columns start where the header's names start (names separated by 2+ spaces). */
export function fixedBoundaries(headerLine: string): { name: string; start: number }[] {
  const out: { name: string; start: number }[] = [];
  for (const m of headerLine.matchAll(/\S+(?: \S+)*/g)) out.push({ name: m[0], start: m.index });
  return out;
}

async function readFixed(source: Readable): Promise<FileShape> {
  let rest = '';
  let bounds: { name: string; start: number }[] | null = null;
  const shape: FileShape = { cols: [], preview: [], rowCount: 0, unparseableRows: 0 };
  const onLine = (line: string) => {
    if (line.trim() === '') return;
    if (!bounds) {
      bounds = fixedBoundaries(line.replace(/^\uFEFF/u, ''));
      shape.cols = cleanHeader(bounds.map((b) => b.name));
      return;
    }
    shape.rowCount++;
    const last = bounds[bounds.length - 1]!;
    // A line shorter than the last column's start cannot hold every column.
    if (line.length <= last.start) {
      shape.unparseableRows++;
      return;
    }
    if (shape.preview.length < CLAIMS_PREVIEW_ROWS) {
      const b = bounds;
      const cells = b.map((x, i) => line.slice(x.start, b[i + 1]?.start ?? line.length));
      shape.preview.push(rowObject(shape.cols, cells));
    }
  };
  for await (const chunk of utf8Text(source)) {
    const lines = (rest + chunk).split(/\r?\n/);
    rest = lines.pop() ?? '';
    lines.forEach(onLine);
  }
  onLine(rest);
  if (!bounds) throw headerProblem();
  return shape;
}

/**
 * A damaged or hostile XLSX (a truncated zip, a part that is not XML) is the sender's problem, a
 * 400 naming the file, never a 500.
 */
async function readXlsx(source: Readable): Promise<FileShape> {
  try {
    return await readXlsxRows(source);
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    source.destroy();
    throw badRequest(CLAIMS_FILE_MESSAGES.unreadableXlsx, {
      file: CLAIMS_FILE_MESSAGES.unreadableXlsx,
    });
  }
}

async function readXlsxRows(source: Readable): Promise<FileShape> {
  const shape: FileShape = { cols: [], preview: [], rowCount: 0, unparseableRows: 0 };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  let header = true;
  // Only the first sheet holds claims.
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1).map((v) => cellText(v));
      if (values.every((v) => v === '')) continue;
      if (header) {
        shape.cols = cleanHeader(values);
        header = false;
        continue;
      }
      shape.rowCount++;
      if (values.length > shape.cols.length) shape.unparseableRows++;
      else if (shape.preview.length < CLAIMS_PREVIEW_ROWS)
        shape.preview.push(rowObject(shape.cols, values));
    }
    break;
  }
  if (header) throw headerProblem();
  return shape;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    if (typeof o.text === 'string') return o.text;
    return '';
  }
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** Columns, first rows, row count and unparseable rows of an uploaded claims file. */
export async function readClaimsFile(
  format: ClaimsFileFormat,
  source: Readable,
): Promise<FileShape> {
  return checkHeader(await readShape(format, source));
}

/** The header's limits: every string has a max (the columns are stored and shown). */
function checkHeader<T extends { cols: string[] }>(shape: T, field = 'file'): T {
  const problem = (message: string) => badRequest(message, { [field]: message });
  if (shape.cols.length > CLAIMS_FILE_COLUMNS_MAX)
    throw problem(CLAIMS_FILE_MESSAGES.tooManyColumns);
  if (shape.cols.some((name) => name.length > CLAIMS_FILE_COLUMN_NAME_MAX_LENGTH))
    throw problem(CLAIMS_FILE_MESSAGES.columnNameTooLong);
  return shape;
}

async function readShape(format: ClaimsFileFormat, source: Readable): Promise<FileShape> {
  if (format === 'xlsx') return readXlsx(source);
  if (format === 'fixed') return readFixed(source);
  const shape: FileShape = { cols: [], preview: [], rowCount: 0, unparseableRows: 0 };
  let seenHeader = false;
  await eachDelimitedRow(
    source,
    format === 'pipe' ? '|' : ',',
    (cols) => {
      seenHeader = true;
      shape.cols = cols;
    },
    (cells) => {
      shape.rowCount++;
      if (cells.length !== shape.cols.length) shape.unparseableRows++;
      else if (shape.preview.length < CLAIMS_PREVIEW_ROWS)
        shape.preview.push(rowObject(shape.cols, cells));
    },
  );
  if (!seenHeader) throw headerProblem();
  return shape;
}

/** A mapped file's summary: its header, claims, and claims per fill date. */
export interface MappedSummary {
  cols: string[];
  claimCount: number;
  fillDateCounts: Record<string, number>;
}

/**
 * Fill dates as YYYY-MM-DD; the mapper writes ISO dates, MM/DD/YYYY and YYYYMMDD (the CMS files'
 * SRVC_DT) are read too. A value that is not a calendar date (20230231, 13/01/2023) is no date.
 */
export function normalizeDate(raw: string): string | null {
  const v = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(v) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const [year, month, day] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : us
      ? [us[3]!, us[1]!.padStart(2, '0'), us[2]!.padStart(2, '0')]
      : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return real ? `${year}-${month}-${day}` : null;
}

/** Reads the mapped CSV (the standard claims layout) once, as a stream. */
export async function summarizeMapped(source: Readable): Promise<MappedSummary> {
  const out: MappedSummary = { cols: [], claimCount: 0, fillDateCounts: {} };
  let fillIndex = -1;
  await eachDelimitedRow(
    source,
    ',',
    (cols) => {
      out.cols = cols;
      fillIndex = cols.findIndex((c) => c.toLowerCase() === 'filldate');
    },
    (cells) => {
      out.claimCount++;
      const date = fillIndex >= 0 ? normalizeDate(cells[fillIndex] ?? '') : null;
      if (date) out.fillDateCounts[date] = (out.fillDateCounts[date] ?? 0) + 1;
    },
  );
  // The mapped file is named by its storage id in the register call; its header is stored too.
  return checkHeader(out, 'mappedFileStorageId');
}
