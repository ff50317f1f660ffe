import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SEARCH_COUNT_CAP, memberStatusKey, type AgentSearchRow, type Page } from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
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

type Direction = 'asc' | 'desc';

/**
 * GET /msr-search/v1/records (spec 2 §7): employees and dependents together in one statement.
 * Each table's branch filters on its own indexes (search_name, first name, birth date,
 * organization; the member ID's unique indexes, a dependent's through its employee) with the
 * member's group scope in SQL (a dependent is visible when its employee is), and takes its own
 * first `offset + limit` rows in name order, which its (search_name, number) index gives
 * without a sort; the UNION ALL of the two merges them and keeps the page. A plain UNION ALL
 * ordered outside sorted every match instead (the dependent branch's join keeps PostgreSQL
 * from merging the branches' index orders): 130-450 ms for a common prefix at 200,000
 * employees, against under 1 ms this way (decision 0101). The organization's name and the
 * order are the page's rows only.
 */
function branches(db: Kysely<DB>, principal: Principal, filters: MemberRecordFilters) {
  let employees = db
    .selectFrom('employee as e')
    .where(inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no'));
  for (const condition of ownConditions('e', filters)) employees = employees.where(condition);
  if (filters.memberId) employees = employees.where(memberIdCondition('e', filters.memberId));

  let dependents = db
    .selectFrom('dependent as d')
    .innerJoin('employee as se', 'se.employee_no', 'd.employee_no')
    .where(inGroupScope(principal, 'se.organization_no', 'se.benefit_group_no'));
  for (const condition of ownConditions('d', filters)) dependents = dependents.where(condition);
  if (filters.memberId) dependents = dependents.where(memberIdCondition('se', filters.memberId));
  return { employees, dependents };
}

export async function searchMemberRecords(
  db: Kysely<DB>,
  principal: Principal,
  filters: MemberRecordFilters,
  paging: { limit: number; offset: number; sort?: { direction: Direction } | undefined },
  today: string,
): Promise<Page<AgentSearchRow>> {
  const { employees, dependents } = branches(db, principal, filters);
  const direction = paging.sort?.direction ?? 'asc';
  const enough = paging.offset + paging.limit;
  const employeeRows = employees
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
      sql<number>`e.employee_no`.as('order_no'),
      sql<number>`0`.as('kind'),
    ])
    .orderBy('e.search_name', direction)
    .orderBy('e.employee_no', direction)
    .limit(enough);
  const dependentRows = dependents
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
      sql<number>`d.dependent_no`.as('order_no'),
      sql<number>`1`.as('kind'),
    ])
    .orderBy('d.search_name', direction)
    .orderBy('d.dependent_no', direction)
    .limit(enough);

  const pageQuery = db
    .selectFrom(
      db
        .selectFrom(employeeRows.as('e1'))
        .selectAll()
        .unionAll(db.selectFrom(dependentRows.as('d1')).selectAll())
        .as('m'),
    )
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
    ])
    .orderBy('m.search_name', direction)
    .orderBy('m.order_no', direction)
    .orderBy('m.kind', direction)
    .limit(paging.limit)
    .offset(paging.offset);

  const count = async (): Promise<Pick<Page<unknown>, 'totalCount' | 'totalCountCapped'>> => {
    // Each table counts at most as far as the cap (decision 0081): a broad prefix stops early.
    const cap = Math.max(SEARCH_COUNT_CAP, enough);
    // The employee is joined for the scope and the member ID; an agent of every organization
    // searching by the dependent's own columns counts from the dependent's index alone.
    const countWithoutEmployee = principal.organizations === 'all' && !filters.memberId;
    const counted = db
      .selectFrom(
        db
          .selectFrom(
            employees
              .select(sql<number>`1`.as('one'))
              .limit(cap + 1)
              .as('ec'),
          )
          .select(sql<number>`count(*)`.as('n'))
          .unionAll(
            db
              .selectFrom(
                (countWithoutEmployee
                  ? ownConditions('d', filters).reduce(
                      (q, condition) => q.where(condition),
                      db.selectFrom('dependent as d'),
                    )
                  : dependents
                )
                  .select(sql<number>`1`.as('one'))
                  .limit(cap + 1)
                  .as('dc'),
              )
              .select(sql<number>`count(*)`.as('n')),
          )
          .as('c'),
      )
      .select(sql<string>`sum(c.n)`.as('n'));
    const n = Number((await counted.executeTakeFirstOrThrow()).n);
    return n > cap ? { totalCount: cap, totalCountCapped: true } : { totalCount: n };
  };

  const map = (row: Awaited<ReturnType<typeof pageQuery.execute>>[number]): AgentSearchRow => ({
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
  });

  // As fetchPage: a first page that comes back short needs no count.
  if (paging.offset === 0) {
    const rows = await pageQuery.execute();
    const total = rows.length < paging.limit ? { totalCount: rows.length } : await count();
    return { data: rows.map(map), ...total };
  }
  const [rows, total] = await Promise.all([pageQuery.execute(), count()]);
  return { data: rows.map(map), ...total };
}
