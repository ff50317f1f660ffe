import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { issueScoped, type Scoped } from '../../platform/access/scoped.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { findMemberByIdentifiers, type MemberIdentifiers } from './member-identifiers.repo.ts';

export type { MemberIdentifiers } from './member-identifiers.repo.ts';

/**
 * A member or dependent named by the identifiers an outside system knows them by (the PA
 * system's alternateId, names and birth date), found inside the principal's scope.
 */
export type IdentifiedMember = Scoped<
  'employee',
  { employeeNo: number; organizationNo: number; dependentNo: number | null }
>;

/**
 * The person the identifiers name, in the principal's scope (decision 0095); else 404 'Member',
 * exactly as for a member that does not exist, so a lookup cannot probe other organizations.
 */
export async function requireMemberByIdentifiers(
  db: Kysely<DB> | Transaction<DB>,
  principal: Principal,
  ids: MemberIdentifiers,
): Promise<IdentifiedMember> {
  const row = await findMemberByIdentifiers(db, principal, ids);
  if (!row) throw notFound('Member');
  return issueScoped('employee', {
    employeeNo: row.employee_no,
    organizationNo: row.organization_no,
    dependentNo: row.dependent_no,
  });
}
