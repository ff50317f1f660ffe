import type { Kysely } from 'kysely';
import {
  ROLE_DEFINITIONS,
  USER_TYPE_NAMES,
  permissionGroupsOf,
  roleGroupLabel,
  userTypeNameOf,
  type BaseRole,
  type RoleOption,
  type UserTypeName,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import { notFound } from '../../platform/http/problem.ts';
import { roleRefusal, roleVisibleTo } from './user-grant-rules.ts';
import { roleUserCounts } from './users.repo.ts';

/**
 * GET /roles?type=…: the roles a user form offers. Internal callers get the types they ask for
 * (all three by default); client and broker callers only their own type (spec 1 §6). Roles hidden
 * from the caller (developer, Keystone Dev) are left out; the rest say whether the caller may
 * grant them, and why not.
 */
export function listRoleOptions(
  caller: Principal,
  types: readonly UserTypeName[] | undefined,
): RoleOption[] {
  const own = userTypeNameOf(caller.userType);
  const wanted =
    caller.userType === 'i'
      ? new Set(types?.length ? types : USER_TYPE_NAMES)
      : new Set(types?.length ? types.filter((t) => t === own) : [own]);
  return ROLE_DEFINITIONS.filter(
    (role) => wanted.has(role.userType) && roleVisibleTo(caller, role),
  ).map((role) => {
    const reason = roleRefusal(caller, role);
    return {
      id: role.id,
      key: role.key,
      name: role.name,
      description: role.description,
      type: role.userType,
      group: role.groupKey,
      groupLabel: roleGroupLabel(role.userType, role.groupKey),
      protected: role.protected,
      grantable: reason === null,
      reason,
    };
  });
}

function userCounts(db: Kysely<DB>): Promise<Map<number, number>> {
  return roleUserCounts(db);
}

function toBaseRole(role: (typeof ROLE_DEFINITIONS)[number], count: number): BaseRole {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    type: role.userType,
    groupLabel: roleGroupLabel(role.userType, role.groupKey),
    protected: role.protected,
    userCount: count,
    permissionGroups: permissionGroupsOf(role),
  };
}

/** The roles page's 'Base Roles': every role with its users count and permission groups. */
export async function listBaseRoles(db: Kysely<DB>): Promise<BaseRole[]> {
  const counts = await userCounts(db);
  return ROLE_DEFINITIONS.map((role) => toBaseRole(role, counts.get(role.id) ?? 0));
}

export async function getBaseRole(db: Kysely<DB>, id: number): Promise<BaseRole> {
  const role = ROLE_DEFINITIONS.find((r) => r.id === id);
  if (!role) throw notFound('Role');
  const counts = await userCounts(db);
  return toBaseRole(role, counts.get(role.id) ?? 0);
}
