import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Page, TransformationDefinition, TransformationsQuery } from '@pillar/domain';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import type { DB } from '../../database.ts';
import type { TransformationTable } from './transformations.tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Every statement of the transformation library (decision 0118). Not organization-scoped: the
 * library is the product's, read by every holder of the transformations permissions.
 */

export interface TransformationRow {
  transformation_no: number;
  name: string;
  description: string;
  kind: TransformationTable['kind'];
  definition: TransformationDefinition;
  expression: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
  updated_by: number | null;
  updated_by_name: string | null;
  updated_at: Date;
}

const userName = (column: string): RawBuilder<string | null> =>
  sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from app_user u where u.user_no = ${sql.ref(column)})`;

function columns(db: Db) {
  return db
    .selectFrom('transformation as t')
    .select([
      't.transformation_no',
      't.name',
      't.description',
      't.kind',
      't.definition',
      't.expression',
      't.created_by',
      userName('t.created_by').as('created_by_name'),
      't.created_at',
      't.updated_by',
      userName('t.updated_by').as('updated_by_name'),
      't.updated_at',
    ]);
}

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/** Alphabetical (case-insensitive) by default; `search` finds text in the name or description. */
export async function listTransformations(
  db: Db,
  query: TransformationsQuery,
): Promise<Page<TransformationRow>> {
  let q = columns(db);
  if (query.search) {
    const pattern = likePattern(query.search.toLowerCase());
    q = q.where(
      sql<boolean>`(lower(t.name) like ${pattern} or lower(t.description) like ${pattern})`,
    );
  }
  return fetchPage(q, query, {
    sortColumns: {
      name: sql`lower(t.name)`,
      id: sql.ref('t.transformation_no'),
      kind: sql.ref('t.kind'),
      updated_at: sql.ref('t.updated_at'),
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql.ref('t.transformation_no'),
    map: (row) => row,
  });
}

export async function findTransformation(
  db: Db,
  id: number,
): Promise<TransformationRow | undefined> {
  return columns(db).where('t.transformation_no', '=', id).executeTakeFirst();
}

/** The named transformations (case-insensitive), for a job that compiles a template's. */
export async function findTransformationsByName(
  db: Db,
  names: readonly string[],
): Promise<TransformationRow[]> {
  if (names.length === 0) return [];
  return columns(db)
    .where(sql<boolean>`lower(t.name) in (${sql.join(names.map((n) => n.toLowerCase()))})`)
    .execute();
}

/** Another transformation's id with this name (case-insensitive), if any. */
export async function nameOwner(db: Db, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('transformation')
    .select('transformation_no')
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  return row?.transformation_no;
}

/** Locks one row for a change; its current name (what templates refer to it by). */
export async function lockTransformation(
  trx: Transaction<DB>,
  id: number,
): Promise<{ name: string } | undefined> {
  return trx
    .selectFrom('transformation')
    .select('name')
    .where('transformation_no', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export interface TransformationValues {
  name: string;
  description: string;
  definition: TransformationDefinition;
  expression: string;
}

export async function insertTransformation(
  db: Db,
  values: TransformationValues,
  userNo: number | null,
): Promise<number> {
  const row = await db
    .insertInto('transformation')
    .values({
      name: values.name,
      description: values.description,
      kind: values.definition.kind,
      definition: JSON.stringify(values.definition),
      expression: values.expression,
      created_by: userNo,
      updated_by: userNo,
    })
    .returning('transformation_no')
    .executeTakeFirstOrThrow();
  return row.transformation_no;
}

export async function updateTransformation(
  trx: Transaction<DB>,
  id: number,
  values: TransformationValues,
  userNo: number,
): Promise<void> {
  await trx
    .updateTable('transformation')
    .set({
      name: values.name,
      description: values.description,
      kind: values.definition.kind,
      definition: JSON.stringify(values.definition),
      expression: values.expression,
      updated_by: userNo,
      updated_at: sql<Date>`now()`,
    })
    .where('transformation_no', '=', id)
    .execute();
}
