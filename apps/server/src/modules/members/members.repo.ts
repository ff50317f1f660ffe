import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  formatMemberName,
  memberStatusKey,
  parseNameSearch,
  relationshipLabel,
  SEARCH_COUNT_CAP,
  type DependentSearchRow,
  type DependentSortField,
  type EmployeeSearchRow,
  type EmployeeSortField,
  type MemberStatusFilter,
  type Page,
  type SortSpec,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope, inOrganizationScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import { fetchPage, type SortColumn } from '../../platform/http/paging.ts';
import { benefitGroupColumnOf, organizationNameOf } from '../organizations/index.ts';

/** The filters of both searches once the service has checked them; the SSN only as its hash. */
export interface MemberFilters {
  name?: string | undefined;
  organizationNo?: number | undefined;
  groupNo?: number | undefined;
  memberId?: string | undefined;
  ssnHash?: Buffer | undefined;
  alternateId?: string | undefined;
  processStatus?: MemberStatusFilter | undefined;
  birthDate?: string | undefined;
  effectiveDate?: string | undefined;
  expirationDate?: string | undefined;
}

export interface Paging<F extends string> {
  limit: number;
  offset: number;
  sort?: SortSpec<F> | undefined;
}

/**
 * Values of a C-collated text starting with `prefix`, as a range: `>= 'smi' and < 'smj'`. The
 * index reads exactly that range and nothing has to re-check a LIKE pattern on every entry,
 * which is most of the cost of counting a common prefix. Search terms are lower-case ASCII
 * (the query schema allows letters, spaces and . ' - only); anything else falls back to LIKE.
 */
export function startsWith(column: RawBuilder<string>, prefix: string): RawBuilder<boolean> {
  const last = prefix.charCodeAt(prefix.length - 1);
  if (/^[\x20-\x7d]+$/.test(prefix)) {
    const upper = prefix.slice(0, -1) + String.fromCharCode(last + 1);
    return sql<boolean>`(${column} >= ${prefix} and ${column} < ${upper})`;
  }
  return sql<boolean>`${column} like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

/**
 * The name as lists sort it: the stored `search_name`, "last, first" in lower case under the C
 * collation. Its index serves the order of a page and a last-name prefix (`like 'smi%'`) at
 * once: the listed name starts with the last name, and a search term holds no comma.
 */
function listedName(alias: 'e' | 'd'): RawBuilder<string> {
  return sql<string>`${sql.ref(`${alias}.search_name`)}`;
}

function nameCondition(alias: 'e' | 'd', text: string): RawBuilder<boolean> | null {
  const search = parseNameSearch(text);
  if (!search) return null;
  const last = (term: string) => startsWith(listedName(alias), term);
  const first = (term: string) =>
    startsWith(sql<string>`lower(${sql.ref(`${alias}.first_name`)}) collate "C"`, term);
  switch (search.kind) {
    case 'last':
      return last(search.term);
    case 'first':
      return first(search.term);
    case 'lastFirst':
      return sql<boolean>`(${last(search.last)} and ${first(search.first)})`;
    case 'pair':
      return sql<boolean>`((${first(search.a)} and ${last(search.b)}) or (${last(search.a)} and ${first(search.b)}))`;
  }
}

/**
 * The status filter, written to match the label each row shows (domain `memberStatusKey`):
 * only a record shown as Terminated (status 9, expired on or before today) is 'terminated'.
 */
function statusCondition(
  alias: 'e' | 'd',
  status: MemberStatusFilter,
  today: string,
): RawBuilder<boolean> {
  const processStatus = sql.ref(`${alias}.process_status`);
  const expiration = sql.ref(`${alias}.expiration_date`);
  return status === 'terminated'
    ? sql<boolean>`(${processStatus} = 9 and (${expiration} is null or ${expiration} <= ${today}))`
    : sql<boolean>`(${processStatus} in (1, 2) or (${processStatus} = 9 and ${expiration} > ${today}))`;
}

/** Conditions both tables share: name, status and the three dates (exact days). */
function commonConditions(
  alias: 'e' | 'd',
  filters: MemberFilters,
  today: string,
): RawBuilder<boolean>[] {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  const conditions: RawBuilder<boolean>[] = [];
  if (filters.name) {
    const condition = nameCondition(alias, filters.name);
    if (condition) conditions.push(condition);
  }
  if (filters.organizationNo !== undefined) {
    conditions.push(sql<boolean>`${ref('organization_no')} = ${filters.organizationNo}`);
  }
  if (filters.ssnHash) conditions.push(sql<boolean>`${ref('ssn_hash')} = ${filters.ssnHash}`);
  if (filters.processStatus) {
    conditions.push(statusCondition(alias, filters.processStatus, today));
  }
  if (filters.birthDate) conditions.push(sql<boolean>`${ref('birthdate')} = ${filters.birthDate}`);
  if (filters.effectiveDate) {
    conditions.push(sql<boolean>`${ref('effective_date')} = ${filters.effectiveDate}`);
  }
  if (filters.expirationDate) {
    conditions.push(sql<boolean>`${ref('expiration_date')} = ${filters.expirationDate}`);
  }
  return conditions;
}

export function memberIdCondition(column: 'e' | 'se', memberId: string): RawBuilder<boolean> {
  // Generated IDs are stored upper-case; client IDs exactly as the organization sends them.
  return sql<boolean>`(${sql.ref(`${column}.generated_id`)} = ${memberId.toUpperCase()} or ${sql.ref(`${column}.client_id`)} = ${memberId})`;
}

/*
 * Sorting by anything but the name is written so that no index can provide the order (`+ 0`,
 * `|| ''`): the searches always filter (two fields, an ID, an organization), and sorting the few
 * thousand rows a filter finds costs a millisecond, whereas a plan that walks, say, the
 * birth-date index backwards hoping to meet twenty "Grif…" rows early reads half the table.
 * The name order comes from the very index the name filter uses.
 */
const EMPLOYEE_SORT: Record<EmployeeSortField, SortColumn> = {
  name: listedName('e'),
  organizationName: organizationNameOf('e.organization_no', { lower: true }),
  groupName: benefitGroupColumnOf('e.benefit_group_no', 'name', { lower: true }),
  generatedId: sql`(e.generated_id || '')`,
  clientId: { expression: sql`(e.client_id || '')`, nullable: true },
  birthdate: sql`(e.birthdate + 0)`,
  effectiveDate: sql`(e.effective_date + 0)`,
  processStatus: sql`(e.process_status + 0)`,
};

export async function searchEmployees(
  db: Kysely<DB>,
  principal: Principal,
  filters: MemberFilters,
  paging: Paging<EmployeeSortField>,
  today: string,
): Promise<Page<EmployeeSearchRow>> {
  let query = db
    .selectFrom('employee as e')
    .select([
      'e.employee_no',
      'e.organization_no',
      'e.benefit_group_no',
      'e.first_name',
      'e.middle_initial',
      'e.last_name',
      'e.generated_id',
      'e.client_id',
      'e.birthdate',
      'e.effective_date',
      'e.expiration_date',
      'e.process_status',
      // Scalar lookups in the select list run for the page's rows only (after the sort and
      // limit), and the count leaves them out.
      organizationNameOf('e.organization_no').as('organization_name'),
      benefitGroupColumnOf('e.benefit_group_no', 'benefit_group_id').as('group_id'),
      benefitGroupColumnOf('e.benefit_group_no', 'name').as('group_name'),
    ])
    .where(inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no'));
  for (const condition of commonConditions('e', filters, today)) query = query.where(condition);
  if (filters.groupNo !== undefined)
    query = query.where('e.benefit_group_no', '=', filters.groupNo);
  if (filters.memberId) query = query.where(memberIdCondition('e', filters.memberId));
  if (filters.alternateId) query = query.where('e.alternate_id', '=', filters.alternateId);

  return fetchPage(query, paging, {
    countCap: { db, cap: SEARCH_COUNT_CAP },
    sortColumns: EMPLOYEE_SORT,
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`e.employee_no`,
    map: (row): EmployeeSearchRow => ({
      employeeNo: row.employee_no,
      organizationNo: row.organization_no,
      organizationName: row.organization_name,
      name: formatMemberName({
        firstName: row.first_name,
        middleInitial: row.middle_initial,
        lastName: row.last_name,
      }),
      firstName: row.first_name,
      middleInitial: row.middle_initial,
      lastName: row.last_name,
      generatedId: row.generated_id,
      clientId: row.client_id,
      birthdate: row.birthdate,
      effectiveDate: row.effective_date,
      expirationDate: row.expiration_date,
      processStatus: row.process_status,
      status: memberStatusKey(row.process_status, row.expiration_date, today),
      groupNo: row.benefit_group_no,
      groupId: row.group_id,
      groupName: row.group_name,
    }),
  });
}

/**
 * A dependent is visible when its member is: organization scope on the dependent's own
 * organization number, and, for users restricted to some groups, the member's group.
 */
function dependentScope(principal: Principal): RawBuilder<boolean> {
  if (principal.organizations === 'all') return sql<boolean>`true`;
  if (principal.restrictedGroups.size === 0) {
    return inOrganizationScope(principal, 'd.organization_no');
  }
  return sql<boolean>`exists (select 1 from employee se where se.employee_no = d.employee_no
    and ${inGroupScope(principal, 'se.organization_no', 'se.benefit_group_no')})`;
}

const DEPENDENT_SORT: Record<DependentSortField, SortColumn> = {
  name: listedName('d'),
  organizationName: organizationNameOf('d.organization_no', { lower: true }),
  relationship: sql`(d.relationship + 0)`,
  birthdate: sql`(d.birthdate + 0)`,
  effectiveDate: sql`(d.effective_date + 0)`,
  processStatus: sql`(d.process_status + 0)`,
};

export async function searchDependents(
  db: Kysely<DB>,
  principal: Principal,
  filters: MemberFilters,
  paging: Paging<DependentSortField>,
  today: string,
): Promise<Page<DependentSearchRow>> {
  let query = db
    .selectFrom('dependent as d')
    .select([
      'd.dependent_no',
      'd.employee_no',
      'd.organization_no',
      'd.relationship',
      'd.first_name',
      'd.middle_initial',
      'd.last_name',
      'd.birthdate',
      'd.effective_date',
      'd.expiration_date',
      'd.process_status',
      organizationNameOf('d.organization_no').as('organization_name'),
    ])
    .where(dependentScope(principal));
  for (const condition of commonConditions('d', filters, today)) query = query.where(condition);
  if (filters.groupNo !== undefined) {
    // The member's group, or the dependent's own alternate group.
    query = query.where(
      sql<boolean>`(d.alternate_benefit_group_no = ${filters.groupNo} or exists (select 1 from employee ge
        where ge.employee_no = d.employee_no and ge.benefit_group_no = ${filters.groupNo}))`,
    );
  }
  if (filters.memberId) {
    // The dependents of the member with that ID.
    query = query.where(
      sql<boolean>`d.employee_no in (select se.employee_no from employee se where ${memberIdCondition('se', filters.memberId)})`,
    );
  }

  return fetchPage(query, paging, {
    countCap: { db, cap: SEARCH_COUNT_CAP },
    sortColumns: DEPENDENT_SORT,
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`d.dependent_no`,
    map: (row): DependentSearchRow => ({
      dependentNo: row.dependent_no,
      employeeNo: row.employee_no,
      organizationNo: row.organization_no,
      organizationName: row.organization_name,
      name: formatMemberName({
        firstName: row.first_name,
        middleInitial: row.middle_initial,
        lastName: row.last_name,
      }),
      firstName: row.first_name,
      middleInitial: row.middle_initial,
      lastName: row.last_name,
      relationship: row.relationship,
      relationshipLabel: relationshipLabel(row.relationship),
      birthdate: row.birthdate,
      effectiveDate: row.effective_date,
      expirationDate: row.expiration_date,
      processStatus: row.process_status,
      status: memberStatusKey(row.process_status, row.expiration_date, today),
    }),
  });
}

/** Employees the principal may see, of any status. */
export async function countEmployees(db: Kysely<DB>, principal: Principal): Promise<number> {
  const row = await db
    .selectFrom('employee as e')
    .select(sql<number>`count(*)`.as('n'))
    .where(inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a temp card prints of its cardholder (coverages' ID cards). */
export interface Cardholder {
  employee_no: number;
  organization_no: number;
  first_name: string;
  middle_initial: string | null;
  last_name: string;
  birthdate: string;
  zip: string | null;
  generated_id: string;
}

/**
 * A member as a temp card prints them, read without a principal: for the coverages module's
 * e-mailed card link, where the link itself is the grant.
 */
export async function findCardholder(
  db: Kysely<DB>,
  employeeNo: number,
): Promise<Cardholder | undefined> {
  return db
    .selectFrom('employee as e')
    .select([
      'e.employee_no',
      'e.organization_no',
      'e.first_name',
      'e.middle_initial',
      'e.last_name',
      'e.birthdate',
      'e.zip',
      'e.generated_id',
    ])
    .where('e.employee_no', '=', employeeNo)
    .executeTakeFirst();
}

// ---- Fragments for other modules ----

/*
 * Pieces of SQL another module's statement embeds to read a member it names by number (the call
 * notes' lists), so that statement stays one query and the members' tables are still named only
 * in this module (docs/adding-an-area.md §3). Each is a correlated subquery on the caller's
 * column ('i.employee_no').
 */

/** The member's "First Last", or null. */
export function employeeNameOf(employeeNo: string): RawBuilder<string | null> {
  return sql<string | null>`(select e.first_name || ' ' || e.last_name from employee e
    where e.employee_no = ${sql.ref(employeeNo)})`;
}

/** The dependent's "First Last", or null. */
export function dependentNameOf(dependentNo: string): RawBuilder<string | null> {
  return sql<string | null>`(select d.first_name || ' ' || d.last_name from dependent d
    where d.dependent_no = ${sql.ref(dependentNo)})`;
}

/** The member ID on the member's card, or null. */
export function memberIdOf(employeeNo: string): RawBuilder<string | null> {
  return sql<string | null>`(select e.generated_id from employee e
    where e.employee_no = ${sql.ref(employeeNo)})`;
}

/** True when the member is inside the principal's organizations and groups. */
export function employeeInScope(principal: Principal, employeeNo: string): RawBuilder<boolean> {
  if (principal.organizations === 'all') return sql<boolean>`true`;
  return sql<boolean>`exists (select 1 from employee e where e.employee_no = ${sql.ref(employeeNo)}
    and ${inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no')})`;
}
