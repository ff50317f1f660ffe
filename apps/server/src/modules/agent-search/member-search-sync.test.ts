import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AgentSearchRow, Page } from '@pillar/domain';
import type { PersonaKey } from '../../seed/personas.ts';
import { createRandomFor } from '../../seed/seed-context.ts';
import { seedMembers } from '../../seed/members.ts';
import { expectMemberSearchInStep } from '../../test/member-search.ts';
import { given, type UserHandle } from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * Find Member reads the people table `member_search` (migration 0017, decision 0110), which
 * the database's triggers keep in step with employee and dependent. Each test makes one kind of
 * write and asks Find Member, so a trigger that misses a column or a write path fails here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function found(as: PersonaKey | UserHandle, query: string) {
  const response = await t.injectAs(as, { method: 'GET', url: `/msr-search/v1/records?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<AgentSearchRow>>();
}

/** Rows as "employeeNo/dependentNo". */
async function keys(as: PersonaKey | UserHandle, query: string): Promise<string[]> {
  return (await found(as, query)).data.map((r) => `${r.employeeNo}/${r.dependentNo ?? '-'}`);
}

async function write(method: 'PUT' | 'PATCH' | 'POST', url: string, payload: object) {
  const response = await t.injectAs('accountManager', {
    method,
    url,
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

const address = { address1: '4 Quay St', city: 'Akron', state: 'OH', zip: '44302' };

describe('Find Member follows every write to employees and dependents', () => {
  it('an employee renamed, born on another day, moved elsewhere, with a new zip code', async () => {
    const { employee, dependent } = await given(t)
      .organization()
      .group()
      .employee({
        firstName: 'Orla',
        lastName: 'Vendrick',
        birthdate: '1970-01-02',
        body: { ...address, zip: '44301' },
      })
      .dependent({ firstName: 'Pim', lastName: 'Vendrick', birthdate: '2011-05-06' })
      .build();
    const me = `${employee.employeeNo}/-`;
    const child = `${employee.employeeNo}/${dependent.dependentNo}`;
    expect(await keys('agent', 'lastname=vendrick&birthdate=1970-01-02')).toEqual([me]);

    await write('PUT', employee.url, {
      firstName: 'Orlagh',
      lastName: 'Wendrick',
      birthdate: '1970-02-03',
      gender: 'F',
      ...address,
    });
    expect(await keys('agent', 'lastname=vendrick&birthdate=1970-01-02')).toEqual([]);
    expect(await keys('agent', 'lastname=wendrick&birthdate=1970-02-03')).toEqual([me]);
    expect(await keys('agent', 'lastname=wendrick&firstname=orlagh')).toEqual([me]);
    // The child's name is its own; it still lives at the member's address, now 44302.
    expect(await keys('agent', 'lastname=vendrick&firstname=pim')).toEqual([child]);
    const page = await found('agent', 'lastname=vendrick&birthdate=2011-05-06');
    expect(page.data).toMatchObject([{ dependentNo: dependent.dependentNo, zipCode: '44302' }]);
    await expectMemberSearchInStep(t.ctx.db);
  });

  it('a dependent added, edited and deleted, and an employee deleted with its family', async () => {
    const { employee } = await given(t)
      .organization()
      .group()
      .employee({
        firstName: 'Brann',
        lastName: 'Ostrowe',
        birthdate: '1969-07-08',
        effectiveDate: '2020-01-01',
      })
      .build();
    const created = await write('POST', `${employee.url}/dependents`, {
      firstName: 'Kit',
      lastName: 'Ostrowe',
      birthdate: '2012-03-04',
      gender: 'M',
      relationship: 3,
      effectiveDate: '2022-01-01',
    });
    const dependentNo = created.json<{ dependentNo: number }>().dependentNo;
    const child = `${employee.employeeNo}/${dependentNo}`;
    expect(await keys('agent', 'lastname=ostrowe&firstname=kit')).toEqual([child]);
    expect(await keys('agent', `memberId=${employee.detail.generatedId}`)).toEqual([
      `${employee.employeeNo}/-`,
      child,
    ]);

    await write('PUT', `${employee.url}/dependents/${dependentNo}`, {
      firstName: 'Kitt',
      lastName: 'Ostrowe-Hale',
      birthdate: '2012-04-05',
      gender: 'M',
      relationship: 3,
    });
    expect(await keys('agent', 'lastname=ostrowe&firstname=kit&birthdate=2012-03-04')).toEqual([]);
    expect(await keys('agent', 'lastname=ostrowe-hale&birthdate=2012-04-05')).toEqual([child]);
    await expectMemberSearchInStep(t.ctx.db);

    // No API deletes a member; an import or an operator may: the rows go with them.
    await t.ctx.db.deleteFrom('dependent').where('dependent_no', '=', dependentNo).execute();
    expect(await keys('agent', 'lastname=ostrowe&confirmOneField=true')).toEqual([
      `${employee.employeeNo}/-`,
    ]);
    await t.ctx.db.deleteFrom('employee').where('employee_no', '=', employee.employeeNo).execute();
    expect(await keys('agent', 'lastname=ostrowe&confirmOneField=true')).toEqual([]);
    await expectMemberSearchInStep(t.ctx.db);
  });

  it("a group move takes the family into and out of a group-restricted agent's scope", async () => {
    const built = await given(t)
      .organization()
      .group()
      .group()
      .employee({ firstName: 'Sabe', lastName: 'Quillfeather', birthdate: '1975-09-10' })
      .dependent({ firstName: 'Ione', lastName: 'Quillfeather', birthdate: '2010-01-01' })
      .user({ type: 'broker', roles: ['agent'], groups: [0] })
      .build();
    const { employee, dependent, groups, user } = built;
    const family = [`${employee.employeeNo}/-`, `${employee.employeeNo}/${dependent.dependentNo}`];
    const query = 'lastname=quillfeather&confirmOneField=true';
    // given() puts the member in the last group built: outside the agent's first group.
    expect(employee.benefitGroupNo).toBe(groups[1]!.benefitGroupNo);
    expect(await keys(user, query)).toEqual([]);
    expect(await keys('agent', query)).toHaveLength(2);

    await write('PATCH', `${employee.url}/group`, {
      benefitGroupId: groups[0]!.benefitGroupNo,
      changeDate: '2024-05-01',
    });
    expect((await keys(user, query)).sort()).toEqual([...family].sort());
    await write('PATCH', `${employee.url}/group`, {
      benefitGroupId: groups[1]!.benefitGroupNo,
      changeDate: '2024-06-01',
    });
    expect(await keys(user, query)).toEqual([]);
    await expectMemberSearchInStep(t.ctx.db);
  });

  it('a termination shows in the status the search answers', async () => {
    const { employee } = await given(t)
      .organization()
      .group()
      .employee({
        firstName: 'Tobin',
        lastName: 'Marchbank',
        birthdate: '1966-06-06',
        effectiveDate: '2020-01-01',
      })
      .build();
    const before = await found('agent', 'lastname=marchbank&birthdate=1966-06-06');
    expect(before.data).toMatchObject([{ status: 'active', expirationDate: null }]);
    await write('PUT', `${employee.url}/termination`, { terminationDate: '2020-06-30' });
    const after = await found('agent', 'lastname=marchbank&birthdate=1966-06-06');
    expect(after.data).toMatchObject([{ expirationDate: '2020-06-30' }]);
    expect(after.data[0]!.status).not.toBe('active');
    await expectMemberSearchInStep(t.ctx.db);
  });

  it("the seed's bulk load (triggers set aside) leaves the table rebuilt and searchable", async () => {
    const organizations = await t.ctx.db
      .selectFrom('organization')
      .select(['organization_no', 'name', 'process_status', 'effective_date', 'expiration_date'])
      .orderBy('organization_no')
      .limit(3)
      .execute();
    const before = await sql<{
      n: number;
    }>`select max(employee_no)::int as n from employee`.execute(t.ctx.db);
    await seedMembers(
      t.ctx.db,
      {
        today: '2026-11-01',
        organizations,
        userNos: new Map(),
        scale: { organizations: organizations.length, employees: 60 },
        randomFor: createRandomFor(11),
        ssnKey: t.ctx.secrets.ssnKey,
      },
      { bulk: true },
    );
    const loaded = await sql<{ n: number }>`
      select count(*)::int as n from member_search where employee_no > ${before.rows[0]!.n}`.execute(
      t.ctx.db,
    );
    const people = await sql<{ n: number }>`
      select (select count(*) from employee where employee_no > ${before.rows[0]!.n})
           + (select count(*) from dependent where employee_no > ${before.rows[0]!.n}) as n`.execute(
      t.ctx.db,
    );
    expect(loaded.rows[0]!.n).toBeGreaterThan(60);
    expect(loaded.rows[0]!.n).toBe(Number(people.rows[0]!.n));
    const someone = await t.ctx.db
      .selectFrom('dependent')
      .select(['dependent_no', 'employee_no', 'last_name', 'birthdate'])
      .where('employee_no', '>', before.rows[0]!.n)
      .orderBy('dependent_no')
      .executeTakeFirstOrThrow();
    const page = await found(
      'agent',
      `lastname=${encodeURIComponent(someone.last_name)}&birthdate=${someone.birthdate}`,
    );
    expect(page.data.map((r) => r.dependentNo)).toContain(someone.dependent_no);
    // The triggers are back on: a write after the load is followed.
    await t.ctx.db
      .updateTable('dependent')
      .set({ last_name: 'Zyxwvutsr' })
      .where('dependent_no', '=', someone.dependent_no)
      .execute();
    expect(await keys('agent', `lastname=zyxwvutsr&birthdate=${someone.birthdate}`)).toEqual([
      `${someone.employee_no}/${someone.dependent_no}`,
    ]);
    await expectMemberSearchInStep(t.ctx.db);
  });
});
