import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  USER_MESSAGES,
  findRole,
  type RoleOption,
  type UserCreateInput,
  type UserDetail,
  type UserListItem,
} from '@pillar/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { PersonaKey } from '../../seed/personas.ts';

let t: TestApp;
let orgs: {
  organization_no: number;
  name: string;
  process_status: number;
  expiration_date: string | null;
}[];
let cedar: number; // organization slot 0: the client persona's (restricted to its first two groups)
let harbor: number; // slot 1: the broker's second organization
let northfield: number; // slot 2: outside the client's and broker's scope
let cedarGroups: number[];

beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
  orgs = await t.ctx.db
    .selectFrom('organization')
    .select(['organization_no', 'name', 'process_status', 'expiration_date'])
    .orderBy('organization_no')
    .execute();
  [cedar, harbor, northfield] = [orgs[0]!, orgs[1]!, orgs[2]!].map((o) => o.organization_no) as [
    number,
    number,
    number,
  ];
  cedarGroups = (
    await t.ctx.db
      .selectFrom('benefit_group')
      .select('benefit_group_no')
      .where('organization_no', '=', cedar)
      .orderBy('benefit_group_no')
      .execute()
  ).map((g) => g.benefit_group_no);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const role = (key: string) => findRole(key)!.id;
let serial = 0;
function email(prefix: string) {
  serial += 1;
  return `${prefix}.${serial}@users-test.example`;
}

function clientPayload(overrides: Partial<UserCreateInput> = {}): UserCreateInput {
  return {
    username: email('client'),
    firstName: 'Nora',
    lastName: 'Pike',
    phone: '555-201-3344',
    extension: 42,
    type: 'client',
    rxbAdmin: false,
    allOrganizations: false,
    active: false,
    roles: [role('clientViewEligibility')],
    organizations: [{ orgId: cedar, all: false, groups: [cedarGroups[0]!] }],
    ...overrides,
  };
}

async function create(as: PersonaKey, payload: Partial<UserCreateInput>) {
  return t.injectAs(as, { method: 'POST', url: '/authorization/v1/users', payload });
}

async function createOk(as: PersonaKey, payload: Partial<UserCreateInput>): Promise<UserDetail> {
  const response = await create(as, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ user: UserDetail }>().user;
}

function updatePayload(user: UserDetail, overrides: Record<string, unknown> = {}) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    extension: user.extension,
    type: user.type,
    rxbAdmin: user.rxbAdmin,
    allOrganizations: user.allOrganizations,
    active: user.active,
    roles: user.roles.map((r) => r.id),
    organizations: user.organizations.map((o) => ({
      orgId: o.id,
      all: !o.restrictBenefitGroups,
      groups: o.benefitGroups.map((g) => g.id),
    })),
    ...overrides,
  };
}

async function update(as: PersonaKey, id: number, payload: Record<string, unknown>) {
  return t.injectAs(as, { method: 'PUT', url: `/authorization/v1/users/${id}`, payload });
}

async function detailAs(as: PersonaKey, id: number): Promise<UserDetail> {
  const response = await t.injectAs(as, { method: 'GET', url: `/authorization/v1/users/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserDetail>();
}

async function auditOf(userNo: number) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_no', 'detail'])
    .where('entity', '=', 'app_user')
    .where('entity_id', '=', String(userNo))
    .orderBy('audit_id')
    .execute();
}

async function historyOf(userNo: number) {
  return t.ctx.db
    .selectFrom('user_history')
    .select(['field', 'old_value', 'new_value', 'created_by'])
    .where('user_no', '=', userNo)
    .orderBy('history_id')
    .execute();
}

describe('GET /authorization/v1/users', () => {
  it('searches by name, email and status, pages and sorts', async () => {
    const all = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/users?limit=5&sort=username:asc',
    });
    expect(all.statusCode).toBe(200);
    const page = all.json<{ data: UserListItem[]; totalCount: number }>();
    expect(page.data).toHaveLength(5);
    expect(page.totalCount).toBeGreaterThan(100);
    const names = page.data.map((u) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort());

    const second = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/users?limit=5&offset=5&sort=username:asc',
    });
    expect(
      second.json<{ data: UserListItem[] }>().data[0]!.username.toLowerCase() > names[4]!,
    ).toBe(true);

    const byName = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/users?name=lovelace',
    });
    const lovelaces = byName.json<{ data: UserListItem[] }>().data;
    expect(lovelaces.map((u) => u.username)).toContain('admin@pillar.example');
    expect(lovelaces.every((u) => u.lastName === 'Lovelace')).toBe(true);
    const fullName = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/users?name=${encodeURIComponent('Ada Love')}`,
    });
    const adas = fullName.json<{ data: UserListItem[] }>().data;
    expect(adas.map((u) => u.username)).toContain('admin@pillar.example');
    expect(adas.every((u) => u.fullName.startsWith('Ada Love'))).toBe(true);

    const byEmail = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/users?username=BROKER@pillar',
    });
    const broker = byEmail.json<{ data: UserListItem[] }>().data;
    expect(broker.map((u) => u.username)).toEqual(['broker@pillar.example']);
    expect(broker[0]!.roles.map((r) => r.name)).toContain('User Management');
    expect(broker[0]!.type).toBe('broker');

    const deactivated = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/users?active=false&limit=100',
    });
    const inactive = deactivated.json<{ data: UserListItem[]; totalCount: number }>();
    expect(inactive.totalCount).toBeGreaterThan(0);
    expect(inactive.data.every((u) => !u.active)).toBe(true);
  });

  it('treats LIKE wildcards in a search as text', async () => {
    const response = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/users?name=%25',
    });
    expect(response.json<{ totalCount: number }>().totalCount).toBe(0);
  });

  it('shows a client user manager only client users of their organization', async () => {
    const response = await t.injectAs('client', {
      method: 'GET',
      url: '/authorization/v1/users?limit=100',
    });
    const users = response.json<{ data: UserListItem[] }>().data;
    expect(users.length).toBeGreaterThan(2);
    expect(users.every((u) => u.type === 'client')).toBe(true);
    const usernames = users.map((u) => u.username);
    expect(usernames).toContain('client@pillar.example');
    expect(usernames).not.toContain('broker@pillar.example');
    for (const user of users.slice(0, 5)) {
      const detail = await detailAs('superAdmin', user.id);
      expect(detail.organizations.map((o) => o.id)).toContain(cedar);
    }
  });

  it('refuses users without the users permission and bad queries', async () => {
    expect(
      (await t.injectAs('agent', { method: 'GET', url: '/authorization/v1/users' })).statusCode,
    ).toBe(403);
    const bad = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/users?active=maybe&sort=password:asc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ params: Record<string, string> }>().params).toMatchObject({
      active: 'active must be true or false',
    });
  });
});

describe('GET /authorization/v1/users/{id}', () => {
  it('answers 404 for users outside the caller’s organizations', async () => {
    const brokerNo = await t.userNo('broker');
    expect(
      (await t.injectAs('client', { method: 'GET', url: `/authorization/v1/users/${brokerNo}` }))
        .statusCode,
    ).toBe(404);
    const admin = await t.userNo('superAdmin');
    expect(
      (
        await t.injectAs('broker', {
          method: 'GET',
          url: `/authorization/v1/users/${admin}/access`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs('superAdmin', { method: 'GET', url: '/authorization/v1/users/999999' }))
        .statusCode,
    ).toBe(404);
  });

  it('shows the client only the groups they hold themselves', async () => {
    const user = await createOk('superAdmin', {
      ...clientPayload(),
      organizations: [{ orgId: cedar, all: false, groups: [cedarGroups[0]!, cedarGroups[2]!] }],
    });
    const asClient = await detailAs('client', user.id);
    expect(asClient.organizations[0]!.benefitGroups.map((g) => g.id)).toEqual([cedarGroups[0]]);
    const access = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/users/${user.id}/access`,
    });
    expect(
      access.json<{ organizations: { benefitGroups: unknown[] }[] }>().organizations[0]!
        .benefitGroups,
    ).toHaveLength(2);
  });
});

describe('POST /authorization/v1/users', () => {
  it('creates an internal user, inactive by default, with history and audit', async () => {
    const username = email('Internal.Staff');
    const user = await createOk('superAdmin', {
      username,
      firstName: 'Ines',
      lastName: 'Kowalski',
      phone: '555-111-2222',
      extension: 7,
      type: 'internal',
      allOrganizations: true,
      roles: [role('accountManager')],
      organizations: [],
    });
    expect(user).toMatchObject({
      username,
      type: 'internal',
      active: false,
      allOrganizations: true,
      rxbAdmin: false,
      extension: 7,
      hasPassword: false,
    });
    expect(user.roles.map((r) => r.name)).toEqual(['Account Manager']);
    const history = await historyOf(user.id);
    expect(history.map((h) => h.field)).toEqual(
      expect.arrayContaining(['username', 'firstName', 'type', 'active', 'roles']),
    );
    expect(history.find((h) => h.field === 'roles')).toMatchObject({
      old_value: null,
      new_value: 'Account Manager',
      created_by: await t.userNo('superAdmin'),
    });
    const audit = await auditOf(user.id);
    expect(audit[0]).toMatchObject({
      action: 'user.create',
      actor_user_no: await t.userNo('superAdmin'),
    });
    expect(audit[0]!.detail).toMatchObject({ rolesAdded: [role('accountManager')] });
    // Inactive: no invitation goes out.
    const mails = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('mail_id')
      .where(sql<boolean>`${username} = any(to_addresses)`)
      .execute();
    expect(mails).toHaveLength(0);
  });

  it('lets the client user manager create a client user in their groups only', async () => {
    const user = await createOk('client', {
      ...clientPayload({ roles: [role('clientManageEligibility'), role('clientFiles')] }),
      organizations: [{ orgId: cedar, all: false, groups: [cedarGroups[1]!] }],
    });
    expect(user.type).toBe('client');
    expect(user.organizations).toEqual([
      expect.objectContaining({ id: cedar, restrictBenefitGroups: true }),
    ]);
    expect(user.organizations[0]!.benefitGroups.map((g) => g.id)).toEqual([cedarGroups[1]]);
  });

  it('keeps client and broker creators to their own type', async () => {
    const asBroker = await create(
      'client',
      clientPayload({ type: 'broker', roles: [role('brokerFiles')] }),
    );
    expect(asBroker.statusCode).toBe(403);
    const asInternal = await create(
      'broker',
      clientPayload({
        type: 'internal',
        roles: [role('accountManager')],
        organizations: [{ orgId: cedar, all: true, groups: [] }],
      }),
    );
    expect(asInternal.statusCode).toBe(403);
  });

  it('refuses the RxB administrator flag and all organizations for client and broker users', async () => {
    const cases = [
      ['superAdmin', clientPayload({ rxbAdmin: true }), 'rxbAdmin'],
      ['superAdmin', clientPayload({ allOrganizations: true }), 'allOrganizations'],
      ['client', clientPayload({ allOrganizations: true }), 'allOrganizations'],
      [
        'broker',
        clientPayload({
          type: 'broker',
          roles: [role('brokerFiles')],
          organizations: [{ orgId: harbor, all: true, groups: [] }],
          rxbAdmin: true,
        }),
        'rxbAdmin',
      ],
    ] as const;
    for (const [as, payload, field] of cases) {
      const response = await create(as, payload);
      expect(response.statusCode, `${as} ${field}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json<{ params: Record<string, string> }>().params)).toEqual([
        field,
      ]);
      const stored = await t.ctx.db
        .selectFrom('app_user')
        .select('user_no')
        .where('username', '=', payload.username!)
        .executeTakeFirst();
      expect(stored).toBeUndefined();
    }
  });

  it('refuses organizations and groups the creator does not hold', async () => {
    const otherOrg = await create(
      'client',
      clientPayload({ organizations: [{ orgId: northfield, all: true, groups: [] }] }),
    );
    expect(otherOrg.statusCode).toBe(403);
    const allGroups = await create(
      'client',
      clientPayload({ organizations: [{ orgId: cedar, all: true, groups: [] }] }),
    );
    expect(allGroups.statusCode).toBe(403);
    expect(allGroups.json<{ detail: string }>().detail).toMatch(/only some groups/);
    const foreignGroup = await create(
      'client',
      clientPayload({ organizations: [{ orgId: cedar, all: false, groups: [cedarGroups[2]!] }] }),
    );
    expect(foreignGroup.statusCode).toBe(403);
    const brokerOutside = await create('broker', {
      ...clientPayload({ type: 'broker', roles: [role('brokerFiles')] }),
      organizations: [{ orgId: northfield, all: true, groups: [] }],
    });
    expect(brokerOutside.statusCode).toBe(403);
    const allOrganizations = await create('broker', {
      ...clientPayload({ type: 'broker', roles: [role('brokerFiles')] }),
      allOrganizations: true,
      organizations: [],
    });
    expect(allOrganizations.statusCode).toBe(400);
  });

  it('refuses roles that grant more than the creator holds, protected and hidden roles', async () => {
    const internal = (roles: number[]) =>
      create('accountManager', {
        username: email('esc'),
        firstName: 'Eli',
        lastName: 'Stone',
        type: 'internal',
        allOrganizations: true,
        roles,
        organizations: [],
      });
    const agent = await internal([role('agent')]);
    expect(agent.statusCode).toBe(403);
    expect(agent.json<{ detail: string }>().detail).toMatch(/permissions you do not hold/);
    const protectedRole = await internal([role('accountManagementAdmin')]);
    expect(protectedRole.statusCode).toBe(403);
    expect(protectedRole.json<{ detail: string }>().detail).toMatch(/protected role/);
    expect((await internal([role('developer')])).statusCode).toBe(403);
    expect((await internal([role('keystoneDev')])).statusCode).toBe(403);
    const rxbAdmin = await create('accountManager', {
      username: email('esc'),
      firstName: 'Eli',
      lastName: 'Stone',
      type: 'internal',
      rxbAdmin: true,
      roles: [role('accountManager')],
      organizations: [],
    });
    expect(rxbAdmin.statusCode).toBe(403);
    // The same roles are fine for someone who holds the protected-roles permission.
    const admin = await create('superAdmin', {
      username: email('ok'),
      firstName: 'Eli',
      lastName: 'Stone',
      type: 'internal',
      allOrganizations: true,
      roles: [role('accountManagementAdmin'), role('agent')],
      organizations: [],
    });
    expect(admin.statusCode).toBe(201);
  });

  it('says which part is missing with the spec’s messages', async () => {
    const noType = await create('superAdmin', clientPayload({ type: null }));
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toMatchObject({
      detail: USER_MESSAGES.createIncomplete,
      params: { type: USER_MESSAGES.typeRequired },
    });
    const noOrganizations = await create('superAdmin', clientPayload({ organizations: [] }));
    expect(noOrganizations.json()).toMatchObject({
      status: 400,
      detail: USER_MESSAGES.createIncomplete,
      params: { organizations: USER_MESSAGES.organizationRequired },
    });
    const noRoles = await create('superAdmin', clientPayload({ roles: [] }));
    expect(noRoles.json()).toMatchObject({
      status: 400,
      detail: 'Please select at least one User Permission',
      params: { roles: 'Please select at least one User Permission' },
    });
    const noName = await create('superAdmin', clientPayload({ firstName: '  ' }));
    expect(noName.json()).toMatchObject({
      status: 400,
      params: { firstName: 'First Name is required' },
    });
    const badEmail = await create('superAdmin', clientPayload({ username: 'not-an-email' }));
    expect(badEmail.json()).toMatchObject({
      status: 400,
      params: { username: 'Invalid email address' },
    });
    const badExtension = await create('superAdmin', { ...clientPayload(), extension: 1.5 });
    expect(badExtension.json()).toMatchObject({
      status: 400,
      params: { extension: 'Extension must be a whole number' },
    });
    const noGroups = await create(
      'superAdmin',
      clientPayload({ organizations: [{ orgId: cedar, all: false, groups: [] }] }),
    );
    expect(noGroups.json()).toMatchObject({
      status: 400,
      params: { [`organizations.${cedar}.groups`]: USER_MESSAGES.groupRequired },
    });
  });

  it('answers Username must be unique for a taken address, whatever its case', async () => {
    const response = await create(
      'superAdmin',
      clientPayload({ username: 'BROKER@Pillar.Example' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: 'Username must be unique',
      params: { username: 'Username must be unique' },
    });
  });

  it('offers only active organizations to client and broker users', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const closed = orgs.find(
      (o) => o.process_status === 9 && (!o.expiration_date || o.expiration_date < today),
    )!;
    const response = await create(
      'superAdmin',
      clientPayload({ organizations: [{ orgId: closed.organization_no, all: true, groups: [] }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toContain('is not active');
    // Internal users may still be given a terminated organization.
    const internal = await create('superAdmin', {
      ...clientPayload({ type: 'internal', roles: [role('accountManager')] }),
      organizations: [{ orgId: closed.organization_no, all: true, groups: [] }],
    });
    expect(internal.statusCode).toBe(201);
  });

  it('refuses roles of another user type and groups of another organization', async () => {
    const wrongType = await create('superAdmin', clientPayload({ roles: [role('brokerFiles')] }));
    expect(wrongType.statusCode).toBe(400);
    const harborGroup = await t.ctx.db
      .selectFrom('benefit_group')
      .select('benefit_group_no')
      .where('organization_no', '=', harbor)
      .executeTakeFirstOrThrow();
    const wrongGroup = await create(
      'superAdmin',
      clientPayload({
        organizations: [{ orgId: cedar, all: false, groups: [harborGroup.benefit_group_no] }],
      }),
    );
    expect(wrongGroup.statusCode).toBe(400);
  });

  it('refuses callers without the add permission', async () => {
    expect((await create('clientNoSsn', clientPayload())).statusCode).toBe(403);
    expect((await create('agent', clientPayload())).statusCode).toBe(403);
  });

  it('invites a user created active to choose a password', async () => {
    const user = await createOk('superAdmin', clientPayload({ active: true }));
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where(sql<boolean>`${user.username} = any(to_addresses)`)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Pillar account');
    expect(mail.text_body).toMatch(/http:\/\/localhost:8080\/oidc\/reset\/[A-Za-z0-9_-]{43}/);
  });
});

describe('PUT /authorization/v1/users/{id}', () => {
  it('changes details, roles and activation, with a history row per field and an audit entry', async () => {
    const user = await createOk('superAdmin', clientPayload());
    const response = await update(
      'client',
      user.id,
      updatePayload(user, {
        firstName: 'Norah',
        extension: null,
        active: true,
        roles: [role('clientManageEligibility')],
        username: 'changed@example.com',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ user: UserDetail }>().user;
    expect(updated).toMatchObject({ firstName: 'Norah', extension: null, active: true });
    expect(updated.username).toBe(user.username);
    expect(updated.roles.map((r) => r.name)).toEqual(['Manage Eligibility']);
    const history = (await historyOf(user.id)).slice(-10);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'firstName', old_value: 'Nora', new_value: 'Norah' }),
        expect.objectContaining({ field: 'extension', old_value: '42', new_value: null }),
        expect.objectContaining({ field: 'active', old_value: 'No', new_value: 'Yes' }),
        expect.objectContaining({
          field: 'roles',
          old_value: 'View Eligibility',
          new_value: 'Manage Eligibility',
          created_by: await t.userNo('client'),
        }),
      ]),
    );
    const audit = (await auditOf(user.id)).filter((a) => a.action === 'user.update');
    expect(audit.at(-1)!.detail).toMatchObject({
      rolesAdded: [role('clientManageEligibility')],
      rolesRemoved: [role('clientViewEligibility')],
      active: { from: 'No', to: 'Yes' },
    });
  });

  it('deactivates a user', async () => {
    const user = await createOk('superAdmin', clientPayload({ active: true }));
    const response = await update('client', user.id, updatePayload(user, { active: false }));
    expect(response.json<{ user: UserDetail }>().user.active).toBe(false);
  });

  it('names the missing part on edit', async () => {
    const user = await createOk('superAdmin', clientPayload());
    const cases: [Record<string, unknown>, string][] = [
      [{ type: null }, USER_MESSAGES.editMissing('user type selection')],
      [{ lastName: '' }, USER_MESSAGES.editMissing('user information')],
      [{ organizations: [] }, USER_MESSAGES.editMissing('selected organizations')],
      [{ roles: [] }, 'Please select at least one User Permission'],
    ];
    for (const [change, detail] of cases) {
      const response = await update('superAdmin', user.id, updatePayload(user, change));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toBe(detail);
    }
  });

  it('lets an internal admin change the type, with roles of the new type', async () => {
    const user = await createOk('superAdmin', clientPayload());
    const response = await update(
      'superAdmin',
      user.id,
      updatePayload(user, {
        type: 'broker',
        roles: [role('brokerFiles')],
        organizations: [{ orgId: harbor, all: true, groups: [] }],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ user: UserDetail }>().user;
    expect(updated.type).toBe('broker');
    expect(updated.organizations.map((o) => o.id)).toEqual([harbor]);
    expect((await historyOf(user.id)).at(-1)).toBeDefined();
    expect(
      (await historyOf(user.id)).some((h) => h.field === 'type' && h.new_value === 'Broker'),
    ).toBe(true);
  });

  it('keeps a client from changing the type or reaching users outside their organizations', async () => {
    const user = await createOk('superAdmin', clientPayload());
    const typeChange = await update(
      'client',
      user.id,
      updatePayload(user, { type: 'broker', roles: [role('brokerFiles')] }),
    );
    expect(typeChange.statusCode).toBe(403);
    const brokerNo = await t.userNo('broker');
    const broker = await detailAs('superAdmin', brokerNo);
    expect((await update('client', brokerNo, updatePayload(broker))).statusCode).toBe(404);
  });

  it('refuses removing a protected role without the permission', async () => {
    const user = await createOk('superAdmin', {
      username: email('protected'),
      firstName: 'Pia',
      lastName: 'Lund',
      type: 'internal',
      allOrganizations: true,
      roles: [role('accountManagementAdmin'), role('accountManager')],
      organizations: [],
    });
    const response = await update(
      'accountManager',
      user.id,
      updatePayload(user, { roles: [role('accountManager')] }),
    );
    expect(response.statusCode).toBe(403);
    // Unchanged protected roles do not stop an edit of the name.
    const rename = await update(
      'accountManager',
      user.id,
      updatePayload(user, { firstName: 'Pija' }),
    );
    expect(rename.statusCode, rename.body).toBe(200);
  });

  it('keeps what the editor cannot see: other organizations', async () => {
    // Groups of cedar the client does not hold would make the user theirs no more to edit (see
    // below); another organization altogether stays as it was.
    const user = await createOk('superAdmin', {
      ...clientPayload(),
      organizations: [
        { orgId: cedar, all: false, groups: [cedarGroups[0]!] },
        { orgId: northfield, all: true, groups: [] },
      ],
    });
    const seen = await detailAs('client', user.id);
    expect(seen.organizations.map((o) => o.id)).toEqual([cedar]);
    const response = await update(
      'client',
      user.id,
      updatePayload(seen, {
        organizations: [{ orgId: cedar, all: false, groups: [cedarGroups[0]!, cedarGroups[1]!] }],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const after = await detailAs('superAdmin', user.id);
    const byId = new Map(after.organizations.map((o) => [o.id, o]));
    expect(byId.get(northfield)?.restrictBenefitGroups).toBe(false);
    expect(
      byId
        .get(cedar)!
        .benefitGroups.map((g) => g.id)
        .sort((a, b) => a - b),
    ).toEqual([cedarGroups[0]!, cedarGroups[1]!].sort((a, b) => a - b));
    const allGroups = await update(
      'client',
      user.id,
      updatePayload(seen, { organizations: [{ orgId: cedar, all: true, groups: [] }] }),
    );
    expect(allGroups.statusCode).toBe(403);
  });

  it('keeps a client restricted to some groups from changing a user who holds more of the organization', async () => {
    const wider = [
      // A group of cedar the client does not hold, beside one it does.
      await createOk('superAdmin', {
        ...clientPayload({ active: true }),
        organizations: [{ orgId: cedar, all: false, groups: [cedarGroups[0]!, cedarGroups[2]!] }],
      }),
      // The whole of cedar.
      await createOk('superAdmin', {
        ...clientPayload({ active: true }),
        organizations: [{ orgId: cedar, all: true, groups: [] }],
      }),
    ];
    for (const user of wider) {
      const seen = await detailAs('client', user.id);
      const rename = await update('client', user.id, updatePayload(seen, { firstName: 'Renamed' }));
      expect(rename.statusCode, rename.body).toBe(403);
      expect(rename.json<{ detail: string }>().detail).toBe(
        USER_MESSAGES.holdsMoreThanEditor(orgs[0]!.name),
      );
      const deactivate = await update('client', user.id, updatePayload(seen, { active: false }));
      expect(deactivate.statusCode).toBe(403);
      const after = await detailAs('superAdmin', user.id);
      expect(after).toMatchObject({ firstName: 'Nora', active: true });
      // Someone who holds all of cedar may.
      const byManager = await update(
        'accountManager',
        user.id,
        updatePayload(after, { active: false }),
      );
      expect(byManager.statusCode, byManager.body).toBe(200);
    }
    // A user within the client's own groups stays theirs to rename and deactivate.
    const within = await createOk('superAdmin', clientPayload({ active: true }));
    const renamed = await update('client', within.id, updatePayload(within, { firstName: 'Nell' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const off = await update('client', within.id, updatePayload(within, { active: false }));
    expect(off.statusCode, off.body).toBe(200);
  });

  it('refuses the RxB administrator flag and all organizations for a client user being edited', async () => {
    const user = await createOk('superAdmin', clientPayload());
    for (const [field, message] of [
      ['rxbAdmin', USER_MESSAGES.rxbAdminInternalOnly],
      ['allOrganizations', USER_MESSAGES.allOrganizationsInternalOnly],
    ] as const) {
      const response = await update('superAdmin', user.id, updatePayload(user, { [field]: true }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ params: Record<string, string> }>().params).toEqual({
        [field]: message,
      });
    }
    const after = await detailAs('superAdmin', user.id);
    expect(after).toMatchObject({ rxbAdmin: false, allOrganizations: false });
  });

  it('refuses changes to one’s own access but allows one’s own name', async () => {
    const me = await detailAs('client', await t.userNo('client'));
    const roles = await update(
      'client',
      me.id,
      updatePayload(me, { roles: me.roles.map((r) => r.id).slice(1) }),
    );
    expect(roles.statusCode).toBe(403);
    const deactivate = await update('client', me.id, updatePayload(me, { active: false }));
    expect(deactivate.statusCode).toBe(403);
    const rename = await update('client', me.id, updatePayload(me, { phone: '555-999-0000' }));
    expect(rename.statusCode, rename.body).toBe(200);
    await update('client', me.id, updatePayload(me));
  });

  it('refuses editors without the edit permission', async () => {
    const user = await createOk('superAdmin', clientPayload());
    expect((await update('clientNoSsn', user.id, updatePayload(user))).statusCode).toBe(403);
  });
});

describe('organization and group look-ups for the user forms', () => {
  it('lists what the caller may grant: the client’s one organization', async () => {
    const me = await t.userNo('client');
    const response = await t.injectAs('client', {
      method: 'GET',
      url: `/authorization/v1/users/${me}/organizations?activeOnly=true`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      allOrganizations: false,
      totalCount: 1,
      data: [{ id: cedar, active: true }],
    });
    const groups = await t.injectAs('client', {
      method: 'GET',
      url: `/authorization/v1/users/${me}/organization/${cedar}/benefitgroups`,
    });
    expect(groups.json<{ restricted: boolean; groups: { id: number }[] }>()).toMatchObject({
      restricted: true,
    });
    expect(
      groups
        .json<{ groups: { id: number }[] }>()
        .groups.map((g) => g.id)
        .sort((a, b) => a - b),
    ).toEqual(cedarGroups.slice(0, 2));
    const outside = await t.injectAs('client', {
      method: 'GET',
      url: `/authorization/v1/users/${me}/organization/${northfield}/benefitgroups`,
    });
    expect(outside.statusCode).toBe(404);
  });

  it('lists every organization for an all-organization user, filtered by name and status', async () => {
    const me = await t.userNo('superAdmin');
    const all = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/users/${me}/organizations?limit=500`,
    });
    expect(all.json()).toMatchObject({ allOrganizations: true, totalCount: orgs.length });
    const open = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/users/${me}/organizations?activeOnly=true&limit=500`,
    });
    const openPage = open.json<{ data: { active: boolean }[]; totalCount: number }>();
    expect(openPage.totalCount).toBeLessThan(orgs.length);
    expect(openPage.data.every((o) => o.active)).toBe(true);
    const named = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/users/${me}/organizations?name=cedar%20valley%20manufacturing&include=${harbor}`,
    });
    expect(
      named
        .json<{ data: { id: number }[] }>()
        .data.map((o) => o.id)
        .sort(),
    ).toEqual([cedar, harbor].sort());
    const groups = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/users/${me}/organization/${cedar}/benefitgroups`,
    });
    expect(groups.json()).toMatchObject({ restricted: false });
    expect(groups.json<{ groups: unknown[] }>().groups).toHaveLength(cedarGroups.length);
  });

  it('keeps the broker to the broker’s organizations', async () => {
    const me = await t.userNo('broker');
    const response = await t.injectAs('broker', {
      method: 'GET',
      url: `/authorization/v1/users/${me}/organizations`,
    });
    expect(
      response
        .json<{ data: { id: number }[] }>()
        .data.map((o) => o.id)
        .sort(),
    ).toEqual([cedar, harbor].sort());
  });
});

describe('GET /authorization/v1/users/{id}/history', () => {
  it('lists changes newest first with who made them', async () => {
    const user = await createOk('superAdmin', clientPayload());
    await update('superAdmin', user.id, updatePayload(user, { lastName: 'Pikes' }));
    const response = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/users/${user.id}/history?limit=3`,
    });
    const page = response.json<{
      data: { field: string; changedBy: string }[];
      totalCount: number;
    }>();
    expect(page.data[0]).toMatchObject({ field: 'lastName', changedBy: 'Ada Lovelace' });
    expect(page.totalCount).toBeGreaterThan(3);
  });
});

describe('GET /authorization/v1/roles', () => {
  it('offers an account manager no developer roles and says which roles they cannot give', async () => {
    const response = await t.injectAs('accountManager', {
      method: 'GET',
      url: '/authorization/v1/roles?type=internal',
    });
    const roles = response.json<{ data: RoleOption[] }>().data;
    const keys = roles.map((r) => r.key);
    expect(keys).not.toContain('developer');
    expect(keys).not.toContain('keystoneDev');
    expect(keys).toContain('accountManager');
    expect(roles.every((r) => r.type === 'internal')).toBe(true);
    expect(roles.find((r) => r.key === 'accountManagementAdmin')).toMatchObject({
      grantable: false,
      protected: true,
    });
    expect(roles.find((r) => r.key === 'accountManager')).toMatchObject({
      grantable: true,
      groupLabel: 'Account Management',
    });
  });

  it('gives every role to the super admin', async () => {
    const response = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/roles',
    });
    const roles = response.json<{ data: RoleOption[] }>().data;
    expect(roles.map((r) => r.key)).toEqual(
      expect.arrayContaining(['developer', 'keystoneDev', 'brokerFiles']),
    );
    expect(roles.every((r) => r.grantable)).toBe(true);
  });

  it('gives client users only client roles, whatever type they ask for', async () => {
    const response = await t.injectAs('client', {
      method: 'GET',
      url: '/authorization/v1/roles?type=internal&type=client',
    });
    const roles = response.json<{ data: RoleOption[] }>().data;
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((r) => r.type === 'client')).toBe(true);
  });
});

describe('GET /authorization/v1/base-roles', () => {
  it('lists base roles with users counts and permission groups', async () => {
    const response = await t.injectAs('superAdmin', {
      method: 'GET',
      url: '/authorization/v1/base-roles',
    });
    expect(response.statusCode).toBe(200);
    const roles = response.json<{
      data: {
        id: number;
        name: string;
        userCount: number;
        permissionGroups: { name: string; permissions: { id: string; value: boolean }[] }[];
      }[];
    }>().data;
    const brokerUserManagement = roles.find((r) => r.id === role('brokerUserManagement'))!;
    const holders = await t.ctx.db
      .selectFrom('user_role')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('role_id', '=', role('brokerUserManagement'))
      .executeTakeFirstOrThrow();
    expect(brokerUserManagement.userCount).toBe(holders.n);
    expect(brokerUserManagement.permissionGroups.slice(0, 7).map((g) => g.name)).toEqual([
      'Manage User',
      'Manage Member',
      'Prior Authorization',
      'Member Issues',
      'Secure File Delivery',
      'Invoice/Billing',
      'Organization',
    ]);
    const manageUser = brokerUserManagement.permissionGroups[0]!.permissions;
    expect(manageUser.find((p) => p.id === 'authorization-add-users')?.value).toBe(true);
    expect(manageUser.find((p) => p.id === 'authorization-edit-protected-roles')?.value).toBe(
      false,
    );

    const one = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/base-roles/${role('developer')}`,
    });
    expect(
      one
        .json<{ permissionGroups: { permissions: { value: boolean }[] }[] }>()
        .permissionGroups.every((g) => g.permissions.every((p) => p.value)),
    ).toBe(true);
    expect(
      (await t.injectAs('superAdmin', { method: 'GET', url: '/authorization/v1/base-roles/9999' }))
        .statusCode,
    ).toBe(404);
  });

  it('is for holders of the roles permission only', async () => {
    expect(
      (await t.injectAs('accountManager', { method: 'GET', url: '/authorization/v1/base-roles' }))
        .statusCode,
    ).toBe(403);
  });
});
