import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  IMPORT_SCHEMA_MESSAGES,
  MAX_FIELD_DEFINITIONS,
  SAMPLE_FILE_ROWS_READ,
  columnLetter,
  delimiterCharacter,
  type SampleFileField,
  type SampleFileFields,
  type SampleFileFieldsInput,
} from '@pillar/domain';
import { HttpProblem } from '../../platform/http/problem.ts';

/*
 * Reads a stored sample file and proposes its fields (spec 3 §2 "Use Sample File", §7
 * "POST /schemas/files/{fileStorageId}"; decision 0111): header names (or Column A, B, …) for
 * delimited text and spreadsheets, and for fixed-length text the column boundaries the rows
 * show. Only the head of the file is read (SAMPLE_FILE_ROWS_READ rows): a 50 MB file costs what
 * its first rows cost. Anything unreadable is a 400 titled with the spec's message.
 */

/** The most bytes of a text sample read to find its first rows. */
export const SAMPLE_TEXT_HEAD_BYTES = 4 * 1024 * 1024;

export function parseProblem(detail: string): HttpProblem {
  return new HttpProblem(400, IMPORT_SCHEMA_MESSAGES.parseFailed, detail, { file: detail });
}

/**
 * The text at the file's start, up to SAMPLE_TEXT_HEAD_BYTES, cut after the last full line when
 * the file goes on (a half line is no row). Stops reading as soon as it has enough.
 */
export async function readTextHead(source: Readable): Promise<{ text: string; cut: boolean }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let cut = false;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    bytes += chunk.length;
    if (bytes >= SAMPLE_TEXT_HEAD_BYTES) {
      cut = true;
      source.destroy();
      break;
    }
  }
  let head = Buffer.concat(chunks).subarray(0, SAMPLE_TEXT_HEAD_BYTES);
  if (head.includes(0)) throw parseProblem('The file holds binary data, not text');
  if (cut) {
    const lastNewline = head.lastIndexOf(0x0a);
    if (lastNewline > 0) head = head.subarray(0, lastNewline + 1);
  }
  // A byte-order mark is not part of the first field's name.
  const text = head.toString('utf8').replace(/^\uFEFF/u, '');
  return { text, cut };
}

/** The first `count` lines that hold anything but whitespace. */
function firstLines(text: string, count: number): string[] {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/u)) {
    if (line.trim() === '') continue;
    lines.push(line.replace(/\r$/u, ''));
    if (lines.length >= count) break;
  }
  return lines;
}

function tooManyColumns(count: number): void {
  if (count > MAX_FIELD_DEFINITIONS)
    throw parseProblem(IMPORT_SCHEMA_MESSAGES.sampleFileTooManyColumns);
}

/** Header names, trimmed; a blank one is named by its column ('Column C'). */
function namesOf(header: readonly unknown[] | null, columns: number): string[] {
  return Array.from({ length: columns }, (_, i) => {
    const raw = header?.[i];
    const name = cellText(raw).trim();
    return name || `Column ${columnLetter(i)}`;
  });
}

function delimitedFields(names: readonly string[]): SampleFileField[] {
  return names.map((name, i) => ({
    name: name.slice(0, 100),
    locIndex: i,
    startLoc: null,
    stopLoc: null,
    locLength: null,
  }));
}

/** Delimited text: papaparse over the head; a quote never closed is refused with its row. */
export function proposeDelimited(
  text: string,
  delimiter: string,
  hasHeader: boolean,
  cut: boolean,
): SampleFileFields {
  const rowsWanted = SAMPLE_FILE_ROWS_READ + (hasHeader ? 1 : 0);
  const result = Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    preview: rowsWanted,
  });
  const quoteError = result.errors.find((e) => e.type === 'Quotes');
  // A quoted value running past the head's cut may close later in the file.
  if (quoteError && !(cut && (quoteError.row ?? 0) >= result.data.length - 1)) {
    throw parseProblem(IMPORT_SCHEMA_MESSAGES.sampleFileBrokenQuote((quoteError.row ?? 0) + 1));
  }
  const rows = result.data;
  if (rows.length === 0) throw parseProblem(IMPORT_SCHEMA_MESSAGES.sampleFileEmpty);
  const columns = rows.reduce((max, row) => Math.max(max, row.length), 0);
  tooManyColumns(columns);
  const header = hasHeader ? rows[0]! : null;
  return {
    fields: delimitedFields(namesOf(header, columns)),
    rowsRead: rows.length - (hasHeader ? 1 : 0),
  };
}

/**
 * Fixed-length text: a character position is a boundary when it is a space (or past the end)
 * in every data row read; each run of other positions starts a field, which reaches up to the
 * next field's start (values are padded to their width), the last to the longest row's end.
 * Fields are named Field 1, Field 2, …: a fixed-length file has no row of column names (its
 * first row is data, and names taken from it would copy a member's details into the schema).
 * Lines starting with the header or trailer marker are those records, not data.
 */
export function proposeFixedLength(
  text: string,
  markers: { header?: string | null; footer?: string | null } = {},
): SampleFileFields {
  const isRecordMarker = (line: string) =>
    (!!markers.header && line.startsWith(markers.header)) ||
    (!!markers.footer && line.startsWith(markers.footer));
  const data = firstLines(text, SAMPLE_FILE_ROWS_READ + 2)
    .filter((line) => !isRecordMarker(line))
    .slice(0, SAMPLE_FILE_ROWS_READ);
  if (data.length === 0) throw parseProblem(IMPORT_SCHEMA_MESSAGES.sampleFileEmpty);
  const width = data.reduce((max, line) => Math.max(max, line.length), 0);
  const blank = (i: number) => data.every((line) => i >= line.length || line[i] === ' ');
  const starts: number[] = [];
  for (let i = 0; i < width; i++) {
    if (!blank(i) && (i === 0 || blank(i - 1))) starts.push(i);
  }
  tooManyColumns(starts.length);
  // Leading spaces belong to the first field.
  if (starts.length === 0) starts.push(0);
  starts[0] = 0;
  const fields = starts.map((start, index) => {
    const next = starts[index + 1];
    const stop = next ?? width; // exclusive, 0-based
    return {
      name: `Field ${index + 1}`,
      locIndex: index,
      startLoc: start + 1,
      stopLoc: stop,
      locLength: stop - start,
    };
  });
  return { fields, rowsRead: data.length };
}

/**
 * A spreadsheet's first sheet, streamed: the first row holds the names when the file has a header
 * row; the widest of the rows read gives the count. A zip that is no workbook is refused.
 */
export async function proposeSpreadsheet(
  source: Readable,
  hasHeader: boolean,
): Promise<SampleFileFields> {
  const rows: unknown[][] = [];
  const wanted = SAMPLE_FILE_ROWS_READ + (hasHeader ? 1 : 0);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    sheets: for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        if (values.every((v) => v === '')) continue;
        rows.push(values);
        if (rows.length >= wanted) break sheets;
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw parseProblem('The file is not a readable .xlsx workbook');
  } finally {
    source.destroy();
  }
  if (rows.length === 0) throw parseProblem(IMPORT_SCHEMA_MESSAGES.sampleFileEmpty);
  const columns = rows.reduce((max, row) => Math.max(max, row.length), 0);
  tooManyColumns(columns);
  return {
    fields: delimitedFields(namesOf(hasHeader ? rows[0]! : null, columns)),
    rowsRead: rows.length - (hasHeader ? 1 : 0),
  };
}

/** A cell's value as text: rich text joined, formulas by their result, dates as ISO. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
    return '';
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return '';
}

/**
 * The fields a sample file proposes, by its extension first (what the bytes are) and then the
 * schema's file type (how a text file is laid out).
 */
export async function proposeFields(
  extension: string,
  open: () => Promise<Readable>,
  input: SampleFileFieldsInput,
): Promise<SampleFileFields> {
  if (extension === '.xls') throw parseProblem(IMPORT_SCHEMA_MESSAGES.sampleFileLegacyXls);
  if (extension === '.xlsx') return proposeSpreadsheet(await open(), input.fileHasHeaderRow);
  if (input.fileType === 'edi') {
    throw parseProblem('An EDI-834 schema takes its fields from its 834 layout, not a sample file');
  }
  const { text, cut } = await readTextHead(await open());
  if (text.trim() === '') throw parseProblem(IMPORT_SCHEMA_MESSAGES.sampleFileEmpty);
  if (input.fileType === 'fixed') return proposeFixedLength(text, input);
  // A spreadsheet schema given a .csv reads it as comma-separated.
  const delimiter =
    input.fileType === 'excel' ? ',' : delimiterCharacter(input.delimiter, input.customDelimiter);
  if (!delimiter) {
    const message =
      input.delimiter === 'other'
        ? IMPORT_SCHEMA_MESSAGES.customDelimiterRequired
        : IMPORT_SCHEMA_MESSAGES.delimiterRequired;
    throw new HttpProblem(400, 'Bad Request', message, {
      [input.delimiter === 'other' ? 'customDelimiter' : 'delimiter']: message,
    });
  }
  return proposeDelimited(text, delimiter, input.fileHasHeaderRow, cut);
}
