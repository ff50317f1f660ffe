import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Transaction,
  type Updateable,
} from 'kysely';
import {
  isOrganizationOpen,
  todayIso,
  userTypeNameOf,
  type OrganizationOption,
  type Page,
  type UserDetail,
  type UserListItem,
  type UserOrganizationGrant,
  type UserRole,
  type UserSearchQuery,
  type UserTypeCode,
  USER_TYPE_CODE_OF,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import type { ScopedUser } from './users.access.ts';
import type { AppUserTable } from '../../platform/db/schema.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import {
  benefitGroupOptions,
  grantedGroupsJsonOf,
  organizationNameOf,
  organizationNames,
  organizationOptionRows,
  organizationStates,
  organizationsOfGroups,
} from '../organizations/index.ts';

/** A user as the grant rules see them: type, flags, roles and organization grants. */
export interface UserGrants {
  userNo: number;
  username: string;
  userType: UserTypeCode;
  rxbAdmin: boolean;
  allOrganizations: boolean;
  active: boolean;
  hasPassword: boolean;
  roleIds: ReadonlySet<number>;
  /** Per organization: all groups, or the chosen ones. */
  organizations: ReadonlyMap<number, { all: boolean; groups: ReadonlySet<number> }>;
}

type Executor = Kysely<DB>;

/**
 * The users a caller may see: everyone for all-organization callers; otherwise users who share
 * one of the caller's organizations, and for client and broker callers only users of their own
 * type. A user outside this set is not found (404), whatever id is asked for.
 */
export function visibleUser(caller: Principal, alias = 'u'): RawBuilder<boolean> {
  if (caller.organizations === 'all') return sql<boolean>`true`;
  const sameType =
    caller.userType === 'i'
      ? sql<boolean>`true`
      : sql<boolean>`${sql.ref(`${alias}.user_type`)} = ${caller.userType}`;
  return sql<boolean>`(${sameType} and exists (select 1 from user_organization tuo
      join user_organization cuo on cuo.organization_no = tuo.organization_no
       and cuo.user_no = ${caller.userNo}
     where tuo.user_no = ${sql.ref(`${alias}.user_no`)}))`;
}

const rolesOf = (alias: string) => sql<UserRoleRow[]>`(select coalesce(json_agg(json_build_object(
    'id', r.role_id, 'name', r.name, 'group', r.group_key, 'type', r.user_type,
    'protected', r.protected) order by r.role_id), '[]'::json)
  from user_role ur join role r on r.role_id = ur.role_id
  where ur.user_no = ${sql.ref(`${alias}.user_no`)})`;

interface UserRoleRow {
  id: number;
  name: string;
  group: string;
  type: 'internal' | 'client' | 'broker';
  protected: boolean;
}

function toRoles(rows: UserRoleRow[] | null): UserRole[] {
  return (rows ?? []).map((r) => ({
    id: r.id,
    name: r.name,
    group: r.group,
    type: r.type,
    protected: r.protected,
  }));
}

const NAME_SORT = sql`lower(u.last_name || ', ' || u.first_name)`;

export async function listUsers(
  db: Executor,
  caller: Principal,
  query: UserSearchQuery,
): Promise<Page<UserListItem>> {
  let q = db
    .selectFrom('app_user as u')
    .select([
      'u.user_no',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.user_type',
      'u.active',
      rolesOf('u').as('roles'),
    ])
    .where(visibleUser(caller));
  if (query.name) {
    q = q.where(
      sql<string>`lower(u.first_name || ' ' || u.last_name)`,
      'like',
      likePattern(query.name.toLowerCase()),
    );
  }
  if (query.username)
    q = q.where(sql<string>`lower(u.username)`, 'like', likePattern(query.username.toLowerCase()));
  if (query.active !== undefined) q = q.where('u.active', '=', query.active);
  if (query.type) q = q.where('u.user_type', '=', USER_TYPE_CODE_OF[query.type]);
  return fetchPage(q, query, {
    sortColumns: {
      name: NAME_SORT,
      username: sql`lower(u.username)`,
      type: sql`u.user_type`,
      active: sql`u.active`,
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`u.user_no`,
    map: (row) => ({
      id: row.user_no,
      userNo: row.user_no,
      firstName: row.first_name,
      lastName: row.last_name,
      fullName: `${row.first_name} ${row.last_name}`.trim(),
      username: row.username,
      type: userTypeNameOf(row.user_type),
      active: row.active,
      roles: toRoles(row.roles),
    }),
  });
}

/** The user's grants, if the caller may see the user. */
export async function findUserGrants(
  db: Executor,
  caller: Principal | null,
  userNo: number,
): Promise<UserGrants | undefined> {
  let q = db
    .selectFrom('app_user as u')
    .select([
      'u.user_no',
      'u.username',
      'u.user_type',
      'u.rxb_admin',
      'u.all_organizations',
      'u.active',
      sql<boolean>`u.password_hash is not null`.as('has_password'),
      sql<number[] | null>`(select array_agg(ur.role_id) from user_role ur
        where ur.user_no = u.user_no)`.as('role_ids'),
      sql<
        { o: number; r: boolean; g: number[] | null }[] | null
      >`(select json_agg(json_build_object(
          'o', uo.organization_no, 'r', uo.restrict_benefit_groups,
          'g', (select array_agg(ubg.benefit_group_no) from user_benefit_group ubg
                 where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no)))
        from user_organization uo where uo.user_no = u.user_no)`.as('organizations'),
    ])
    .where('u.user_no', '=', userNo);
  if (caller) q = q.where(visibleUser(caller));
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  return {
    userNo: row.user_no,
    username: row.username,
    userType: row.user_type,
    rxbAdmin: row.rxb_admin,
    allOrganizations: row.all_organizations,
    active: row.active,
    hasPassword: row.has_password,
    roleIds: new Set(row.role_ids ?? []),
    organizations: new Map(
      (row.organizations ?? []).map((g) => [
        g.o,
        { all: !g.r, groups: new Set(g.r ? (g.g ?? []) : []) },
      ]),
    ),
  };
}

/** Organization grants as the caller may see them: only the caller's organizations and groups. */
export async function loadOrganizationGrants(
  db: Executor,
  caller: Principal,
  userNo: number,
): Promise<UserOrganizationGrant[]> {
  const rows = await db
    .selectFrom('user_organization as uo')
    .select([
      'uo.organization_no',
      organizationNameOf('uo.organization_no').as('name'),
      'uo.restrict_benefit_groups',
      sql<BenefitGroupRow[] | null>`${grantedGroupsJsonOf({
        userNo: 'uo.user_no',
        organizationNo: 'uo.organization_no',
      })}`.as('groups'),
    ])
    .where('uo.user_no', '=', userNo)
    .where(
      caller.organizations === 'all'
        ? sql<boolean>`true`
        : sql<boolean>`exists (select 1 from user_organization cuo
            where cuo.user_no = ${caller.userNo} and cuo.organization_no = uo.organization_no)`,
    )
    .orderBy(organizationNameOf('uo.organization_no', { lower: true }))
    .orderBy('uo.organization_no')
    .execute();
  return rows.map((row) => {
    const callerGroups =
      caller.organizations === 'all' ? undefined : caller.restrictedGroups.get(row.organization_no);
    const groups = (row.groups ?? []).filter((g) => !callerGroups || callerGroups.has(g.id));
    return {
      id: row.organization_no,
      name: row.name,
      restrictBenefitGroups: row.restrict_benefit_groups,
      benefitGroups: row.restrict_benefit_groups ? groups : [],
    };
  });
}

interface BenefitGroupRow {
  id: number;
  benefitGroupId: string;
  name: string;
  processStatus: number;
}

export async function loadUserDetail(
  db: Executor,
  caller: Principal,
  userNo: number,
): Promise<UserDetail | undefined> {
  const row = await db
    .selectFrom('app_user as u')
    .select([
      'u.user_no',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.phone',
      'u.extension',
      'u.user_type',
      'u.active',
      'u.rxb_admin',
      'u.all_organizations',
      sql<boolean>`u.password_hash is not null`.as('has_password'),
      'u.created_at',
      'u.updated_at',
      rolesOf('u').as('roles'),
    ])
    .where('u.user_no', '=', userNo)
    .where(visibleUser(caller))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.user_no,
    userNo: row.user_no,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
    username: row.username,
    phone: row.phone,
    extension: row.extension,
    type: userTypeNameOf(row.user_type),
    active: row.active,
    rxbAdmin: row.rxb_admin,
    allOrganizations: row.rxb_admin || row.all_organizations,
    hasPassword: row.has_password,
    roles: toRoles(row.roles),
    organizations: await loadOrganizationGrants(db, caller, userNo),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Facts the grant rules need about the organizations and groups named in a payload. */
export interface OrganizationFacts {
  organizations: ReadonlyMap<number, { name: string; open: boolean }>;
  /** Group number to its organization number. */
  groupOrganization: ReadonlyMap<number, number>;
}

export async function loadOrganizationFacts(
  db: Executor,
  organizationNos: readonly number[],
  groupNos: readonly number[],
  today: string = todayIso(),
): Promise<OrganizationFacts> {
  const [organizations, groupOrganization] = await Promise.all([
    organizationStates(db, organizationNos, today),
    organizationsOfGroups(db, groupNos),
  ]);
  return { organizations, groupOrganization };
}

/** Organizations a user holds (all of them for all-access users), within the caller's scope. */
export async function listHeldOrganizations(
  db: Executor,
  caller: Principal,
  target: UserGrants,
  query: {
    name?: string | undefined;
    activeOnly?: boolean | undefined;
    include?: number[] | undefined;
    limit: number;
    offset: number;
  },
  today: string = todayIso(),
): Promise<{ data: OrganizationOption[]; totalCount: number; allOrganizations: boolean }> {
  const targetAll = target.userType === 'i' && (target.rxbAdmin || target.allOrganizations);
  let q = organizationOptionRows(db);
  if (!targetAll) {
    q = q.where(
      sql<boolean>`exists (select 1 from user_organization tuo
        where tuo.user_no = ${target.userNo} and tuo.organization_no = o.organization_no)`,
    );
  }
  if (caller.organizations !== 'all') {
    q = q.where(
      sql<boolean>`exists (select 1 from user_organization cuo
        where cuo.user_no = ${caller.userNo} and cuo.organization_no = o.organization_no)`,
    );
  }
  if (query.activeOnly) {
    q = q.where(
      sql<boolean>`(o.process_status in (1, 2) or (o.process_status = 9 and o.expiration_date >= ${today}))`,
    );
  }
  if (query.name) {
    const byName = sql<boolean>`lower(o.name) like ${likePattern(query.name.toLowerCase())}`;
    q = q.where(
      query.include?.length
        ? sql<boolean>`(${byName} or o.organization_no in (${sql.join(query.include)}))`
        : byName,
    );
  }
  const page = await fetchPage(
    q,
    { limit: query.limit, offset: query.offset },
    {
      sortColumns: { name: sql`lower(o.name)` },
      defaultSort: { field: 'name', direction: 'asc' },
      tieBreaker: sql`o.organization_no`,
      map: (row) => ({
        id: row.organization_no,
        name: row.name,
        processStatus: row.process_status,
        active: isOrganizationOpen(row.process_status, row.expiration_date, today),
      }),
    },
  );
  return { ...page, allOrganizations: targetAll };
}

/** The groups of an organization, optionally only some of them. */
export const listBenefitGroups = benefitGroupOptions;

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_user')
    .select('user_no')
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
  return !!row;
}

export async function findUserByUsername(
  db: Executor,
  username: string,
): Promise<{ user_no: number; username: string } | undefined> {
  return db
    .selectFrom('app_user')
    .select(['user_no', 'username'])
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

/** Names of organizations, for history rows people can read. */
export { organizationNames };

// ---------------------------------------------------------------------------------------------
// Writes of the user administration (the services call them inside their transaction)

type Db = Kysely<DB> | Transaction<DB>;

/** A new user row; answers its number. */
export async function insertUser(db: Db, values: Insertable<AppUserTable>): Promise<number> {
  const row = await db
    .insertInto('app_user')
    .values(values)
    .returning('user_no')
    .executeTakeFirstOrThrow();
  return row.user_no;
}

/** The user's own fields as they stand (name, phone, extension). */
export async function findUserFields(db: Db, user: ScopedUser) {
  const { userNo } = user;
  return db
    .selectFrom('app_user')
    .select(['user_no', 'first_name', 'last_name', 'username', 'phone', 'extension'])
    .where('user_no', '=', userNo)
    .executeTakeFirst();
}

/** Sets columns of the user row, stamped with who changed it and the database's now(). */
export async function updateUserRow(
  db: Db,
  user: ScopedUser,
  actor: number,
  values: Updateable<AppUserTable>,
): Promise<void> {
  const { userNo } = user;
  await db
    .updateTable('app_user')
    .set({ ...values, updated_at: sql<Date>`now()`, updated_by: actor })
    .where('user_no', '=', userNo)
    .execute();
}

/** Whether the user has chosen a password (undefined: no such user). */
export async function userHasPassword(db: Db, user: ScopedUser): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('app_user')
    .select(sql<boolean>`password_hash is not null`.as('has_password'))
    .where('user_no', '=', user.userNo)
    .executeTakeFirst();
  return row?.has_password;
}

export async function removeUserRoles(db: Db, user: ScopedUser, roleIds: number[]): Promise<void> {
  const { userNo } = user;
  await db
    .deleteFrom('user_role')
    .where('user_no', '=', userNo)
    .where('role_id', 'in', roleIds)
    .execute();
}

export async function addUserRoles(
  db: Db,
  user: ScopedUser,
  roleIds: number[],
  actor: number,
): Promise<void> {
  const { userNo } = user;
  await db
    .insertInto('user_role')
    .values(roleIds.map((role_id) => ({ user_no: userNo, role_id, created_by: actor })))
    .execute();
}

/** Takes organizations (and, by cascade, their groups) away from the user. */
export async function removeUserOrganizations(
  db: Db,
  user: ScopedUser,
  organizationNos: number[],
): Promise<void> {
  const { userNo } = user;
  await db
    .deleteFrom('user_organization')
    .where('user_no', '=', userNo)
    .where('organization_no', 'in', organizationNos)
    .execute();
}

/** Changes a held organization's grant: its group list emptied, its restriction set. */
export async function resetUserOrganization(
  db: Db,
  user: ScopedUser,
  organizationNo: number,
  restrictBenefitGroups: boolean,
): Promise<void> {
  const { userNo } = user;
  await db
    .deleteFrom('user_benefit_group')
    .where('user_no', '=', userNo)
    .where('organization_no', '=', organizationNo)
    .execute();
  await db
    .updateTable('user_organization')
    .set({ restrict_benefit_groups: restrictBenefitGroups })
    .where('user_no', '=', userNo)
    .where('organization_no', '=', organizationNo)
    .execute();
}

export async function addUserOrganization(
  db: Db,
  user: ScopedUser,
  organizationNo: number,
  restrictBenefitGroups: boolean,
  actor: number,
): Promise<void> {
  const { userNo } = user;
  await db
    .insertInto('user_organization')
    .values({
      user_no: userNo,
      organization_no: organizationNo,
      restrict_benefit_groups: restrictBenefitGroups,
      created_by: actor,
    })
    .execute();
}

export async function addUserBenefitGroups(
  db: Db,
  user: ScopedUser,
  organizationNo: number,
  benefitGroupNos: number[],
  actor: number,
): Promise<void> {
  const { userNo } = user;
  await db
    .insertInto('user_benefit_group')
    .values(
      benefitGroupNos.map((benefit_group_no) => ({
        user_no: userNo,
        organization_no: organizationNo,
        benefit_group_no,
        created_by: actor,
      })),
    )
    .execute();
}

/** Rows of the user's history (one per changed field), written by `actor`. */
export async function insertUserHistory(
  db: Db,
  user: ScopedUser,
  actor: number,
  rows: readonly { field: string; old_value: string | null; new_value: string | null }[],
): Promise<void> {
  const { userNo } = user;
  await db
    .insertInto('user_history')
    .values(
      rows.map((row) => ({
        user_no: userNo,
        ...row,
        created_by: actor,
        updated_by: actor,
      })),
    )
    .execute();
}

/** A page of the user's history, newest first, with who changed it and the total. */
export async function userHistoryPage(
  db: Db,
  user: ScopedUser,
  paging: { limit: number; offset: number },
) {
  const { userNo } = user;
  return db
    .selectFrom('user_history as h')
    .leftJoin('app_user as a', 'a.user_no', 'h.created_by')
    .select([
      'h.history_id',
      'h.field',
      'h.old_value',
      'h.new_value',
      'h.created_at',
      sql<string | null>`a.first_name || ' ' || a.last_name`.as('changed_by'),
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where('h.user_no', '=', userNo)
    .orderBy('h.created_at', 'desc')
    .orderBy('h.history_id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

/** How many users hold each role. */
export async function roleUserCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('user_role')
    .select(['role_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
}

/** The user's stored feature flags (title → value). */
export async function featureFlagsOf(db: Db, user: ScopedUser): Promise<Map<string, boolean>> {
  const { userNo } = user;
  const rows = await db
    .selectFrom('user_feature_flag')
    .select(['title', 'value'])
    .where('user_no', '=', userNo)
    .execute();
  return new Map(rows.map((r) => [r.title, r.value]));
}

export async function upsertFeatureFlag(
  db: Db,
  user: ScopedUser,
  title: string,
  value: boolean,
): Promise<void> {
  const { userNo } = user;
  await db
    .insertInto('user_feature_flag')
    .values({ user_no: userNo, title, value, created_by: userNo, updated_by: userNo })
    .onConflict((oc) =>
      oc.columns(['user_no', 'title']).doUpdateSet({
        value,
        updated_at: sql<Date>`now()`,
        updated_by: userNo,
      }),
    )
    .execute();
}

/** A page of the built-in outbox, newest first, optionally for one recipient, with the total. */
export async function outboxMessages(
  db: Db,
  query: { to?: string | undefined; limit: number; offset: number },
) {
  let q = db
    .selectFrom('mail_outbox')
    .select([
      'mail_id',
      'to_addresses',
      'subject',
      'text_body',
      'status',
      'created_at',
      sql<number>`count(*) over ()`.as('total'),
    ]);
  if (query.to) {
    q = q.where(
      sql<boolean>`exists (select 1 from unnest(to_addresses) a where lower(a) = ${query.to.toLowerCase()})`,
    );
  }
  return q.orderBy('mail_id', 'desc').limit(query.limit).offset(query.offset).execute();
}
