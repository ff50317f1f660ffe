import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  CLINICAL_ALL_LIMIT,
  type ClinicalHistoryEntry,
  type ClinicalHistoryQuery,
  type ConditionDrug,
  type ConditionDrugsQuery,
  type ConditionSetting,
  type HealthCondition,
  type HealthConditionsQuery,
  type Intervention,
  type InterventionList,
  type InterventionListsQuery,
  type InterventionsQuery,
  type Page,
  type TargetDrug,
  type TargetDrugsQuery,
} from '@pillar/domain';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import type { DB } from '../../database.ts';
import type {
  ClinicalHistorySubject,
  ClinicalTables,
  ListSnapshotState,
} from './clinical.tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Every statement of the clinical configuration (decision 0107). Not organization-scoped: the
 * conditions, lists and interventions are the product's, read by every holder of clinicalView.
 */

/** `limit=0` is every row (at most CLINICAL_ALL_LIMIT). */
function pageLimit<T extends { limit: number }>(query: T): T {
  return query.limit === 0 ? { ...query, limit: CLINICAL_ALL_LIMIT } : query;
}

const userName = (column: string): RawBuilder<string | null> =>
  sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from app_user u where u.user_no = ${sql.ref(column)})`;

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** Case-insensitive "contains" on a name column. */
function nameContains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${likePattern(text)})`;
}

interface AuditedRow {
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
  updated_by: number | null;
  updated_by_name: string | null;
  updated_at: Date;
}

function audited(row: AuditedRow) {
  return {
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: iso(row.created_at),
    updated_by: row.updated_by,
    updated_by_name: row.updated_by_name,
    updated_at: iso(row.updated_at),
  };
}

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

// ---- Health conditions ----

function conditionColumns(db: Db) {
  return db
    .selectFrom('health_condition as c')
    .select([
      'c.health_condition_no',
      'c.name',
      sql<number>`(select count(*)::int from health_condition_drug d where d.health_condition_no = c.health_condition_no)`.as(
        'drug_count',
      ),
      'c.created_by',
      userName('c.created_by').as('created_by_name'),
      'c.created_at',
      'c.updated_by',
      userName('c.updated_by').as('updated_by_name'),
      'c.updated_at',
    ]);
}

type ConditionRow = AuditedRow & { health_condition_no: number; name: string; drug_count: number };

function toCondition(row: ConditionRow): HealthCondition {
  return {
    id: row.health_condition_no,
    name: row.name,
    drug_count: Number(row.drug_count),
    ...audited(row),
  };
}

export async function listConditions(
  db: Db,
  query: HealthConditionsQuery,
): Promise<Page<HealthCondition>> {
  let q = conditionColumns(db);
  if (query.name) q = q.where(nameContains('c.name', query.name));
  return fetchPage(q, pageLimit(query), {
    sortColumns: {
      id: sql.ref('c.health_condition_no'),
      name: sql.ref('c.name_key'),
      drug_count: sql.ref('drug_count'),
      created_at: sql.ref('c.created_at'),
      updated_at: sql.ref('c.updated_at'),
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql.ref('c.health_condition_no'),
    map: toCondition,
  });
}

export async function findCondition(db: Db, id: number): Promise<HealthCondition | undefined> {
  const row = await conditionColumns(db).where('c.health_condition_no', '=', id).executeTakeFirst();
  return row ? toCondition(row) : undefined;
}

/** The condition's row, locked until the transaction ends (its writes come one at a time). */
export async function lockCondition(
  trx: Transaction<DB>,
  id: number,
): Promise<{ name: string } | undefined> {
  return trx
    .selectFrom('health_condition')
    .select('name')
    .where('health_condition_no', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Another condition with this name key, if any. */
export async function findConditionByKey(
  db: Db,
  nameKey: string,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('health_condition')
    .select(['health_condition_no as id', 'name'])
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export async function insertCondition(
  db: Db,
  values: { name: string; nameKey: string; userNo: number },
): Promise<number> {
  const row = await db
    .insertInto('health_condition')
    .values({
      name: values.name,
      name_key: values.nameKey,
      created_by: values.userNo,
      updated_by: values.userNo,
    })
    .returning('health_condition_no')
    .executeTakeFirstOrThrow();
  return row.health_condition_no;
}

export async function updateConditionName(
  db: Db,
  id: number,
  values: { name: string; nameKey: string; userNo: number },
): Promise<void> {
  await db
    .updateTable('health_condition')
    .set({
      name: values.name,
      name_key: values.nameKey,
      updated_at: sql<Date>`now()`,
      updated_by: values.userNo,
    })
    .where('health_condition_no', '=', id)
    .execute();
}

export async function touchCondition(db: Db, id: number, userNo: number): Promise<void> {
  await db
    .updateTable('health_condition')
    .set({ updated_at: sql<Date>`now()`, updated_by: userNo })
    .where('health_condition_no', '=', id)
    .execute();
}

/** Which of these condition ids exist, with their names. */
export async function conditionNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('health_condition')
    .select(['health_condition_no', 'name'])
    .where('health_condition_no', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.health_condition_no, r.name]));
}

// ---- Condition drugs ----

function conditionDrugColumns(db: Db) {
  return db
    .selectFrom('health_condition_drug as d')
    .select([
      'd.health_condition_drug_no',
      'd.health_condition_no',
      'd.drug_code',
      'd.drug_name',
      'd.created_by',
      userName('d.created_by').as('created_by_name'),
      'd.created_at',
    ]);
}

function toConditionDrug(row: {
  health_condition_drug_no: number;
  health_condition_no: number;
  drug_code: string;
  drug_name: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
}): ConditionDrug {
  return {
    id: row.health_condition_drug_no,
    drug_code: row.drug_code,
    drug_name: row.drug_name,
    health_condition_id: row.health_condition_no,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: iso(row.created_at),
  };
}

export async function listConditionDrugs(
  db: Db,
  query: ConditionDrugsQuery,
): Promise<Page<ConditionDrug>> {
  const q = conditionDrugColumns(db).where('d.health_condition_no', '=', query.health_condition_id);
  return fetchPage(q, pageLimit(query), {
    sortColumns: {
      drug_code: sql.ref('d.drug_code'),
      drug_name: sql`lower(d.drug_name)`,
      created_at: sql.ref('d.created_at'),
    },
    defaultSort: { field: 'drug_name', direction: 'asc' },
    tieBreaker: sql.ref('d.health_condition_drug_no'),
    map: toConditionDrug,
  });
}

export async function findConditionDrug(db: Db, id: number): Promise<ConditionDrug | undefined> {
  const row = await conditionDrugColumns(db)
    .where('d.health_condition_drug_no', '=', id)
    .executeTakeFirst();
  return row ? toConditionDrug(row) : undefined;
}

export async function conditionHasDrug(
  db: Db,
  conditionId: number,
  drugCode: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('health_condition_drug')
    .select('health_condition_drug_no')
    .where('health_condition_no', '=', conditionId)
    .where('drug_code', '=', drugCode)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertConditionDrug(
  db: Db,
  values: { conditionId: number; drugCode: string; drugName: string; userNo: number },
): Promise<number> {
  const row = await db
    .insertInto('health_condition_drug')
    .values({
      health_condition_no: values.conditionId,
      drug_code: values.drugCode,
      drug_name: values.drugName,
      created_by: values.userNo,
    })
    .returning('health_condition_drug_no')
    .executeTakeFirstOrThrow();
  return row.health_condition_drug_no;
}

export async function deleteConditionDrug(db: Db, id: number): Promise<void> {
  await db.deleteFrom('health_condition_drug').where('health_condition_drug_no', '=', id).execute();
}

// ---- History ----

export interface HistoryValues {
  change: ClinicalHistoryEntry['change'];
  field?: string | null;
  old_value?: string | null;
  new_value?: string | null;
}

export async function insertHistory(
  db: Db,
  subject: ClinicalHistorySubject,
  subjectNo: number,
  userNo: number,
  entries: readonly HistoryValues[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('clinical_history')
    .values(
      entries.map((e) => ({
        subject,
        subject_no: subjectNo,
        change: e.change,
        field: e.field ?? null,
        old_value: e.old_value ?? null,
        new_value: e.new_value ?? null,
        changed_by: userNo,
      })),
    )
    .execute();
}

export async function listHistory(
  db: Db,
  subject: ClinicalHistorySubject,
  subjectNo: number,
  query: ClinicalHistoryQuery,
): Promise<Page<ClinicalHistoryEntry>> {
  const q = db
    .selectFrom('clinical_history as h')
    .select([
      'h.clinical_history_no',
      'h.changed_at',
      'h.changed_by',
      userName('h.changed_by').as('changed_by_name'),
      'h.change',
      'h.field',
      'h.old_value',
      'h.new_value',
    ])
    .where('h.subject', '=', subject)
    .where('h.subject_no', '=', subjectNo);
  return fetchPage(q, query, {
    sortColumns: { changed_at: sql.ref('h.changed_at') },
    defaultSort: { field: 'changed_at', direction: 'desc' },
    tieBreaker: sql.ref('h.clinical_history_no'),
    map: (row) => ({
      id: row.clinical_history_no,
      changed_at: iso(row.changed_at),
      changed_by: row.changed_by,
      changed_by_name: row.changed_by_name,
      change: row.change,
      field: row.field,
      old_value: row.old_value,
      new_value: row.new_value,
    }),
  });
}

// ---- Interventions ----

function interventionColumns(db: Db) {
  return db
    .selectFrom('intervention as v')
    .select([
      'v.intervention_no',
      'v.name',
      'v.created_by',
      userName('v.created_by').as('created_by_name'),
      'v.created_at',
      'v.updated_by',
      userName('v.updated_by').as('updated_by_name'),
      'v.updated_at',
    ]);
}

function toIntervention(row: AuditedRow & { intervention_no: number; name: string }): Intervention {
  return { id: row.intervention_no, name: row.name, ...audited(row) };
}

export async function listInterventions(
  db: Db,
  query: InterventionsQuery,
): Promise<Page<Intervention>> {
  let q = interventionColumns(db);
  if (query.name) q = q.where(nameContains('v.name', query.name));
  return fetchPage(q, pageLimit(query), {
    sortColumns: {
      id: sql.ref('v.intervention_no'),
      name: sql.ref('v.name_key'),
      created_at: sql.ref('v.created_at'),
      updated_at: sql.ref('v.updated_at'),
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql.ref('v.intervention_no'),
    map: toIntervention,
  });
}

export async function findIntervention(db: Db, id: number): Promise<Intervention | undefined> {
  const row = await interventionColumns(db).where('v.intervention_no', '=', id).executeTakeFirst();
  return row ? toIntervention(row) : undefined;
}

export async function findInterventionByKey(
  db: Db,
  nameKey: string,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('intervention')
    .select('intervention_no as id')
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export async function insertIntervention(
  db: Db,
  values: { name: string; nameKey: string; userNo: number },
): Promise<number> {
  const row = await db
    .insertInto('intervention')
    .values({
      name: values.name,
      name_key: values.nameKey,
      created_by: values.userNo,
      updated_by: values.userNo,
    })
    .returning('intervention_no')
    .executeTakeFirstOrThrow();
  return row.intervention_no;
}

export async function interventionNames(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('intervention')
    .select(['intervention_no', 'name'])
    .where('intervention_no', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.intervention_no, r.name]));
}

// ---- Intervention lists ----

const activeCases = (kind: 'prospective' | 'retrospective'): RawBuilder<number> =>
  sql<number>`(select count(*)::int from intervention_case k where k.intervention_list_no = l.intervention_list_no and k.kind = ${kind} and k.status = 'active')`;

function listColumns(db: Db) {
  return db
    .selectFrom('intervention_list as l')
    .select([
      'l.intervention_list_no',
      'l.name',
      'l.is_active',
      activeCases('prospective').as('prospective_cases'),
      activeCases('retrospective').as('retrospective_cases'),
      'l.created_by',
      userName('l.created_by').as('created_by_name'),
      'l.created_at',
      'l.updated_by',
      userName('l.updated_by').as('updated_by_name'),
      'l.updated_at',
    ]);
}

type ListRow = AuditedRow & {
  intervention_list_no: number;
  name: string;
  is_active: boolean;
  prospective_cases: number;
  retrospective_cases: number;
};

function toList(row: ListRow): InterventionList {
  return {
    id: row.intervention_list_no,
    name: row.name,
    is_active: row.is_active,
    prospective_cases: Number(row.prospective_cases),
    retrospective_cases: Number(row.retrospective_cases),
    ...audited(row),
  };
}

export async function listLists(
  db: Db,
  query: InterventionListsQuery,
): Promise<Page<InterventionList>> {
  let q = listColumns(db);
  if (query.name) q = q.where(nameContains('l.name', query.name));
  if (query.is_active !== undefined) q = q.where('l.is_active', '=', query.is_active);
  return fetchPage(q, pageLimit(query), {
    sortColumns: {
      id: sql.ref('l.intervention_list_no'),
      name: sql.ref('l.name_key'),
      prospective_cases: activeCases('prospective'),
      retrospective_cases: activeCases('retrospective'),
      is_active: sql.ref('l.is_active'),
      created_at: sql.ref('l.created_at'),
      updated_at: sql.ref('l.updated_at'),
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql.ref('l.intervention_list_no'),
    map: toList,
  });
}

export async function findList(db: Db, id: number): Promise<InterventionList | undefined> {
  const row = await listColumns(db).where('l.intervention_list_no', '=', id).executeTakeFirst();
  return row ? toList(row) : undefined;
}

/** The list's row, locked until the transaction ends (its changes and snapshots in order). */
export async function lockList(
  trx: Transaction<DB>,
  id: number,
): Promise<{ name: string; is_active: boolean } | undefined> {
  return trx
    .selectFrom('intervention_list')
    .select(['name', 'is_active'])
    .where('intervention_list_no', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function findListByKey(db: Db, nameKey: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('intervention_list')
    .select('intervention_list_no as id')
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export async function insertList(
  db: Db,
  values: { name: string; nameKey: string; isActive: boolean; userNo: number },
): Promise<number> {
  const row = await db
    .insertInto('intervention_list')
    .values({
      name: values.name,
      name_key: values.nameKey,
      is_active: values.isActive,
      created_by: values.userNo,
      updated_by: values.userNo,
    })
    .returning('intervention_list_no')
    .executeTakeFirstOrThrow();
  return row.intervention_list_no;
}

export async function updateList(
  db: Db,
  id: number,
  values: { name: string; nameKey: string; isActive: boolean; userNo: number },
): Promise<void> {
  await db
    .updateTable('intervention_list')
    .set({
      name: values.name,
      name_key: values.nameKey,
      is_active: values.isActive,
      updated_at: sql<Date>`now()`,
      updated_by: values.userNo,
    })
    .where('intervention_list_no', '=', id)
    .execute();
}

export async function touchList(db: Db, id: number, userNo: number): Promise<void> {
  await db
    .updateTable('intervention_list')
    .set({ updated_at: sql<Date>`now()`, updated_by: userNo })
    .where('intervention_list_no', '=', id)
    .execute();
}

// ---- Target and alternative drugs ----

async function withAlternatives(
  db: Db,
  targets: { target_drug_no: number; drug_code: string; drug_name: string }[],
): Promise<TargetDrug[]> {
  const ids = targets.map((t) => t.target_drug_no);
  const alternatives =
    ids.length === 0
      ? []
      : await db
          .selectFrom('intervention_list_alternative_drug')
          .select(['alternative_drug_no', 'target_drug_no', 'drug_code', 'drug_name'])
          .where('target_drug_no', 'in', ids)
          .orderBy('drug_code')
          .execute();
  return targets.map((t) => ({
    id: t.target_drug_no,
    drug_code: t.drug_code,
    drug_name: t.drug_name,
    alternative_drugs: alternatives
      .filter((a) => a.target_drug_no === t.target_drug_no)
      .map((a) => ({ id: a.alternative_drug_no, drug_code: a.drug_code, drug_name: a.drug_name })),
  }));
}

export async function listTargetDrugs(
  db: Db,
  listId: number,
  query: TargetDrugsQuery,
): Promise<Page<TargetDrug>> {
  const q = db
    .selectFrom('intervention_list_target_drug as t')
    .select(['t.target_drug_no', 't.drug_code', 't.drug_name'])
    .where('t.intervention_list_no', '=', listId);
  const page = await fetchPage(q, pageLimit(query), {
    sortColumns: {
      drug_code: sql.ref('t.drug_code'),
      drug_name: sql`lower(t.drug_name)`,
      id: sql.ref('t.target_drug_no'),
    },
    defaultSort: { field: 'drug_code', direction: 'asc' },
    tieBreaker: sql.ref('t.target_drug_no'),
    map: (row) => row,
  });
  return { data: await withAlternatives(db, page.data), totalCount: page.totalCount };
}

export async function allTargetDrugs(db: Db, listId: number): Promise<TargetDrug[]> {
  const targets = await db
    .selectFrom('intervention_list_target_drug')
    .select(['target_drug_no', 'drug_code', 'drug_name'])
    .where('intervention_list_no', '=', listId)
    .orderBy('drug_code')
    .execute();
  return withAlternatives(db, targets);
}

export async function findTargetDrug(
  db: Db,
  listId: number,
  targetId: number,
): Promise<TargetDrug | undefined> {
  const row = await db
    .selectFrom('intervention_list_target_drug')
    .select(['target_drug_no', 'drug_code', 'drug_name'])
    .where('intervention_list_no', '=', listId)
    .where('target_drug_no', '=', targetId)
    .executeTakeFirst();
  return row ? (await withAlternatives(db, [row]))[0] : undefined;
}

/** Which of these codes the list has as target drugs already. */
export async function existingTargetCodes(
  db: Db,
  listId: number,
  codes: readonly string[],
): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('intervention_list_target_drug')
    .select('drug_code')
    .where('intervention_list_no', '=', listId)
    .where('drug_code', 'in', codes)
    .orderBy('drug_code')
    .execute();
  return rows.map((r) => r.drug_code);
}

export async function insertTargetDrugs(
  db: Db,
  listId: number,
  userNo: number,
  drugs: readonly { code: string; name: string }[],
): Promise<void> {
  if (drugs.length === 0) return;
  await db
    .insertInto('intervention_list_target_drug')
    .values(
      drugs.map((d) => ({
        intervention_list_no: listId,
        drug_code: d.code,
        drug_name: d.name,
        created_by: userNo,
      })),
    )
    .execute();
}

export async function deleteTargetDrug(db: Db, targetId: number): Promise<void> {
  await db
    .deleteFrom('intervention_list_target_drug')
    .where('target_drug_no', '=', targetId)
    .execute();
}

export async function deleteAlternativeDrugs(
  db: Db,
  targetId: number,
  codes: readonly string[],
): Promise<void> {
  if (codes.length === 0) return;
  await db
    .deleteFrom('intervention_list_alternative_drug')
    .where('target_drug_no', '=', targetId)
    .where('drug_code', 'in', codes)
    .execute();
}

export async function insertAlternativeDrugs(
  db: Db,
  targetId: number,
  userNo: number,
  drugs: readonly { code: string; name: string }[],
): Promise<void> {
  if (drugs.length === 0) return;
  await db
    .insertInto('intervention_list_alternative_drug')
    .values(
      drugs.map((d) => ({
        target_drug_no: targetId,
        drug_code: d.code,
        drug_name: d.name,
        created_by: userNo,
      })),
    )
    .execute();
}

// ---- PBMs ----

export async function listPbmNames(db: Db, listId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('intervention_list_pbm')
    .select('pbm')
    .where('intervention_list_no', '=', listId)
    .execute();
  return rows.map((r) => r.pbm);
}

export async function insertPbms(
  db: Db,
  listId: number,
  userNo: number,
  pbms: readonly string[],
): Promise<void> {
  if (pbms.length === 0) return;
  await db
    .insertInto('intervention_list_pbm')
    .values(pbms.map((pbm) => ({ intervention_list_no: listId, pbm, created_by: userNo })))
    .execute();
}

export async function deletePbms(db: Db, listId: number, pbms: readonly string[]): Promise<void> {
  if (pbms.length === 0) return;
  await db
    .deleteFrom('intervention_list_pbm')
    .where('intervention_list_no', '=', listId)
    .where('pbm', 'in', pbms)
    .execute();
}

// ---- Condition settings ----

export async function listConditionSettings(db: Db, listId: number): Promise<ConditionSetting[]> {
  const rows = await db
    .selectFrom('intervention_list_condition as s')
    .innerJoin('health_condition as c', 'c.health_condition_no', 's.health_condition_no')
    .innerJoin('intervention as v', 'v.intervention_no', 's.intervention_no')
    .select([
      's.health_condition_no',
      'c.name as condition_name',
      's.intervention_no',
      'v.name as intervention_name',
    ])
    .where('s.intervention_list_no', '=', listId)
    .orderBy('c.name_key')
    .execute();
  return rows.map((r) => ({
    health_condition_id: r.health_condition_no,
    health_condition_name: r.condition_name,
    intervention_id: r.intervention_no,
    intervention_name: r.intervention_name,
  }));
}

export async function deleteConditionSettings(
  db: Db,
  listId: number,
  conditionIds: readonly number[],
): Promise<void> {
  if (conditionIds.length === 0) return;
  await db
    .deleteFrom('intervention_list_condition')
    .where('intervention_list_no', '=', listId)
    .where('health_condition_no', 'in', conditionIds)
    .execute();
}

export async function upsertConditionSettings(
  db: Db,
  listId: number,
  userNo: number,
  settings: readonly { health_condition_id: number; intervention_id: number }[],
): Promise<void> {
  if (settings.length === 0) return;
  await db
    .insertInto('intervention_list_condition')
    .values(
      settings.map((s) => ({
        intervention_list_no: listId,
        health_condition_no: s.health_condition_id,
        intervention_no: s.intervention_id,
        created_by: userNo,
        updated_by: userNo,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['intervention_list_no', 'health_condition_no']).doUpdateSet({
        intervention_no: (eb) => eb.ref('excluded.intervention_no'),
        updated_at: sql<Date>`now()`,
        updated_by: userNo,
      }),
    )
    .execute();
}

// ---- Snapshots (the list as it stood on a past date) ----

export async function insertSnapshot(
  db: Db,
  listId: number,
  userNo: number,
  state: ListSnapshotState,
): Promise<void> {
  await db
    .insertInto('intervention_list_snapshot')
    .values({ intervention_list_no: listId, state: JSON.stringify(state), taken_by: userNo })
    .execute();
}

/** The last snapshot taken before `before`, if the list existed then. */
export async function findSnapshotBefore(
  db: Db,
  listId: number,
  before: Date,
): Promise<ListSnapshotState | undefined> {
  const row = await db
    .selectFrom('intervention_list_snapshot')
    .select('state')
    .where('intervention_list_no', '=', listId)
    .where('taken_at', '<', before)
    .orderBy('taken_at', 'desc')
    .orderBy('snapshot_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.state;
}

// ---- Cases (demo seed and tests) ----

export async function insertCases(
  db: Db,
  cases: readonly Insertable<ClinicalTables['intervention_case']>[],
): Promise<void> {
  if (cases.length === 0) return;
  await db
    .insertInto('intervention_case')
    .values([...cases])
    .execute();
}
