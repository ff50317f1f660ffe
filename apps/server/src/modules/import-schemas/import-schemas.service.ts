import crypto from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import type { Kysely } from 'kysely';
import {
  CONTENT_CHECK_BYTES,
  FILE_NAME_MAX_LENGTH,
  IMPORT_SCHEMA_MESSAGES,
  SCHEMA_FILE_EXTENSIONS,
  SCHEMA_FILE_MAX_BYTES,
  canEditImportSchema,
  contentMatchesExtension,
  fileExtensionOf,
  processStatusLabel,
  toFieldRows,
  type FieldDefinitionRow,
  type ImportConfiguration,
  type ImportConfigurationInput,
  type ImportConfigurationListQuery,
  type ImportSchema,
  type ImportSchemaComment,
  type ImportSchemaFile,
  type ImportSchemaInput,
  type ImportSchemaListQuery,
  type ImportSchemaSummary,
  type Page,
  type SortSpec,
} from '@pillar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, conflict, notFound } from '../../platform/http/problem.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  cleanFileName,
  multipartProblem,
  streamIntoStorage,
} from '../../platform/storage/streamed-upload.ts';
import { organizationStates, requireOrganization } from '../organizations/index.ts';
import type { DB } from '../../database.ts';
import { requireEditableSchema, requireSchema } from './import-schemas.access.ts';
import * as repo from './import-schemas.repo.ts';

/*
 * The eligibility import service's rules (spec 3 §2, §5, §6, §7; decision 0111). Access first:
 * the route's rule (view, create, edit-own or edit-all), then the edit-icon rule on the row.
 * Every write runs in one transaction with its history rows, so nothing is half-written.
 */

type Paging<F extends string> = { limit: number; offset: number; sort?: SortSpec<F> | undefined };

export interface ImportSchemasContext {
  db: Kysely<DB>;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

function withCanEdit<T extends { createdBy: number | null }>(principal: Principal, schema: T) {
  return { ...schema, canEdit: canEditImportSchema(principal, schema) };
}

// ---- Schemas ----

export async function listSchemas(
  db: Kysely<DB>,
  principal: Principal,
  query: ImportSchemaListQuery,
): Promise<Page<ImportSchemaSummary>> {
  const page = await repo.listSchemas(db, principal, query);
  return { ...page, data: page.data.map((s) => withCanEdit(principal, s)) };
}

export async function getSchema(
  db: Kysely<DB>,
  principal: Principal,
  no: number,
): Promise<ImportSchema> {
  const schema = await repo.findSchema(db, no);
  if (!schema) throw notFound('Import schema');
  const fields = await repo.findFields(db, no);
  return { ...withCanEdit(principal, schema), fieldDefinitions: toFieldRows(fields) };
}

/** The fields a schema keeps: legacy and EDI schemas have no field table (spec 3 §2). */
function keptFields(input: ImportSchemaInput): FieldDefinitionRow[] {
  return input.importerType === 1 && input.mediaType !== 'edi' ? input.fieldDefinitions : [];
}

/** A new schema, its fields and its first history row, in one transaction. */
export async function writeNewSchema(
  db: Kysely<DB>,
  userNo: number,
  input: ImportSchemaInput,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const created = await repo.insertSchema(trx, input, userNo);
    await repo.replaceFields(trx, created, keptFields(input));
    await repo.insertHistory(trx, created, userNo, [
      { field: 'schema', oldValue: null, newValue: `created '${input.name}'` },
    ]);
    return created;
  });
}

export async function createSchema(
  db: Kysely<DB>,
  principal: Principal,
  input: ImportSchemaInput,
): Promise<ImportSchema> {
  return getSchema(db, principal, await writeNewSchema(db, principal.userNo, input));
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function fieldsText(fields: readonly FieldDefinitionRow[]): string {
  return JSON.stringify(fields.map((f) => [f.fieldName, f.alias, f.start, f.end]));
}

/** PUT: the whole schema replaced; one history row per column that changed, one for the table. */
export async function updateSchema(
  db: Kysely<DB>,
  principal: Principal,
  no: number,
  input: ImportSchemaInput,
): Promise<ImportSchema> {
  await db.transaction().execute(async (trx) => {
    const before = await requireEditableSchema(trx, principal, no);
    const after = repo.schemaColumnsOf(input);
    const history: repo.HistoryRow[] = [];
    for (const [column, value] of Object.entries(after)) {
      const old = (before as Record<string, unknown>)[column];
      if (text(old) !== text(value))
        history.push({ field: column, oldValue: text(old), newValue: text(value) });
    }
    const oldFields = await repo.findFields(trx, no);
    const newFields = keptFields(input);
    if (fieldsText(oldFields) !== fieldsText(newFields)) {
      history.push({
        field: 'field_definitions',
        oldValue: fieldsText(oldFields),
        newValue: fieldsText(newFields),
      });
      await repo.replaceFields(trx, no, newFields);
    }
    await repo.updateSchemaRow(trx, no, input, principal.userNo);
    await repo.insertHistory(trx, no, principal.userNo, history);
  });
  return getSchema(db, principal, no);
}

/** Clone (needs create, checked by the route): the schema and its fields, the caller's now. */
export async function cloneSchema(
  db: Kysely<DB>,
  principal: Principal,
  no: number,
  name: string,
): Promise<ImportSchema> {
  const source = await getSchema(db, principal, no);
  const fields = await repo.findFields(db, no);
  const input: ImportSchemaInput = {
    ...source,
    name,
    importerType: source.importerType as 0 | 1,
    processStatus: source.processStatus as 0 | 1 | 9,
    fileDelimiter: source.fileDelimiter,
    edi834Filename: source.edi834Filename as ImportSchemaInput['edi834Filename'],
    fieldDefinitions: fields,
  };
  const created = await db.transaction().execute(async (trx) => {
    const copy = await repo.insertSchema(trx, input, principal.userNo);
    await repo.replaceFields(trx, copy, keptFields(input));
    await repo.insertHistory(trx, copy, principal.userNo, [
      { field: 'schema', oldValue: null, newValue: `cloned from schema ${no} '${source.name}'` },
    ]);
    return copy;
  });
  return getSchema(db, principal, created);
}

export async function schemaHistory(db: Kysely<DB>, no: number, paging: Paging<'changed'>) {
  await requireSchema(db, no);
  return repo.listHistory(db, no, paging);
}

// ---- Import configurations ----

async function toConfigurations(
  db: Kysely<DB>,
  rows: readonly repo.ConfigRow[],
): Promise<ImportConfiguration[]> {
  const today = new Date().toISOString().slice(0, 10);
  const states = await organizationStates(
    db,
    rows.map((r) => r.organization_no),
    today,
  );
  return rows.map((r) => {
    const org = states.get(r.organization_no);
    return {
      eicNo: r.eic_no,
      eicName: r.name,
      eicStatus: r.status,
      eicStatusDescription: processStatusLabel(r.status),
      organizationNo: r.organization_no,
      orgName: org?.name ?? '',
      orgStatusDescription: org ? (org.open ? 'Active' : 'Inactive') : '',
      eligibilityImportSchemaNo: r.import_schema_no,
      schemaName: r.schema_name,
      created: new Date(r.created_at).toISOString(),
      updated: new Date(r.updated_at).toISOString(),
    };
  });
}

export async function listConfigurations(
  db: Kysely<DB>,
  principal: Principal,
  query: ImportConfigurationListQuery,
): Promise<Page<ImportConfiguration>> {
  const page = await repo.listConfigurations(db, principal, query);
  return { ...page, data: await toConfigurations(db, page.data) };
}

/** GET /{no}/configs: Find Usage(s); the configurations of the caller's organizations. */
export async function schemaConfigurations(
  db: Kysely<DB>,
  principal: Principal,
  no: number,
  paging: Paging<'eicName' | 'eicStatus' | 'schemaName'>,
): Promise<Page<ImportConfiguration>> {
  await requireSchema(db, no);
  return listConfigurations(db, principal, { ...paging, schemaNo: no });
}

async function checkConfiguration(
  db: Kysely<DB>,
  principal: Principal,
  input: ImportConfigurationInput,
  exceptEicNo: number | null,
): Promise<void> {
  await requireOrganization(db, principal, input.organizationNo);
  if (!(await repo.schemaExists(db, input.eligibilityImportSchemaNo))) {
    throw badRequest('The schema does not exist', {
      eligibilityImportSchemaNo: 'The schema does not exist',
    });
  }
  if (await repo.configurationNameTaken(db, input.eicName, exceptEicNo)) {
    throw conflict(IMPORT_SCHEMA_MESSAGES.configNameTaken);
  }
}

function configValues(input: ImportConfigurationInput): repo.ConfigValues {
  return {
    name: input.eicName,
    status: input.eicStatus,
    organization_no: input.organizationNo,
    import_schema_no: input.eligibilityImportSchemaNo,
  };
}

async function configurationOf(db: Kysely<DB>, principal: Principal, eicNo: number) {
  const row = await repo.findConfiguration(db, principal, eicNo);
  if (!row) throw notFound('Import configuration');
  const [config] = await toConfigurations(db, [row]);
  return config!;
}

export async function createConfiguration(
  db: Kysely<DB>,
  principal: Principal,
  input: ImportConfigurationInput,
): Promise<ImportConfiguration> {
  await checkConfiguration(db, principal, input, null);
  const eicNo = await db
    .transaction()
    .execute((trx) => repo.insertConfiguration(trx, configValues(input), principal.userNo));
  return configurationOf(db, principal, eicNo);
}

export async function updateConfiguration(
  db: Kysely<DB>,
  principal: Principal,
  eicNo: number,
  input: ImportConfigurationInput,
): Promise<ImportConfiguration> {
  // Outside the caller's organizations it does not exist for them.
  if (!(await repo.findConfiguration(db, principal, eicNo))) throw notFound('Import configuration');
  await checkConfiguration(db, principal, input, eicNo);
  await db
    .transaction()
    .execute((trx) => repo.updateConfiguration(trx, eicNo, configValues(input), principal.userNo));
  return configurationOf(db, principal, eicNo);
}

// ---- Comments ----

export async function listComments(db: Kysely<DB>, no: number, paging: Paging<'created'>) {
  await requireSchema(db, no);
  return repo.listComments(db, no, paging);
}

export async function addComment(
  db: Kysely<DB>,
  principal: Principal,
  no: number,
  comment: string,
): Promise<ImportSchemaComment> {
  return db.transaction().execute(async (trx) => {
    await requireEditableSchema(trx, principal, no);
    const created = await repo.insertComment(trx, no, comment, principal.userNo);
    await repo.insertHistory(trx, no, principal.userNo, [
      { field: 'comment', oldValue: null, newValue: `comment ${created.commentNo} added` },
    ]);
    return created;
  });
}

// ---- Supporting files ----

export async function listFiles(
  db: Kysely<DB>,
  no: number,
  paging: Paging<'created' | 'filename'>,
): Promise<Page<ImportSchemaFile>> {
  await requireSchema(db, no);
  return repo.listFiles(db, no, paging);
}

const fileProblem = (detail: string) => badRequest(detail, { file: detail });

/**
 * POST /{no}/file: one file (spec 3 §5 "Support file upload: one file"), streamed into storage;
 * the row is written once the bytes are stored, and a refused file leaves nothing behind.
 * Fields the spec names (path, application name, schema number) are accepted and not needed:
 * the schema is the path's.
 */
export async function uploadFile(
  ctx: ImportSchemasContext,
  principal: Principal,
  no: number,
  parts: AsyncIterable<Multipart>,
  discardRest: () => void,
): Promise<ImportSchemaFile> {
  let stored: { key: string; name: string; size: number; sha256: string } | null = null;
  try {
    await requireEditableSchema(ctx.db, principal, no);
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') {
        throw badRequest(`Unexpected file field ${part.fieldname}; send the file as 'file'`, {
          [part.fieldname]: 'is not a field of the upload form',
        });
      }
      if (stored) throw fileProblem('Upload one file at a time');
      const name = cleanFileName(part.filename);
      if (!name) throw fileProblem(IMPORT_SCHEMA_MESSAGES.fileRequired);
      if (name.length > FILE_NAME_MAX_LENGTH)
        throw fileProblem(`The file name must not exceed ${FILE_NAME_MAX_LENGTH} characters`);
      const extension = fileExtensionOf(name);
      if (!(SCHEMA_FILE_EXTENSIONS as readonly string[]).includes(extension))
        throw fileProblem(IMPORT_SCHEMA_MESSAGES.schemaFileType);
      const key = `import-schema-files/${crypto.randomUUID()}`;
      const { size, sha256 } = await streamIntoStorage(ctx.storage, key, part.file, {
        maxBytes: SCHEMA_FILE_MAX_BYTES,
        headBytes: CONTENT_CHECK_BYTES,
        contentMatches: (head) => contentMatchesExtension(extension, head),
        tooLarge: () => fileProblem(IMPORT_SCHEMA_MESSAGES.schemaFileTooLarge),
        mismatch: () => fileProblem(IMPORT_SCHEMA_MESSAGES.sampleFileNotMatching(extension)),
        empty: () => fileProblem(`${name} is empty`),
      });
      stored = { key, name, size, sha256 };
    }
    if (!stored) throw fileProblem(IMPORT_SCHEMA_MESSAGES.fileRequired);
    const file = stored;
    const row = await ctx.db.transaction().execute(async (trx) => {
      await requireEditableSchema(trx, principal, no);
      const inserted = await repo.insertFile(trx, {
        import_schema_no: no,
        filename: file.name,
        size_bytes: file.size,
        sha256: file.sha256,
        storage_key: file.key,
        created_by: principal.userNo,
      });
      await repo.insertHistory(trx, no, principal.userNo, [
        {
          field: 'file',
          oldValue: null,
          newValue: `file ${inserted.file_no} '${file.name}' added`,
        },
      ]);
      return inserted;
    });
    return repo.toSchemaFile(row);
  } catch (error) {
    discardRest();
    if (stored) {
      await ctx.storage.delete(stored.key).catch((cleanupError: unknown) => {
        ctx.log.error({ err: cleanupError }, 'schema file clean-up failed');
      });
    }
    throw multipartProblem(error, { tooManyFiles: 'Upload one file at a time', field: 'file' });
  }
}

export async function openFile(ctx: ImportSchemasContext, fileNo: number) {
  const file = await repo.findFile(ctx.db, fileNo);
  if (!file) throw notFound('File');
  return { file, stream: await ctx.storage.get(file.storage_key) };
}

export async function deleteFile(
  ctx: ImportSchemasContext,
  principal: Principal,
  fileNo: number,
): Promise<void> {
  const file = await repo.findFile(ctx.db, fileNo);
  if (!file) throw notFound('File');
  await ctx.db.transaction().execute(async (trx) => {
    await requireEditableSchema(trx, principal, file.import_schema_no);
    await repo.deleteFileRow(trx, fileNo);
    await repo.insertHistory(trx, file.import_schema_no, principal.userNo, [
      { field: 'file', oldValue: `file ${fileNo} '${file.filename}'`, newValue: null },
    ]);
  });
  // After the commit: a row never points at missing bytes; an orphan object is only logged.
  await ctx.storage.delete(file.storage_key).catch((error: unknown) => {
    ctx.log.error({ err: error, fileNo }, 'the deleted schema file could not be removed');
  });
}

// ---- The demo seed's writes (no caller: the seed is the product's own) ----

export async function seedConfiguration(
  db: Kysely<DB>,
  userNo: number,
  input: ImportConfigurationInput,
): Promise<number> {
  return db
    .transaction()
    .execute((trx) => repo.insertConfiguration(trx, configValues(input), userNo));
}

export async function seedComment(
  db: Kysely<DB>,
  userNo: number,
  no: number,
  comment: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const created = await repo.insertComment(trx, no, comment, userNo);
    await repo.insertHistory(trx, no, userNo, [
      { field: 'comment', oldValue: null, newValue: `comment ${created.commentNo} added` },
    ]);
  });
}

/** A supporting file whose bytes the server moves into storage when it starts. */
export async function seedFile(
  db: Kysely<DB>,
  userNo: number,
  no: number,
  filename: string,
  content: Uint8Array,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fileNo = await repo.insertStagedFile(
      trx,
      {
        import_schema_no: no,
        filename,
        size_bytes: content.length,
        sha256: crypto.createHash('sha256').update(content).digest('hex'),
        storage_key: `import-schema-files/seed-${no}-${filename.replace(/[^A-Za-z0-9_-]/g, '-')}`,
        created_by: userNo,
      },
      content,
    );
    await repo.insertHistory(trx, no, userNo, [
      { field: 'file', oldValue: null, newValue: `file ${fileNo} '${filename}' added` },
    ]);
  });
}

/** The demo seed's data-mapper schemas with their field definitions (their templates follow). */
export async function seedSchemasToMap(db: Kysely<DB>): Promise<ImportSchema[]> {
  const schemas: ImportSchema[] = [];
  for (const no of await repo.dataMapperSchemaNos(db)) {
    const schema = await repo.findSchema(db, no);
    if (!schema) continue;
    const fields = await repo.findFields(db, no);
    schemas.push({ ...schema, canEdit: false, fieldDefinitions: toFieldRows(fields) });
  }
  return schemas;
}

/** The demo seed links a schema to the template the data mapper made for it, with its history. */
export async function seedTemplateLink(
  db: Kysely<DB>,
  userNo: number,
  no: number,
  templateId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.setTemplateLink(trx, no, templateId);
    await repo.insertHistory(trx, no, userNo, [
      { field: 'dmTemplateId', oldValue: null, newValue: String(templateId) },
    ]);
  });
}
