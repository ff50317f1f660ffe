import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  formatPharmacyId,
  normalizeDiscounts,
  type ContractInfo,
  type IncumbentContractInput,
  type CrmOpportunity,
  type EvaluateHistoryQuery,
  type EvaluateVersion,
  type EvaluateVersionDetail,
  type EvaluateHistoryPart,
  type OpportunitiesQuery,
  type OpportunityDetail,
  type OpportunityRow,
  type Page,
} from '@pillar/domain';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import type { DB } from '../../database.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Every statement of the evaluate module's own tables (decision 0114): prospect opportunities,
 * the incumbent contract and its terms, and the versions of every incumbent part. Evaluate is
 * for internal rxbAdmin users, who see every opportunity: no organization scope; "mine" is the
 * opportunity's owner or financial analyst.
 */

const userName = (column: string): RawBuilder<string | null> =>
  sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from app_user u where u.user_no = ${sql.ref(column)})`;

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

function contains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${likePattern(text)})`;
}

// ---- Prospect opportunities ----

function opportunityColumns(db: Db) {
  return db
    .selectFrom('prospect_opportunity as o')
    .selectAll('o')
    .select(userName('o.updated_by').as('updated_by_name'));
}

type OpportunityRecord = Awaited<
  ReturnType<ReturnType<typeof opportunityColumns>['executeTakeFirstOrThrow']>
>;

function toRow(r: OpportunityRecord): OpportunityRow {
  return {
    id: r.prospect_opportunity_no,
    employer: r.employer,
    sfOppId: r.sf_opp_id,
    broker: r.broker,
    owner: r.owner_name,
    fa: r.fa_name,
    spa: r.spa,
    sfStage: r.sf_stage,
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by_name,
  };
}

function toDetail(r: OpportunityRecord): OpportunityDetail {
  return {
    ...toRow(r),
    basicInfo: {
      incumbentPbm: r.incumbent_pbm,
      employees: r.employees,
      members: r.members,
      inHousePharmacyName: r.in_house_pharmacy_name,
      npiNumber: r.npi_number,
      nabpNumber: r.nabp_number,
      pharmacyId: formatPharmacyId(r.npi_number, r.nabp_number),
      analysisDueFromFA: r.analysis_due_from_fa,
      analysisDueDate: r.analysis_due_date,
      medVendor: r.med_vendor,
      tpa: r.tpa,
      targetEffectiveDate: r.target_effective_date,
      erisa: r.erisa,
      strategicGroup: r.strategic_group,
      sfUpdatedAt: iso(r.sf_updated_at),
    },
  };
}

export async function listOpportunities(
  db: Db,
  query: OpportunitiesQuery,
  userNo: number,
): Promise<Page<OpportunityRow>> {
  let q = opportunityColumns(db);
  if (query.scope === 'mine') {
    q = q.where((eb) =>
      eb.or([eb('o.owner_user_no', '=', userNo), eb('o.fa_user_no', '=', userNo)]),
    );
  }
  if (query.employer) q = q.where(contains('o.employer', query.employer));
  if (query.broker) q = q.where(contains('o.broker', query.broker));
  if (query.sfId) q = q.where(contains('o.sf_opp_id', query.sfId));
  if (query.owner) q = q.where(contains('o.owner_name', query.owner));
  if (query.fa) q = q.where(contains('o.fa_name', query.fa));
  if (query.spa) q = q.where(contains('o.spa', query.spa));
  if (query.status && query.status.length > 0) q = q.where('o.sf_stage', 'in', query.status);
  return fetchPage(q, query, {
    sortColumns: {
      employer: sql`lower(o.employer)`,
      broker: { expression: sql`lower(o.broker)`, nullable: true },
      sfOppId: sql.ref('o.sf_opp_id'),
      owner: { expression: sql`lower(o.owner_name)`, nullable: true },
      fa: { expression: sql`lower(o.fa_name)`, nullable: true },
      spa: { expression: sql`lower(o.spa)`, nullable: true },
      sfStage: { expression: sql.ref('o.sf_stage'), nullable: true },
      updatedAt: sql.ref('o.updated_at'),
    },
    defaultSort: { field: 'employer', direction: 'asc' },
    tieBreaker: sql.ref('o.prospect_opportunity_no'),
    map: toRow,
  });
}

export async function findOpportunity(db: Db, id: number): Promise<OpportunityDetail | undefined> {
  const row = await opportunityColumns(db)
    .where('o.prospect_opportunity_no', '=', id)
    .executeTakeFirst();
  return row ? toDetail(row) : undefined;
}

/** The opportunity made from this CRM record (its first 15 characters are the key). */
export async function findOpportunityNoBySfId(db: Db, sfId15: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('prospect_opportunity')
    .select('prospect_opportunity_no')
    .where('sf_opp_id15', '=', sfId15)
    .executeTakeFirst();
  return row?.prospect_opportunity_no;
}

/** The opportunity's row, locked until the transaction ends: its parts are saved one at a time. */
export async function lockOpportunity(
  trx: Transaction<DB>,
  id: number,
): Promise<{ sf_opp_id: string } | undefined> {
  return trx
    .selectFrom('prospect_opportunity')
    .select('sf_opp_id')
    .where('prospect_opportunity_no', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Our users by e-mail (username, without case): the CRM's owner and analyst as users. */
export async function userNosByEmail(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('app_user')
    .select(['user_no', sql<string>`lower(username)`.as('email')])
    .where(sql<string>`lower(username)`, 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.email, r.user_no]));
}

export interface OpportunityValues {
  crm: CrmOpportunity;
  ownerUserNo: number | null;
  faUserNo: number | null;
}

function crmColumns({ crm, ownerUserNo, faUserNo }: OpportunityValues) {
  return {
    sf_opp_id: crm.sfId,
    employer: crm.employer,
    broker: crm.broker,
    owner_name: crm.owner?.name ?? null,
    owner_email: crm.owner?.email ?? null,
    owner_user_no: ownerUserNo,
    fa_name: crm.fa?.name ?? null,
    fa_email: crm.fa?.email ?? null,
    fa_user_no: faUserNo,
    spa: crm.spa,
    sf_stage: crm.stage,
    incumbent_pbm: crm.incumbentPbm,
    employees: crm.employees,
    members: crm.members,
    in_house_pharmacy_name: crm.inHousePharmacyName,
    npi_number: crm.npiNumber,
    nabp_number: crm.nabpNumber,
    analysis_due_from_fa: crm.analysisDueFromFA,
    analysis_due_date: crm.analysisDueDate,
    med_vendor: crm.medVendor,
    tpa: crm.tpa,
    target_effective_date: crm.targetEffectiveDate,
    erisa: crm.erisa,
    strategic_group: crm.strategicGroup,
  };
}

/**
 * Inserts the opportunity of a CRM record, or does nothing when one already holds its ID (two
 * users choosing the same record at once get the same opportunity). Returns its number, and
 * whether this call made it.
 */
export async function insertOpportunity(
  db: Db,
  values: OpportunityValues,
  userNo: number,
): Promise<{ no: number; created: boolean }> {
  const inserted = await db
    .insertInto('prospect_opportunity')
    .values({
      ...crmColumns(values),
      sf_opp_id15: values.crm.sfId.slice(0, 15),
      created_by: userNo,
      updated_by: userNo,
    })
    .onConflict((oc) => oc.column('sf_opp_id15').doNothing())
    .returning('prospect_opportunity_no')
    .executeTakeFirst();
  if (inserted) return { no: inserted.prospect_opportunity_no, created: true };
  const existing = await findOpportunityNoBySfId(db, values.crm.sfId.slice(0, 15));
  if (existing === undefined) throw new Error('prospect opportunity vanished after a conflict');
  return { no: existing, created: false };
}

/** Writes the CRM's current values over the opportunity's and stamps the load time. */
export async function refreshOpportunity(
  db: Db,
  id: number,
  values: OpportunityValues,
  userNo: number,
): Promise<void> {
  await db
    .updateTable('prospect_opportunity')
    .set({
      ...crmColumns(values),
      sf_updated_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
      updated_by: userNo,
    })
    .where('prospect_opportunity_no', '=', id)
    .execute();
}

export async function touchOpportunity(db: Db, id: number, userNo: number): Promise<void> {
  await db
    .updateTable('prospect_opportunity')
    .set({ updated_at: sql<Date>`now()`, updated_by: userNo })
    .where('prospect_opportunity_no', '=', id)
    .execute();
}

// ---- Incumbent contract ----

export async function findContract(db: Db, id: number): Promise<ContractInfo | null> {
  const row = await db
    .selectFrom('incumbent_contract as c')
    .select([
      'c.contract_term_length',
      'c.contract_eff_date',
      'c.ssg_or_dsg',
      'c.updated_at',
      userName('c.updated_by').as('updated_by_name'),
    ])
    .where('c.prospect_opportunity_no', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const terms = await db
    .selectFrom('incumbent_contract_term')
    .select(['code', 'value'])
    .where('prospect_opportunity_no', '=', id)
    .execute();
  return {
    contractTermLength: row.contract_term_length,
    contractEffDate: row.contract_eff_date,
    ssgOrDsg: row.ssg_or_dsg,
    discounts: normalizeDiscounts(terms.map((t) => ({ code: t.code, value: Number(t.value) }))),
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by_name,
  };
}

/** Replaces the contract and its terms (the terms given with a value; the rest are dropped). */
export async function saveContract(
  trx: Transaction<DB>,
  id: number,
  contract: IncumbentContractInput,
  userNo: number,
): Promise<void> {
  const values = {
    contract_term_length: contract.contractTermLength,
    contract_eff_date: contract.contractEffDate,
    ssg_or_dsg: contract.ssgOrDsg,
    updated_at: sql<Date>`now()`,
    updated_by: userNo,
  };
  await trx
    .insertInto('incumbent_contract')
    .values({ prospect_opportunity_no: id, ...values })
    .onConflict((oc) => oc.column('prospect_opportunity_no').doUpdateSet(values))
    .execute();
  await trx
    .deleteFrom('incumbent_contract_term')
    .where('prospect_opportunity_no', '=', id)
    .execute();
  const terms = contract.discounts.filter(
    (d): d is { code: string; value: number } => d.value !== null,
  );
  if (terms.length > 0) {
    await trx
      .insertInto('incumbent_contract_term')
      .values(terms.map((t) => ({ prospect_opportunity_no: id, code: t.code, value: t.value })))
      .execute();
  }
}

// ---- History: one version per save of a part ----

/** Writes the next version of `part` (numbered per opportunity and part). */
export async function insertVersion(
  trx: Transaction<DB>,
  values: { id: number; part: EvaluateHistoryPart; state: unknown; userNo: number },
): Promise<number> {
  const row = await trx
    .insertInto('evaluate_history')
    .values({
      prospect_opportunity_no: values.id,
      part: values.part,
      version_no: sql<number>`(select coalesce(max(h.version_no), 0) + 1 from evaluate_history h
        where h.prospect_opportunity_no = ${values.id} and h.part = ${values.part})`,
      state: JSON.stringify(values.state),
      saved_by: values.userNo,
    })
    .returning('version_no')
    .executeTakeFirstOrThrow();
  return row.version_no;
}

function versionColumns(db: Db) {
  return db
    .selectFrom('evaluate_history as h')
    .select([
      'h.evaluate_history_no',
      'h.part',
      'h.version_no',
      'h.saved_at',
      userName('h.saved_by').as('saved_by_name'),
    ]);
}

type VersionRecord = Awaited<
  ReturnType<ReturnType<typeof versionColumns>['executeTakeFirstOrThrow']>
>;

function toVersion(r: VersionRecord): EvaluateVersion {
  return {
    part: r.part as EvaluateHistoryPart,
    versionNo: r.version_no,
    savedAt: iso(r.saved_at),
    savedBy: r.saved_by_name,
  };
}

export async function listVersions(
  db: Db,
  id: number,
  query: EvaluateHistoryQuery,
): Promise<Page<EvaluateVersion>> {
  let q = versionColumns(db).where('h.prospect_opportunity_no', '=', id);
  if (query.part) q = q.where('h.part', '=', query.part);
  return fetchPage(q, query, {
    sortColumns: { savedAt: sql.ref('h.saved_at') },
    defaultSort: { field: 'savedAt', direction: 'desc' },
    tieBreaker: sql.ref('h.evaluate_history_no'),
    map: toVersion,
  });
}

export async function findVersion(
  db: Db,
  id: number,
  part: EvaluateHistoryPart,
  versionNo: number,
): Promise<EvaluateVersionDetail | undefined> {
  const row = await versionColumns(db)
    .select('h.state')
    .where('h.prospect_opportunity_no', '=', id)
    .where('h.part', '=', part)
    .where('h.version_no', '=', versionNo)
    .executeTakeFirst();
  return row ? { ...toVersion(row), state: row.state } : undefined;
}
