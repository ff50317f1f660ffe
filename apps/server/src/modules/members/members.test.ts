import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  EMPLOYEE_SORT_FIELDS,
  MEMBER_SEARCH_RULE_MESSAGE,
  memberStatusKey,
  todayIso,
  type DependentSearchRow,
  type EmployeeSearchRow,
  type Page,
} from '@pillar/domain';
import { createSsnProtector, formatSsn } from '../../platform/crypto/ssn.ts';
import type { PersonaKey } from '../../seed/personas.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const logLines: string[] = [];
/** SSNs a test searched by: none may appear in any answer or log line. */
const searchedSsns = new Set<string>();
const bodies: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
});

type Problem = { status: number; title: string; detail: string; params?: Record<string, string> };

async function get(as: PersonaKey, url: string) {
  const response = await t.injectAs(as, { method: 'GET', url });
  bodies.push(response.body);
  return response;
}

async function employees(as: PersonaKey, query: string) {
  const response = await get(as, `/portal/v1/employees?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<EmployeeSearchRow>>();
}

async function dependents(as: PersonaKey, query: string) {
  const response = await get(as, `/portal/v1/dependents?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<DependentSearchRow>>();
}

/**
 * A name search across organizations, which the Members page runs only beside a second field:
 * the two statuses split every member (1 and 2 active, 9 active until its termination date),
 * so together they find what the name alone would.
 */
async function employeesByName(as: PersonaKey, query: string) {
  const halves = [
    await employees(as, `${query}&processStatus=active`),
    await employees(as, `${query}&processStatus=terminated`),
  ];
  return {
    data: halves.flatMap((half) => half.data),
    totalCount: halves[0]!.totalCount + halves[1]!.totalCount,
  };
}

async function organizations() {
  return t.ctx.db.selectFrom('organization').selectAll().orderBy('organization_no').execute();
}

async function allEmployees() {
  return t.ctx.db.selectFrom('employee').selectAll().orderBy('employee_no').execute();
}

async function allDependents() {
  return t.ctx.db.selectFrom('dependent').selectAll().orderBy('dependent_no').execute();
}

/** The client persona's organization and the two groups it is restricted to. */
async function clientScope() {
  const [first] = await organizations();
  const userNo = await t.userNo('client');
  const groups = await t.ctx.db
    .selectFrom('user_benefit_group')
    .select('benefit_group_no')
    .where('user_no', '=', userNo)
    .execute();
  return { organizationNo: first!.organization_no, groups: groups.map((g) => g.benefit_group_no) };
}

async function brokerOrganizations() {
  const rows = await organizations();
  return [rows[0]!.organization_no, rows[1]!.organization_no];
}

const ssnProtector = () => createSsnProtector(t.ctx.secrets.ssnKey);

const EMPLOYEE_ROW_KEYS = [
  'birthdate',
  'clientId',
  'effectiveDate',
  'employeeNo',
  'expirationDate',
  'firstName',
  'generatedId',
  'groupId',
  'groupName',
  'groupNo',
  'lastName',
  'middleInitial',
  'name',
  'organizationName',
  'organizationNo',
  'processStatus',
  'status',
];

describe('GET /portal/v1/employees', () => {
  it('finds employees by name and status across organizations, with the listed fields only', async () => {
    const body = await employees('superAdmin', 'name=smi&processStatus=active&limit=100');
    expect(body.totalCount).toBeGreaterThan(0);
    const today = todayIso();
    // One word is the start of a last name.
    const expected = (await allEmployees()).filter(
      (e) =>
        e.last_name.toLowerCase().startsWith('smi') &&
        memberStatusKey(e.process_status, e.expiration_date, today) !== 'terminated',
    );
    expect(body.totalCount).toBe(expected.length);
    expect(new Set(body.data.map((r) => r.organizationNo)).size).toBeGreaterThan(1);
    for (const row of body.data) {
      expect(Object.keys(row).sort()).toEqual(EMPLOYEE_ROW_KEYS);
      expect(row.status).not.toBe('terminated');
      expect(row.name).toBe(
        `${row.lastName}, ${row.firstName}${row.middleInitial ? ` ${row.middleInitial}` : ''}`,
      );
    }
    const first = body.data[0]!;
    const org = (await organizations()).find((o) => o.organization_no === first.organizationNo)!;
    expect(first.organizationName).toBe(org.name);
    const group = await t.ctx.db
      .selectFrom('benefit_group')
      .selectAll()
      .where('benefit_group_no', '=', first.groupNo)
      .executeTakeFirstOrThrow();
    expect([first.groupId, first.groupName, group.organization_no]).toEqual([
      group.benefit_group_id,
      group.name,
      first.organizationNo,
    ]);
  });

  it('reads "Last, First" and "First Last"', async () => {
    const someone = (await allEmployees()).find((e) => e.last_name.length > 3)!;
    const last = someone.last_name.slice(0, 4);
    const first = someone.first_name.slice(0, 2);
    const both = [
      await employeesByName(
        'superAdmin',
        `name=${encodeURIComponent(`${last}, ${first}`)}&limit=100`,
      ),
      await employeesByName(
        'superAdmin',
        `name=${encodeURIComponent(`${first} ${last}`)}&limit=100`,
      ),
    ];
    for (const body of both) {
      expect(body.data.map((r) => r.employeeNo)).toContain(someone.employee_no);
    }
    // Apostrophes and hyphens are part of a last name's prefix.
    const apostrophe = await employeesByName(
      'superAdmin',
      `name=${encodeURIComponent("O'")}&limit=100`,
    );
    expect(apostrophe.totalCount).toBe(
      (await allEmployees()).filter((e) => e.last_name.startsWith("O'")).length,
    );
    expect(apostrophe.totalCount).toBeGreaterThan(0);
    const firstOnly = await employeesByName(
      'superAdmin',
      `name=${encodeURIComponent(`, ${someone.first_name}`)}&limit=100`,
    );
    expect(
      firstOnly.data.every(
        (r) =>
          r.firstName === someone.first_name ||
          r.firstName.toLowerCase().startsWith(someone.first_name.toLowerCase()),
      ),
    ).toBe(true);
    expect(firstOnly.totalCount).toBe(
      (await allEmployees()).filter((e) =>
        e.first_name.toLowerCase().startsWith(someone.first_name.toLowerCase()),
      ).length,
    );
    expect(
      both[0]!.data.every(
        (r) =>
          r.lastName.toLowerCase().startsWith(last.toLowerCase()) &&
          r.firstName.toLowerCase().startsWith(first.toLowerCase()),
      ),
    ).toBe(true);
  });

  it('keeps the two-field rule: one field or none is never enough', async () => {
    for (const query of ['name=smith', 'processStatus=active', 'birthDate=1980-01-01', '']) {
      const response = await get('superAdmin', `/portal/v1/employees?${query}`);
      expect(response.statusCode, query).toBe(400);
      const problem = response.json<Problem>();
      expect(problem.detail).toBe(MEMBER_SEARCH_RULE_MESSAGE);
      expect(problem.params).toEqual({ search: MEMBER_SEARCH_RULE_MESSAGE });
    }
    const none = await get('superAdmin', '/portal/v1/employees?confirmOneField=true');
    expect(none.statusCode).toBe(400);
    const two = await employees('superAdmin', 'name=smith&processStatus=active');
    expect(two.totalCount).toBeGreaterThan(0);
  });

  // Spec 1 §5: 'Search Anyway' with one field is the agent desktop's (spec 2 §5), not the
  // Members page's; the page's calls refuse it whatever the client says it confirmed.
  it.each([
    ['employees', 'name=smith&confirmOneField=true'],
    ['employees', 'birthDate=1980-01-01&confirmOneField=true'],
    ['dependents', 'name=a&confirmOneField=true'],
    ['dependents', 'processStatus=active&confirmOneField=true'],
  ])('refuses a one-field %s search even when confirmed (%s)', async (kind, query) => {
    for (const as of ['superAdmin', 'broker', 'client'] as const) {
      const response = await get(as, `/portal/v1/${kind}?${query}`);
      expect(response.statusCode, `${as} ${query}`).toBe(400);
      expect(response.json<Problem>().params).toEqual({ search: MEMBER_SEARCH_RULE_MESSAGE });
    }
  });

  it('finds one member by generated ID, client ID or alternate ID alone', async () => {
    const rows = await allEmployees();
    const target = rows.find((e) => e.client_id && e.alternate_id)!;
    const byGenerated = await employees(
      'superAdmin',
      `memberId=${target.generated_id.toLowerCase()}`,
    );
    expect(byGenerated.data.map((r) => r.employeeNo)).toEqual([target.employee_no]);
    const byClient = await employees('superAdmin', `memberId=${target.client_id}`);
    expect(byClient.data.map((r) => r.employeeNo)).toContain(target.employee_no);
    expect(byClient.data.every((r) => r.clientId === target.client_id)).toBe(true);
    const byAlternate = await employees('superAdmin', `alternateId=${target.alternate_id}`);
    expect(byAlternate.data.map((r) => r.employeeNo)).toContain(target.employee_no);
  });

  it('lists a whole organization, or one of its groups, from that field alone', async () => {
    const [org] = await organizations();
    const rows = (await allEmployees()).filter((e) => e.organization_no === org!.organization_no);
    const body = await employees('superAdmin', `organizationNo=${org!.organization_no}&limit=100`);
    expect(body.totalCount).toBe(rows.length);
    const groupNo = rows[0]!.benefit_group_no;
    const group = await employees('superAdmin', `groupNo=${groupNo}&limit=100`);
    expect(group.totalCount).toBe(rows.filter((e) => e.benefit_group_no === groupNo).length);
    expect(group.data.every((r) => r.groupNo === groupNo)).toBe(true);
  });

  it('matches birth, effective and termination dates exactly', async () => {
    const rows = await allEmployees();
    const target = rows.find((e) => e.expiration_date)!;
    const body = await employees(
      'superAdmin',
      `birthDate=${target.birthdate}&effectiveDate=${target.effective_date}&expirationDate=${target.expiration_date}`,
    );
    expect(body.data.map((r) => r.employeeNo)).toContain(target.employee_no);
    expect(body.totalCount).toBe(
      rows.filter(
        (e) =>
          e.birthdate === target.birthdate &&
          e.effective_date === target.effective_date &&
          e.expiration_date === target.expiration_date,
      ).length,
    );
  });

  it('filters by status as the Status column reads', async () => {
    const [org] = await organizations();
    const today = todayIso();
    const rows = (await allEmployees()).filter((e) => e.organization_no === org!.organization_no);
    for (const status of ['active', 'terminated'] as const) {
      const body = await employees(
        'superAdmin',
        `organizationNo=${org!.organization_no}&processStatus=${status}&limit=100`,
      );
      const expected = rows.filter((e) => {
        const key = memberStatusKey(e.process_status, e.expiration_date, today);
        return status === 'terminated' ? key === 'terminated' : key !== 'terminated';
      });
      expect(body.totalCount).toBe(expected.length);
      expect(
        body.data.every((r) => (status === 'terminated') === (r.status === 'terminated')),
      ).toBe(true);
    }
    const statuses = new Set(
      (await allEmployees()).map((e) =>
        memberStatusKey(e.process_status, e.expiration_date, today),
      ),
    );
    expect([...statuses].sort()).toEqual(
      ['active', 'activeWithFutureTermination', 'pendingTermination', 'terminated'].sort(),
    );
  });

  it.each(EMPLOYEE_SORT_FIELDS.map((f) => [f]))('sorts by %s both ways', async (field) => {
    const [org] = await organizations();
    const key = (r: EmployeeSearchRow): string | number => {
      switch (field) {
        case 'name':
          return `${r.lastName}, ${r.firstName}`.toLowerCase();
        case 'organizationName':
          return r.organizationName.toLowerCase();
        case 'groupName':
          return r.groupName.toLowerCase();
        case 'birthdate':
          return r.birthdate;
        default:
          return r[field] ?? '\uffff';
      }
    };
    for (const direction of ['asc', 'desc'] as const) {
      const body = await employees(
        'superAdmin',
        `organizationNo=${org!.organization_no}&sort=${field}:${direction}&limit=100`,
      );
      const keys = body.data.map(key);
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      // Nulls go last whichever the direction.
      const withoutNulls = sorted.filter((k) => k !== '\uffff');
      const nulls = sorted.length - withoutNulls.length;
      const expected =
        direction === 'asc'
          ? sorted
          : [...withoutNulls.reverse(), ...Array<string>(nulls).fill('\uffff')];
      expect(keys, `${field}:${direction}`).toEqual(expected);
    }
  });

  it('pages without overlap and keeps the total', async () => {
    const [org] = await organizations();
    const q = `organizationNo=${org!.organization_no}&limit=20`;
    const first = await employees('superAdmin', `${q}&offset=0`);
    const second = await employees('superAdmin', `${q}&offset=20`);
    const seen = new Set(first.data.map((r) => r.employeeNo));
    expect(second.data.some((r) => seen.has(r.employeeNo))).toBe(false);
    expect(second.totalCount).toBe(first.totalCount);
    const beyond = await employees('superAdmin', `${q}&offset=5000`);
    expect(beyond.data).toEqual([]);
    expect(beyond.totalCount).toBe(first.totalCount);
  });

  it.each([
    ['name=R2D2&processStatus=active', 'name'],
    ['organizationNo=abc', 'organizationNo'],
    ['groupNo=0', 'groupNo'],
    ['memberId=PL%20123', 'memberId'],
    [`memberId=${'A'.repeat(21)}`, 'memberId'],
    ['ssn=12345678', 'ssn'],
    ['alternateId=a_b', 'alternateId'],
    ['processStatus=9&name=smith', 'processStatus'],
    ['birthDate=1980-02-30&name=smith', 'birthDate'],
    ['effectiveDate=01%2F01%2F2024&name=smith', 'effectiveDate'],
    ['expirationDate=soon&name=smith', 'expirationDate'],
    ['confirmOneField=yes&name=smith', 'confirmOneField'],
    ['sort=ssn:asc&name=smith', 'sort'],
    ['limit=1000&name=smith', 'limit'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get('superAdmin', `/portal/v1/employees?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const problem = response.json<Problem>();
    expect(Object.keys(problem.params ?? {})).toContain(field);
    expect(problem.detail).toContain(field);
  });

  it('shows a broker only the members of their two organizations', async () => {
    const own = await brokerOrganizations();
    const body = await employees('broker', 'name=a&processStatus=active&limit=100');
    const today = todayIso();
    const expected = (await allEmployees()).filter(
      (e) =>
        own.includes(e.organization_no) &&
        e.last_name.toLowerCase().startsWith('a') &&
        memberStatusKey(e.process_status, e.expiration_date, today) !== 'terminated',
    );
    expect(body.totalCount).toBe(expected.length);
    expect(body.data.every((r) => own.includes(r.organizationNo))).toBe(true);
    const third = (await organizations())[2]!.organization_no;
    expect((await employees('broker', `organizationNo=${third}`)).totalCount).toBe(0);
    const outsider = (await allEmployees()).find((e) => e.organization_no === third)!;
    expect((await employees('broker', `memberId=${outsider.generated_id}`)).totalCount).toBe(0);
  });

  it('shows a client restricted to two groups only those groups’ members', async () => {
    const scope = await clientScope();
    expect(scope.groups).toHaveLength(2);
    const rows = (await allEmployees()).filter((e) => e.organization_no === scope.organizationNo);
    const body = await employees('client', `organizationNo=${scope.organizationNo}&limit=100`);
    expect(body.totalCount).toBe(
      rows.filter((e) => scope.groups.includes(e.benefit_group_no)).length,
    );
    expect(body.data.every((r) => scope.groups.includes(r.groupNo))).toBe(true);
    const elsewhere = rows.find((e) => !scope.groups.includes(e.benefit_group_no));
    expect(elsewhere, 'the client organization has a group outside the grant').toBeDefined();
    expect((await employees('client', `memberId=${elsewhere!.generated_id}`)).totalCount).toBe(0);
    expect((await employees('client', `groupNo=${elsewhere!.benefit_group_no}`)).totalCount).toBe(
      0,
    );
  });

  it('needs a token and the member-view permission', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/portal/v1/employees?name=a' });
    expect(anonymous.statusCode).toBe(401);
    const agent = await get('agent', '/portal/v1/employees?name=smith&processStatus=active');
    expect(agent.statusCode).toBe(403);
  });
});

describe('searching by SSN', () => {
  it('finds the member by the keyed hash, with or without dashes, and audits the search', async () => {
    const target = (await allEmployees()).find((e) => e.ssn_encrypted)!;
    const digits = ssnProtector().decrypt(target.ssn_encrypted!);
    searchedSsns.add(digits);
    for (const ssn of [digits, formatSsn(digits)]) {
      const body = await employees('superAdmin', `ssn=${ssn}`);
      expect(body.data.map((r) => r.employeeNo)).toEqual([target.employee_no]);
    }
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.search-by-ssn')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_no).toBe(await t.userNo('superAdmin'));
    expect(audit.detail).toEqual({ found: 1 });
    expect(JSON.stringify(audit)).not.toContain(digits);
  });

  it('finds a dependent by SSN', async () => {
    const target = (await allDependents()).find((d) => d.ssn_encrypted)!;
    const digits = ssnProtector().decrypt(target.ssn_encrypted!);
    searchedSsns.add(digits);
    const body = await dependents('superAdmin', `ssn=${formatSsn(digits)}`);
    expect(body.data.map((r) => r.dependentNo)).toEqual([target.dependent_no]);
  });

  it('refuses it without the SSN permission (403), on every search route', async () => {
    const [org] = await organizations();
    const target = (await allEmployees()).find(
      (e) => e.ssn_encrypted && e.organization_no === org!.organization_no,
    )!;
    const digits = ssnProtector().decrypt(target.ssn_encrypted!);
    searchedSsns.add(digits);
    for (const url of [
      `/portal/v1/employees?ssn=${digits}`,
      `/portal/v1/dependents?ssn=${digits}`,
      `/portal/v1/organizations/${org!.organization_no}/employees?ssn=${digits}`,
      `/portal/v1/organizations/${org!.organization_no}/dependents?ssn=${digits}`,
    ]) {
      const refused = await get('clientNoSsn', url);
      expect(refused.statusCode, url).toBe(403);
    }
    const allowed = await get(
      'clientNoSsn',
      `/portal/v1/organizations/${org!.organization_no}/employees?memberId=${target.generated_id}`,
    );
    expect(allowed.statusCode).toBe(200);
  });

  it('stores SSNs encrypted and hashed, never as digits', async () => {
    const protector = ssnProtector();
    const rows = [...(await allEmployees()), ...(await allDependents())].filter(
      (r) => r.ssn_encrypted,
    );
    expect(rows.length).toBeGreaterThan(1000);
    const seen = new Set<string>();
    for (const row of rows.slice(0, 500)) {
      const digits = protector.decrypt(row.ssn_encrypted!);
      expect(digits).toMatch(/^(?!000|666|9)\d{3}(?!00)\d{2}(?!0000)\d{4}$/);
      expect(Buffer.from(row.ssn_encrypted!).toString('latin1')).not.toContain(digits);
      expect(Buffer.from(row.ssn_hash!).equals(protector.searchHash(digits))).toBe(true);
      seen.add(digits);
    }
    expect(seen.size).toBe(Math.min(rows.length, 500));
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
       where table_name in ('employee', 'dependent') and column_name like '%ssn%'
       order by 1, 2`.execute(t.ctx.db);
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual([
      'dependent.ssn_encrypted',
      'dependent.ssn_hash',
      'employee.ssn_encrypted',
      'employee.ssn_hash',
    ]);
  });
});

describe('GET /portal/v1/dependents', () => {
  it('finds dependents by name and status, each linked to its member', async () => {
    const body = await dependents('superAdmin', 'name=m&processStatus=active&limit=100');
    const today = todayIso();
    const expected = (await allDependents()).filter(
      (d) =>
        d.last_name.toLowerCase().startsWith('m') &&
        memberStatusKey(d.process_status, d.expiration_date, today) !== 'terminated',
    );
    expect(body.totalCount).toBe(expected.length);
    const employeesByNo = new Map((await allEmployees()).map((e) => [e.employee_no, e]));
    for (const row of body.data) {
      expect(row).not.toHaveProperty('ssn');
      expect(employeesByNo.get(row.employeeNo)?.organization_no).toBe(row.organizationNo);
      expect(row.relationship).toBeGreaterThanOrEqual(2);
      expect(row.relationshipLabel).not.toBe('Unknown');
    }
  });

  it('finds the dependents of one member by the member ID', async () => {
    const rows = await allDependents();
    const employeeNo = rows[0]!.employee_no;
    const member = (await allEmployees()).find((e) => e.employee_no === employeeNo)!;
    const body = await dependents('superAdmin', `memberId=${member.generated_id}`);
    expect(body.data.map((r) => r.dependentNo).sort((a, b) => a - b)).toEqual(
      rows
        .filter((d) => d.employee_no === employeeNo)
        .map((d) => d.dependent_no)
        .sort((a, b) => a - b),
    );
  });

  it('keeps the two-field rule', async () => {
    const response = await get('superAdmin', '/portal/v1/dependents?birthDate=2010-01-01');
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().params).toEqual({ search: MEMBER_SEARCH_RULE_MESSAGE });
  });

  it('scopes like the employees: broker organizations, client groups', async () => {
    const own = await brokerOrganizations();
    const broker = await dependents('broker', 'name=a&processStatus=active&limit=100');
    expect(broker.totalCount).toBeGreaterThan(0);
    expect(broker.data.every((r) => own.includes(r.organizationNo))).toBe(true);

    const scope = await clientScope();
    const groupOf = new Map((await allEmployees()).map((e) => [e.employee_no, e.benefit_group_no]));
    const expected = (await allDependents()).filter(
      (d) =>
        d.organization_no === scope.organizationNo &&
        scope.groups.includes(groupOf.get(d.employee_no)!),
    );
    const client = await dependents('client', `organizationNo=${scope.organizationNo}&limit=100`);
    expect(client.totalCount).toBe(expected.length);
    expect(client.data.every((r) => scope.groups.includes(groupOf.get(r.employeeNo)!))).toBe(true);
  });

  it('sorts by relationship', async () => {
    const [org] = await organizations();
    const body = await dependents(
      'superAdmin',
      `organizationNo=${org!.organization_no}&sort=relationship:desc&limit=100`,
    );
    const codes = body.data.map((r) => r.relationship);
    expect(codes).toEqual([...codes].sort((a, b) => b - a));
  });
});

describe('GET /portal/v1/organizations/{orgId}/employees and /dependents', () => {
  it("lists the organization's members without the two-field rule", async () => {
    const [org] = await organizations();
    const response = await get(
      'accountManager',
      `/portal/v1/organizations/${org!.organization_no}/employees?limit=100`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<Page<EmployeeSearchRow>>();
    const rows = (await allEmployees()).filter((e) => e.organization_no === org!.organization_no);
    expect(body.totalCount).toBe(rows.length);
    expect(body.data.every((r) => r.organizationNo === org!.organization_no)).toBe(true);

    const deps = await get(
      'accountManager',
      `/portal/v1/organizations/${org!.organization_no}/dependents?limit=100`,
    );
    expect(deps.statusCode).toBe(200);
    expect(deps.json<Page<DependentSearchRow>>().totalCount).toBe(
      (await allDependents()).filter((d) => d.organization_no === org!.organization_no).length,
    );
  });

  it('filters by group, ID, status and dates within the organization', async () => {
    const [org] = await organizations();
    const rows = (await allEmployees()).filter((e) => e.organization_no === org!.organization_no);
    const target = rows[3]!;
    const base = `/portal/v1/organizations/${org!.organization_no}/employees`;
    const byGroup = await get('superAdmin', `${base}?groupNo=${target.benefit_group_no}&limit=100`);
    expect(byGroup.json<Page<EmployeeSearchRow>>().totalCount).toBe(
      rows.filter((e) => e.benefit_group_no === target.benefit_group_no).length,
    );
    const byId = await get('superAdmin', `${base}?memberId=${target.generated_id}`);
    expect(byId.json<Page<EmployeeSearchRow>>().data.map((r) => r.employeeNo)).toEqual([
      target.employee_no,
    ]);
    const byBirth = await get('superAdmin', `${base}?birthDate=${target.birthdate}`);
    expect(byBirth.json<Page<EmployeeSearchRow>>().data.map((r) => r.employeeNo)).toContain(
      target.employee_no,
    );
    // The query's organizationNo is not this route's: the path decides.
    const other = (await organizations())[1]!.organization_no;
    const ignored = await get('superAdmin', `${base}?organizationNo=${other}&limit=1`);
    expect(ignored.json<Page<EmployeeSearchRow>>().totalCount).toBe(rows.length);
  });

  it('answers 404 outside the scope and for an unknown organization, 400 for a bad id', async () => {
    const third = (await organizations())[2]!.organization_no;
    for (const kind of ['employees', 'dependents']) {
      const outside = await get('broker', `/portal/v1/organizations/${third}/${kind}`);
      expect(outside.statusCode).toBe(404);
      expect(outside.json<Problem>().title).toBe('Not Found');
      const unknown = await get('superAdmin', `/portal/v1/organizations/999999/${kind}`);
      expect(unknown.statusCode).toBe(404);
      const bad = await get('superAdmin', `/portal/v1/organizations/abc/${kind}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<Problem>().params).toHaveProperty('orgId');
    }
  });

  it("gives a group-restricted client only its groups' members and dependents", async () => {
    const scope = await clientScope();
    const base = `/portal/v1/organizations/${scope.organizationNo}`;
    const emp = (await get('client', `${base}/employees?limit=100`)).json<
      Page<EmployeeSearchRow>
    >();
    const expected = (await allEmployees()).filter(
      (e) =>
        e.organization_no === scope.organizationNo && scope.groups.includes(e.benefit_group_no),
    );
    expect(emp.totalCount).toBe(expected.length);
    const unrestricted = (await get('clientNoSsn', `${base}/employees?limit=100`)).json<
      Page<EmployeeSearchRow>
    >();
    expect(unrestricted.totalCount).toBeGreaterThan(emp.totalCount);
  });
});

describe('GET /portal/v1/employees/count', () => {
  it('counts the employees each persona may see', async () => {
    const rows = await allEmployees();
    const own = await brokerOrganizations();
    const scope = await clientScope();
    const expected: [PersonaKey, number][] = [
      ['superAdmin', rows.length],
      ['accountManager', rows.length],
      ['broker', rows.filter((e) => own.includes(e.organization_no)).length],
      [
        'client',
        rows.filter(
          (e) =>
            e.organization_no === scope.organizationNo && scope.groups.includes(e.benefit_group_no),
        ).length,
      ],
      ['clientNoSsn', rows.filter((e) => e.organization_no === scope.organizationNo).length],
    ];
    for (const [persona, count] of expected) {
      const response = await get(persona, '/portal/v1/employees/count');
      expect(response.statusCode).toBe(200);
      expect(response.json(), persona).toEqual({ count });
    }
    expect((await get('agent', '/portal/v1/employees/count')).statusCode).toBe(403);
  });
});

describe('SSNs never leave the server', () => {
  it('appear in no answer and no log line', async () => {
    expect(searchedSsns.size).toBeGreaterThanOrEqual(2);
    expect(logLines.length).toBeGreaterThan(10);
    const everything = [...bodies, ...logLines].join('\n');
    for (const digits of searchedSsns) {
      expect(everything).not.toContain(digits);
      expect(everything).not.toContain(formatSsn(digits));
    }
    expect(logLines.join('\n')).toContain('ssn=%5Bredacted%5D');
    // No SSN-like field in any answer, not even a masked one (a 400 may name the ssn field).
    for (const body of bodies) expect(body).not.toMatch(/"ssn[^"]*"\s*:\s*"[\dX]/i);
  });
});
