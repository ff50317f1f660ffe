import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  memberStatusKey,
  phoneSchema,
  zipSchema,
} from '@pillar/domain';
import { createSsnProtector, isIssuableSsn } from '../platform/crypto/ssn.ts';
import { createRandomFor } from './seed-context.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { generatedIdFor } from '../modules/members/index.ts';
import { seedMembers } from './members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SEED_TODAY = '2026-11-01';

describe('generatedIdFor', () => {
  it('gives PL and nine digits, distinct for distinct employees', () => {
    const ids = new Set<string>();
    for (let n = 1; n <= 200_000; n++) ids.add(generatedIdFor(n));
    expect(ids.size).toBe(200_000);
    for (const n of [1, 999_999_999, 123_456_789]) expect(generatedIdFor(n)).toMatch(/^PL\d{9}$/);
    expect(generatedIdFor(999_999_999)).not.toBe(generatedIdFor(1));
    expect(() => generatedIdFor(0)).toThrow();
    expect(() => generatedIdFor(1_000_000_000)).toThrow();
  });
});

describe('the demo members', () => {
  it('fill every organization with 15-40 employees in its own groups', async () => {
    const { rows } = await sql<{ organization_no: number; n: number; foreign: number }>`
      select o.organization_no, count(e.employee_no)::int as n,
             count(*) filter (where g.organization_no <> e.organization_no)::int as foreign
        from organization o
        left join employee e on e.organization_no = o.organization_no
        left join benefit_group g on g.benefit_group_no = e.benefit_group_no
       group by o.organization_no`.execute(t.ctx.db);
    expect(rows.length).toBe(48);
    for (const row of rows) {
      expect(row.n).toBeGreaterThanOrEqual(15);
      expect(row.n).toBeLessThanOrEqual(40);
      expect(row.foreign).toBe(0);
    }
  });

  it('give every employee its generated ID and client IDs within the organization rules', async () => {
    const employees = await t.ctx.db.selectFrom('employee').selectAll().execute();
    const organizations = new Map(
      (await t.ctx.db.selectFrom('organization').selectAll().execute()).map((o) => [
        o.organization_no,
        o,
      ]),
    );
    for (const e of employees) {
      expect(e.generated_id).toBe(generatedIdFor(e.employee_no));
      if (e.client_id === null) continue;
      const org = organizations.get(e.organization_no)!;
      expect(e.client_id).toMatch(/^\d+$/);
      if (org.client_id_minimum_length) {
        expect(e.client_id.length).toBeGreaterThanOrEqual(org.client_id_minimum_length);
      }
      if (org.client_id_maximum_length) {
        expect(e.client_id.length).toBeLessThanOrEqual(org.client_id_maximum_length);
      }
    }
    const padded = employees.filter(
      (e) => e.client_id && organizations.get(e.organization_no)!.pad_client_id_with_leading_zeros,
    );
    expect(padded.some((e) => e.client_id!.startsWith('0'))).toBe(true);
    expect(employees.filter((e) => e.client_id).length / employees.length).toBeGreaterThan(0.9);
  });

  it('hold only values the member forms accept', async () => {
    const people = [
      ...(await t.ctx.db.selectFrom('employee').selectAll().execute()),
      ...(await t.ctx.db.selectFrom('dependent').selectAll().execute()),
    ];
    for (const p of people) {
      expect(firstNameSchema().safeParse(p.first_name).success, p.first_name).toBe(true);
      expect(lastNameSchema().safeParse(p.last_name).success, p.last_name).toBe(true);
      expect(p.original_effective_date <= p.effective_date).toBe(true);
      if (p.expiration_date) expect(p.expiration_date >= p.effective_date).toBe(true);
      if (p.zip) expect(zipSchema().safeParse(p.zip).success, p.zip).toBe(true);
      if (p.address1) expect(p.address1.length).toBeLessThanOrEqual(40);
      if ('phone' in p && p.phone) expect(phoneSchema().safeParse(p.phone).success).toBe(true);
      if ('email' in p && p.email)
        expect(emailSchema().safeParse(p.email).success, p.email).toBe(true);
    }
  });

  it('mix every status, following terminated organizations and groups', async () => {
    const employees = await t.ctx.db.selectFrom('employee').selectAll().execute();
    const keys = new Set(
      employees.map((e) => memberStatusKey(e.process_status, e.expiration_date, SEED_TODAY)),
    );
    expect([...keys].sort()).toEqual(
      ['active', 'activeWithFutureTermination', 'pendingTermination', 'terminated'].sort(),
    );
    const terminatedOrgs = await t.ctx.db
      .selectFrom('organization')
      .select('organization_no')
      .where('process_status', '=', 9)
      .execute();
    expect(terminatedOrgs.length).toBeGreaterThan(0);
    const inTerminated = employees.filter((e) =>
      terminatedOrgs.some((o) => o.organization_no === e.organization_no),
    );
    expect(inTerminated.every((e) => e.process_status === 9 && e.expiration_date)).toBe(true);
  });

  it('give each employee 0-4 dependents in its organization, at most one spouse', async () => {
    const { rows } = await sql<{ n: number; spouses: number; wrong_org: number }>`
      select count(d.dependent_no)::int as n,
             count(*) filter (where d.relationship in (2, 7))::int as spouses,
             count(*) filter (where d.organization_no <> e.organization_no)::int as wrong_org
        from employee e left join dependent d on d.employee_no = e.employee_no
       group by e.employee_no`.execute(t.ctx.db);
    const counts = new Set(rows.map((r) => r.n));
    expect([...counts].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(rows.every((r) => r.spouses <= 1 && r.wrong_org === 0)).toBe(true);
    const average = rows.reduce((sum, r) => sum + r.n, 0) / rows.length;
    expect(average).toBeGreaterThan(1.2);
    expect(average).toBeLessThan(1.8);
  });

  it('give distinct, issuable SSNs to every employee and most dependents', async () => {
    const protector = createSsnProtector(t.ctx.secrets.ssnKey);
    const employees = await t.ctx.db.selectFrom('employee').select('ssn_encrypted').execute();
    const dependents = await t.ctx.db.selectFrom('dependent').select('ssn_encrypted').execute();
    expect(employees.every((e) => e.ssn_encrypted)).toBe(true);
    expect(dependents.filter((d) => d.ssn_encrypted).length / dependents.length).toBeGreaterThan(
      0.8,
    );
    const all = [...employees, ...dependents].flatMap((r) =>
      r.ssn_encrypted ? [protector.decrypt(r.ssn_encrypted)] : [],
    );
    expect(all.every(isIssuableSsn)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it('give members their record histories, divisions and packages where supported', async () => {
    const { rows } = await sql<{
      employees: number;
      without_assignment: number;
      division_org_members: number;
      with_division: number;
      with_package: number;
      outside_division_orgs: number;
      division_rows: number;
      package_rows: number;
      client_id_rows: number;
      prior_groups: number;
      programs: number;
      unsupported_programs: number;
    }>`
      select count(*)::int as employees,
             count(*) filter (where not exists (select 1 from member_group_assignment a
               where a.employee_no = e.employee_no and a.benefit_group_no = e.benefit_group_no
                 and a.expiration_date is null))::int as without_assignment,
             count(*) filter (where o.supports_divisions)::int as division_org_members,
             count(*) filter (where o.supports_divisions and e.division_no is not null)::int as with_division,
             count(*) filter (where o.supports_divisions and e.benefit_package_no is not null)::int as with_package,
             count(*) filter (where not o.supports_divisions
               and (e.division_no is not null or e.benefit_package_no is not null))::int as outside_division_orgs,
             (select count(*)::int from member_division_history) as division_rows,
             (select count(*)::int from member_benefit_package_history) as package_rows,
             (select count(*)::int from member_client_id_history) as client_id_rows,
             (select count(*)::int from member_group_assignment where expiration_date is not null) as prior_groups,
             (select count(*)::int from member_incentive_program) as programs,
             (select count(*)::int from member_incentive_program mp join employee e2 using (employee_no)
               where not exists (select 1 from benefit_group_incentive_program gp
                 where gp.benefit_group_no = e2.benefit_group_no and gp.program = mp.program)) as unsupported_programs
        from employee e join organization o on o.organization_no = e.organization_no`.execute(
      t.ctx.db,
    );
    const r = rows[0]!;
    expect(r.without_assignment).toBe(0);
    expect(r.division_org_members).toBeGreaterThan(0);
    expect(r.with_division).toBe(r.division_org_members);
    expect(r.with_package).toBe(r.division_org_members);
    expect(r.outside_division_orgs).toBe(0);
    expect(r.division_rows).toBe(r.with_division);
    expect(r.package_rows).toBe(r.with_package);
    expect(r.client_id_rows).toBeGreaterThan(r.employees / 12);
    expect(r.prior_groups).toBeGreaterThan(0);
    expect(r.programs).toBeGreaterThan(0);
    expect(r.unsupported_programs).toBe(0);
  });

  it('scale to an exact number of employees for benchmarks, about 1.5 dependents each', async () => {
    const organizations = await t.ctx.db
      .selectFrom('organization')
      .select(['organization_no', 'name', 'process_status', 'effective_date', 'expiration_date'])
      .orderBy('organization_no')
      .limit(6)
      .execute();
    const before = await t.ctx.db
      .selectFrom('employee')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    await seedMembers(t.ctx.db, {
      today: SEED_TODAY,
      organizations,
      userNos: new Map(),
      scale: { organizations: organizations.length, employees: 2_500 },
      randomFor: createRandomFor(7),
      ssnKey: t.ctx.secrets.ssnKey,
    });
    const after = await t.ctx.db
      .selectFrom('employee')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(2_500);
    const added = await sql<{ n: number }>`
      select count(*)::int as n from dependent where employee_no > ${Number(before.n)}`.execute(
      t.ctx.db,
    );
    expect(added.rows[0]!.n / 2_500).toBeGreaterThan(1.35);
    expect(added.rows[0]!.n / 2_500).toBeLessThan(1.65);
    // The sequence continues after the seeded numbers: a new member gets a fresh one.
    const next = await t.ctx.db
      .insertInto('employee')
      .values({
        organization_no: organizations[0]!.organization_no,
        benefit_group_no: (
          await t.ctx.db
            .selectFrom('benefit_group')
            .select('benefit_group_no')
            .where('organization_no', '=', organizations[0]!.organization_no)
            .executeTakeFirstOrThrow()
        ).benefit_group_no,
        group_effective_date: '2026-01-01',
        first_name: 'Test',
        middle_initial: null,
        last_name: 'Person',
        birthdate: '1990-01-01',
        gender: 'U',
        address1: null,
        address2: null,
        city: null,
        state: null,
        zip: null,
        phone: null,
        email: null,
        ssn_encrypted: null,
        ssn_hash: null,
        person_code: 1,
        client_id: null,
        generated_id: 'PLTEST',
        alternate_id: null,
        effective_date: '2026-01-01',
        original_effective_date: '2026-01-01',
        expiration_date: null,
        process_status: 1,
        division_no: null,
        benefit_package_no: null,
        cob_effective_date: null,
        cob_termination_date: null,
        client_defined_data: null,
        med_d_subsidy_effective_date: null,
        hic_number: null,
        created_by: null,
        updated_by: null,
      })
      .returning('employee_no')
      .executeTakeFirstOrThrow();
    expect(next.employee_no).toBe(Number(after.n) + 1);
  });
});
