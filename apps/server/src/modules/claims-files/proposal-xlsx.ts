import { once, type EventEmitter } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { gridRows, type ProposalData } from './proposal-layout.ts';

/*
 * The proposal workbook (decisions 0126 and 0140): a 'Pricing Grid' sheet (rows in the
 * template's order, numbers as numbers so the reader can sum them) and the per-claim repricing
 * detail on 'Claim Detail' sheets. The workbook is streamed (exceljs's streaming WorkbookWriter:
 * each row is written out and dropped as it is added), so the detail of a million claims takes
 * the memory of one row; a sheet holds at most Excel's 1,048,576 rows (the header and 1,048,575
 * claims), and the claims beyond continue on 'Claim Detail 2', 'Claim Detail 3', ...
 * Money cells carry a currency format.
 */

const MONEY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';
/** The detail cells' style (never changed: exceljs caches its id by this object). */
const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({});
/** Excel's rows per sheet. */
export const SHEET_ROW_LIMIT = 1_048_576;
/** Rows between two looks at the output's backlog (a slow reader pauses the writing). */
const DRAIN_EVERY = 1000;

export type ClaimDetailRows =
  Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>;

/**
 * The workbook as a stream. `detail` (the per-claim rows, each with the same keys) defaults to
 * the grid's; `rowLimit` is the rows per sheet (tests lower it).
 */
export function proposalXlsx(
  data: ProposalData,
  detail: ClaimDetailRows | undefined = data.claimDetail,
  rowLimit = SHEET_ROW_LIMIT,
): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Pillar';
  // A fixed date keeps one iteration's workbook the same from one download to the next.
  book.created = new Date(0);
  book.modified = new Date(0);
  const write = async () => {
    const grid = book.addWorksheet('Pricing Grid', {
      properties: { defaultColWidth: 18 },
    });
    grid.columns = [{ width: 28 }, ...data.columns.map(() => ({ width: 18 }))];
    grid.addRow([data.layout.coverTitle]).commit();
    grid.addRow([data.title, data.template]).commit();
    grid.addRow([]).commit();
    const head = grid.addRow(['', ...data.columns.map((c) => c.name)]);
    head.font = { bold: true };
    head.commit();
    for (const row of gridRows(data.layout)) {
      const added = grid.addRow([row.label, ...data.columns.map((c) => row.value(c))]);
      added.eachCell((cell, col) => {
        if (col > 1) cell.numFmt = row.kind === 'money' ? MONEY_FORMAT : '0.0"%"';
      });
      added.commit();
    }
    if (data.footNotes.length > 0) {
      grid.addRow([]).commit();
      const title = grid.addRow(['Footnotes']);
      title.font = { bold: true };
      title.commit();
      data.footNotes.forEach((f, i) => grid.addRow([`${i + 1}. ${f.text}`]).commit());
    }
    grid.commit();
    if (detail) await writeDetail(book, out, detail, rowLimit);
    await book.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

async function writeDetail(
  book: ExcelJS.stream.xlsx.WorkbookWriter,
  out: PassThrough,
  detail: ClaimDetailRows,
  rowLimit: number,
): Promise<void> {
  let keys: string[] | null = null;
  let sheet: ExcelJS.Worksheet | null = null;
  let sheets = 0;
  let rowsInSheet = 0;
  let written = 0;
  for await (const claim of detail) {
    // The reader went away: stop reading the claims (breaking off frees their source).
    if (out.destroyed) break;
    keys ??= Object.keys(claim);
    if (!sheet || rowsInSheet >= rowLimit) {
      sheet?.commit();
      sheets += 1;
      sheet = book.addWorksheet(sheets === 1 ? 'Claim Detail' : `Claim Detail ${sheets}`);
      const header = sheet.addRow(keys);
      header.font = { bold: true };
      header.commit();
      rowsInSheet = 1;
    }
    const row = sheet.addRow(keys.map((k) => cellValue(claim[k])));
    // One shared style object: exceljs caches a style's id by object, so every detail cell
    // reuses it instead of serialising an empty style of its own (most of the sheet's CPU).
    row.eachCell((cell) => {
      cell.style = PLAIN_STYLE;
    });
    row.commit();
    rowsInSheet += 1;
    written += 1;
    if (written % DRAIN_EVERY === 0) {
      // exceljs hands each row to the zip without waiting: give the compressor its turn, and
      // wait for a slow reader, so the rows never pile up in memory.
      await new Promise((resolve) => setImmediate(resolve));
      for (const pipe of zipInputs(sheet))
        if (pipe._writableState!.length >= pipe._writableState!.highWaterMark)
          await drainOrClose(pipe, out);
      if (out.writableNeedDrain) await drainOrClose(out, out);
    }
  }
  sheet?.commit();
}

/**
 * Waits for `stream` to drain, or for the output to close (the reader went away: then nothing
 * drains again, and the loop above stops at its next row, freeing the claims' source).
 */
async function drainOrClose(stream: Backlogged, out: PassThrough): Promise<void> {
  if (out.destroyed) return;
  const abort = new AbortController();
  const onClose = () => abort.abort();
  out.once('close', onClose);
  try {
    await once(stream as unknown as EventEmitter, 'drain', { signal: abort.signal });
  } catch {
    // Aborted: the output closed.
  } finally {
    out.off('close', onClose);
  }
}

/**
 * Where a streamed sheet's rows go (the zip entry's compressor): exceljs writes to it without
 * heeding its backlog, so the writer waits on it here (exceljs's sheet stream keeps its
 * destinations in `pipes`; none when that ever changes, and only the reader is waited on).
 */
function zipInputs(sheet: ExcelJS.Worksheet): Backlogged[] {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  return Array.isArray(pipes)
    ? pipes.filter(
        (p): p is Backlogged =>
          typeof (p as Backlogged)?.once === 'function' &&
          typeof (p as Backlogged)?._writableState?.length === 'number',
      )
    : [];
}

/** A writable stream, node's or the readable-stream package's (archiver's). */
interface Backlogged {
  _writableState?: { length: number; highWaterMark: number };
  once(event: 'drain', listener: () => void): unknown;
}

function cellValue(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  return JSON.stringify(v);
}
