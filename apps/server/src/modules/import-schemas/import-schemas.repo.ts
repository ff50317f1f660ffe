import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import {
  ADVANCED_OPTION_KEYS,
  fileTypeCodeOf,
  importMediaTypeLabel,
  importerTypeLabel,
  processStatusLabel,
  toFieldRows,
  type AdvancedOptionKey,
  type FieldDefinitionRow,
  type ImportConfigurationListQuery,
  type ImportSchemaInput,
  type ImportSchemaListQuery,
  type Page,
  type SortSpec,
} from '@pillar/domain';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { inOrganizationScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import type { ImportSchemaTable } from './import-schemas.tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Every statement of the import schemas (decision 0111). Schemas are the product's, read by every
 * holder of the view permission ('Show My Schemas' narrows to the caller's); import
 * configurations belong to an organization and are read inside the caller's organizations.
 */

const userName = (column: string): RawBuilder<string | null> =>
  sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from app_user u where u.user_no = ${sql.ref(column)})`;

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** camelCase option key to its column (useInputDate -> use_input_date). */
export function optionColumn(key: AdvancedOptionKey): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The schema's own columns as the record names them, in one place for insert, update, history. */
export function schemaColumnsOf(input: ImportSchemaInput): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    name: input.name,
    importer_type: input.importerType,
    process_status: input.processStatus,
    media_type: input.mediaType,
    file_delimiter: input.mediaType === 'csv' ? input.fileDelimiter : null,
    custom_delimiter:
      input.mediaType === 'csv' && input.fileDelimiter === 'other' ? input.customDelimiter : null,
    edi834_filename: input.mediaType === 'edi' ? input.edi834Filename : null,
    header: input.header,
    footer: input.footer,
    record_header: input.recordHeader,
    ignore_header: input.ignoreHeader,
    file_has_header_row: input.fileHasHeaderRow,
    description: input.description,
    dm_template_id: input.dmTemplateId,
    field_definition_mode: input.fieldDefinitionMode,
  };
  for (const key of ADVANCED_OPTION_KEYS) columns[optionColumn(key)] = input[key];
  return columns;
}

// ---- Schemas ----

function schemaSelect(db: Db) {
  return db
    .selectFrom('import_schema as s')
    .selectAll('s')
    .select([
      userName('s.created_by').as('created_by_name'),
      userName('s.updated_by').as('updated_by_name'),
      sql<number>`(select count(*)::int from import_configuration c where c.import_schema_no = s.import_schema_no)`.as(
        'schema_used',
      ),
    ]);
}

type SchemaRow = Awaited<ReturnType<ReturnType<typeof schemaSelect>['executeTakeFirstOrThrow']>>;

/** A schema row as the domain's record, without the caller's canEdit. */
function toSchema(row: SchemaRow) {
  const options = Object.fromEntries(
    ADVANCED_OPTION_KEYS.map((k) => [
      k,
      Boolean((row as Record<string, unknown>)[optionColumn(k)]),
    ]),
  ) as Record<AdvancedOptionKey, boolean>;
  return {
    id: row.import_schema_no,
    eligibilityImportSchemaNo: row.import_schema_no,
    name: row.name,
    importerType: row.importer_type,
    importerTypeDesc: importerTypeLabel(row.importer_type),
    processStatus: row.process_status,
    processStatusDesc: processStatusLabel(row.process_status),
    mediaType: row.media_type,
    fileType: fileTypeCodeOf(row.media_type),
    fileTypeDesc: importMediaTypeLabel(row.media_type),
    fileDelimiter: row.file_delimiter,
    customDelimiter: row.custom_delimiter,
    edi834Filename: row.edi834_filename,
    header: row.header,
    footer: row.footer,
    recordHeader: row.record_header,
    ignoreHeader: row.ignore_header,
    fileHasHeaderRow: row.file_has_header_row,
    description: row.description,
    dmTemplateId: row.dm_template_id,
    fieldDefinitionMode: row.field_definition_mode,
    ...options,
    schemaUsed: Number(row.schema_used),
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    created: iso(row.created_at),
    updatedBy: row.updated_by,
    updatedByName: row.updated_by_name,
    updated: iso(row.updated_at),
  };
}
export type StoredSchema = ReturnType<typeof toSchema>;

export async function listSchemas(
  db: Db,
  principal: Principal,
  query: ImportSchemaListQuery,
): Promise<Page<StoredSchema>> {
  let q = schemaSelect(db);
  if (query.scope === 'my') q = q.where('s.created_by', '=', principal.userNo);
  if (query.name) q = q.where(sql<boolean>`lower(s.name) like lower(${likePattern(query.name)})`);
  if (query.importerType !== undefined) q = q.where('s.importer_type', '=', query.importerType);
  if (query.processStatus !== undefined) q = q.where('s.process_status', '=', query.processStatus);
  if (query.orgID !== undefined) {
    // Schemas used by one of the organization's configurations the caller may see.
    q = q.where(
      sql<boolean>`exists (select 1 from import_configuration c
        where c.import_schema_no = s.import_schema_no and c.organization_no = ${query.orgID}
          and ${inOrganizationScope(principal, 'c.organization_no')})`,
    );
  }
  return fetchPage(q, query, {
    sortColumns: {
      name: sql.ref('s.name'),
      importerType: sql.ref('s.importer_type'),
      processStatus: sql.ref('s.process_status'),
      updated: sql.ref('s.updated_at'),
      id: sql.ref('s.import_schema_no'),
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql.ref('s.import_schema_no'),
    map: toSchema,
  });
}

export async function findSchema(db: Db, no: number): Promise<StoredSchema | undefined> {
  const row = await schemaSelect(db).where('s.import_schema_no', '=', no).executeTakeFirst();
  return row && toSchema(row);
}

/** The schema's row, locked for a change (its history is written one change at a time). */
export async function lockSchema(
  trx: Db,
  no: number,
): Promise<Selectable<ImportSchemaTable> | undefined> {
  return trx
    .selectFrom('import_schema')
    .selectAll()
    .where('import_schema_no', '=', no)
    .forUpdate()
    .executeTakeFirst();
}

export async function schemaExists(db: Db, no: number): Promise<boolean> {
  const row = await db
    .selectFrom('import_schema')
    .select('import_schema_no')
    .where('import_schema_no', '=', no)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSchema(
  trx: Transaction<DB>,
  input: ImportSchemaInput,
  userNo: number,
): Promise<number> {
  const row = await trx
    .insertInto('import_schema')
    .values({ ...schemaColumnsOf(input), created_by: userNo, updated_by: userNo } as never)
    .returning('import_schema_no')
    .executeTakeFirstOrThrow();
  return row.import_schema_no;
}

export async function updateSchemaRow(
  trx: Transaction<DB>,
  no: number,
  input: ImportSchemaInput,
  userNo: number,
): Promise<void> {
  await trx
    .updateTable('import_schema')
    .set({ ...schemaColumnsOf(input), updated_by: userNo, updated_at: new Date() } as never)
    .where('import_schema_no', '=', no)
    .execute();
}

export async function findFields(db: Db, no: number): Promise<FieldDefinitionRow[]> {
  const rows = await db
    .selectFrom('import_schema_field')
    .select(['field_name', 'alias', 'start_loc', 'end_loc'])
    .where('import_schema_no', '=', no)
    .orderBy('loc_index')
    .execute();
  return rows.map((r) => ({
    fieldName: r.field_name,
    alias: r.alias,
    start: r.start_loc,
    end: r.end_loc,
    dataType: 'string' as const,
  }));
}

/** The schema's field table replaced whole: the rows are the table in file order. */
export async function replaceFields(
  trx: Transaction<DB>,
  no: number,
  fields: readonly FieldDefinitionRow[],
): Promise<void> {
  await trx.deleteFrom('import_schema_field').where('import_schema_no', '=', no).execute();
  if (!fields.length) return;
  await trx
    .insertInto('import_schema_field')
    .values(
      fields.map((f, i) => ({
        import_schema_no: no,
        loc_index: i,
        field_name: f.fieldName,
        alias: f.alias,
        start_loc: f.start,
        end_loc: f.end,
      })),
    )
    .execute();
}

export { toFieldRows };

// ---- History ----

export interface HistoryRow {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

export async function insertHistory(
  trx: Transaction<DB>,
  no: number,
  userNo: number,
  rows: readonly HistoryRow[],
): Promise<void> {
  if (!rows.length) return;
  await trx
    .insertInto('import_schema_history')
    .values(
      rows.map((r) => ({
        import_schema_no: no,
        field: r.field,
        old_value: r.oldValue,
        new_value: r.newValue,
        changed_by: userNo,
      })),
    )
    .execute();
}

export async function listHistory(
  db: Db,
  no: number,
  paging: { limit: number; offset: number; sort?: SortSpec<'changed'> | undefined },
) {
  const q = db
    .selectFrom('import_schema_history as h')
    .select([
      'h.history_no',
      'h.field',
      'h.old_value',
      'h.new_value',
      'h.changed_by',
      userName('h.changed_by').as('changed_by_name'),
      'h.changed_at',
    ])
    .where('h.import_schema_no', '=', no);
  return fetchPage(q, paging, {
    sortColumns: { changed: sql.ref('h.changed_at') },
    defaultSort: { field: 'changed', direction: 'desc' },
    tieBreaker: sql.ref('h.history_no'),
    map: (r) => ({
      id: r.history_no,
      field: r.field,
      oldValue: r.old_value,
      newValue: r.new_value,
      changedBy: r.changed_by,
      changedByName: r.changed_by_name,
      changed: iso(r.changed_at),
    }),
  });
}

// ---- Import configurations ----

function configSelect(db: Db, principal: Principal) {
  return db
    .selectFrom('import_configuration as c')
    .innerJoin('import_schema as s', 's.import_schema_no', 'c.import_schema_no')
    .select([
      'c.eic_no',
      'c.name',
      'c.status',
      'c.organization_no',
      'c.import_schema_no',
      's.name as schema_name',
      'c.created_at',
      'c.updated_at',
    ])
    .where(inOrganizationScope(principal, 'c.organization_no'));
}

export type ConfigRow = Awaited<
  ReturnType<ReturnType<typeof configSelect>['executeTakeFirstOrThrow']>
>;

export async function listConfigurations(
  db: Db,
  principal: Principal,
  query: Omit<ImportConfigurationListQuery, 'orgId' | 'schemaNo'> & {
    orgId?: number | undefined;
    schemaNo?: number | undefined;
  },
): Promise<Page<ConfigRow>> {
  let q = configSelect(db, principal);
  if (query.orgId !== undefined) q = q.where('c.organization_no', '=', query.orgId);
  if (query.schemaNo !== undefined) q = q.where('c.import_schema_no', '=', query.schemaNo);
  return fetchPage(q, query, {
    sortColumns: {
      eicName: sql.ref('c.name'),
      eicStatus: sql.ref('c.status'),
      schemaName: sql.ref('s.name'),
    },
    defaultSort: { field: 'eicName', direction: 'asc' },
    tieBreaker: sql.ref('c.eic_no'),
    map: (r) => r,
  });
}

export async function findConfiguration(
  db: Db,
  principal: Principal,
  eicNo: number,
): Promise<ConfigRow | undefined> {
  return configSelect(db, principal).where('c.eic_no', '=', eicNo).executeTakeFirst();
}

export interface ConfigValues {
  name: string;
  status: number;
  organization_no: number;
  import_schema_no: number;
}

export async function insertConfiguration(
  trx: Transaction<DB>,
  values: ConfigValues,
  userNo: number,
): Promise<number> {
  const row = await trx
    .insertInto('import_configuration')
    .values({ ...values, created_by: userNo, updated_by: userNo })
    .returning('eic_no')
    .executeTakeFirstOrThrow();
  return row.eic_no;
}

export async function updateConfiguration(
  trx: Transaction<DB>,
  eicNo: number,
  values: ConfigValues,
  userNo: number,
): Promise<void> {
  await trx
    .updateTable('import_configuration')
    .set({ ...values, updated_by: userNo, updated_at: new Date() })
    .where('eic_no', '=', eicNo)
    .execute();
}

export async function configurationNameTaken(
  db: Db,
  name: string,
  exceptEicNo: number | null,
): Promise<boolean> {
  let q = db
    .selectFrom('import_configuration')
    .select('eic_no')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptEicNo !== null) q = q.where('eic_no', '<>', exceptEicNo);
  return (await q.executeTakeFirst()) !== undefined;
}

// ---- Comments ----

export async function listComments(
  db: Db,
  no: number,
  paging: { limit: number; offset: number; sort?: SortSpec<'created'> | undefined },
) {
  const q = db
    .selectFrom('import_schema_comment as m')
    .select([
      'm.comment_no',
      'm.comment',
      'm.created_by',
      userName('m.created_by').as('created_by_name'),
      'm.created_at',
    ])
    .where('m.import_schema_no', '=', no);
  return fetchPage(q, paging, {
    sortColumns: { created: sql.ref('m.created_at') },
    defaultSort: { field: 'created', direction: 'desc' },
    tieBreaker: sql.ref('m.comment_no'),
    map: toComment,
  });
}

function toComment(r: {
  comment_no: number;
  comment: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
}) {
  return {
    commentNo: r.comment_no,
    comment: r.comment,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    created: iso(r.created_at),
  };
}

export async function insertComment(
  trx: Transaction<DB>,
  no: number,
  comment: string,
  userNo: number,
) {
  const { comment_no } = await trx
    .insertInto('import_schema_comment')
    .values({ import_schema_no: no, comment, created_by: userNo })
    .returning('comment_no')
    .executeTakeFirstOrThrow();
  const row = await trx
    .selectFrom('import_schema_comment as m')
    .select([
      'm.comment_no',
      'm.comment',
      'm.created_by',
      userName('m.created_by').as('created_by_name'),
      'm.created_at',
    ])
    .where('m.comment_no', '=', comment_no)
    .executeTakeFirstOrThrow();
  return toComment(row);
}

// ---- Files ----

function fileSelect(db: Db) {
  return db
    .selectFrom('import_schema_file as f')
    .select([
      'f.file_no',
      'f.import_schema_no',
      'f.filename',
      'f.size_bytes',
      'f.storage_key',
      'f.created_by',
      userName('f.created_by').as('created_by_name'),
      'f.created_at',
    ]);
}

type FileRow = Awaited<ReturnType<ReturnType<typeof fileSelect>['executeTakeFirstOrThrow']>>;

export function toSchemaFile(r: FileRow) {
  return {
    id: r.file_no,
    filename: r.filename,
    sizeBytes: Number(r.size_bytes),
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    created: iso(r.created_at),
  };
}

export async function listFiles(
  db: Db,
  no: number,
  paging: { limit: number; offset: number; sort?: SortSpec<'created' | 'filename'> | undefined },
) {
  return fetchPage(fileSelect(db).where('f.import_schema_no', '=', no), paging, {
    sortColumns: { created: sql.ref('f.created_at'), filename: sql.ref('f.filename') },
    defaultSort: { field: 'created', direction: 'desc' },
    tieBreaker: sql.ref('f.file_no'),
    map: toSchemaFile,
  });
}

export async function findFile(db: Db, fileNo: number): Promise<FileRow | undefined> {
  return fileSelect(db).where('f.file_no', '=', fileNo).executeTakeFirst();
}

export async function insertFile(
  trx: Transaction<DB>,
  values: {
    import_schema_no: number;
    filename: string;
    size_bytes: number;
    sha256: string;
    storage_key: string;
    created_by: number;
  },
): Promise<FileRow> {
  const { file_no } = await trx
    .insertInto('import_schema_file')
    .values(values)
    .returning('file_no')
    .executeTakeFirstOrThrow();
  return (await fileSelect(trx).where('f.file_no', '=', file_no).executeTakeFirst())!;
}

export async function deleteFileRow(trx: Transaction<DB>, fileNo: number): Promise<void> {
  await trx.deleteFrom('import_schema_file').where('file_no', '=', fileNo).execute();
}

/** Seeded files whose bytes still wait in import_schema_file_seed. */
export async function pendingSeedFiles(db: Db) {
  const rows = await db
    .selectFrom('import_schema_file_seed as x')
    .innerJoin('import_schema_file as f', 'f.file_no', 'x.file_no')
    .select(['f.file_no', 'f.storage_key'])
    .execute();
  return rows.map((r) => ({ file_id: String(r.file_no), storage_key: r.storage_key }));
}

/** Takes one staged file's bytes (deleting the staging row in the caller's transaction). */
export async function claimSeedFile(trx: Transaction<DB>, fileId: string) {
  const row = await trx
    .deleteFrom('import_schema_file_seed')
    .where('file_no', '=', Number(fileId))
    .returning('content')
    .executeTakeFirst();
  return row && { content: row.content };
}

/** A seeded file: its row, and its bytes staged until the server moves them into storage. */
export async function insertStagedFile(
  trx: Transaction<DB>,
  values: {
    import_schema_no: number;
    filename: string;
    size_bytes: number;
    sha256: string;
    storage_key: string;
    created_by: number;
  },
  content: Uint8Array,
): Promise<number> {
  const { file_no } = await trx
    .insertInto('import_schema_file')
    .values(values)
    .returning('file_no')
    .executeTakeFirstOrThrow();
  await trx.insertInto('import_schema_file_seed').values({ file_no, content }).execute();
  return file_no;
}

/** The data-mapper schemas (importer type 1), oldest first: the demo seed maps each one. */
export async function dataMapperSchemaNos(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('import_schema')
    .select('import_schema_no')
    .where('importer_type', '=', 1)
    .orderBy('import_schema_no')
    .execute();
  return rows.map((r) => r.import_schema_no);
}

/** Names the schema's data-mapper template (the seed's link; the API sets it with the schema). */
export async function setTemplateLink(
  trx: Transaction<DB>,
  no: number,
  templateId: number,
): Promise<void> {
  await trx
    .updateTable('import_schema')
    .set({ dm_template_id: templateId })
    .where('import_schema_no', '=', no)
    .execute();
}
