import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  INCENTIVE_PROGRAMS,
  type BenefitPackage,
  type BenefitPackageQuery,
  type Division,
  type GroupFee,
  type GroupIncentivePrograms,
  type IncentiveProgramKey,
  type Invoice,
  type InvoiceConfig,
  type InvoiceConfigQuery,
  type InvoiceListQuery,
  type Location,
  type LocationQuery,
  type MeddSubsidy,
  type MeddSubsidyQuery,
  type OrganizationUser,
  type OrganizationUserQuery,
  type Page,
  type Plan,
  type PlanListQuery,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope, inOrganizationScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import {
  benefitGroupColumnOf,
  organizationNameOf,
  scopedGroupRows,
  type ScopedGroup,
  type ScopedOrganization,
} from '../organizations/index.ts';
import type { ScopedInvoice } from './workspace.access.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';

export async function listDivisions(db: Kysely<DB>, group: ScopedGroup): Promise<Division[]> {
  const rows = await db
    .selectFrom('division')
    .select(['division_no', 'division_id', 'division_name', 'effective_date'])
    .where('organization_no', '=', group.organizationNo)
    .where('benefit_group_no', '=', group.benefitGroupNo)
    .orderBy('division_id')
    .execute();
  return rows.map((r) => ({
    divisionNo: r.division_no,
    divisionId: r.division_id,
    divisionName: r.division_name,
    effectiveDate: r.effective_date,
  }));
}

export async function listFees(
  db: Kysely<DB>,
  principal: Principal,
  organization: ScopedOrganization,
  group: ScopedGroup | undefined,
): Promise<GroupFee[]> {
  // The group's ID through the organizations module (its table), in the same statement.
  const groupId = benefitGroupColumnOf('f.benefit_group_no', 'benefit_group_id');
  let q = db
    .selectFrom('group_fee as f')
    .select([
      'f.fee_no',
      'f.benefit_group_no',
      groupId.as('benefit_group_id'),
      'f.name',
      'f.effective_date',
      'f.expiration_date',
      'f.fee_amount',
    ])
    .where('f.organization_no', '=', organization.organizationNo)
    .where(inGroupScope(principal, 'f.organization_no', 'f.benefit_group_no'));
  if (group) q = q.where('f.benefit_group_no', '=', group.benefitGroupNo);
  const rows = await q
    .orderBy(groupId)
    .orderBy('f.name')
    .orderBy('f.effective_date', 'desc')
    .orderBy('f.fee_no')
    .execute();
  return rows.map((r) => ({
    feeNo: r.fee_no,
    benefitGroupNo: r.benefit_group_no,
    benefitGroupId: r.benefit_group_id,
    name: r.name,
    effectiveDate: r.effective_date,
    expirationDate: r.expiration_date,
    feeAmount: r.fee_amount,
  }));
}

const PROGRAM_LABELS = new Map<string, string>(INCENTIVE_PROGRAMS.map((p) => [p.key, p.label]));
const PROGRAM_ORDER = new Map<string, number>(INCENTIVE_PROGRAMS.map((p, i) => [p.key, i]));

export async function listIncentivePrograms(
  db: Kysely<DB>,
  principal: Principal,
  organization: ScopedOrganization,
  group: ScopedGroup | undefined,
): Promise<GroupIncentivePrograms[]> {
  // The organization's groups in scope come from the organizations module (its table), joined
  // with this module's programs in the same statement.
  let q = scopedGroupRows(db, principal, organization.organizationNo)
    .leftJoin('benefit_group_incentive_program as p', 'p.benefit_group_no', 'g.benefit_group_no')
    .select(['p.program', 'p.mandatory']);
  if (group) q = q.where('g.benefit_group_no', '=', group.benefitGroupNo);
  const rows = await q.orderBy('g.benefit_group_id').execute();
  const groups = new Map<number, GroupIncentivePrograms>();
  for (const row of rows) {
    let group = groups.get(row.benefit_group_no);
    if (!group) {
      group = {
        benefitGroupNo: row.benefit_group_no,
        benefitGroupId: row.benefit_group_id,
        programs: [],
      };
      groups.set(row.benefit_group_no, group);
    }
    if (row.program) {
      group.programs.push({
        key: row.program as IncentiveProgramKey,
        label: PROGRAM_LABELS.get(row.program) ?? row.program,
        mandatory: row.mandatory ?? false,
      });
    }
  }
  for (const group of groups.values()) {
    group.programs.sort((a, b) => PROGRAM_ORDER.get(a.key)! - PROGRAM_ORDER.get(b.key)!);
  }
  return [...groups.values()];
}

// ---------- organization-level lists ----------

export function listBenefitPackages(
  db: Kysely<DB>,
  organization: ScopedOrganization,
  query: BenefitPackageQuery,
): Promise<Page<BenefitPackage>> {
  let q = db
    .selectFrom('benefit_package as bp')
    .select([
      'bp.benefit_package_no',
      'bp.benefit_package_id',
      'bp.name',
      'bp.process_status',
      'bp.effective_date',
    ])
    .where('bp.organization_no', '=', organization.organizationNo);
  if (query.processStatus !== undefined) q = q.where('bp.process_status', '=', query.processStatus);
  return fetchPage(q, query, {
    sortColumns: { name: sql`lower(bp.name)`, benefitPackageId: sql`bp.benefit_package_id` },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`bp.benefit_package_no`,
    map: (r) => ({
      benefitPackageNo: r.benefit_package_no,
      benefitPackageId: r.benefit_package_id,
      name: r.name,
      processStatus: r.process_status,
      effectiveDate: r.effective_date,
    }),
  });
}

export function listPlans(
  db: Kysely<DB>,
  organization: ScopedOrganization,
  query: PlanListQuery,
): Promise<Page<Plan>> {
  let q = db
    .selectFrom('plan as p')
    .select(['p.plan_no', 'p.plan_name', 'p.plan_status', 'p.effective_date', 'p.expiration_date'])
    .where('p.organization_no', '=', organization.organizationNo);
  if (query.name)
    q = q.where(sql<boolean>`lower(p.plan_name) like lower(${likePattern(query.name)})`);
  if (query.planStatus !== undefined) q = q.where('p.plan_status', '=', query.planStatus);
  return fetchPage(q, query, {
    sortColumns: {
      name: sql`lower(p.plan_name)`,
      planStatus: sql`p.plan_status`,
      expirationDate: { expression: sql`p.expiration_date`, nullable: true },
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`p.plan_no`,
    map: (r) => ({
      planNo: r.plan_no,
      planName: r.plan_name,
      planStatus: r.plan_status,
      effectiveDate: r.effective_date,
      expirationDate: r.expiration_date,
    }),
  });
}

export function listInvoiceConfigs(
  db: Kysely<DB>,
  organization: ScopedOrganization,
  query: InvoiceConfigQuery,
): Promise<Page<InvoiceConfig>> {
  const q = db
    .selectFrom('invoice_config as c')
    .select(['c.invoice_config_no', 'c.name', 'c.distribution_method', 'c.supports_ice'])
    .where('c.organization_no', '=', organization.organizationNo);
  return fetchPage(q, query, {
    sortColumns: { name: sql`lower(c.name)`, distributionMethod: sql`c.distribution_method` },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`c.invoice_config_no`,
    map: (r) => ({
      invoiceConfigNo: r.invoice_config_no,
      name: r.name,
      distributionMethod: r.distribution_method,
      supportsICE: r.supports_ice,
    }),
  });
}

type InvoiceRow = {
  invoice_no: number;
  invoice_config_no: number;
  invoice_date: string;
  is_tria: boolean;
  period_start: string;
  period_end: string;
  due_date: string;
  total_amount: string;
};

function toInvoice(r: InvoiceRow): Invoice {
  return {
    invoiceNo: r.invoice_no,
    invoiceConfigNo: r.invoice_config_no,
    invoiceDate: r.invoice_date,
    isTria: r.is_tria,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    dueDate: r.due_date,
    totalAmount: r.total_amount,
  };
}

const INVOICE_COLUMNS = [
  'i.invoice_no',
  'i.invoice_config_no',
  'i.invoice_date',
  'i.is_tria',
  'i.period_start',
  'i.period_end',
  'i.due_date',
  'i.total_amount',
] as const;

export function listInvoices(
  db: Kysely<DB>,
  organization: ScopedOrganization,
  query: InvoiceListQuery,
): Promise<Page<Invoice>> {
  let q = db
    .selectFrom('invoice as i')
    .select(INVOICE_COLUMNS)
    .where('i.organization_no', '=', organization.organizationNo);
  if (query.invoiceConfigNo !== undefined)
    q = q.where('i.invoice_config_no', '=', query.invoiceConfigNo);
  // Digits only (the schema says so): a prefix match on the number as text.
  if (query.invoiceNo) q = q.where(sql<boolean>`i.invoice_no::text like ${`${query.invoiceNo}%`}`);
  return fetchPage(q, query, {
    sortColumns: { invoiceNo: sql`i.invoice_no`, invoiceDate: sql`i.invoice_date` },
    defaultSort: { field: 'invoiceDate', direction: 'desc' },
    tieBreaker: sql`i.invoice_no`,
    map: toInvoice,
  });
}

export interface InvoiceWithContext extends Invoice {
  organizationNo: number;
  organizationName: string;
  configName: string;
  distributionMethod: string;
  supportsICE: boolean;
}

/**
 * One invoice of a visible organization, with what its documents print in their heading: the
 * check behind requireInvoice (workspace.access.ts).
 */
export async function findInvoice(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  invoiceNo: number,
): Promise<InvoiceWithContext | undefined> {
  const row = await db
    .selectFrom('invoice as i')
    .innerJoin('invoice_config as c', 'c.invoice_config_no', 'i.invoice_config_no')
    .select(INVOICE_COLUMNS)
    .select([
      'i.organization_no',
      organizationNameOf('i.organization_no').as('organization_name'),
      'c.name as config_name',
      'c.distribution_method',
      'c.supports_ice',
    ])
    .where('i.invoice_no', '=', invoiceNo)
    .where('i.organization_no', '=', organizationNo)
    .where(inOrganizationScope(principal, 'i.organization_no'))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toInvoice(row),
    organizationNo: row.organization_no,
    organizationName: row.organization_name,
    configName: row.config_name,
    distributionMethod: row.distribution_method,
    supportsICE: row.supports_ice,
  };
}

export async function invoiceLines(db: Kysely<DB>, invoice: ScopedInvoice) {
  return db
    .selectFrom('invoice_line')
    .select(['line_no', 'description', 'quantity', 'unit_amount', 'amount'])
    .where('invoice_no', '=', invoice.invoiceNo)
    .orderBy('line_no')
    .execute();
}

/** Claim summary rows of the groups the principal may see. */
export async function claimSummary(db: Kysely<DB>, principal: Principal, invoice: ScopedInvoice) {
  const groupId = benefitGroupColumnOf('s.benefit_group_no', 'benefit_group_id');
  return db
    .selectFrom('invoice_claim_summary as s')
    .innerJoin('invoice as i', 'i.invoice_no', 's.invoice_no')
    .select([
      groupId.as('benefit_group_id'),
      benefitGroupColumnOf('s.benefit_group_no', 'name').as('group_name'),
      's.claim_count',
      's.ingredient_cost',
      's.dispensing_fee',
      's.member_paid',
      's.plan_paid',
    ])
    .where('s.invoice_no', '=', invoice.invoiceNo)
    .where(inGroupScope(principal, 'i.organization_no', 's.benefit_group_no'))
    .orderBy(groupId)
    .execute();
}

/** Claim detail rows of the groups the principal may see, in fill-date order. */
export async function claimDetail(db: Kysely<DB>, principal: Principal, invoice: ScopedInvoice) {
  return db
    .selectFrom('invoice_claim_detail as d')
    .innerJoin('invoice as i', 'i.invoice_no', 'd.invoice_no')
    .select([
      'd.claim_number',
      'd.fill_date',
      benefitGroupColumnOf('d.benefit_group_no', 'benefit_group_id').as('benefit_group_id'),
      'd.member_id',
      'd.member_name',
      'd.drug_name',
      'd.ndc',
      'd.pharmacy_name',
      'd.quantity',
      'd.days_supply',
      'd.ingredient_cost',
      'd.dispensing_fee',
      'd.member_paid',
      'd.plan_paid',
    ])
    .where('d.invoice_no', '=', invoice.invoiceNo)
    .where(inGroupScope(principal, 'i.organization_no', 'd.benefit_group_no'))
    .orderBy('d.fill_date')
    .orderBy('d.claim_detail_no')
    .execute();
}

export type ClaimSummaryRow = Awaited<ReturnType<typeof claimSummary>>[number];
export type ClaimDetailRow = Awaited<ReturnType<typeof claimDetail>>[number];
export type InvoiceLineRow = Awaited<ReturnType<typeof invoiceLines>>[number];

type LocationRow = {
  location_no: number;
  name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
};

function toLocation(r: LocationRow): Location {
  return {
    locationNo: r.location_no,
    name: r.name,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    state: r.state,
    zip: r.zip,
    phone: r.phone,
    fax: r.fax,
    email: r.email,
  };
}

const LOCATION_COLUMNS = [
  'l.location_no',
  'l.name',
  'l.address1',
  'l.address2',
  'l.city',
  'l.state',
  'l.zip',
  'l.phone',
  'l.fax',
  'l.email',
] as const;

export function listLocations(
  db: Kysely<DB>,
  organization: ScopedOrganization,
  query: LocationQuery,
): Promise<Page<Location>> {
  const q = db
    .selectFrom('location as l')
    .select(LOCATION_COLUMNS)
    .where('l.organization_no', '=', organization.organizationNo);
  return fetchPage(q, query, {
    sortColumns: {
      name: sql`lower(l.name)`,
      city: { expression: sql`lower(l.city)`, nullable: true },
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`l.location_no`,
    map: toLocation,
  });
}

export async function findLocation(
  db: Kysely<DB>,
  organization: ScopedOrganization,
  locationNo: number,
): Promise<Location | undefined> {
  const row = await db
    .selectFrom('location as l')
    .select(LOCATION_COLUMNS)
    .where('l.organization_no', '=', organization.organizationNo)
    .where('l.location_no', '=', locationNo)
    .executeTakeFirst();
  return row ? toLocation(row) : undefined;
}

export function listMeddSubsidies(
  db: Kysely<DB>,
  organization: ScopedOrganization,
  query: MeddSubsidyQuery,
): Promise<Page<MeddSubsidy>> {
  const q = db
    .selectFrom('med_d_subsidy as m')
    .select(['m.med_d_subsidy_no', 'm.application_id', 'm.application_date', 'm.uboi'])
    .where('m.organization_no', '=', organization.organizationNo);
  return fetchPage(q, query, {
    sortColumns: { applicationDate: sql`m.application_date`, applicationId: sql`m.application_id` },
    defaultSort: { field: 'applicationDate', direction: 'desc' },
    tieBreaker: sql`m.med_d_subsidy_no`,
    map: (r) => ({
      medDSubsidyNo: r.med_d_subsidy_no,
      applicationId: r.application_id,
      applicationDate: r.application_date,
      uboi: r.uboi,
    }),
  });
}

// ---------- organization users ----------

/**
 * Users granted the organization. An internal viewer sees every type; a client or broker sees
 * only users of their own type, as the roles they may grant are their own type's (spec 1 §6).
 */
export async function listOrganizationUsers(
  db: Kysely<DB>,
  principal: Principal,
  organization: ScopedOrganization,
  query: OrganizationUserQuery,
): Promise<Page<OrganizationUser>> {
  let q = db
    .selectFrom('user_organization as uo')
    .innerJoin('app_user as u', 'u.user_no', 'uo.user_no')
    .select(['u.user_no', 'u.first_name', 'u.last_name', 'u.username', 'u.user_type', 'u.active'])
    .where('uo.organization_no', '=', organization.organizationNo);
  if (principal.userType !== 'i') q = q.where('u.user_type', '=', principal.userType);
  if (query.name) {
    const pattern = likePattern(query.name);
    q = q.where(
      sql<boolean>`(lower(u.first_name || ' ' || u.last_name) like lower(${pattern})
        or lower(u.username) like lower(${pattern}))`,
    );
  }
  if (query.roleId?.length) {
    q = q.where(
      sql<boolean>`exists (select 1 from user_role ur where ur.user_no = u.user_no
        and ur.role_id in (${sql.join(query.roleId)}))`,
    );
  }
  if (query.active !== undefined) q = q.where('u.active', '=', query.active);
  const page = await fetchPage(q, query, {
    sortColumns: {
      name: sql`lower(u.first_name || ' ' || u.last_name)`,
      type: sql`u.user_type`,
      active: sql`u.active`,
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`u.user_no`,
    map: (r) => r,
  });
  const userNos = page.data.map((u) => u.user_no);
  const roles =
    userNos.length === 0
      ? []
      : await db
          .selectFrom('user_role as ur')
          .innerJoin('role as r', 'r.role_id', 'ur.role_id')
          .select(['ur.user_no', 'r.role_id', 'r.name', 'r.user_type'])
          .where('ur.user_no', 'in', userNos)
          .orderBy('r.role_id')
          .execute();
  return {
    totalCount: page.totalCount,
    data: page.data.map((u) => ({
      id: u.user_no,
      firstName: u.first_name,
      lastName: u.last_name,
      fullName: `${u.first_name} ${u.last_name}`,
      username: u.username,
      type: u.user_type,
      active: u.active,
      roles: roles
        .filter((r) => r.user_no === u.user_no)
        .map((r) => ({ id: r.role_id, name: r.name, group: r.user_type })),
    })),
  };
}

// ---------- divisions and benefit packages for the member record ----------

type DbOrTransaction = Kysely<DB> | Transaction<DB>;

/**
 * The programs a group supports (`gp`), as the base of another module's statement: the member
 * record joins its members' enrolments to it and reads both at once.
 */
export function groupIncentivePrograms(db: DbOrTransaction, benefitGroupNo: number) {
  return db
    .selectFrom('benefit_group_incentive_program as gp')
    .where('gp.benefit_group_no', '=', benefitGroupNo);
}

/**
 * A column of a division or a benefit package for another module's statement (the member's
 * history lists): a correlated subquery on the caller's column, so the table's name is written
 * only in this module.
 */
export function divisionColumnOf(
  divisionNo: string,
  column: 'division_id' | 'division_name',
): RawBuilder<string> {
  // `column` is one of this table's names, never input.
  return sql<string>`(select ${sql.raw(`dv.${column}`)} from division dv where dv.division_no = ${sql.ref(divisionNo)})`;
}

export function benefitPackageColumnOf(
  benefitPackageNo: string,
  column: 'benefit_package_id' | 'name',
): RawBuilder<string> {
  // `column` is one of this table's names, never input.
  return sql<string>`(select ${sql.raw(`bp.${column}`)} from benefit_package bp where bp.benefit_package_no = ${sql.ref(benefitPackageNo)})`;
}

/*
 * The member record (members module) checks a member's division and benefit package and adds a
 * division in its own transaction; these are this module's tables, so the statements live here.
 */

export async function findDivision(
  db: DbOrTransaction,
  benefitGroupNo: number,
  divisionNo: number,
) {
  return db
    .selectFrom('division')
    .where('division_no', '=', divisionNo)
    .where('benefit_group_no', '=', benefitGroupNo)
    .selectAll()
    .executeTakeFirst();
}

export async function findDivisionById(
  db: DbOrTransaction,
  benefitGroupNo: number,
  divisionId: string,
) {
  return db
    .selectFrom('division')
    .where('benefit_group_no', '=', benefitGroupNo)
    .where('division_id', '=', divisionId)
    .selectAll()
    .executeTakeFirst();
}

export async function findBenefitPackage(
  db: DbOrTransaction,
  organizationNo: number,
  benefitPackageNo: number,
) {
  return db
    .selectFrom('benefit_package')
    .where('benefit_package_no', '=', benefitPackageNo)
    .where('organization_no', '=', organizationNo)
    .selectAll()
    .executeTakeFirst();
}

export async function insertDivision(
  db: DbOrTransaction,
  entry: {
    organizationNo: number;
    benefitGroupNo: number;
    divisionId: string;
    divisionName: string;
    effectiveDate: string;
    userNo: number;
  },
) {
  return db
    .insertInto('division')
    .values({
      organization_no: entry.organizationNo,
      benefit_group_no: entry.benefitGroupNo,
      division_id: entry.divisionId,
      division_name: entry.divisionName,
      effective_date: entry.effectiveDate,
      created_by: entry.userNo,
      updated_by: entry.userNo,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
