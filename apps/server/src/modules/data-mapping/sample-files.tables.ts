import type { ColumnType } from 'kysely';

/** The data mapper's stored sample files (migration 0018-import-schemas, decision 0111). */
export interface DmSampleFileTable {
  file_storage_id: string;
  filename: string;
  size_bytes: ColumnType<string | number, number, number>;
  storage_key: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  created_by: number;
}

export interface SampleFileTables {
  dm_sample_file: DmSampleFileTable;
}
