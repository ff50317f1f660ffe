import type { Kysely } from 'kysely';
import {
  checkTemplate,
  DATA_MAPPING_MESSAGES,
  delimiterCharacter,
  filterTemplateNameInput,
  type DefinitionSchemaAnswer,
  type ImportSchema,
  guessSource,
  SAMPLE_FILE_ROWS_READ,
  STANDARD_WRITE_SCHEMAS,
  TEMPLATE_NAME_MAX_LENGTH,
  transformationsOf,
  type DmSchema,
  type GeneratedTemplate,
  type SchemaField,
  type SchemaInput,
  type StandardWriteSchema,
  type Template,
  type TemplateInput,
  type TemplateMapping,
  type TemplateUpdate,
  type TransformationDefinition,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, HttpProblem, notFound } from '../../platform/http/problem.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { DB } from '../../database.ts';
import { EDI_834_READ_SCHEMA, edi834ReadFields, UNMAPPED_834_TEMPLATE } from './edi834.layout.ts';
import { readRows, type SourceLayout } from './mapping-engine.ts';
import { findOwnSampleFile } from './sample-files.repo.ts';
import {
  allTemplateMappings,
  findSchema,
  findTemplate,
  findWriteSchemaByName,
  insertSchema,
  insertTemplate,
  updateTemplate as updateTemplateRow,
  type SchemaRow,
  type TemplateRow,
  type TemplateValues,
} from './templates.repo.ts';
import { findTransformation, findTransformationsByName } from './transformations.repo.ts';
import type { TransformationUsage } from './transformations.usage.ts';

/** Schemas and templates of the data mapper (spec 3 §3, §5 "Mapping template", §7; decision 0120). */

type Db = Kysely<DB>;

export function toSchema(row: SchemaRow): DmSchema {
  return {
    id: row.schema_no,
    name: row.name,
    schemaType: row.schema_type,
    mediaType: row.media_type,
    delimiter: row.delimiter,
    fileHasHeaderRow: row.has_header,
    header: row.header,
    footer: row.footer,
    fields: row.fields,
  };
}

/** How the engine reads a file of this schema. */
export function layoutOf(schema: SchemaRow): SourceLayout {
  switch (schema.media_type) {
    case 'csv':
      return {
        kind: 'delimited',
        delimiter: schema.delimiter ?? ',',
        hasHeader: schema.has_header,
        fields: schema.fields,
      };
    case 'fixed':
      return { kind: 'fixed', fields: schema.fields, header: schema.header, footer: schema.footer };
    case 'excel':
      return { kind: 'xlsx', hasHeader: schema.has_header, fields: schema.fields };
    case 'edi':
      return { kind: 'edi' };
  }
}

export async function createSchema(db: Db, actor: Principal, input: SchemaInput) {
  if (input.mediaType === 'fixed') {
    const i = input.fields.findIndex((f) => !f.startLoc || !f.locLength);
    if (i >= 0)
      throw badRequest('A fixed-length field needs its start and length', {
        [`fields.${i}.startLoc`]: 'A fixed-length field needs its start and length',
      });
  }
  const id = await insertSchema(db, {
    name: input.name,
    schema_type: 'read',
    media_type: input.mediaType,
    delimiter: input.mediaType === 'csv' ? (input.delimiter ?? ',') : null,
    has_header: input.fileHasHeaderRow,
    header: input.header ?? null,
    footer: input.footer ?? null,
    fields: JSON.stringify(input.fields),
    created_by: actor.userNo,
  });
  return getSchema(db, id);
}

/**
 * POST /schemas/definition/{id}: a read schema from an import schema's saved definitions: its
 * file type, delimiter, header row and markers, and its field table (positions for fixed length);
 * an EDI-834 schema reads by the 834 layout's element names. A legacy schema is not mapped.
 */
export async function schemaFromDefinition(
  db: Db,
  userNo: number | null,
  source: ImportSchema,
  name: string | undefined,
): Promise<DefinitionSchemaAnswer> {
  const refuse = (message: string) => badRequest(message, { id: message });
  if (source.importerType !== 1) throw refuse(DATA_MAPPING_MESSAGES.legacyNotMapped);
  const fields: SchemaField[] =
    source.mediaType === 'edi'
      ? edi834ReadFields().map((f) => ({ name: f.name, required: false }))
      : source.fieldDefinitions.map((f) => ({
          name: f.fieldName,
          required: false,
          ...(source.mediaType === 'fixed' && f.start !== null && f.end !== null
            ? { startLoc: f.start, locLength: f.end - f.start + 1 }
            : {}),
        }));
  if (fields.length === 0) throw refuse(DATA_MAPPING_MESSAGES.noFieldDefinitions);
  const fallback = filterTemplateNameInput(source.name).slice(0, TEMPLATE_NAME_MAX_LENGTH - 5);
  const id = await insertSchema(db, {
    name: name ?? `${fallback || `Import_Schema_${source.id}`}_Read`,
    schema_type: 'read',
    media_type: source.mediaType,
    delimiter:
      source.mediaType === 'csv'
        ? (delimiterCharacter(source.fileDelimiter, source.customDelimiter) ?? ',')
        : null,
    has_header: source.fileHasHeaderRow,
    header: source.header,
    footer: source.footer,
    fields: JSON.stringify(fields),
    created_by: userNo,
  });
  return {
    schema: await getSchema(db, id),
    fields: fields.map((f, i) => ({
      name: f.name,
      locIndex: i + 1,
      startLoc: f.startLoc ?? null,
      stopLoc: f.startLoc && f.locLength ? f.startLoc + f.locLength - 1 : null,
      locLength: f.locLength ?? null,
    })),
  };
}

export async function getSchema(db: Db, id: number): Promise<DmSchema> {
  const row = await findSchema(db, id);
  if (!row) throw notFound('Schema');
  return toSchema(row);
}

/**
 * GET /schemas/write: the standard write schemas the seed wrote, by key, with their ids (the
 * writeId of POST /templates/schemas/{readId}/{writeId}; decision 0133).
 */
export async function standardWriteSchemas(db: Db): Promise<StandardWriteSchema[]> {
  const found: StandardWriteSchema[] = [];
  for (const s of STANDARD_WRITE_SCHEMAS) {
    const row = await findWriteSchemaByName(db, s.name);
    if (row) found.push({ key: s.key, ...toSchema(row) });
  }
  return found;
}

async function schemaOrProblem(db: Db, id: number, field: string, type: 'read' | 'write') {
  const row = await findSchema(db, id);
  if (!row || row.schema_type !== type) {
    const message = `No ${type} schema ${id}`;
    throw badRequest(message, { [field]: message });
  }
  return row;
}

/**
 * Percent Populated (spec 3 §2): per source column, the share of the sample file's first rows
 * whose value is not blank. Null per column without a file or when the file cannot be read.
 */
async function percentPopulated(
  db: Db,
  storage: FileStorage,
  actor: Principal,
  read: SchemaRow,
  fileStorageId: string | null | undefined,
): Promise<Map<string, number> | null> {
  if (!fileStorageId || read.media_type === 'edi') return null;
  const file = await findOwnSampleFile(db, fileStorageId, actor.userNo);
  if (!file) return null;
  const filled = new Map<string, number>(read.fields.map((f) => [f.name, 0]));
  let rows = 0;
  try {
    for await (const row of readRows(await storage.get(file.storage_key), layoutOf(read))) {
      rows++;
      for (const f of read.fields)
        if (row[f.name]?.trim()) filled.set(f.name, filled.get(f.name)! + 1);
      if (rows >= SAMPLE_FILE_ROWS_READ) break;
    }
  } catch {
    return null;
  }
  if (rows === 0) return null;
  return new Map([...filled].map(([k, v]) => [k, Math.round((v / rows) * 1000) / 10]));
}

function columnsOf(
  write: SchemaRow,
  mappings: readonly TemplateMapping[],
  percents: Map<string, number> | null,
) {
  const byTarget = new Map(mappings.map((m) => [m.target, m]));
  return write.fields.map((f) => {
    const source = byTarget.get(f.name)?.source;
    return {
      target: f.name,
      required: f.required,
      sourceColumnPercentPopulated: source && percents ? (percents.get(source) ?? 0) : null,
    };
  });
}

export async function generateTemplate(
  db: Db,
  storage: FileStorage,
  actor: Principal,
  readId: number,
  writeId: number,
  fileStorageId: string | null | undefined,
): Promise<GeneratedTemplate> {
  const read = await schemaOrProblem(db, readId, 'readId', 'read');
  const write = await schemaOrProblem(db, writeId, 'writeId', 'write');
  const sources = read.fields.map((f) => f.name);
  const mappings: TemplateMapping[] = write.fields.map((f) => ({
    target: f.name,
    source: guessSource({ name: f.name, required: f.required, aliases: aliasesOf(f) }, sources),
  }));
  const percents = await percentPopulated(db, storage, actor, read, fileStorageId);
  return {
    name: `${read.name}_${write.name}`
      .slice(0, TEMPLATE_NAME_MAX_LENGTH)
      .replace(/[^A-Za-z1-9_]/g, ''),
    description: '',
    readSchemaId: readId,
    writeSchemaId: writeId,
    fileStorageId: fileStorageId ?? null,
    mappings,
    columns: columnsOf(write, mappings, percents),
  };
}

/** A write field's aliases are stored with it (the seed writes the domain's). */
function aliasesOf(field: SchemaField): string[] {
  const aliases = (field as SchemaField & { aliases?: unknown }).aliases;
  return Array.isArray(aliases) ? aliases.filter((a): a is string => typeof a === 'string') : [];
}

/** The template's transformations by the names it uses; an unknown one is a 400 naming it. */
export async function definitionsOf(
  db: Db,
  mappings: readonly TemplateMapping[],
): Promise<Map<string, TransformationDefinition>> {
  const names = [...transformationsOf(mappings)];
  const rows = await findTransformationsByName(db, names);
  const byLower = new Map(rows.map((r) => [r.name.toLowerCase(), r.definition]));
  const found = new Map<string, TransformationDefinition>();
  for (const name of names) {
    const d = byLower.get(name.toLowerCase());
    if (!d) {
      const message = `No transformation named ${name}`;
      throw badRequest(message, { mappings: message });
    }
    found.set(name, d);
  }
  return found;
}

async function checkedValues(db: Db, input: TemplateInput): Promise<TemplateValues> {
  await schemaOrProblem(db, input.readSchemaId, 'readSchemaId', 'read');
  const write = await schemaOrProblem(db, input.writeSchemaId, 'writeSchemaId', 'write');
  const problems = checkTemplate(write.fields, input.mappings);
  if (problems.length > 0)
    throw badRequest(
      problems[problems.length - 1]!.message,
      Object.fromEntries(problems.map((p) => [p.path, p.message])),
    );
  await definitionsOf(db, input.mappings);
  return {
    name: input.name,
    description: input.description.trim(),
    read_schema_no: input.readSchemaId,
    write_schema_no: input.writeSchemaId,
    file_storage_id: input.fileStorageId ?? null,
    mappings: JSON.stringify(input.mappings),
  };
}

async function answer(
  db: Db,
  storage: FileStorage,
  actor: Principal,
  id: number,
): Promise<Template> {
  const row = await findTemplate(db, id);
  if (!row) throw notFound('Template');
  return toTemplate(db, storage, actor, row);
}

async function toTemplate(
  db: Db,
  storage: FileStorage,
  actor: Principal,
  row: TemplateRow,
): Promise<Template> {
  const read = (await findSchema(db, row.read_schema_no))!;
  const write = (await findSchema(db, row.write_schema_no))!;
  const percents = await percentPopulated(db, storage, actor, read, row.file_storage_id);
  return {
    id: row.template_no,
    name: row.name,
    description: row.description,
    readSchemaId: row.read_schema_no,
    writeSchemaId: row.write_schema_no,
    fileStorageId: row.file_storage_id,
    mappings: row.mappings,
    columns: columnsOf(write, row.mappings, percents),
    created_at: (row.created_at instanceof Date
      ? row.created_at
      : new Date(row.created_at)
    ).toISOString(),
  };
}

export async function createTemplate(
  db: Db,
  storage: FileStorage,
  actor: Principal,
  input: TemplateInput,
) {
  const values = await checkedValues(db, input);
  const id = await insertTemplate(db, { ...values, created_by: actor.userNo });
  return answer(db, storage, actor, id);
}

export async function updateTemplate(
  db: Db,
  storage: FileStorage,
  actor: Principal,
  input: TemplateUpdate,
) {
  const values = await checkedValues(db, input);
  if (!(await updateTemplateRow(db, input.id, { ...values, updated_by: actor.userNo })))
    throw notFound('Template');
  return answer(db, storage, actor, input.id);
}

export function getTemplate(db: Db, storage: FileStorage, actor: Principal, id: number) {
  return answer(db, storage, actor, id);
}

/** A copy under the name with _copy (spec 3 §4: the wizard then clears the schema name). */
export async function cloneTemplate(db: Db, storage: FileStorage, actor: Principal, id: number) {
  const row = await findTemplate(db, id);
  if (!row) throw notFound('Template');
  const copy = await insertTemplate(db, {
    name: `${row.name.slice(0, TEMPLATE_NAME_MAX_LENGTH - 5)}_copy`,
    description: row.description,
    read_schema_no: row.read_schema_no,
    write_schema_no: row.write_schema_no,
    file_storage_id: row.file_storage_id,
    mappings: JSON.stringify(row.mappings),
    created_by: actor.userNo,
  });
  return answer(db, storage, actor, copy);
}

/** GET /templates/transformations/{id}: the templates naming the transformation (any case). */
export async function templatesUsingTransformation(db: Db, transformationId: number) {
  const t = await findTransformation(db, transformationId);
  if (!t) throw notFound('Transformation');
  const name = t.name.toLowerCase();
  const all = await allTemplateMappings(db);
  return all
    .filter((r) => [...transformationsOf(r.mappings)].some((n) => n.toLowerCase() === name))
    .map((r) => ({ id: r.template_no, name: r.name }));
}

/** The lock (decision 0118): the names among `names` some template uses. */
export const templateTransformationUsage: TransformationUsage = async (db, names) => {
  const used = new Set<string>();
  for (const r of await allTemplateMappings(db))
    for (const n of transformationsOf(r.mappings)) used.add(n.toLowerCase());
  return new Set(names.filter((n) => used.has(n.toLowerCase())));
};

/**
 * The standard write schemas (eligibility and claims), with each field's aliases stored so the
 * generator can guess sources; written once by the seed. Answers their ids by key.
 */
export async function createStandardWriteSchemas(
  db: Db,
): Promise<Record<(typeof STANDARD_WRITE_SCHEMAS)[number]['key'], number>> {
  const ids: Record<string, number> = {};
  for (const s of STANDARD_WRITE_SCHEMAS) {
    ids[s.key] = await insertSchema(db, {
      name: s.name,
      schema_type: 'write',
      media_type: 'csv',
      delimiter: ',',
      has_header: true,
      header: null,
      footer: null,
      fields: JSON.stringify(s.fields),
      created_by: null,
    });
  }
  return ids;
}

/** A read schema and a template written directly (the seed: no sample file, no caller). */
export async function createSeedTemplate(
  db: Db,
  actorNo: number | null,
  read: SchemaInput,
  template: Omit<TemplateInput, 'readSchemaId'>,
): Promise<number> {
  const readId = await insertSchema(db, {
    name: read.name,
    schema_type: 'read',
    media_type: read.mediaType,
    delimiter: read.delimiter ?? null,
    has_header: read.fileHasHeaderRow,
    header: read.header ?? null,
    footer: read.footer ?? null,
    fields: JSON.stringify(read.fields),
    created_by: actorNo,
  });
  const values = await checkedValues(db, { ...template, readSchemaId: readId });
  return insertTemplate(db, { ...values, created_by: actorNo });
}

/**
 * The fixed unmapped 834 template (spec 3 §7 "also from a fixed unmapped EDI template"): the
 * 005010X220A1 layout as a read schema, onto the standard eligibility schema with every target
 * listed and none mapped. Written directly (it would not pass 'All required fields must be
 * mapped'); the wizard clones it and maps the copy, whose saves are checked. Written once.
 */
export async function createUnmapped834Template(
  db: Db,
  eligibilityWriteId: number,
): Promise<number> {
  const write = (await findSchema(db, eligibilityWriteId))!;
  const readId = await insertSchema(db, {
    name: EDI_834_READ_SCHEMA,
    schema_type: 'read',
    media_type: 'edi',
    delimiter: null,
    has_header: false,
    header: null,
    footer: null,
    fields: JSON.stringify(edi834ReadFields().map((f) => ({ name: f.name, required: false }))),
    created_by: null,
  });
  return insertTemplate(db, {
    name: UNMAPPED_834_TEMPLATE,
    description: 'The X12 834 (005010X220A1) onto the standard eligibility layout, unmapped',
    read_schema_no: readId,
    write_schema_no: eligibilityWriteId,
    file_storage_id: null,
    mappings: JSON.stringify(write.fields.map((f) => ({ target: f.name, source: null }))),
    created_by: null,
  });
}

/** The 834 elements the demo's EDI template reads each required eligibility field from. */
const DEMO_834_SOURCES: Readonly<Record<string, string>> = {
  benefitGroupId: '2000.REF*1L.REF02',
  groupEffectiveDate: 'ST.BGN.BGN03',
  memberEffectiveDate: '2300.DTP*348.DTP03',
  employeeSSN: '2100A.NM1.NM109',
  gender: '2100A.DMG.DMG03',
  firstName: '2100A.NM1.NM104',
  lastName: '2100A.NM1.NM103',
  dateOfBirth: '2100A.DMG.DMG02',
  relationship: '2000.INS.INS02',
  benefitPackage: '2300.HD.HD04',
};

/** Transformations the demo templates apply where the guessed source is a raw value. */
const DEMO_TRANSFORMATIONS: Readonly<Record<string, string>> = {
  employeeSSN: 'Zero_Pad_SSN',
  gender: 'Gender_Code_Map',
};

/**
 * The demo seed's template for an import schema (issue 16 "templates for the demo schemas"): its
 * read schema from the saved definitions (as POST /schemas/definition/{id}), sources guessed by
 * name or alias as the generator does (the 834's by element), the demo library's SSN padding and
 * gender map, saved through the same checks as POST /templates. Null when a required field has
 * no obvious source (the schema then keeps no template).
 */
export async function createSeedTemplateFor(
  db: Db,
  userNo: number | null,
  source: ImportSchema,
  writeId: number,
): Promise<number | null> {
  const { schema } = await schemaFromDefinition(db, userNo, source, undefined);
  const write = (await findSchema(db, writeId))!;
  const sources = schema.fields.map((f) => f.name);
  const mappings: TemplateMapping[] = write.fields.map((f) => {
    const found =
      schema.mediaType === 'edi'
        ? (DEMO_834_SOURCES[f.name] ?? null)
        : guessSource({ name: f.name, required: f.required, aliases: aliasesOf(f) }, sources);
    const transformation =
      found && schema.mediaType !== 'edi' ? DEMO_TRANSFORMATIONS[f.name] : undefined;
    return { target: f.name, source: found, ...(transformation ? { transformation } : {}) };
  });
  const name = `${schema.name.replace(/_Read$/, '')}_Standard`.slice(0, TEMPLATE_NAME_MAX_LENGTH);
  try {
    const values = await checkedValues(db, {
      name,
      description: `${source.name} onto the standard eligibility layout`,
      readSchemaId: schema.id,
      writeSchemaId: writeId,
      fileStorageId: null,
      mappings,
    });
    return await insertTemplate(db, { ...values, created_by: userNo });
  } catch (error) {
    if (error instanceof HttpProblem) return null;
    throw error;
  }
}
