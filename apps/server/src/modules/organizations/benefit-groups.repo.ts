import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AuthBenefitGroup, BenefitGroup, GroupListQuery, Page } from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope } from '../../platform/auth/scope.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import type { DB } from '../../database.ts';
import type { ScopedOrganization } from './organizations.access.ts';

/*
 * An organization's benefit groups as the principal may see them (the group scope in SQL): the
 * groups page, one group, and the authorization service's group list.
 */

/**
 * A column of the benefit group for a caller's own statement (issue 11 item 2): a correlated
 * subquery on the caller's `benefit_group_no` column (`'e.benefit_group_no'`), so the member
 * search stays one statement and the table's name is still written only here. `lower` gives the
 * form lists sort by.
 */
export function benefitGroupColumnOf<C extends 'name' | 'benefit_group_id' | 'process_status'>(
  benefitGroupNo: string,
  column: C,
  options: { lower?: boolean } = {},
): RawBuilder<C extends 'process_status' ? number : string> {
  // `column` is one of this table's names, never input: written out as the query was.
  const value = sql.raw(options.lower ? `lower(g.${column})` : `g.${column}`);
  return sql`(select ${value} from benefit_group g where g.benefit_group_no = ${sql.ref(benefitGroupNo)})`;
}

/**
 * A user's granted groups of one organization as a JSON array (`{ id, benefitGroupId, name,
 * processStatus }`, by name), for the users module's grants statement: the grant rows are the
 * platform's (`user_benefit_group`), the groups this module's. `userNo` and `organizationNo`
 * name the caller's columns.
 */
export function grantedGroupsJsonOf(columns: {
  userNo: string;
  organizationNo: string;
}): RawBuilder<unknown> {
  return sql`(select json_agg(json_build_object('id', bg.benefit_group_no,
          'benefitGroupId', bg.benefit_group_id, 'name', bg.name, 'processStatus', bg.process_status)
          order by bg.name, bg.benefit_group_no)
        from user_benefit_group ubg join benefit_group bg on bg.benefit_group_no = ubg.benefit_group_no
        where ubg.user_no = ${sql.ref(columns.userNo)} and ubg.organization_no = ${sql.ref(columns.organizationNo)})`;
}

function groupQuery(db: Kysely<DB>, principal: Principal, organizationNo: number) {
  return db
    .selectFrom('benefit_group as bg')
    .select([
      'bg.benefit_group_no',
      'bg.benefit_group_id',
      'bg.name',
      'bg.process_status',
      'bg.effective_date',
      'bg.expiration_date',
      'bg.dependent_alternate_group_number',
    ])
    .where('bg.organization_no', '=', organizationNo)
    .where(inGroupScope(principal, 'bg.organization_no', 'bg.benefit_group_no'));
}

type GroupRow = {
  benefit_group_no: number;
  benefit_group_id: string;
  name: string;
  process_status: number;
  effective_date: string;
  expiration_date: string | null;
  dependent_alternate_group_number: string | null;
};

function toGroup(row: GroupRow): BenefitGroup {
  return {
    benefitGroupNo: row.benefit_group_no,
    benefitGroupId: row.benefit_group_id,
    name: row.name,
    processStatus: row.process_status,
    effectiveDate: row.effective_date,
    expirationDate: row.expiration_date,
    dependentAlternateGroupNumber: row.dependent_alternate_group_number,
  };
}

/** The organization's groups the principal may see (a restricted grant narrows them). */
export function listBenefitGroups(
  db: Kysely<DB>,
  principal: Principal,
  organization: ScopedOrganization,
  query: GroupListQuery,
): Promise<Page<BenefitGroup>> {
  let q = groupQuery(db, principal, organization.organizationNo);
  if (query.name) q = q.where(sql<boolean>`lower(bg.name) like lower(${likePattern(query.name)})`);
  if (query.processStatus !== undefined) q = q.where('bg.process_status', '=', query.processStatus);
  return fetchPage(q, query, {
    sortColumns: {
      groupId: sql`bg.benefit_group_id`,
      name: sql`lower(bg.name)`,
      effectiveDate: sql`bg.effective_date`,
      processStatus: sql`bg.process_status`,
    },
    defaultSort: { field: 'groupId', direction: 'asc' },
    tieBreaker: sql`bg.benefit_group_no`,
    map: toGroup,
  });
}

/** The scope check behind requireGroup (organizations.access.ts). */
export async function findBenefitGroup(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  groupNo: number,
): Promise<BenefitGroup | undefined> {
  const row = await groupQuery(db, principal, organizationNo)
    .where('bg.benefit_group_no', '=', groupNo)
    .executeTakeFirst();
  return row ? toGroup(row) : undefined;
}

export async function authBenefitGroupsOf(
  db: Kysely<DB>,
  principal: Principal,
  organization: ScopedOrganization,
): Promise<AuthBenefitGroup[]> {
  const rows = await groupQuery(db, principal, organization.organizationNo)
    .orderBy('bg.benefit_group_id')
    .execute();
  return rows.map((r) => ({
    id: r.benefit_group_no,
    benefitGroupId: r.benefit_group_id,
    name: r.name,
    processStatus: r.process_status,
  }));
}

/** The organization's benefit groups inside the principal's group scope. */
export function scopedGroupRows(db: Kysely<DB>, principal: Principal, organizationNo: number) {
  return db
    .selectFrom('benefit_group as g')
    .where('g.organization_no', '=', organizationNo)
    .where(inGroupScope(principal, 'g.organization_no', 'g.benefit_group_no'))
    .select([
      'g.benefit_group_no',
      'g.benefit_group_id',
      'g.name',
      'g.process_status',
      'g.effective_date',
      'g.expiration_date',
    ]);
}

/** A benefit group of the organization inside the principal's group scope. */
export async function findScopedGroupRow(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  benefitGroupNo: number,
) {
  return scopedGroupRows(db, principal, organizationNo)
    .where('g.benefit_group_no', '=', benefitGroupNo)
    .executeTakeFirst();
}
