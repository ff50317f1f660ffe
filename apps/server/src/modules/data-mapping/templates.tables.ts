import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { JobStatus, SchemaField, TemplateMapping } from '@pillar/domain';
import type { RowError } from './mapping-engine.ts';

/** Row types of the data mapper's schemas, templates and jobs (migration 0022, decision 0120). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;
type Count = ColumnType<number, number | undefined, number>;
type BigCount = ColumnType<string | number, number | undefined, number>;

export interface DmSchemaTable {
  schema_no: Generated<number>;
  name: string;
  schema_type: 'read' | 'write';
  media_type: 'csv' | 'fixed' | 'excel' | 'edi';
  delimiter: string | null;
  has_header: ColumnType<boolean, boolean | undefined, boolean>;
  header: string | null;
  footer: string | null;
  fields: JSONColumnType<SchemaField[], string, string>;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface DmTemplateTable {
  template_no: Generated<number>;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  read_schema_no: number;
  write_schema_no: number;
  file_storage_id: string | null;
  mappings: JSONColumnType<TemplateMapping[], string, string>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export interface DmJobTable {
  job_no: Generated<number>;
  template_no: number;
  source_storage_key: string;
  source_bytes: BigCount;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempt: Count;
  rows_read: Count;
  rows_written: Count;
  rows_dropped: Count;
  bytes_read: BigCount;
  error_count: Count;
  errors: JSONColumnType<RowError[], string | undefined, string>;
  columns: JSONColumnType<string[], string | undefined, string>;
  failure: string | null;
  output_key: string | null;
  created_at: CreatedAt;
  created_by: number | null;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A demo object the seed's mapping jobs read or wrote, until the server moves it into storage. */
export interface DmSeedContentTable {
  storage_key: string;
  content: Uint8Array;
}

export interface DataMappingTables {
  dm_schema: DmSchemaTable;
  dm_template: DmTemplateTable;
  dm_job: DmJobTable;
  dm_seed_content: DmSeedContentTable;
}
