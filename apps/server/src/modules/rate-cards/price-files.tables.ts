import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { PriceFileBadRow, PriceFileLayout } from '@pillar/domain';

/** Row types of the price files' tables (migration 0038-price-files, decision 0147). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A date column read as 'YYYY-MM-DD' text (the pool's date parser leaves dates as text). */
type DateText = ColumnType<string, string, never>;

export interface PriceFileTable {
  price_file_no: Generated<number>;
  file_name: string;
  layout: PriceFileLayout;
  rows_read: Generated<number>;
  rows_loaded: Generated<number>;
  rows_bad: Generated<number>;
  bad_rows: JSONColumnType<PriceFileBadRow[]>;
  complete: Generated<boolean>;
  loaded_at: Generated<Date>;
  loaded_by: number | null;
  activated_at: Timestamp | null;
}

export interface PriceFileRowTable {
  price_file_no: number;
  ndc: string;
  effective_date: DateText;
  /** numeric(14,5): read as text by the pool. */
  unit_price: ColumnType<string, number, never>;
}

export interface PriceFileTables {
  price_file: PriceFileTable;
  price_file_row: PriceFileRowTable;
}
