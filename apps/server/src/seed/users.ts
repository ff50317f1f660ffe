import type { Insertable, Kysely } from 'kysely';
import { ROLE_DEFINITIONS, findRole, isOrganizationOpen } from '@pillar/domain';
import { hashPassword } from '../platform/auth/passwords.ts';
import type { DB } from '../database.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';
import { DEMO_PASSWORD } from './personas.ts';
import type { SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';
import {
  DATANET_ALREADY_IMPORTED,
  DATANET_IMPORTABLE,
  MEMBER_PORTAL_DEMO,
  USER_ADMIN_DEMO,
} from './users-demo.ts';

/** Only organizations this far into the list get demo users, so benchmark seeds stay quick. */
const MAX_ORGANIZATIONS_WITH_USERS = 200;
const BROKERS = 12;
const DATANET_USERS = 40;
const MEMBER_PORTAL_ACCOUNTS = 60;

/* Names pass the user forms' rules (ASCII letters), so every demo user can be edited. */
const ASCII = /^[A-Za-z.'-]+$/;
const FIRST = FIRST_NAMES.filter((n) => ASCII.test(n));
const LAST = LAST_NAMES.filter((n) => ASCII.test(n));

const CLIENT_ROLE_CHOICES = [
  ['clientManageEligibility', 'clientFiles'],
  ['clientViewEligibility'],
  ['clientViewEligibility', 'clientFinancials'],
  ['clientManageEligibility', 'clientFiles', 'clientFinancials'],
  ['clientUserManagement', 'clientManageEligibility'],
  ['clientFiles'],
] as const;
const BROKER_ROLE_CHOICES = [
  ['brokerManageEligibility', 'brokerFiles'],
  ['brokerViewEligibility', 'brokerFinancials'],
  ['brokerUserManagement', 'brokerManageEligibility', 'brokerFiles', 'brokerFinancials'],
  ['brokerViewEligibility'],
] as const;
const INTERNAL_STAFF = [
  { roles: ['accountManager'], all: true },
  { roles: ['accountManager'], all: false },
  { roles: ['agent'], all: true },
  { roles: ['agentSupervisor'], all: true },
  { roles: ['itHelpDesk'], all: true },
  { roles: ['financialAnalyst'], all: true },
  { roles: ['dataMappingAnalyst'], all: true },
  { roles: ['keystoneClinician'], all: false },
] as const;

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function phone(random: SeededRandom): string {
  return `${random.int(201, 989)}-${random.int(200, 999)}-${random.digits(4)}`;
}

interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  type: 'i' | 'b' | 'c';
  allOrganizations: boolean;
  active: boolean;
  passwordHash: string | null;
  roles: readonly string[];
  /** Organization number to the groups granted (undefined: all groups). */
  organizations: Map<number, number[] | undefined>;
}

/**
 * Demo data of user administration, deterministic from the context's seed: client users in every
 * organization and brokers across several (some of each deactivated, some restricted to groups),
 * internal staff, an Account Management Admin who can sign in, the DataNet directory's legacy
 * users, and member-portal accounts, some blocked.
 */
export async function seedUserAdmin(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const random = context.randomFor('users');
  const used = new Set(
    (await db.selectFrom('app_user').select('username').execute()).map((u) =>
      u.username.toLowerCase(),
    ),
  );
  const uniqueEmail = (local: string, domain: string) => {
    let email = `${local}@${domain}`;
    for (let n = 2; used.has(email); n++) email = `${local}${n}@${domain}`;
    used.add(email);
    return email;
  };
  const person = () => ({ firstName: random.pick(FIRST), lastName: random.pick(LAST) });

  const groups = await db
    .selectFrom('benefit_group')
    .select(['benefit_group_no', 'organization_no'])
    .orderBy('benefit_group_no')
    .execute();
  const groupsOf = new Map<number, number[]>();
  for (const g of groups) {
    const list = groupsOf.get(g.organization_no) ?? [];
    list.push(g.benefit_group_no);
    groupsOf.set(g.organization_no, list);
  }
  const organizations = context.organizations.slice(0, MAX_ORGANIZATIONS_WITH_USERS);
  const openOrganizations = organizations.filter((o) =>
    isOrganizationOpen(o.process_status, o.expiration_date, context.today),
  );
  const someGroups = (organizationNo: number): number[] | undefined => {
    const list = groupsOf.get(organizationNo) ?? [];
    if (list.length < 2 || !random.chance(0.25)) return undefined;
    return list.slice(0, random.int(1, list.length - 1));
  };

  const users: DemoUser[] = [];
  users.push({
    username: USER_ADMIN_DEMO.username,
    firstName: USER_ADMIN_DEMO.firstName,
    lastName: USER_ADMIN_DEMO.lastName,
    type: 'i',
    allOrganizations: true,
    active: true,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    roles: USER_ADMIN_DEMO.roleKeys,
    organizations: new Map(),
  });
  used.add(USER_ADMIN_DEMO.username);
  for (const staff of INTERNAL_STAFF) {
    const { firstName, lastName } = person();
    const grants = new Map<number, number[] | undefined>();
    if (!staff.all)
      for (const o of organizations.slice(0, 6)) grants.set(o.organization_no, undefined);
    users.push({
      username: uniqueEmail(`${slug(firstName)}.${slug(lastName)}`, 'pillar.example'),
      firstName,
      lastName,
      type: 'i',
      allOrganizations: staff.all,
      active: random.chance(0.85),
      passwordHash: null,
      roles: staff.roles,
      organizations: grants,
    });
  }
  for (const organization of organizations) {
    const domain = `${slug(organization.name).slice(0, 20)}.example`;
    const count = organization.process_status === 9 ? 1 : random.int(2, 4);
    for (let i = 0; i < count; i++) {
      const { firstName, lastName } = person();
      users.push({
        username: uniqueEmail(`${slug(firstName)}.${slug(lastName)}`, domain),
        firstName,
        lastName,
        type: 'c',
        allOrganizations: false,
        active: organization.process_status !== 9 && !random.chance(0.2),
        passwordHash: null,
        roles: random.pick(CLIENT_ROLE_CHOICES),
        organizations: new Map([
          [organization.organization_no, someGroups(organization.organization_no)],
        ]),
      });
    }
  }
  for (let i = 0; i < BROKERS && openOrganizations.length; i++) {
    const { firstName, lastName } = person();
    const grants = new Map<number, number[] | undefined>();
    // The first broker works the scoped client's organization, so both personas see a broker there.
    if (i === 0) grants.set(openOrganizations[0]!.organization_no, undefined);
    while (grants.size < Math.min(random.int(1, 3), openOrganizations.length)) {
      const o = random.pick(openOrganizations).organization_no;
      grants.set(o, someGroups(o));
    }
    users.push({
      username: uniqueEmail(`${slug(firstName)}.${slug(lastName)}`, 'brokerage.example'),
      firstName,
      lastName,
      type: 'b',
      allOrganizations: false,
      active: !random.chance(0.25),
      passwordHash: null,
      roles: random.pick(BROKER_ROLE_CHOICES),
      organizations: grants,
    });
  }
  // The DataNet user imported earlier, as a client of the first organization.
  if (organizations[0]) {
    users.push({
      username: DATANET_ALREADY_IMPORTED.username,
      firstName: DATANET_ALREADY_IMPORTED.firstName,
      lastName: DATANET_ALREADY_IMPORTED.lastName,
      type: 'c',
      allOrganizations: false,
      active: true,
      passwordHash: null,
      roles: ['clientViewEligibility'],
      organizations: new Map([[organizations[0].organization_no, undefined]]),
    });
    used.add(DATANET_ALREADY_IMPORTED.username);
  }

  await insertUsers(db, users, random);
  await seedDataNet(db, random);
  await seedMemberPortal(db, random);
}

async function insertUsers(db: Kysely<DB>, users: DemoUser[], random: SeededRandom) {
  const roleId = new Map(ROLE_DEFINITIONS.map((r) => [r.key, r.id]));
  for (let start = 0; start < users.length; start += 200) {
    const batch = users.slice(start, start + 200);
    const rows = await db
      .insertInto('app_user')
      .values(
        batch.map((u) => ({
          username: u.username,
          first_name: u.firstName,
          last_name: u.lastName,
          phone: random.chance(0.8) ? phone(random) : null,
          extension: random.chance(0.25) ? random.int(100, 9999) : null,
          user_type: u.type,
          rxb_admin: false,
          all_organizations: u.allOrganizations,
          active: u.active,
          password_hash: u.passwordHash,
          external_subject: null,
          created_by: null,
          updated_by: null,
        })),
      )
      .returning(['user_no', 'username'])
      .execute();
    const userNo = new Map(rows.map((r) => [r.username, r.user_no]));
    const roles: Insertable<DB['user_role']>[] = [];
    const grants: Insertable<DB['user_organization']>[] = [];
    const groupGrants: Insertable<DB['user_benefit_group']>[] = [];
    for (const u of batch) {
      const no = userNo.get(u.username)!;
      for (const key of u.roles) {
        const id = roleId.get(key) ?? findRole(key)?.id;
        if (!id) throw new Error(`demo user names unknown role ${key}`);
        roles.push({ user_no: no, role_id: id, created_by: null });
      }
      for (const [organization_no, groups] of u.organizations) {
        grants.push({
          user_no: no,
          organization_no,
          restrict_benefit_groups: !!groups,
          created_by: null,
        });
        for (const benefit_group_no of groups ?? []) {
          groupGrants.push({ user_no: no, organization_no, benefit_group_no, created_by: null });
        }
      }
    }
    if (roles.length) await db.insertInto('user_role').values(roles).execute();
    if (grants.length) await db.insertInto('user_organization').values(grants).execute();
    if (groupGrants.length) await db.insertInto('user_benefit_group').values(groupGrants).execute();
  }
}

async function seedDataNet(db: Kysely<DB>, random: SeededRandom) {
  const rows: Insertable<DB['datanet_user']>[] = [];
  let id = 1001;
  const fixed = [...DATANET_IMPORTABLE, DATANET_ALREADY_IMPORTED];
  for (const u of fixed) {
    rows.push({
      legacy_user_id: id++,
      username: u.username,
      first_name: u.firstName,
      last_name: u.lastName,
      phone: phone(random),
      extension: random.chance(0.5) ? random.int(100, 9999) : null,
      user_type: u.type,
      created_by: null,
      updated_by: null,
    });
  }
  const used = new Set<string>(fixed.map((u) => u.username));
  while (rows.length < DATANET_USERS) {
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    let username = `${slug(first)}.${slug(last)}@legacy-benefits.example`;
    for (let n = 2; used.has(username); n++) {
      username = `${slug(first)}.${slug(last)}${n}@legacy-benefits.example`;
    }
    used.add(username);
    rows.push({
      legacy_user_id: id++,
      username,
      first_name: first,
      last_name: last,
      phone: random.chance(0.7) ? phone(random) : null,
      extension: random.chance(0.3) ? random.int(100, 9999) : null,
      user_type: random.int(0, 3),
      created_by: null,
      updated_by: null,
    });
  }
  await db.insertInto('datanet_user').values(rows).execute();
}

async function seedMemberPortal(db: Kysely<DB>, random: SeededRandom) {
  const rows: Insertable<DB['member_portal_account']>[] = [
    {
      email: MEMBER_PORTAL_DEMO.blocked,
      first_name: 'Rosa',
      last_name: 'Lindqvist',
      blocked: true,
      blocked_at: new Date('2026-10-30T15:04:00Z'),
      failed_login_count: 10,
      last_login_at: new Date('2026-09-12T08:30:00Z'),
      created_by: null,
      updated_by: null,
    },
    {
      email: MEMBER_PORTAL_DEMO.open,
      first_name: 'Felix',
      last_name: 'Amundsen',
      blocked: false,
      blocked_at: null,
      failed_login_count: 0,
      last_login_at: new Date('2026-10-28T19:12:00Z'),
      created_by: null,
      updated_by: null,
    },
  ];
  const used = new Set<string>([MEMBER_PORTAL_DEMO.blocked, MEMBER_PORTAL_DEMO.open]);
  while (rows.length < MEMBER_PORTAL_ACCOUNTS) {
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    let email = `${slug(first)}.${slug(last)}@members.example`;
    for (let n = 2; used.has(email); n++)
      email = `${slug(first)}.${slug(last)}${n}@members.example`;
    used.add(email);
    const blocked = random.chance(0.3);
    rows.push({
      email,
      first_name: first,
      last_name: last,
      blocked,
      blocked_at: blocked
        ? new Date(Date.UTC(2026, 9, random.int(1, 31), random.int(0, 23)))
        : null,
      failed_login_count: blocked ? 10 : random.int(0, 3),
      last_login_at: new Date(
        Date.UTC(2026, random.int(0, 9), random.int(1, 28), random.int(0, 23)),
      ),
      created_by: null,
      updated_by: null,
    });
  }
  await db.insertInto('member_portal_account').values(rows).execute();
}
