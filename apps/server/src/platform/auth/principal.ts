import type { Kysely } from 'kysely';
import { INT4_MAX, type Permission, type UserTypeCode } from '@pillar/domain';
import type { DB } from '../db/schema.ts';
import {
  findPrincipalRow,
  findPrincipalRowUsingSession,
  type PrincipalRow,
  type PrincipalSubject,
  type SessionUseLimits,
} from './principal.repo.ts';
import type { SessionUse } from './sessions.repo.ts';

/**
 * The signed-in user as every service sees them: who they are, what they may do and which
 * organizations and groups they may see. Loaded from the database on each request, so a
 * change of roles or access takes effect on the next call.
 */
export interface Principal {
  userNo: number;
  username: string;
  firstName: string;
  lastName: string;
  userType: UserTypeCode;
  rxbAdmin: boolean;
  permissions: ReadonlySet<Permission>;
  roleKeys: readonly string[];
  /** 'all' for rxbAdmin and all-organization internal users; otherwise the granted numbers. */
  organizations: 'all' | ReadonlySet<number>;
  /** Per organization with restricted groups, the groups granted. Absent means all groups. */
  restrictedGroups: ReadonlyMap<number, ReadonlySet<number>>;
}

/** One statement: user, roles, permissions and organization/group grants together. */
export async function loadPrincipal(
  db: Kysely<DB>,
  by: PrincipalSubject,
): Promise<Principal | undefined> {
  if (!canName(by)) return undefined;
  const row = await findPrincipalRow(db, by);
  return row?.active ? principalOf(row) : undefined;
}

/**
 * The principal and the use of the request's session in one statement (an authenticated
 * request's only one when the session is known): `session` is its state before the use, as
 * touchSession answers it (undefined: no row yet; sessions.ts settles it). Undefined for a
 * subject that names no active user; that user's session is then not touched.
 */
export async function loadPrincipalUsingSession(
  db: Kysely<DB>,
  by: PrincipalSubject,
  session: SessionUseLimits,
): Promise<{ principal: Principal; session: SessionUse | undefined } | undefined> {
  if (!canName(by)) return undefined;
  const row = await findPrincipalRowUsingSession(db, by, session);
  if (!row?.active) return undefined;
  return {
    principal: principalOf(row),
    session: row.session_found
      ? { ended: row.session_ended, idle: row.session_idle, other_user: row.session_other_user }
      : undefined,
  };
}

/** A subject no int4 user_no (or username) can be names nobody; the query would only fail. */
function canName(by: PrincipalSubject): boolean {
  if ('userNo' in by)
    return Number.isSafeInteger(by.userNo) && by.userNo > 0 && by.userNo <= INT4_MAX;
  return !(by.username.includes('\u0000') || by.username.length > 320);
}

function principalOf(row: PrincipalRow): Principal {
  const restrictedGroups = new Map<number, ReadonlySet<number>>();
  for (const grant of row.organizations ?? []) {
    if (grant.r) restrictedGroups.set(grant.o, new Set(grant.g ?? []));
  }
  const allOrganizations = row.user_type === 'i' && (row.rxb_admin || row.all_organizations);
  return {
    userNo: row.user_no,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    userType: row.user_type,
    rxbAdmin: row.rxb_admin,
    permissions: new Set((row.permissions ?? []) as Permission[]),
    roleKeys: row.role_keys ?? [],
    organizations: allOrganizations
      ? 'all'
      : new Set((row.organizations ?? []).map((grant) => grant.o)),
    restrictedGroups: allOrganizations ? new Map() : restrictedGroups,
  };
}

export function canSeeOrganization(principal: Principal, organizationNo: number): boolean {
  return principal.organizations === 'all' || principal.organizations.has(organizationNo);
}
