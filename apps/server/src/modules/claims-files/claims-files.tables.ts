import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Row types of the claims files' tables (migration 0024-claims-files, decision 0126). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;
/** A date column read as 'YYYY-MM-DD' text (the pool's date parser leaves dates as text). */
type DateText = ColumnType<string, string, string>;

export interface ClaimsFileTable {
  claims_file_no: Generated<number>;
  prospect_opportunity_no: number;
  file_name: string;
  storage_key: string;
  file_hash: string;
  file_format: 'csv' | 'pipe' | 'fixed' | 'xlsx';
  size_bytes: ColumnType<number, number, number>;
  phi: Generated<boolean>;
  /** 0 uploaded, 1 accepted (only accepted files are listed, spec 3 §3). */
  status: Generated<number>;
  cols: JSONColumnType<string[]>;
  preview_rows: JSONColumnType<Record<string, string>[]>;
  row_count: number;
  unparseable_rows: Generated<number>;
  created_at: CreatedAt;
  created_by: number;
  accepted_at: Instant | null;
  accepted_by: number | null;
}

export interface MappedClaimsFileTable {
  mapped_claims_file_no: Generated<number>;
  prospect_opportunity_no: number;
  claims_file_no: number | null;
  file_name: string;
  storage_key: string;
  unmapped_storage_key: string | null;
  phi: Generated<boolean>;
  claim_count: number;
  created_cols: JSONColumnType<string[]>;
  dropped_count: number;
  min_date: DateText | null;
  max_date: DateText | null;
  fill_date_counts: JSONColumnType<Record<string, number>>;
  created_at: CreatedAt;
  created_by: number;
}

export interface FaIterationTable {
  fa_iteration_no: Generated<number>;
  prospect_opportunity_no: number;
  mapped_claims_file_no: number;
  notes: string;
  csc_data: JSONColumnType<object>;
  pricing_grid: JSONColumnType<object>;
  foot_notes: JSONColumnType<object>;
  output_template: Generated<'Standard' | 'WTW' | 'HUB' | 'C2' | 'MMA'>;
  created_at: CreatedAt;
  created_by: number;
  updated_at: Instant;
  updated_by: number;
}

/** The demo seed's staged file bytes (migration 0032, decision 0140). */
export interface ClaimsFileSeedContentTable {
  storage_key: string;
  content: Uint8Array;
}

export interface ClaimsFileTables {
  claims_file: ClaimsFileTable;
  claims_file_seed_content: ClaimsFileSeedContentTable;
  mapped_claims_file: MappedClaimsFileTable;
  fa_iteration: FaIterationTable;
}
