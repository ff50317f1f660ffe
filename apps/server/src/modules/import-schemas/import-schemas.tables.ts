import type { ColumnType, Generated } from 'kysely';
import type { FileDelimiter, FieldDefinitionMode, ImportMediaType } from '@pillar/domain';

/** Row types of the import schemas' tables (migration 0018-import-schemas, decision 0111). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint comes back as text from the driver; sizes stay far below 2^53. */
type Bytes = ColumnType<string | number, number, number>;

export interface ImportSchemaTable {
  import_schema_no: Generated<number>;
  name: string;
  importer_type: number;
  process_status: Generated<number>;
  media_type: ImportMediaType;
  file_delimiter: FileDelimiter | null;
  custom_delimiter: string | null;
  edi834_filename: string | null;
  header: string | null;
  footer: string | null;
  record_header: string | null;
  ignore_header: Generated<boolean>;
  file_has_header_row: Generated<boolean>;
  description: string | null;
  dm_template_id: number | null;
  field_definition_mode: FieldDefinitionMode | null;
  use_input_date: Generated<boolean>;
  use_retain_student_status: Generated<boolean>;
  use_retain_disabled_dependent_status: Generated<boolean>;
  use_retain_adult_dependent_status: Generated<boolean>;
  use_retain_cobra_status: Generated<boolean>;
  use_retain_retiree_status: Generated<boolean>;
  dependent_record_preceded_by_employee_record: Generated<boolean>;
  force_group_change_for_cobra_members: Generated<boolean>;
  supports_organization_validation: Generated<boolean>;
  supports_alternate_benefit_group: Generated<boolean>;
  supports_update_only_records: Generated<boolean>;
  subordinate_records_with_term_date_equal_to_effective_date: Generated<boolean>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export interface ImportSchemaFieldTable {
  import_schema_no: number;
  loc_index: number;
  field_name: string;
  alias: string | null;
  start_loc: number | null;
  end_loc: number | null;
  data_type: Generated<string>;
}

export interface ImportSchemaCommentTable {
  comment_no: Generated<number>;
  import_schema_no: number;
  comment: string;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface ImportSchemaFileTable {
  file_no: Generated<number>;
  import_schema_no: number;
  filename: string;
  size_bytes: Bytes;
  sha256: string;
  storage_key: string;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface ImportSchemaFileSeedTable {
  file_no: number;
  content: Uint8Array;
}

export interface ImportSchemaHistoryTable {
  history_no: Generated<number>;
  import_schema_no: number;
  field: string;
  old_value: string | null;
  new_value: string | null;
  changed_at: CreatedAt;
  changed_by: number | null;
}

export interface ImportConfigurationTable {
  eic_no: Generated<number>;
  name: string;
  status: Generated<number>;
  organization_no: number;
  import_schema_no: number;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export interface ImportSchemaTables {
  import_schema: ImportSchemaTable;
  import_schema_field: ImportSchemaFieldTable;
  import_schema_comment: ImportSchemaCommentTable;
  import_schema_file: ImportSchemaFileTable;
  import_schema_file_seed: ImportSchemaFileSeedTable;
  import_schema_history: ImportSchemaHistoryTable;
  import_configuration: ImportConfigurationTable;
}
