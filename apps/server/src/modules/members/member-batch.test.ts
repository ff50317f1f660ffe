import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expectMemberSearchInStep } from '../../test/member-search.ts';
import { given } from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  insertDependentsBatch,
  updateEmployeesBatch,
  lockEmployeesBatch,
  type NewDependentValues,
} from './member-batch.repo.ts';
import { writeMemberHistoryBatch } from './member-history-batch.ts';

/*
 * The members module's set-based writes (decision 0128) as migration 0039 and decision 0148 left
 * them: the new dependents' numbers taken with the rows, the organization held by the dependent's
 * key to its employee, and member_change_history's members checked once per statement.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ssnBytes = () => new Uint8Array(randomBytes(32));

function dependent(employeeNo: number, firstName: string): NewDependentValues {
  return {
    employee_no: employeeNo,
    first_name: firstName,
    last_name: 'Batchley',
    birthdate: '2014-02-03',
    gender: 'F',
    relationship: 3,
    process_status: 1,
    expiration_date: null,
    effective_date: '2024-01-01',
    alternate_benefit_group_no: null,
    alternate_group_effective_date: null,
    ssn_hash: ssnBytes(),
    ssn_encrypted: ssnBytes(),
  };
}

describe('member batch writes', () => {
  it('new dependents get their numbers in the order given, each with its own row and people row', async () => {
    const { employees, organization } = await given(t)
      .organization()
      .group()
      .employee({ lastName: 'Batchley' })
      .employee({ lastName: 'Batchley' })
      .build();
    const [a, b] = employees;
    const values = [
      dependent(a!.employeeNo, 'Ada'),
      dependent(b!.employeeNo, 'Bea'),
      dependent(a!.employeeNo, 'Cai'),
      dependent(b!.employeeNo, 'Dov'),
    ];
    const numbers = await t.ctx.db
      .transaction()
      .execute((trx) => insertDependentsBatch(trx, organization.organizationNo, 1, values));
    expect(numbers).toHaveLength(4);
    expect(new Set(numbers).size).toBe(4);
    const { rows } = await sql<{ dependent_no: number; employee_no: number; first_name: string }>`
      select dependent_no, employee_no, first_name from dependent
      where dependent_no = any(${numbers}::int[])`.execute(t.ctx.db);
    const byNo = new Map(rows.map((r) => [r.dependent_no, r]));
    numbers.forEach((no, i) => {
      expect(byNo.get(no)).toMatchObject({
        employee_no: values[i]!.employee_no,
        first_name: values[i]!.first_name,
      });
    });
    await expectMemberSearchInStep(t.ctx.db);
  });

  it("refuses a new dependent of another organization's employee, writing none of the batch", async () => {
    const mine = await given(t).organization().group().employee().build();
    const theirs = await given(t).organization().group().employee().build();
    const before = await sql<{ n: number }>`
      select count(*)::int as n from dependent where employee_no = any(${[
        mine.employee.employeeNo,
        theirs.employee.employeeNo,
      ]}::int[])`.execute(t.ctx.db);
    await expect(
      t.ctx.db
        .transaction()
        .execute((trx) =>
          insertDependentsBatch(trx, mine.organization.organizationNo, 1, [
            dependent(mine.employee.employeeNo, 'Eli'),
            dependent(theirs.employee.employeeNo, 'Fay'),
          ]),
        ),
    ).rejects.toMatchObject({ code: '23503' });
    const after = await sql<{ n: number }>`
      select count(*)::int as n from dependent where employee_no = any(${[
        mine.employee.employeeNo,
        theirs.employee.employeeNo,
      ]}::int[])`.execute(t.ctx.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("rewrites only the organization's employees", async () => {
    const mine = await given(t).organization().group().employee({ lastName: 'Mine' }).build();
    const theirs = await given(t).organization().group().employee({ lastName: 'Theirs' }).build();
    await t.ctx.db.transaction().execute(async (trx) => {
      const [m] = await lockEmployeesBatch(trx, mine.organization.organizationNo, [
        mine.employee.employeeNo,
      ]);
      const [o] = await lockEmployeesBatch(trx, theirs.organization.organizationNo, [
        theirs.employee.employeeNo,
      ]);
      await updateEmployeesBatch(trx, mine.organization.organizationNo, 1, [
        { ...m!, last_name: 'Renamed' },
        { ...o!, last_name: 'Renamed' },
      ]);
    });
    const { rows } = await sql<{ employee_no: number; last_name: string }>`
      select employee_no, last_name from employee
      where employee_no = any(${[mine.employee.employeeNo, theirs.employee.employeeNo]}::int[])
      order by employee_no`.execute(t.ctx.db);
    expect(new Map(rows.map((r) => [r.employee_no, r.last_name]))).toEqual(
      new Map([
        [mine.employee.employeeNo, 'Renamed'],
        [theirs.employee.employeeNo, 'Theirs'],
      ]),
    );
    await expectMemberSearchInStep(t.ctx.db);
  });

  it('refuses history rows naming no employee or no dependent (one check per statement), and a deleted member takes its rows along', async () => {
    const { employee, dependent: child } = await given(t)
      .organization()
      .group()
      .employee()
      .dependent()
      .build();
    const entry = (employeeNo: number, dependentNo: number | null) => ({
      employeeNo,
      dependentNo,
      event: 'update' as const,
      changes: [{ field: 'firstName', oldValue: 'A', newValue: 'B' }],
    });
    const write = (entries: ReturnType<typeof entry>[]) =>
      t.ctx.db.transaction().execute((trx) => writeMemberHistoryBatch(trx, 1, entries));
    const missing = 2_000_000_000;
    await expect(
      write([entry(employee.employeeNo, null), entry(missing, null)]),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(
      write([entry(employee.employeeNo, child.dependentNo), entry(employee.employeeNo, missing)]),
    ).rejects.toMatchObject({ code: '23503' });
    const count = async (where: ReturnType<typeof sql>) =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from member_change_history where ${where}`.execute(t.ctx.db)
      ).rows[0]!.n;
    const ofEmployee = sql`employee_no = ${employee.employeeNo}`;
    const ofChild = sql`dependent_no = ${child.dependentNo}`;
    const before = await count(ofEmployee);
    expect(
      await write([
        entry(employee.employeeNo, null),
        entry(employee.employeeNo, child.dependentNo),
      ]),
    ).toBe(2);
    expect(await count(ofEmployee)).toBe(before + 2);
    expect(await count(ofChild)).toBeGreaterThan(0);

    await t.ctx.db.deleteFrom('dependent').where('dependent_no', '=', child.dependentNo).execute();
    expect(await count(ofChild)).toBe(0);
    expect(await count(ofEmployee)).toBeGreaterThan(0);
    await t.ctx.db.deleteFrom('employee').where('employee_no', '=', employee.employeeNo).execute();
    expect(await count(ofEmployee)).toBe(0);
  });

  it("an employee deleted with its family takes the family's people rows along (migration 0040)", async () => {
    const { employee, dependents } = await given(t)
      .organization()
      .group()
      .employee()
      .dependent()
      .dependent()
      .build();
    const people = async () =>
      (
        await sql<{ n: number }>`
          select count(*)::int as n from member_search
          where (kind = 0 and member_no = ${employee.employeeNo})
             or (kind = 1 and member_no = any(${dependents.map((d) => d.dependentNo)}::int[]))`.execute(
          t.ctx.db,
        )
      ).rows[0]!.n;
    expect(await people()).toBe(3);
    await t.ctx.db.deleteFrom('employee').where('employee_no', '=', employee.employeeNo).execute();
    expect(await people()).toBe(0);
    await expectMemberSearchInStep(t.ctx.db);
  });
});
