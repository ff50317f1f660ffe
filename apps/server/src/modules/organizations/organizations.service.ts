import type { Kysely } from 'kysely';
import type {
  OrganizationDetail,
  OrganizationSearchQuery,
  OrganizationSummary,
  Page,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import { notFound } from '../../platform/http/problem.ts';
import { findOrganization, searchOrganizations } from './organizations.repo.ts';

export function listOrganizations(
  db: Kysely<DB>,
  principal: Principal,
  query: OrganizationSearchQuery,
): Promise<Page<OrganizationSummary>> {
  return searchOrganizations(db, principal, query);
}

/** An organization outside the caller's scope answers exactly like one that does not exist. */
export async function getOrganization(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<OrganizationDetail> {
  const organization = await findOrganization(db, principal, organizationNo);
  if (!organization) throw notFound('Organization');
  return organization;
}
