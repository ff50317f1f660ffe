import type { Kysely, Transaction } from 'kysely';
import {
  USER_MESSAGES,
  USER_TYPE_LABELS,
  userTypeNameOf,
  userWriteProblem,
  type Page,
  type UserAccessGrants,
  type UserBenefitGroups,
  type UserCreateInput,
  type UserDetail,
  type UserSearchQuery,
  type UserUpdateInput,
  type UserListItem,
} from '@pillar/domain';
import type { Config } from '../../config.ts';
import { writeAudit } from '../../platform/audit.ts';
import { sendPasswordLink } from '../../platform/auth/oidc/password-reset.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import { HttpProblem, badRequest, notFound } from '../../platform/http/problem.ts';
import type { MailService } from '../../platform/mail/mail-service.ts';
import {
  checkGrantChange,
  hasAllAccess,
  mergeOrganizations,
  refuseAllAccessOutsideInternal,
  roleById,
  userTypeCode,
  type DesiredGrants,
  type OrganizationGrant,
} from './user-grant-rules.ts';
import {
  addUserBenefitGroups,
  addUserOrganization,
  addUserRoles,
  findUserFields,
  insertUserHistory,
  listBenefitGroups,
  listHeldOrganizations,
  listUsers,
  loadOrganizationFacts,
  loadUserDetail,
  organizationNames,
  removeUserOrganizations,
  removeUserRoles,
  resetUserOrganization,
  updateUserRow,
  userHasPassword,
  userHistoryPage,
  usernameTaken,
  type UserGrants,
} from './users.repo.ts';
import { benefitGroupIds, organizationExists } from '../organizations/index.ts';
import { insertScopedUser, requireUser, type ScopedUser } from './users.access.ts';

export interface UsersDeps {
  db: Kysely<DB>;
  config: Config;
  mail: MailService;
}

export function searchUsers(
  db: Kysely<DB>,
  caller: Principal,
  query: UserSearchQuery,
): Promise<Page<UserListItem>> {
  return listUsers(db, caller, query);
}

export async function getUser(db: Kysely<DB>, caller: Principal, id: number): Promise<UserDetail> {
  const user = await loadUserDetail(db, caller, id);
  if (!user) throw notFound('User');
  return user;
}

export async function getUserAccess(
  db: Kysely<DB>,
  caller: Principal,
  id: number,
): Promise<UserAccessGrants> {
  const { rxbAdmin, allOrganizations, roles, organizations } = await getUser(db, caller, id);
  return { rxbAdmin, allOrganizations, roles, organizations };
}

/** PostgreSQL's unique_violation, as both pg and PGlite report it. */
function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

function usernameTakenProblem() {
  // 409: the address is valid, it is the state of the data that refuses it.
  return new HttpProblem(409, 'Conflict', USER_MESSAGES.usernameTaken, {
    username: USER_MESSAGES.usernameTaken,
  });
}

function desiredOf(input: UserUpdateInput): DesiredGrants {
  const type = input.type!;
  return {
    type,
    // Passed on as asked: a client or broker user asked for with either flag is refused (400),
    // not quietly given less.
    rxbAdmin: input.rxbAdmin,
    allOrganizations: input.allOrganizations || (type === 'internal' && input.rxbAdmin),
    active: input.active,
    roleIds: [...new Set(input.roles)],
    organizations: input.organizations,
  };
}

async function factsFor(db: Kysely<DB>, desired: DesiredGrants) {
  return loadOrganizationFacts(
    db,
    desired.organizations.map((o) => o.orgId),
    desired.organizations.flatMap((o) => (o.all ? [] : o.groups)),
  );
}

function trimmed(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

export async function createUser(
  deps: UsersDeps,
  caller: Principal,
  input: UserCreateInput,
): Promise<UserDetail> {
  refuseAllAccessOutsideInternal(input);
  const problem = userWriteProblem(input, 'create');
  if (problem) throw badRequest(problem.detail, problem.params);
  const desired = desiredOf(input);
  checkGrantChange(caller, undefined, desired, await factsFor(deps.db, desired));
  const username = input.username!.trim();
  if (await usernameTaken(deps.db, username)) throw usernameTakenProblem();

  let created: ScopedUser;
  try {
    created = await deps.db.transaction().execute(async (tx) => {
      const user = await insertScopedUser(tx, {
        username,
        first_name: input.firstName!.trim(),
        last_name: input.lastName!.trim(),
        phone: trimmed(input.phone),
        extension: input.extension ?? null,
        user_type: userTypeCode(desired.type),
        rxb_admin: desired.rxbAdmin,
        all_organizations: desired.allOrganizations,
        active: desired.active,
        password_hash: null,
        external_subject: null,
        created_by: caller.userNo,
        updated_by: caller.userNo,
      });
      const organizations = mergeOrganizations(
        caller,
        undefined,
        desired.organizations,
        hasAllAccess(desired),
      );
      await writeRoles(tx, user, new Set(), new Set(desired.roleIds), caller.userNo);
      await writeOrganizations(tx, user, new Map(), organizations, caller.userNo);
      await recordChanges(tx, caller, user, 'user.create', undefined, {
        fields: {
          username,
          firstName: input.firstName!.trim(),
          lastName: input.lastName!.trim(),
          phone: trimmed(input.phone),
          extension: input.extension ?? null,
        },
        desired,
        organizations,
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTakenProblem();
    throw error;
  }
  if (desired.active) await inviteIfNeeded(deps, created, caller.userNo);
  return getUser(deps.db, caller, created.userNo);
}

export async function updateUser(
  deps: UsersDeps,
  caller: Principal,
  id: number,
  input: UserUpdateInput,
): Promise<UserDetail> {
  const user = await requireUser(deps.db, caller, id);
  const before = user.grants;
  refuseAllAccessOutsideInternal(input);
  const problem = userWriteProblem(input, 'edit');
  if (problem) throw badRequest(problem.detail, problem.params);
  const desired = desiredOf(input);
  checkGrantChange(caller, before, desired, await factsFor(deps.db, desired));
  const current = await findUserFields(deps.db, user);
  if (!current) throw notFound('User');

  await deps.db.transaction().execute(async (tx) => {
    const fields = {
      firstName: input.firstName!.trim(),
      lastName: input.lastName!.trim(),
      phone: trimmed(input.phone),
      extension: input.extension ?? null,
    };
    await updateUserRow(tx, user, caller.userNo, {
      first_name: fields.firstName,
      last_name: fields.lastName,
      phone: fields.phone,
      extension: fields.extension,
      user_type: userTypeCode(desired.type),
      rxb_admin: desired.rxbAdmin,
      all_organizations: desired.allOrganizations,
      active: desired.active,
    });
    const organizations = mergeOrganizations(
      caller,
      before,
      desired.organizations,
      hasAllAccess(desired),
    );
    await writeRoles(tx, user, before.roleIds, new Set(desired.roleIds), caller.userNo);
    await writeOrganizations(tx, user, before.organizations, organizations, caller.userNo);
    await recordChanges(
      tx,
      caller,
      user,
      'user.update',
      {
        grants: before,
        fields: {
          firstName: current.first_name,
          lastName: current.last_name,
          phone: current.phone,
          extension: current.extension,
        },
      },
      { fields, desired, organizations },
    );
  });
  if (desired.active && !before.active) await inviteIfNeeded(deps, user, caller.userNo);
  return getUser(deps.db, caller, id);
}

/**
 * A user made active who has never chosen a password gets the built-in identity provider's
 * invitation to choose one; with an external identity provider there is nothing to send.
 */
async function inviteIfNeeded(deps: UsersDeps, user: ScopedUser, actor: number): Promise<void> {
  if (!deps.config.oidc.builtIn) return;
  const hasPassword = await userHasPassword(deps.db, user);
  if (hasPassword === false) await sendPasswordLink(deps, user.userNo, 'invitation', actor);
}

async function writeRoles(
  tx: Transaction<DB>,
  user: ScopedUser,
  before: ReadonlySet<number>,
  after: ReadonlySet<number>,
  actor: number,
): Promise<void> {
  const removed = [...before].filter((id) => !after.has(id));
  const added = [...after].filter((id) => !before.has(id));
  if (removed.length) await removeUserRoles(tx, user, removed);
  if (added.length) await addUserRoles(tx, user, added, actor);
}

function sameGrant(a: OrganizationGrant | undefined, b: OrganizationGrant | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.all !== b.all || a.groups.size !== b.groups.size) return false;
  for (const g of a.groups) if (!b.groups.has(g)) return false;
  return true;
}

async function writeOrganizations(
  tx: Transaction<DB>,
  user: ScopedUser,
  before: ReadonlyMap<number, OrganizationGrant>,
  after: ReadonlyMap<number, OrganizationGrant>,
  actor: number,
): Promise<void> {
  const removed = [...before.keys()].filter((org) => !after.has(org));
  if (removed.length) await removeUserOrganizations(tx, user, removed);
  for (const [org, grant] of after) {
    const previous = before.get(org);
    if (sameGrant(previous, grant)) continue;
    if (previous) {
      await resetUserOrganization(tx, user, org, !grant.all);
    } else {
      await addUserOrganization(tx, user, org, !grant.all, actor);
    }
    if (!grant.all && grant.groups.size) {
      await addUserBenefitGroups(tx, user, org, [...grant.groups], actor);
    }
  }
}

interface FieldValues {
  username?: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  extension: number | null;
}

function roleNames(ids: Iterable<number>): string | null {
  const names = [...ids]
    .map((id) => roleById(id)?.name ?? `Role ${id}`)
    .sort((a, b) => a.localeCompare(b));
  return names.length ? names.join(', ') : null;
}

async function describeGrant(
  tx: Transaction<DB>,
  grant: OrganizationGrant | undefined,
): Promise<string | null> {
  if (!grant) return null;
  if (grant.all) return 'All groups';
  if (!grant.groups.size) return 'No groups';
  return `Groups: ${(await benefitGroupIds(tx, [...grant.groups])).join(', ')}`;
}

/**
 * One history row per changed field (design.md §4), and one audit entry naming every change of
 * roles and access, so "who gave this user that" always has an answer.
 */
async function recordChanges(
  tx: Transaction<DB>,
  caller: Principal,
  user: ScopedUser,
  action: 'user.create' | 'user.update',
  before: { grants: UserGrants; fields: FieldValues } | undefined,
  after: {
    fields: FieldValues;
    desired: DesiredGrants;
    organizations: ReadonlyMap<number, OrganizationGrant>;
  },
): Promise<void> {
  const rows: { field: string; old_value: string | null; new_value: string | null }[] = [];
  const push = (
    field: string,
    oldValue: string | number | null | undefined,
    newValue: string | number | null | undefined,
  ) => {
    const o = oldValue === null || oldValue === undefined ? null : String(oldValue);
    const n = newValue === null || newValue === undefined ? null : String(newValue);
    if (o !== n) rows.push({ field, old_value: o, new_value: n });
  };
  const yesNo = (v: boolean | undefined) => (v === undefined ? null : v ? 'Yes' : 'No');
  const b = before?.grants;
  if (after.fields.username) push('username', null, after.fields.username);
  push('firstName', before?.fields.firstName, after.fields.firstName);
  push('lastName', before?.fields.lastName, after.fields.lastName);
  push('phone', before?.fields.phone, after.fields.phone);
  push('extension', before?.fields.extension, after.fields.extension);
  push(
    'type',
    b ? USER_TYPE_LABELS[userTypeNameOf(b.userType)] : null,
    USER_TYPE_LABELS[after.desired.type],
  );
  push('active', yesNo(b?.active), yesNo(after.desired.active));
  push('rxbAdmin', yesNo(b?.rxbAdmin), yesNo(after.desired.rxbAdmin));
  push('allOrganizations', yesNo(b?.allOrganizations), yesNo(after.desired.allOrganizations));
  push('roles', roleNames(b?.roleIds ?? []), roleNames(after.desired.roleIds));

  const beforeOrgs = b?.organizations ?? new Map<number, OrganizationGrant>();
  const touched = [...new Set([...beforeOrgs.keys(), ...after.organizations.keys()])].filter(
    (org) => !sameGrant(beforeOrgs.get(org), after.organizations.get(org)),
  );
  const names = await organizationNames(tx, touched);
  for (const org of touched) {
    push(
      `organization ${names.get(org) ?? org}`,
      await describeGrant(tx, beforeOrgs.get(org)),
      await describeGrant(tx, after.organizations.get(org)),
    );
  }

  if (rows.length) await insertUserHistory(tx, user, caller.userNo, rows);

  const beforeRoles = b?.roleIds ?? new Set<number>();
  const afterRoles = new Set(after.desired.roleIds);
  const accessChanges: Record<string, unknown> = {
    rolesAdded: [...afterRoles].filter((id) => !beforeRoles.has(id)),
    rolesRemoved: [...beforeRoles].filter((id) => !afterRoles.has(id)),
    organizationsAdded: touched.filter((org) => !beforeOrgs.has(org)),
    organizationsRemoved: touched.filter((org) => !after.organizations.has(org)),
    organizationsChanged: touched.filter(
      (org) => beforeOrgs.has(org) && after.organizations.has(org),
    ),
  };
  for (const field of ['type', 'active', 'rxbAdmin', 'allOrganizations']) {
    const row = rows.find((r) => r.field === field);
    if (row) accessChanges[field] = { from: row.old_value, to: row.new_value };
  }
  await writeAudit(tx, {
    actorUserNo: caller.userNo,
    action,
    entity: 'app_user',
    entityId: user.userNo,
    detail: { changedFields: rows.map((r) => r.field), ...accessChanges },
  });
}

export async function userHistory(
  db: Kysely<DB>,
  caller: Principal,
  id: number,
  paging: { limit: number; offset: number },
) {
  const rows = await userHistoryPage(db, await requireUser(db, caller, id), paging);
  return {
    data: rows.map((row) => ({
      id: Number(row.history_id),
      field: row.field,
      oldValue: row.old_value,
      newValue: row.new_value,
      changedAt: new Date(row.created_at).toISOString(),
      changedBy: row.changed_by,
    })),
    totalCount: rows.length ? Number(rows[0]!.total) : 0,
  };
}

export async function userOrganizations(
  db: Kysely<DB>,
  caller: Principal,
  id: number,
  query: Parameters<typeof listHeldOrganizations>[3],
) {
  const { grants: target } = await requireUser(db, caller, id);
  return listHeldOrganizations(db, caller, target, query);
}

/**
 * The groups of an organization the user holds, within the caller's groups. `restricted` says
 * whether that is only some of the organization's groups.
 */
export async function userBenefitGroups(
  db: Kysely<DB>,
  caller: Principal,
  id: number,
  orgId: number,
): Promise<UserBenefitGroups> {
  const { grants: target } = await requireUser(db, caller, id);
  const targetAll = target.userType === 'i' && (target.rxbAdmin || target.allOrganizations);
  const grant = targetAll
    ? { all: true, groups: new Set<number>() }
    : target.organizations.get(orgId);
  const callerHolds = caller.organizations === 'all' || caller.organizations.has(orgId);
  if (!grant || !callerHolds) throw notFound('Organization');
  if (!(await organizationExists(db, orgId))) throw notFound('Organization');
  const callerGroups =
    caller.organizations === 'all' ? undefined : caller.restrictedGroups.get(orgId);
  let only: Set<number> | undefined = grant.all ? undefined : new Set(grant.groups);
  if (callerGroups) {
    only = only ? new Set([...only].filter((g) => callerGroups.has(g))) : new Set(callerGroups);
  }
  return {
    restricted: !grant.all || !!callerGroups,
    groups: await listBenefitGroups(db, orgId, only),
  };
}
