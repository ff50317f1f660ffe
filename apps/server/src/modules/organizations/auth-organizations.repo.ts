import { sql, type Kysely } from 'kysely';
import type { AuthOrganization, AuthOrganizationQuery, Page } from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inOrganizationScope } from '../../platform/auth/scope.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import type { DB } from '../../database.ts';

/** Organizations as the authorization service answers them (spec 2 §7), within the scope. */

function toAuthOrganization(r: {
  organization_no: number;
  name: string;
  process_status: number;
  effective_date: string;
  expiration_date: string | null;
}): AuthOrganization {
  return {
    id: r.organization_no,
    name: r.name,
    processStatus: r.process_status,
    effectiveDate: r.effective_date,
    expirationDate: r.expiration_date,
  };
}

export function searchAuthOrganizations(
  db: Kysely<DB>,
  principal: Principal,
  query: AuthOrganizationQuery,
): Promise<Page<AuthOrganization>> {
  let q = db
    .selectFrom('organization as o')
    .select([
      'o.organization_no',
      'o.name',
      'o.process_status',
      'o.effective_date',
      'o.expiration_date',
    ])
    .where(inOrganizationScope(principal, 'o.organization_no'));
  if (query.orgNo?.length) q = q.where('o.organization_no', 'in', query.orgNo);
  if (query.name) q = q.where(sql<boolean>`lower(o.name) like lower(${likePattern(query.name)})`);
  return fetchPage(q, query, {
    sortColumns: { name: sql`lower(o.name)`, id: sql`o.organization_no` },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`o.organization_no`,
    map: toAuthOrganization,
  });
}

export async function findAuthOrganization(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<AuthOrganization | undefined> {
  const row = await db
    .selectFrom('organization as o')
    .select([
      'o.organization_no',
      'o.name',
      'o.process_status',
      'o.effective_date',
      'o.expiration_date',
    ])
    .where('o.organization_no', '=', organizationNo)
    .where(inOrganizationScope(principal, 'o.organization_no'))
    .executeTakeFirst();
  return row ? toAuthOrganization(row) : undefined;
}
