import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { parse, CsvError } from 'csv-parse';
import type { Kysely } from 'kysely';
import {
  PRICE_FILE_BAD_ROWS_LISTED,
  PRICE_FILE_MESSAGES as M,
  PRICE_FILE_NAME_MAX_LENGTH,
  detectPriceLayout,
  parsePriceRow,
  type PriceFile,
  type PriceFileBadRow,
  type PriceFileList,
  type PriceRow,
} from '@pillar/domain';
import type { DB } from '../../database.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, notFound } from '../../platform/http/problem.ts';
import { cleanFileName, multipartProblem } from '../../platform/storage/streamed-upload.ts';
import * as repo from './price-files.repo.ts';

/*
 * The administrator's price files (issue 19, decision 0147): a CSV in the NADAC or the AWP
 * layout, parsed as it streams in and stored a batch at a time (a NADAC year is ~1.5 M rows), the
 * bad rows counted and the first of them listed; the newest load is the active file.
 */

const fileProblem = (detail: string) => badRequest(detail, { file: detail });

/** Price rows held before they are written (a COPY or a few multi-row inserts). */
const LOAD_BATCH = 20_000;

function answer(row: repo.PriceFileRow, activeNo: number | null): PriceFile {
  return {
    id: row.priceFileNo,
    fileName: row.fileName,
    layout: row.layout,
    rowsRead: row.rowsRead,
    rowsLoaded: row.rowsLoaded,
    rowsBad: row.rowsBad,
    badRows: row.badRows,
    loadedAt: row.loadedAt.toISOString(),
    loadedByName: row.loadedByName,
    active: row.priceFileNo === activeNo,
  };
}

export async function listPriceFiles(db: Kysely<DB>): Promise<PriceFileList> {
  const [rows, active] = await Promise.all([repo.listPriceFiles(db), repo.findActivePriceFile(db)]);
  return { files: rows.map((r) => answer(r, active?.priceFileNo ?? null)) };
}

async function fileAnswer(db: Kysely<DB>, priceFileNo: number): Promise<PriceFile> {
  const [row, active] = await Promise.all([
    repo.findPriceFile(db, priceFileNo),
    repo.findActivePriceFile(db),
  ]);
  if (!row) throw notFound(M.notFound);
  return answer(row, active?.priceFileNo ?? null);
}

/** The price files' writes are audited like the other changes (load, activate, delete). */
async function audit(
  db: Kysely<DB>,
  principal: Principal,
  action: 'load' | 'activate' | 'delete',
  priceFileNo: number,
  detail?: Record<string, unknown>,
): Promise<void> {
  await writeAudit(db, {
    actorUserNo: principal.userNo,
    action: `price_file.${action}`,
    entity: 'price_file',
    entityId: priceFileNo,
    ...(detail ? { detail } : {}),
  });
}

export async function activatePriceFile(
  db: Kysely<DB>,
  principal: Principal,
  priceFileNo: number,
): Promise<PriceFile> {
  if (!(await repo.activatePriceFile(db, priceFileNo))) throw notFound(M.notFound);
  await audit(db, principal, 'activate', priceFileNo);
  return fileAnswer(db, priceFileNo);
}

export async function deletePriceFile(
  db: Kysely<DB>,
  principal: Principal,
  priceFileNo: number,
): Promise<null> {
  const file = await repo.findPriceFile(db, priceFileNo);
  if (!file || !(await repo.deletePriceFile(db, priceFileNo))) throw notFound(M.notFound);
  await audit(db, principal, 'delete', priceFileNo, { fileName: file.fileName });
  return null;
}

/**
 * Reads one CSV stream into a new price file: the header picks the layout, each data row is a
 * price row or a counted bad row. Throws (and leaves no file) when the layout is unknown, the
 * CSV is malformed or no row is usable.
 */
export async function loadPriceRows(
  db: Kysely<DB>,
  principal: Principal,
  fileName: string,
  source: Readable & { truncated?: boolean },
): Promise<number> {
  const parser = source.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }),
  );
  let priceFileNo: number | null = null;
  let columns: ReturnType<typeof detectPriceLayout> = null;
  let rowsRead = 0;
  let rowsBad = 0;
  let rowsLoaded = 0;
  const badRows: PriceFileBadRow[] = [];
  let batch: PriceRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = detectPriceLayout(record);
        if (!columns) throw fileProblem(M.unknownLayout);
        priceFileNo = await repo.insertPriceFile(db, {
          fileName,
          layout: columns.layout,
          loadedBy: principal.userNo,
        });
        continue;
      }
      rowsRead++;
      const parsed = parsePriceRow(record, columns);
      if (!parsed.ok) {
        rowsBad++;
        if (badRows.length < PRICE_FILE_BAD_ROWS_LISTED)
          badRows.push({ row: rowsRead + 1, field: parsed.field, message: parsed.message });
        continue;
      }
      batch.push({
        ndc: parsed.ndc,
        effectiveDate: parsed.effectiveDate,
        unitPrice: parsed.unitPrice,
      });
      if (batch.length >= LOAD_BATCH) {
        await repo.insertPriceRows(db, priceFileNo!, batch);
        rowsLoaded += batch.length;
        batch = [];
      }
    }
    if (source.truncated) throw fileProblem(M.tooLarge);
    if (!columns) throw fileProblem(M.empty);
    await repo.insertPriceRows(db, priceFileNo!, batch);
    rowsLoaded += batch.length;
    if (rowsLoaded === 0) throw fileProblem(M.noRows);
    await repo.completePriceFile(db, priceFileNo!, { rowsRead, rowsLoaded, rowsBad, badRows });
    await audit(db, principal, 'load', priceFileNo!, {
      fileName,
      layout: columns.layout,
      rowsLoaded,
      rowsBad,
    });
    return priceFileNo!;
  } catch (error) {
    source.resume();
    if (priceFileNo !== null) await repo.deletePriceFile(db, priceFileNo).catch(() => undefined);
    if (error instanceof CsvError)
      throw fileProblem(
        `The price file is not a well-formed CSV file (line ${(error as CsvError & { lines?: number }).lines ?? '?'})`,
      );
    throw error;
  }
}

/** POST /price-files: one CSV as the multipart part named file. */
export async function loadPriceFile(
  db: Kysely<DB>,
  principal: Principal,
  parts: AsyncIterable<Multipart>,
  discardRest: () => void,
): Promise<PriceFile> {
  let loaded: number | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || loaded !== null)
        throw fileProblem('Send one price file, as the part named file');
      const name = cleanFileName(part.filename);
      if (!name) throw fileProblem(M.fileRequired);
      if (name.length > PRICE_FILE_NAME_MAX_LENGTH)
        throw fileProblem(`The file name must not exceed ${PRICE_FILE_NAME_MAX_LENGTH} characters`);
      if (!name.toLowerCase().endsWith('.csv')) throw fileProblem(M.badType);
      loaded = await loadPriceRows(db, principal, name, part.file);
    }
    if (loaded === null) throw fileProblem(M.fileRequired);
  } catch (error) {
    discardRest();
    if (loaded !== null) await repo.deletePriceFile(db, loaded).catch(() => undefined);
    throw multipartProblem(error, { tooManyFiles: 'Send one price file', field: 'file' });
  }
  return fileAnswer(db, loaded);
}

/** What an FA job prices claims without their own AWP from: the active file's rows for its NDCs. */
export async function activePrices(
  db: Kysely<DB>,
  ndcs: readonly string[],
): Promise<{ file: { fileName: string; loadedAt: string }; prices: PriceRow[] } | null> {
  const active = await repo.findActivePriceFile(db);
  if (!active) return null;
  return {
    file: { fileName: active.fileName, loadedAt: active.loadedAt.toISOString() },
    prices: await repo.findPriceRows(db, active.priceFileNo, ndcs),
  };
}
