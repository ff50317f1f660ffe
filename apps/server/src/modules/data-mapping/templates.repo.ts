import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../database.ts';
import type { DmSchemaTable, DmTemplateTable } from './templates.tables.ts';

/** All SQL of the data mapper's schemas and templates (decision 0120). */

export type SchemaRow = Selectable<DmSchemaTable>;
export type TemplateRow = Selectable<DmTemplateTable>;

export async function insertSchema(
  db: Kysely<DB>,
  values: Omit<SchemaRow, 'schema_no' | 'created_at' | 'fields'> & { fields: string },
): Promise<number> {
  const row = await db
    .insertInto('dm_schema')
    .values(values)
    .returning('schema_no')
    .executeTakeFirstOrThrow();
  return row.schema_no;
}

export async function findSchema(db: Kysely<DB>, schemaNo: number): Promise<SchemaRow | undefined> {
  return db
    .selectFrom('dm_schema')
    .selectAll()
    .where('schema_no', '=', schemaNo)
    .executeTakeFirst();
}

/** A standard write schema by its name (the seed writes them once). */
export async function findWriteSchemaByName(
  db: Kysely<DB>,
  name: string,
): Promise<SchemaRow | undefined> {
  return db
    .selectFrom('dm_schema')
    .selectAll()
    .where('schema_type', '=', 'write')
    .where('name', '=', name)
    .orderBy('schema_no')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A read schema with exactly this name and layout (the claims Mapping stage reuses the one it
 * made for a file on an earlier visit instead of adding another, decision 0140).
 */
export async function findSameReadSchema(
  db: Kysely<DB>,
  values: {
    name: string;
    media_type: string;
    delimiter: string | null;
    has_header: boolean;
    fields: string;
  },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('dm_schema')
    .select('schema_no')
    .where('schema_type', '=', 'read')
    .where('name', '=', values.name)
    .where('media_type', '=', values.media_type as SchemaRow['media_type'])
    .where(sql<boolean>`delimiter is not distinct from ${values.delimiter}`)
    .where('has_header', '=', values.has_header)
    .where(sql<boolean>`fields = ${values.fields}::jsonb`)
    .where('header', 'is', null)
    .where('footer', 'is', null)
    .orderBy('schema_no')
    .limit(1)
    .executeTakeFirst();
  return row?.schema_no;
}

export interface TemplateValues {
  name: string;
  description: string;
  read_schema_no: number;
  write_schema_no: number;
  file_storage_id: string | null;
  mappings: string;
}

export async function insertTemplate(
  db: Kysely<DB>,
  values: TemplateValues & { created_by: number | null },
): Promise<number> {
  const row = await db
    .insertInto('dm_template')
    .values({ ...values, updated_by: values.created_by })
    .returning('template_no')
    .executeTakeFirstOrThrow();
  return row.template_no;
}

export async function updateTemplate(
  db: Kysely<DB>,
  templateNo: number,
  values: TemplateValues & { updated_by: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('dm_template')
    .set({ ...values, updated_at: new Date() })
    .where('template_no', '=', templateNo)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findTemplate(
  db: Kysely<DB>,
  templateNo: number,
): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('dm_template')
    .selectAll()
    .where('template_no', '=', templateNo)
    .executeTakeFirst();
}

/** Every template's mappings, for the transformations they name (the lock; few templates). */
export async function allTemplateMappings(
  db: Kysely<DB>,
): Promise<Pick<TemplateRow, 'template_no' | 'name' | 'mappings'>[]> {
  return db
    .selectFrom('dm_template')
    .select(['template_no', 'name', 'mappings'])
    .orderBy('name')
    .execute();
}

/** The first template of a name (the seed's fixed templates have names of their own). */
export async function findTemplateIdByName(
  db: Kysely<DB>,
  name: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('dm_template')
    .select('template_no')
    .where('name', '=', name)
    .orderBy('template_no')
    .limit(1)
    .executeTakeFirst();
  return row?.template_no;
}
