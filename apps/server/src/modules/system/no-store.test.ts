import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 10, security 5 (a): answers carrying health data are never stored by a cache. */

let t: TestApp;
let employee: string;
let dependent: string;

beforeAll(async () => {
  t = await createTestApp();
  const row = await t.ctx.db
    .selectFrom('dependent as d')
    .innerJoin('employee as e', 'e.employee_no', 'd.employee_no')
    .select(['e.organization_no', 'e.employee_no', 'd.dependent_no'])
    .where('e.ssn_encrypted', 'is not', null)
    .orderBy('d.dependent_no')
    .executeTakeFirstOrThrow();
  employee = `/portal/v1/organizations/${row.organization_no}/employees/${row.employee_no}`;
  dependent = `${employee}/dependents/${row.dependent_no}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('Cache-Control on API answers', () => {
  it('is no-store on member, dependent, SSN, coverage and search answers', async () => {
    for (const url of [
      employee,
      `${employee}/ssn`,
      dependent,
      `${dependent}/ssn`,
      `${employee}/coverages`,
      '/portal/v1/employees?name=smith&processStatus=active',
      '/portal/v1/dependents?name=smith&processStatus=active',
      '/authorization/v1/users',
    ]) {
      const response = await t.injectAs('superAdmin', { method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on refusals too, which can name what exists', async () => {
    const unsigned = await t.app.inject({ method: 'GET', url: employee });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.headers['cache-control']).toBe('no-store');
    const outside = await t.injectAs('client', {
      method: 'GET',
      url: '/portal/v1/organizations/2147483647/employees/1',
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.headers['cache-control']).toBe('no-store');
  });

  it('leaves a route its own choice, and pages outside the API alone', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.headers['cache-control']).toBe('no-cache');
  });
});
