import { sql, type Kysely } from 'kysely';
import { SEARCH_COUNT_CAP, memberStatusKey, type AgentSearchRow, type Page } from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import { organizationNameOf } from '../organizations/index.ts';
import { startsWith } from './members.repo.ts';

/** The agent's Find Member filters, checked by the service (the two-field rule, decision 0101). */
export interface MemberRecordFilters {
  firstName?: string | undefined;
  lastName?: string | undefined;
  birthDate?: string | undefined;
  memberId?: string | undefined;
  organizationNo?: number | undefined;
}

/**
 * The filters on Find Member's people table `member_search` (migration 0017, decision 0110):
 * every employee and dependent as one row carrying its employee's organization and group (the
 * scope: a dependent is visible when its employee is) and its family's IDs. Names match as the
 * Members search does (decision 0081): a last-name prefix is a range of the C-collated
 * `search_name` ("last, first" in lower case), a first-name prefix a range of `first_name_key`
 * (the lower-case first name, C collation); the birth date and the organization exactly. The
 * member ID is not among them: `memberIdBranches` splits it in two.
 */
function searched(
  db: Kysely<DB>,
  principal: Principal,
  filters: Omit<MemberRecordFilters, 'memberId'>,
) {
  let query = db
    .selectFrom('member_search as s')
    .where(inGroupScope(principal, 's.organization_no', 's.benefit_group_no'));
  if (filters.lastName) {
    query = query.where(startsWith(sql<string>`s.search_name`, filters.lastName.toLowerCase()));
  }
  if (filters.firstName) {
    query = query.where(startsWith(sql<string>`s.first_name_key`, filters.firstName.toLowerCase()));
  }
  if (filters.birthDate) query = query.where('s.birthdate', '=', filters.birthDate);
  if (filters.organizationNo !== undefined) {
    query = query.where('s.organization_no', '=', filters.organizationNo);
  }
  return query;
}

type Direction = 'asc' | 'desc';

/**
 * The searches a request's filters make, each one index range. A member ID equals the family's
 * generated ID (upper-cased) or its client ID: two ranges, the generated ID's and the client
 * ID's (without the rows the first already has), each in the answer's order from its own index.
 * Written as one `or`, PostgreSQL read every match's table row and sorted them: a client ID
 * that a few thousand members share took seconds under load (decision 0110).
 */
function searches(db: Kysely<DB>, principal: Principal, filters: MemberRecordFilters) {
  const { memberId, ...others } = filters;
  if (!memberId) return [searched(db, principal, others)];
  const generatedId = memberId.toUpperCase();
  return [
    searched(db, principal, others).where('s.generated_id', '=', generatedId),
    searched(db, principal, others)
      .where('s.client_id', '=', memberId)
      .where('s.generated_id', '<>', generatedId),
  ];
}

/**
 * GET /msr-search/v1/records (spec 2 §7): employees and dependents together, one table, one
 * index range. The page's keys come from the index alone: each search index leads with a filter
 * (search name, birth date, organization, first name), continues in the answer's order
 * (search_name, member_no, kind) and includes the other filters and the scope's columns, so the
 * page is the range's first rows, without a sort. The table is read for those rows only, by its
 * primary key, and the organization's name looked up for them. The count stops at the cap.
 */
export async function searchMemberRecords(
  db: Kysely<DB>,
  principal: Principal,
  filters: MemberRecordFilters,
  paging: { limit: number; offset: number; sort?: { direction: Direction } | undefined },
  today: string,
): Promise<Page<AgentSearchRow>> {
  const direction = paging.sort?.direction ?? 'asc';
  const [first, ...more] = searches(db, principal, filters).map((search) =>
    search
      .select(['s.member_no', 's.kind', 's.search_name'])
      .orderBy('s.search_name', direction)
      .orderBy('s.member_no', direction)
      .orderBy('s.kind', direction),
  );
  // One search is the page itself; several each give their first offset + limit keys, merged.
  const keys =
    more.length === 0
      ? first!.limit(paging.limit).offset(paging.offset)
      : db
          .selectFrom(
            more
              .reduce(
                (union, search, i) =>
                  union.unionAll(
                    db
                      .selectFrom(search.limit(paging.offset + paging.limit).as(`b${i + 1}`))
                      .selectAll(),
                  ),
                db.selectFrom(first!.limit(paging.offset + paging.limit).as('b0')).selectAll(),
              )
              .as('u'),
          )
          .select(['u.member_no', 'u.kind', 'u.search_name'])
          .orderBy('u.search_name', direction)
          .orderBy('u.member_no', direction)
          .orderBy('u.kind', direction)
          .limit(paging.limit)
          .offset(paging.offset);
  const pageQuery = db
    .selectFrom(keys.as('k'))
    .innerJoin('member_search as m', (join) =>
      join.onRef('m.member_no', '=', 'k.member_no').onRef('m.kind', '=', 'k.kind'),
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
    .orderBy('k.search_name', direction)
    .orderBy('k.member_no', direction)
    .orderBy('k.kind', direction);

  const count = async (): Promise<Pick<Page<unknown>, 'totalCount' | 'totalCountCapped'>> => {
    // Counted at most as far as the cap (decision 0081): a broad prefix stops early.
    const cap = Math.max(SEARCH_COUNT_CAP, paging.offset + paging.limit);
    const [firstCount, ...moreCounts] = searches(db, principal, filters).map((search) =>
      search.select(sql<number>`1`.as('one')).limit(cap + 1),
    );
    const ones = moreCounts.reduce(
      (union, search, i) => union.unionAll(db.selectFrom(search.as(`c${i + 1}`)).selectAll()),
      db.selectFrom(firstCount!.as('c0')).selectAll(),
    );
    const counted = db
      .selectFrom(ones.limit(cap + 1).as('c'))
      .select(sql<string>`count(*)`.as('n'));
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
