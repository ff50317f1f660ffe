import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Row type of the FA jobs' table (migration 0025-fa-jobs, decision 0131). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FaJobTable {
  fa_job_no: Generated<number>;
  prospect_opportunity_no: number;
  mapped_claims_file_no: number;
  status: Generated<'CREATED' | 'IN_PROGRESS' | 'COMPLETE' | 'ERROR'>;
  system_message: string | null;
  selections: JSONColumnType<object>;
  claims_key: string | null;
  classified_key: string | null;
  claims_read: number | null;
  exclusions: JSONColumnType<Record<string, number> | null, string | null, string | null>;
  reversed_pairs: number | null;
  bad_rows: JSONColumnType<object[], string | undefined, string>;
  result: JSONColumnType<object | null, string | null, string | null>;
  created_at: CreatedAt;
  created_by: number;
  started_at: Instant | null;
  finished_at: Instant | null;
  updated_at: Instant;
}

/** A grid a job showed (migration 0031-fa-grid-versions, decision 0139). */
export interface FaGridVersionTable {
  fa_grid_version_no: Generated<number>;
  fa_job_no: number;
  result: JSONColumnType<object>;
  created_at: CreatedAt;
}

export interface PricingTables {
  fa_job: FaJobTable;
  fa_grid_version: FaGridVersionTable;
}
