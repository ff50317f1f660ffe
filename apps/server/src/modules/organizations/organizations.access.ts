import type { Kysely } from 'kysely';
import type { BenefitGroup } from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { issueScoped, type Scoped } from '../../platform/access/scoped.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { organizationVisible } from './organizations.repo.ts';
import { findBenefitGroup } from './benefit-groups.repo.ts';

/*
 * The organizations module's access checks (decision 0095): each checks the principal's scope in
 * SQL once, answers 404 outside it (exactly like an object that does not exist) and returns the
 * handle that repository functions of one organization or group take.
 */

/** An organization in the principal's scope. */
export type ScopedOrganization = Scoped<'organization', { organizationNo: number }>;

/** A benefit group inside the principal's group scope, with the row the check loaded. */
export type ScopedGroup = Scoped<
  'group',
  { organizationNo: number; benefitGroupNo: number; group: BenefitGroup }
>;

export async function requireOrganization(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<ScopedOrganization> {
  const organization = await findScopedOrganization(db, principal, organizationNo);
  if (!organization) throw notFound('Organization');
  return organization;
}

/**
 * The organization of a member whose scope was checked: a member's check (group scope, joined to
 * its organization) is narrower than its organization's, so this needs no second statement.
 */
export function organizationOfScopedMember(
  member: Scoped<'employee', { organizationNo: number }>,
): ScopedOrganization {
  return issueScoped('organization', { organizationNo: member.organizationNo });
}

/** The same check for a caller whose answer outside the scope is not a 404 (a form's field). */
export async function findScopedOrganization(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<ScopedOrganization | undefined> {
  if (!(await organizationVisible(db, principal, organizationNo))) return undefined;
  return issueScoped('organization', { organizationNo });
}

/** A group of an organization already checked; a restricted grant narrows it to chosen groups. */
export async function requireGroup(
  db: Kysely<DB>,
  principal: Principal,
  organization: ScopedOrganization,
  benefitGroupNo: number,
): Promise<ScopedGroup> {
  const group = await findBenefitGroup(db, principal, organization.organizationNo, benefitGroupNo);
  if (!group) throw notFound('Group');
  return issueScoped('group', {
    organizationNo: organization.organizationNo,
    benefitGroupNo,
    group,
  });
}
