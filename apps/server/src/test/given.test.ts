import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRole, type DependentDetail, type EmployeeDetail } from '@pillar/domain';
import { given } from './given.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The scenario builders write what they promise, as the application would (testing.md). */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ organizations: 5 });
});
afterAll(async () => {
  await t?.close();
});

describe('given', () => {
  it('builds a terminated member with a dependent, both ended by the termination', async () => {
    const { organization, group, employee, dependent } = await given(t)
      .organization({ supportsDivisions: true, clientId: { minimumLength: 6 } })
      .group()
      .employee({ terminationDate: '2025-01-31' })
      .dependent({ relationship: 2 })
      .build();
    expect(organization.row).toMatchObject({
      supports_divisions: true,
      client_id_minimum_length: 6,
      process_status: 1,
    });
    expect(employee.detail).toMatchObject({
      groupNo: group.benefitGroupNo,
      processStatus: 9,
      expirationDate: '2025-01-31',
    });
    const read = await t.injectAs('accountManager', { method: 'GET', url: dependent.url });
    expect(read.json<DependentDetail>()).toMatchObject({
      relationship: 2,
      processStatus: 9,
      expirationDate: '2025-01-31',
    });
    const events = await t.ctx.db
      .selectFrom('member_change_history')
      .select('event')
      .where('employee_no', '=', employee.employeeNo)
      .where('dependent_no', 'is', null)
      .execute();
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(['create', 'terminate']));
  });

  it('stores the SSN encrypted, as the API reveals it', async () => {
    const { employee } = await given(t).organization().group().employee().build();
    expect(employee.ssn).toMatch(/^\d{9}$/);
    const row = await t.ctx.db
      .selectFrom('employee')
      .select('ssn_encrypted')
      .where('employee_no', '=', employee.employeeNo)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.ssn_encrypted!).toString('latin1')).not.toContain(employee.ssn);
    const revealed = await t.injectAs('accountManager', {
      method: 'GET',
      url: `${employee.url}/ssn`,
    });
    const digits = employee.ssn!;
    expect(revealed.json()).toEqual({
      ssn: `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`,
    });
  });

  it('grants a persona the organization, restricted to the groups named', async () => {
    const { employees, groups } = await given(t)
      .organization()
      .group()
      .employee()
      .group({ status: 9, expirationDate: '2024-06-30' })
      .employee()
      .grant('client', { groups: [0] })
      .build();
    const [seen, hidden] = employees;
    expect((await t.injectAs('client', { method: 'GET', url: seen!.url })).statusCode).toBe(200);
    expect((await t.injectAs('client', { method: 'GET', url: hidden!.url })).statusCode).toBe(404);
    // The group ended after its member was written.
    expect(groups[1]!.row).toMatchObject({ process_status: 9, expiration_date: '2024-06-30' });
    const member = await t.injectAs('accountManager', { method: 'GET', url: hidden!.url });
    expect(member.json<EmployeeDetail>().groupProcessStatus).toBe(9);
    expect((await t.injectAs('broker', { method: 'GET', url: seen!.url })).statusCode).toBe(404);
  });

  it('builds users of each type with their roles, organization and groups, ready to call', async () => {
    const { employees, users } = await given(t)
      .organization()
      .group()
      .employee()
      .group()
      .employee()
      .user({ type: 'client', groups: [0], roles: ['clientViewEligibility', 'clientFiles'] })
      .user({ type: 'broker' })
      .user({ type: 'internal', roles: ['accountManager'], allOrganizations: true })
      .user({ type: 'client', active: false })
      .build();
    const [seen, hidden] = employees;
    const [client, broker, internal, inactive] = users;
    const claims = await t.injectAs(client!, { method: 'GET', url: '/authorization/v1/claims' });
    expect(claims.statusCode, claims.body).toBe(200);
    expect(claims.json()).toMatchObject({ userType: 'c' });
    expect((await t.injectAs(client!, { method: 'GET', url: seen!.url })).statusCode).toBe(200);
    expect((await t.injectAs(client!, { method: 'GET', url: hidden!.url })).statusCode).toBe(404);
    // Unrestricted, the broker sees both groups; the internal user sees every organization.
    expect((await t.injectAs(broker!, { method: 'GET', url: hidden!.url })).statusCode).toBe(200);
    expect((await t.injectAs(internal!, { method: 'GET', url: hidden!.url })).statusCode).toBe(200);
    expect(internal!.organizationNos).toEqual([]);
    expect(broker!.organizationNos).toEqual([seen!.organizationNo]);
    const detail = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/users/${client!.userNo}`,
    });
    const read = detail.json<{ username: string; type: string; roles: { id: number }[] }>();
    expect(read).toMatchObject({ username: client!.username, type: 'client' });
    expect(read.roles.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [findRole('clientViewEligibility')!.id, findRole('clientFiles')!.id].sort((a, b) => a - b),
    );
    // A deactivated user's token is refused.
    expect((await t.injectAs(inactive!, { method: 'GET', url: seen!.url })).statusCode).toBe(401);
  });

  it('uploads a file of the organization to the recipients named', async () => {
    const { file } = await given(t)
      .organization()
      .grant('broker')
      .file({ name: 'renewal.txt', content: 'Renewal terms.\n', recipients: ['broker'] })
      .build();
    const download = await t.injectAs('broker', {
      method: 'GET',
      url: `/portal/v1/files/${file.fileId}/download`,
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toBe('Renewal terms.\n');
    const outsider = await t.injectAs('client', {
      method: 'GET',
      url: `/portal/v1/files/${file.fileId}/download`,
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('never repeats a name or an SSN', async () => {
    const { employees, organizations } = await given(t)
      .organization()
      .group()
      .employee()
      .employee()
      .organization()
      .group()
      .employee()
      .build();
    expect(new Set(employees.map((e) => e.ssn)).size).toBe(3);
    expect(new Set(employees.map((e) => e.detail.lastName)).size).toBe(3);
    expect(organizations[0]!.name).not.toBe(organizations[1]!.name);
  });
});
