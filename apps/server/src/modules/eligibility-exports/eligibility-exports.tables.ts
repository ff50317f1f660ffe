import type { Generated } from 'kysely';

/** 834 exports (migration 0028): one row per file produced. */
export interface EligibilityExportTable {
  export_no: Generated<number>;
  organization_no: number;
  kind: 'full' | 'changes';
  as_of: Date;
  /** A changes file's start: the previous export's as_of (null: the first export). */
  since: Date | null;
  members: number;
  created_by: number;
  created_at: Generated<Date>;
}

export interface EligibilityExportTables {
  eligibility_export: EligibilityExportTable;
}
