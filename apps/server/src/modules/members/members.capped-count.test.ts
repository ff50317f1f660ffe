import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_CAP, type EmployeeSearchRow, type Page } from '@pillar/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

/** `count` active employees named `lastName`, first names numbered, in the first organization. */
async function addEmployees(lastName: string, count: number, idPrefix: string) {
  await sql`
    insert into employee (organization_no, benefit_group_no, group_effective_date, first_name,
      last_name, birthdate, gender, generated_id, effective_date, original_effective_date,
      process_status, person_code)
    select e.organization_no, e.benefit_group_no, e.group_effective_date, 'Num' || g,
      ${lastName}, '1980-01-01', 'U', ${idPrefix} || g, e.effective_date,
      e.original_effective_date, 1, 1
    from (select * from employee order by employee_no limit 1) e, generate_series(1, ${count}) g
  `.execute(t.ctx.db);
}

/** `count` active dependents named `lastName`, under the first employee. */
async function addDependents(lastName: string, count: number) {
  await sql`
    insert into dependent (employee_no, organization_no, relationship, first_name, last_name,
      birthdate, gender, effective_date, original_effective_date, process_status, person_code)
    select e.employee_no, e.organization_no, 3, 'Num' || g, ${lastName}, '2010-01-01', 'U',
      e.effective_date, e.original_effective_date, 1, 2
    from (select * from employee order by employee_no limit 1) e, generate_series(1, ${count}) g
  `.execute(t.ctx.db);
}

beforeAll(async () => {
  t = await createTestApp();
  await addEmployees('Capcount', SEARCH_COUNT_CAP + 5, 'PLCAPA');
  await addEmployees('Capexact', SEARCH_COUNT_CAP, 'PLCAPB');
  await addDependents('Capdependent', SEARCH_COUNT_CAP + 1);
});
afterAll(async () => {
  await t?.close();
});

async function search(url: string) {
  const response = await t.injectAs('superAdmin', { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<EmployeeSearchRow>>();
}

// A broad search stops counting at the cap (docs/performance.md: counting every match of a
// name prefix over millions of members was most of the search's database time).
describe('the member search total past 1,000 matches', () => {
  it('answers 1,000 and says it stopped counting', async () => {
    const page = await search('/portal/v1/employees?name=capcount&processStatus=active');
    expect(page.data).toHaveLength(20);
    expect(page.totalCount).toBe(SEARCH_COUNT_CAP);
    expect(page.totalCountCapped).toBe(true);
  });

  it('keeps the cap on later pages, and the last counted page is full', async () => {
    const page = await search(
      '/portal/v1/employees?name=capcount&processStatus=active&offset=980&limit=20',
    );
    expect(page.data).toHaveLength(20);
    expect(page.totalCount).toBe(SEARCH_COUNT_CAP);
    expect(page.totalCountCapped).toBe(true);
  });

  it('counts to the end of a page past the cap, exactly when the rows end there', async () => {
    const page = await search(
      '/portal/v1/employees?name=capcount&processStatus=active&offset=1000&limit=20',
    );
    expect(page.data.map((row) => row.lastName)).toEqual(Array(5).fill('Capcount'));
    expect(page.totalCount).toBe(SEARCH_COUNT_CAP + 5);
    expect(page).not.toHaveProperty('totalCountCapped');
  });

  it('answers an exact total, without the flag, up to the cap itself', async () => {
    const exact = await search('/portal/v1/employees?name=capexact&processStatus=active');
    expect(exact.totalCount).toBe(SEARCH_COUNT_CAP);
    expect(exact).not.toHaveProperty('totalCountCapped');
    const one = await search('/portal/v1/employees?memberId=PLCAPA7');
    expect(one.totalCount).toBe(1);
    expect(one).not.toHaveProperty('totalCountCapped');
  });

  it('caps the organization route the same way', async () => {
    const orgNo = (
      await t.ctx.db
        .selectFrom('employee')
        .select('organization_no')
        .where('last_name', '=', 'Capcount')
        .executeTakeFirstOrThrow()
    ).organization_no;
    const inOrganization = await search(
      `/portal/v1/organizations/${orgNo}/employees?name=capcount`,
    );
    expect(inOrganization.totalCount).toBe(SEARCH_COUNT_CAP);
    expect(inOrganization.totalCountCapped).toBe(true);
  });

  it('caps the dependent search the same way', async () => {
    const page = await search('/portal/v1/dependents?name=capdependent&processStatus=active');
    expect(page.data).toHaveLength(20);
    expect(page.totalCount).toBe(SEARCH_COUNT_CAP);
    expect(page.totalCountCapped).toBe(true);
  });
});
