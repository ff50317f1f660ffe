import {
  PERMISSIONS,
  ROLE_DEFINITIONS,
  USER_TYPE_CODE_OF,
  USER_MESSAGES,
  USER_TYPE_LABELS,
  userTypeNameOf,
  type OrganizationGrantInput,
  type RoleDefinition,
  type UserTypeName,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, forbidden } from '../../platform/http/problem.ts';
import type { OrganizationFacts, UserGrants } from './users.repo.ts';

/**
 * The rules of who may give whom which access (spec 2 §5, §6 and the issue): the type of user a
 * caller may create, the organizations, groups and roles they may grant, and what nobody may do
 * to their own account. Pure functions over the caller, the user before and the user asked for,
 * so the same rules are easy to test and to read.
 */

export interface OrganizationGrant {
  all: boolean;
  groups: ReadonlySet<number>;
}

export interface DesiredGrants {
  type: UserTypeName;
  rxbAdmin: boolean;
  allOrganizations: boolean;
  active: boolean;
  roleIds: readonly number[];
  organizations: readonly OrganizationGrantInput[];
}

const ROLES_BY_ID = new Map(ROLE_DEFINITIONS.map((role) => [role.id, role]));

export function roleById(id: number): RoleDefinition | undefined {
  return ROLES_BY_ID.get(id);
}

/** Why the caller may not give this role, or null when they may. */
export function roleRefusal(caller: Principal, role: RoleDefinition): string | null {
  if (role.hiddenWithout && !caller.permissions.has(role.hiddenWithout)) {
    return `You cannot grant ${role.name}.`;
  }
  if (role.protected && !caller.permissions.has(PERMISSIONS.editProtectedRoles)) {
    return `${role.name} is a protected role: only users with the protected-roles permission can grant or remove it.`;
  }
  const missing = role.permissions.filter((p) => !caller.permissions.has(p));
  if (missing.length) {
    return `You cannot grant ${role.name}: it gives permissions you do not hold.`;
  }
  return null;
}

/** Whether the caller may see the role at all in a user form (spec 2 §5 hidden roles). */
export function roleVisibleTo(caller: Principal, role: RoleDefinition): boolean {
  return !role.hiddenWithout || caller.permissions.has(role.hiddenWithout);
}

/** Internal users with rxbAdmin or all organizations hold every organization. */
export function hasAllAccess(grants: {
  type: UserTypeName;
  rxbAdmin: boolean;
  allOrganizations: boolean;
}): boolean {
  return grants.type === 'internal' && (grants.rxbAdmin || grants.allOrganizations);
}

/**
 * Checks a create (before = undefined) or an update against the caller's own access and the
 * facts of the organizations named. Throws 400 for bad input, 403 for escalation.
 */
export function checkGrantChange(
  caller: Principal,
  before: UserGrants | undefined,
  desired: DesiredGrants,
  facts: OrganizationFacts,
): void {
  const beforeType = before ? userTypeNameOf(before.userType) : undefined;
  const callerType = userTypeNameOf(caller.userType);

  // Type: client and broker creators create (and keep) users of their own type only.
  if (caller.userType !== 'i' && desired.type !== callerType) {
    throw forbidden(`You can create and edit ${USER_TYPE_LABELS[callerType]} users only.`);
  }

  // Own account: nobody changes their own access.
  if (before && before.userNo === caller.userNo) {
    const sameRoles =
      before.roleIds.size === new Set(desired.roleIds).size &&
      desired.roleIds.every((id) => before.roleIds.has(id));
    const changed =
      beforeType !== desired.type ||
      before.rxbAdmin !== desired.rxbAdmin ||
      before.allOrganizations !== desired.allOrganizations ||
      before.active !== desired.active ||
      !sameRoles ||
      !sameOrganizations(caller, before, desired.organizations);
    if (changed) {
      throw forbidden(
        'You cannot change your own type, roles, organizations or activation. Ask another administrator.',
      );
    }
  }

  refuseAllAccessOutsideInternal(desired);
  if (before) refuseEditingWhoHoldsMore(caller, before, facts);
  if (desired.rxbAdmin !== (before?.rxbAdmin ?? false) && !caller.rxbAdmin) {
    throw forbidden('Only an RxB administrator can grant or remove RxB administrator access.');
  }
  if (desired.allOrganizations && !before?.allOrganizations && caller.organizations !== 'all') {
    throw forbidden('You cannot grant access to all organizations: you do not hold it yourself.');
  }

  checkRoles(caller, before, desired);
  if (!hasAllAccess(desired)) checkOrganizations(caller, before, desired, facts);
}

/** The super-admin flag and all-organization access belong to internal users: a 400 naming the flag. */
export function refuseAllAccessOutsideInternal(desired: {
  type?: UserTypeName | null | undefined;
  rxbAdmin?: boolean | undefined;
  allOrganizations?: boolean | undefined;
}): void {
  if (!desired.type || desired.type === 'internal') return;
  if (desired.rxbAdmin) {
    throw badRequest(USER_MESSAGES.rxbAdminInternalOnly, {
      rxbAdmin: USER_MESSAGES.rxbAdminInternalOnly,
    });
  }
  if (desired.allOrganizations) {
    throw badRequest(USER_MESSAGES.allOrganizationsInternalOnly, {
      allOrganizations: USER_MESSAGES.allOrganizationsInternalOnly,
    });
  }
}

/**
 * A caller who holds only some groups of an organization edits (renames, deactivates, regrants)
 * only users who hold no more of it than they do: none of its groups outside the caller's, and
 * not the whole organization. Otherwise a restricted manager could switch off someone with wider
 * access. 403, as for other grants beyond the caller's: the user is visible to them, only not
 * theirs to change. Organizations the caller does not hold at all stay untouched by the edit.
 */
function refuseEditingWhoHoldsMore(
  caller: Principal,
  before: UserGrants,
  facts: OrganizationFacts,
): void {
  if (caller.organizations === 'all') return;
  for (const [org, grant] of before.organizations) {
    const callerGroups = caller.organizations.has(org)
      ? caller.restrictedGroups.get(org)
      : undefined;
    if (!callerGroups) continue;
    if (grant.all || [...grant.groups].some((group) => !callerGroups.has(group))) {
      const name = facts.organizations.get(org)?.name ?? `organization ${org}`;
      throw forbidden(USER_MESSAGES.holdsMoreThanEditor(name));
    }
  }
}

function checkRoles(caller: Principal, before: UserGrants | undefined, desired: DesiredGrants) {
  const seen = new Set<number>();
  for (const id of desired.roleIds) {
    const role = roleById(id);
    if (!role)
      throw badRequest(`Role ${id} does not exist.`, { roles: `Role ${id} does not exist.` });
    if (role.userType !== desired.type) {
      const message = `${role.name} (${role.userType}) is not a role for ${USER_TYPE_LABELS[desired.type]} users.`;
      throw badRequest(message, { roles: message });
    }
    seen.add(id);
  }
  const held = before?.roleIds ?? new Set<number>();
  for (const id of seen) {
    if (held.has(id)) continue;
    const refusal = roleRefusal(caller, roleById(id)!);
    if (refusal) throw forbidden(refusal);
  }
  for (const id of held) {
    if (seen.has(id)) continue;
    const role = roleById(id);
    if (role?.protected && !caller.permissions.has(PERMISSIONS.editProtectedRoles)) {
      throw forbidden(
        `${role.name} is a protected role: only users with the protected-roles permission can grant or remove it.`,
      );
    }
  }
}

function checkOrganizations(
  caller: Principal,
  before: UserGrants | undefined,
  desired: DesiredGrants,
  facts: OrganizationFacts,
) {
  const seen = new Set<number>();
  for (const grant of desired.organizations) {
    if (seen.has(grant.orgId)) {
      throw badRequest(`Organization ${grant.orgId} is listed twice.`, {
        organizations: `Organization ${grant.orgId} is listed twice.`,
      });
    }
    seen.add(grant.orgId);
    // Granting what one does not hold is refused before anything else is said about it, so an
    // organization outside the caller's scope is never revealed to exist.
    if (caller.organizations !== 'all' && !caller.organizations.has(grant.orgId)) {
      throw forbidden('You cannot grant access to an organization you do not hold.');
    }
    const organization = facts.organizations.get(grant.orgId);
    if (!organization) {
      throw badRequest(`Organization ${grant.orgId} does not exist.`, {
        organizations: `Organization ${grant.orgId} does not exist.`,
      });
    }
    const previous = before?.organizations.get(grant.orgId);
    if (desired.type !== 'internal' && !previous && !organization.open) {
      const message = `${organization.name} is not active: only active organizations can be given to ${USER_TYPE_LABELS[desired.type]} users.`;
      throw badRequest(message, { organizations: message });
    }
    for (const group of grant.all ? [] : grant.groups) {
      if (facts.groupOrganization.get(group) !== grant.orgId) {
        const message = `Group ${group} does not belong to ${organization.name}.`;
        throw badRequest(message, { [`organizations.${grant.orgId}.groups`]: message });
      }
    }
    const callerGroups =
      caller.organizations === 'all' ? undefined : caller.restrictedGroups.get(grant.orgId);
    if (callerGroups) {
      if (grant.all && !previous?.all) {
        throw forbidden(
          `You hold only some groups of ${organization.name}, so you cannot give all of its groups.`,
        );
      }
      for (const group of grant.all ? [] : grant.groups) {
        if (!callerGroups.has(group) && !previous?.groups.has(group)) {
          throw forbidden('You cannot grant access to a group you do not hold.');
        }
      }
    }
  }
}

/**
 * Whether the organizations asked for equal the user's, as far as the caller can see them:
 * organizations and groups outside the caller's view are kept untouched by `mergeOrganizations`.
 */
function sameOrganizations(
  caller: Principal,
  before: UserGrants,
  desired: readonly OrganizationGrantInput[],
): boolean {
  const merged = mergeOrganizations(caller, before, desired, false);
  if (merged.size !== before.organizations.size) return false;
  for (const [org, grant] of merged) {
    const previous = before.organizations.get(org);
    if (!previous || previous.all !== grant.all) return false;
    if (previous.groups.size !== grant.groups.size) return false;
    for (const g of grant.groups) if (!previous.groups.has(g)) return false;
  }
  return true;
}

/**
 * The organization grants to store: what the caller asked for, plus whatever the user holds that
 * the caller cannot see (organizations outside the caller's scope, and groups outside the
 * caller's groups in an organization where the caller is restricted).
 */
export function mergeOrganizations(
  caller: Principal,
  before: UserGrants | undefined,
  desired: readonly OrganizationGrantInput[],
  allAccess: boolean,
): Map<number, OrganizationGrant> {
  const result = new Map<number, OrganizationGrant>();
  if (allAccess) return result;
  if (before && caller.organizations !== 'all') {
    for (const [org, grant] of before.organizations) {
      if (!caller.organizations.has(org)) result.set(org, grant);
    }
  }
  for (const grant of desired) {
    if (grant.all) {
      result.set(grant.orgId, { all: true, groups: new Set() });
      continue;
    }
    const groups = new Set(grant.groups);
    const callerGroups =
      caller.organizations === 'all' ? undefined : caller.restrictedGroups.get(grant.orgId);
    const previous = before?.organizations.get(grant.orgId);
    if (callerGroups && previous && !previous.all) {
      for (const g of previous.groups) if (!callerGroups.has(g)) groups.add(g);
    }
    result.set(grant.orgId, { all: false, groups });
  }
  return result;
}

export function userTypeCode(type: UserTypeName) {
  return USER_TYPE_CODE_OF[type];
}
