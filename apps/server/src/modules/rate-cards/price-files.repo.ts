import { sql, type Kysely } from 'kysely';
import type { PriceFileBadRow, PriceFileLayout, PriceRow } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { canCopy, copyIn, CopyData, copyRow } from '../../platform/db/copy-in.ts';

/**
 * All SQL of the price files (decision 0147). A load inserts its file row (incomplete, so no
 * list or job sees it), its price rows a batch at a time, then completes and activates it. The
 * active file is the complete one activated last.
 */

type Db = Kysely<DB>;

export interface PriceFileRow {
  priceFileNo: number;
  fileName: string;
  layout: PriceFileLayout;
  rowsRead: number;
  rowsLoaded: number;
  rowsBad: number;
  badRows: PriceFileBadRow[];
  loadedAt: Date;
  loadedByName: string | null;
}

export async function insertPriceFile(
  db: Db,
  file: { fileName: string; layout: PriceFileLayout; loadedBy: number },
): Promise<number> {
  const row = await db
    .insertInto('price_file')
    .values({
      file_name: file.fileName,
      layout: file.layout,
      bad_rows: JSON.stringify([]),
      loaded_by: file.loadedBy,
    })
    .returning('price_file_no')
    .executeTakeFirstOrThrow();
  return row.price_file_no;
}

/** Rows per multi-row insert on PGlite (3 parameters a row, well under the 65,535 limit). */
const INSERT_BATCH = 5000;

/** One batch of a file's price rows: COPY on PostgreSQL, multi-row inserts on PGlite. */
export async function insertPriceRows(
  db: Db,
  priceFileNo: number,
  rows: readonly PriceRow[],
): Promise<void> {
  if (rows.length === 0) return;
  if (canCopy(db)) {
    await copyIn(
      db,
      'copy price_file_row (price_file_no, ndc, effective_date, unit_price) from stdin',
      new CopyData(rows.map((r) => copyRow([priceFileNo, r.ndc, r.effectiveDate, r.unitPrice]))),
    );
    return;
  }
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto('price_file_row')
      .values(
        rows.slice(i, i + INSERT_BATCH).map((r) => ({
          price_file_no: priceFileNo,
          ndc: r.ndc,
          effective_date: r.effectiveDate,
          unit_price: r.unitPrice,
        })),
      )
      .execute();
  }
}

/** Records the counts, marks the file complete and makes it the active one. */
export async function completePriceFile(
  db: Db,
  priceFileNo: number,
  counts: { rowsRead: number; rowsLoaded: number; rowsBad: number; badRows: PriceFileBadRow[] },
): Promise<void> {
  await db
    .updateTable('price_file')
    .set({
      rows_read: counts.rowsRead,
      rows_loaded: counts.rowsLoaded,
      rows_bad: counts.rowsBad,
      bad_rows: JSON.stringify(counts.badRows),
      complete: true,
      activated_at: sql<Date>`clock_timestamp()`,
    })
    .where('price_file_no', '=', priceFileNo)
    .execute();
}

/** Deletes a file and (by cascade) its rows; answers whether it existed. */
export async function deletePriceFile(db: Db, priceFileNo: number): Promise<boolean> {
  const result = await db
    .deleteFrom('price_file')
    .where('price_file_no', '=', priceFileNo)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Makes a complete file the active one; answers whether there was one. */
export async function activatePriceFile(db: Db, priceFileNo: number): Promise<boolean> {
  const result = await db
    .updateTable('price_file')
    .set({ activated_at: sql<Date>`clock_timestamp()` })
    .where('price_file_no', '=', priceFileNo)
    .where('complete', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function files(db: Db) {
  return db
    .selectFrom('price_file as f')
    .where('f.complete', '=', true)
    .select([
      'f.price_file_no as priceFileNo',
      'f.file_name as fileName',
      'f.layout',
      'f.rows_read as rowsRead',
      'f.rows_loaded as rowsLoaded',
      'f.rows_bad as rowsBad',
      'f.bad_rows as badRows',
      'f.loaded_at as loadedAt',
      sql<
        string | null
      >`(select u.first_name || ' ' || u.last_name from app_user u where u.user_no = f.loaded_by)`.as(
        'loadedByName',
      ),
    ]);
}

/** The complete files, newest loaded first. */
export async function listPriceFiles(db: Db): Promise<PriceFileRow[]> {
  return files(db).orderBy('f.loaded_at', 'desc').orderBy('f.price_file_no', 'desc').execute();
}

export async function findPriceFile(
  db: Db,
  priceFileNo: number,
): Promise<PriceFileRow | undefined> {
  return files(db).where('f.price_file_no', '=', priceFileNo).executeTakeFirst();
}

/** The active file: the complete one activated last. */
export async function findActivePriceFile(db: Db): Promise<PriceFileRow | undefined> {
  return files(db)
    .where('f.activated_at', 'is not', null)
    .orderBy('f.activated_at', 'desc')
    .orderBy('f.price_file_no', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** NDCs per lookup (one parameter each). */
const NDC_BATCH = 5000;

/** A file's price rows for the given NDCs only (a job's claims name a few thousand at most). */
export async function findPriceRows(
  db: Db,
  priceFileNo: number,
  ndcs: readonly string[],
): Promise<PriceRow[]> {
  const out: PriceRow[] = [];
  for (let i = 0; i < ndcs.length; i += NDC_BATCH) {
    const rows = await db
      .selectFrom('price_file_row')
      .select([
        'ndc',
        sql<string>`to_char(effective_date, 'YYYY-MM-DD')`.as('effectiveDate'),
        'unit_price',
      ])
      .where('price_file_no', '=', priceFileNo)
      .where('ndc', 'in', ndcs.slice(i, i + NDC_BATCH))
      .execute();
    for (const r of rows)
      out.push({ ndc: r.ndc, effectiveDate: r.effectiveDate, unitPrice: Number(r.unit_price) });
  }
  return out;
}
