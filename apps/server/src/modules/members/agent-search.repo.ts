import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SEARCH_COUNT_CAP, memberStatusKey, type AgentSearchRow, type Page } from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import { organizationNameOf } from '../organizations/index.ts';
import { memberIdCondition, startsWith } from './members.repo.ts';

/** The agent's Find Member filters, checked by the service (the two-field rule, decision 0101). */
export interface MemberRecordFilters {
  firstName?: string | undefined;
  lastName?: string | undefined;
  birthDate?: string | undefined;
  memberId?: string | undefined;
  organizationNo?: number | undefined;
}

/**
 * Name, birth date and organization on one table's own columns. Names match as the Members
 * search does (decision 0081): a last-name prefix is a range of the C-collated `search_name`
 * ("last, first" in lower case), read from its index; a first-name prefix a range of
 * `lower(first_name) collate "C"`, which has its own index and is also in search_name's INCLUDE
 * list, so a last name and a first name together stay an index-only filter.
 */
function ownConditions(alias: 'e' | 'd', filters: MemberRecordFilters): RawBuilder<boolean>[] {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  const conditions: RawBuilder<boolean>[] = [];
  if (filters.lastName) {
    conditions.push(startsWith(sql<string>`${ref('search_name')}`, filters.lastName.toLowerCase()));
  }
  if (filters.firstName) {
    conditions.push(
      startsWith(
        sql<string>`lower(${ref('first_name')}) collate "C"`,
        filters.firstName.toLowerCase(),
      ),
    );
  }
  if (filters.birthDate) conditions.push(sql<boolean>`${ref('birthdate')} = ${filters.birthDate}`);
  if (filters.organizationNo !== undefined) {
    conditions.push(sql<boolean>`${ref('organization_no')} = ${filters.organizationNo}`);
  }
  return conditions;
}

/**
 * A unique order key per row: a member's is its number shifted left 32 bits, a dependent's adds
 * its own number, so a family keeps together when names tie and pages are stable.
 */
const EMPLOYEE_ROW_KEY = sql<string>`(e.employee_no::bigint << 32)`;
const DEPENDENT_ROW_KEY = sql<string>`((d.employee_no::bigint << 32) | d.dependent_no)`;

/**
 * GET /msr-search/v1/records (spec 2 §7): employees and dependents together in one statement, a
 * UNION ALL ordered by name. Each branch filters on its own indexes (search_name, first name,
 * birth date, organization, and the member ID's unique indexes; a dependent's member ID through
 * its employee) and the scope is the member's group scope, in SQL: a dependent is visible when
 * its employee is. The organization's name is looked up for the page's rows only.
 */
export async function searchMemberRecords(
  db: Kysely<DB>,
  principal: Principal,
  filters: MemberRecordFilters,
  paging: { limit: number; offset: number },
  today: string,
): Promise<Page<AgentSearchRow>> {
  let employees = db
    .selectFrom('employee as e')
    .select([
      'e.employee_no',
      sql<number | null>`null::integer`.as('dependent_no'),
      'e.organization_no',
      'e.first_name',
      'e.last_name',
      'e.search_name',
      'e.birthdate',
      'e.zip',
      'e.generated_id',
      'e.client_id',
      'e.alternate_id',
      'e.process_status',
      'e.expiration_date',
      EMPLOYEE_ROW_KEY.as('row_key'),
    ])
    .where(inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no'));
  for (const condition of ownConditions('e', filters)) employees = employees.where(condition);
  if (filters.memberId) employees = employees.where(memberIdCondition('e', filters.memberId));

  let dependents = db
    .selectFrom('dependent as d')
    .innerJoin('employee as se', 'se.employee_no', 'd.employee_no')
    .select([
      'd.employee_no',
      sql<number | null>`d.dependent_no`.as('dependent_no'),
      'd.organization_no',
      'd.first_name',
      'd.last_name',
      'd.search_name',
      'd.birthdate',
      // A dependent living with the member has no address of their own.
      sql<string | null>`coalesce(d.zip, se.zip)`.as('zip'),
      'se.generated_id',
      'se.client_id',
      'se.alternate_id',
      'd.process_status',
      'd.expiration_date',
      DEPENDENT_ROW_KEY.as('row_key'),
    ])
    .where(inGroupScope(principal, 'se.organization_no', 'se.benefit_group_no'));
  for (const condition of ownConditions('d', filters)) dependents = dependents.where(condition);
  if (filters.memberId) dependents = dependents.where(memberIdCondition('se', filters.memberId));

  const query = db
    .selectFrom(employees.unionAll(dependents).as('m'))
    .select([
      'm.employee_no',
      'm.dependent_no',
      'm.organization_no',
      'm.first_name',
      'm.last_name',
      'm.birthdate',
      'm.zip',
      'm.generated_id',
      'm.client_id',
      'm.alternate_id',
      'm.process_status',
      'm.expiration_date',
      organizationNameOf('m.organization_no').as('organization_name'),
    ]);

  return fetchPage(query, paging, {
    countCap: { db, cap: SEARCH_COUNT_CAP },
    sortColumns: { name: sql`m.search_name` },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`m.row_key`,
    map: (row): AgentSearchRow => ({
      firstName: row.first_name,
      lastName: row.last_name,
      birthdate: row.birthdate,
      zipCode: row.zip,
      // The ID on the family's card: the generated ID (a client ID is shown beside it).
      memberId: row.generated_id,
      generatedId: row.generated_id,
      clientId: row.client_id,
      alternateId: row.alternate_id,
      organizationName: row.organization_name,
      processStatus: row.process_status,
      status: memberStatusKey(row.process_status, row.expiration_date, today),
      expirationDate: row.expiration_date,
      employeeNo: row.employee_no,
      dependentNo: row.dependent_no,
      organizationNo: row.organization_no,
    }),
  });
}
