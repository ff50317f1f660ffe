import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_READ_ACTION,
  PA_STATUSES,
  type PaCaseDetail,
  type MemberReadAuditPage,
} from '@pillar/domain';
import {
  given,
  type DependentHandle,
  type EmployeeHandle,
  type GroupHandle,
} from '../../test/given.ts';
import { createTestApp, type Caller, type TestApp } from '../../test/test-app.ts';

/*
 * The agent's prior-authorization calls (spec 2 §7, decision 0096) on the built-in PA system:
 * the identifiers resolve to a member in the caller's scope, then the PA system answers.
 */

let t: TestApp;
let employee: EmployeeHandle;
let dependent: DependentHandle;
let group: GroupHandle;
let memberId: string;
/** An agent granted only another organization. */
let otherAgent: Caller;

const MEMBER = { firstName: 'Paula', lastName: 'Authcase', birthdate: '1979-06-15' };
const CHILD = { firstName: 'Nina', lastName: 'Authcase', birthdate: '2012-02-03' };

function query(values: Record<string, string | undefined>): string {
  const entries = Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);
  return new URLSearchParams(entries).toString();
}

function idsOf(person: { firstName: string; lastName: string; birthdate: string }) {
  const [y, m, d] = person.birthdate.split('-');
  return {
    alternateId: memberId,
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: `${m}/${d}/${y}`,
  };
}

const get = (who: Caller, url: string) => t.injectAs(who, { method: 'GET', url });
const list = (who: Caller, ids: Record<string, string | undefined>) =>
  get(who, `/portal/v1/priorauth/agadia?${query(ids)}`);

async function addCase(
  person: { firstName: string; lastName: string; birthdate: string },
  id: string,
  values: { status: (typeof PA_STATUSES)[number]; requestDate: string; service?: string },
) {
  await t.ctx.db
    .insertInto('pa_case')
    .values({
      pa_case_id: id,
      alternate_id: memberId,
      first_name: person.firstName,
      last_name: person.lastName,
      birthdate: person.birthdate,
      agadia_member_id: `AG${memberId}`,
      service_name: values.service ?? 'Humira 40 mg/0.4 mL pen',
      status: values.status,
      request_date: values.requestDate,
      coverage_start_date: values.status === 'Approved' ? '2026-03-05' : null,
      coverage_end_date: values.status === 'Approved' ? '2027-03-04' : null,
      prescriber_name: 'Dr. Priya Raman, MD',
      prescriber_explanation: null,
      outcome: null,
      replaced_by_pa_case_id: null,
      agadia_data_old: JSON.stringify({ Drug: 'Humira', Determination: 'Pending' }),
      agadia_data_new: JSON.stringify({ Drug: 'Humira', Quantity: 2 }),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  const built = await given(t).organization().group().employee(MEMBER).dependent(CHILD).build();
  employee = built.employee;
  dependent = built.dependent;
  group = built.group;
  memberId = employee.detail.alternateId ?? employee.detail.generatedId;
  const other = await given(t)
    .organization()
    .group()
    .user({ type: 'internal', roles: ['agent'], grant: true })
    .build();
  otherAgent = { userNo: other.user.userNo };

  await addCase(MEMBER, 'EOC-T1', { status: 'Denied', requestDate: '2026-01-10' });
  await addCase(MEMBER, 'EOC-T2', { status: 'Approved', requestDate: '2026-03-01' });
  await addCase(CHILD, 'EOC-T3', { status: 'In Review', requestDate: '2026-10-20' });
  await t.ctx.db
    .updateTable('pa_case')
    .set({ replaced_by_pa_case_id: 'EOC-T2' })
    .where('pa_case_id', '=', 'EOC-T1')
    .execute();
  await t.ctx.db
    .insertInto('pa_event')
    .values([
      {
        event_id: 'EV-T1-1',
        pa_case_id: 'EOC-T1',
        event_type: 'Initial Review',
        event_date: '2026-01-10',
        event_end_date: '2026-01-11',
      },
      {
        event_id: 'EV-T1-2',
        pa_case_id: 'EOC-T1',
        event_type: 'Determination',
        event_date: '2026-01-12',
        event_end_date: '2026-01-12',
      },
    ])
    .execute();
  await t.ctx.db
    .insertInto('pa_interaction_log')
    .values(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
        pa_case_id: 'EOC-T1',
        contact_date: `2026-01-${String(10 + n).padStart(2, '0')}T10:00:00Z`,
        contact_type: n % 2 ? 'Fax' : 'Phone',
        contact_description: `Contact ${n}`,
        assigned_to: 'J. Moreno, PharmD',
        status_description: 'In Review',
      })),
    )
    .execute();
  await t.ctx.db
    .insertInto('pa_interaction_log')
    .values({
      pa_case_id: 'EOC-T2',
      contact_date: '2026-03-02T09:00:00Z',
      contact_type: 'Letter',
      contact_description: 'Approval letter mailed',
      assigned_to: null,
      status_description: 'Approved',
    })
    .execute();
  await t.ctx.db
    .insertInto('pa_reviewer_history')
    .values([
      {
        alternate_id: memberId,
        first_name: 'Paula',
        last_name: 'Authcase',
        birthdate: MEMBER.birthdate,
        reviewer: 'Agadia Clinical Review',
        eff_date: '2024-01-01',
        exp_date: '2025-06-30',
      },
      {
        alternate_id: memberId,
        first_name: 'Paula',
        last_name: 'Authcase',
        birthdate: MEMBER.birthdate,
        reviewer: 'PBM Utilization Management',
        eff_date: '2025-07-01',
        exp_date: null,
      },
    ])
    .execute();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /portal/v1/priorauth/agadia', () => {
  it("lists the member's cases, newest request first, with the latest event", async () => {
    const response = await list('agent', idsOf(MEMBER));
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: PaCaseDetail['case'][]; totalCount: number }>();
    expect(body.totalCount).toBe(2);
    expect(body.data.map((c) => c.PACaseId)).toEqual(['EOC-T2', 'EOC-T1']);
    expect(body.data[1]).toMatchObject({
      Status: 'Denied',
      RequestDate: '2026-01-10',
      EventId: 'EV-T1-2',
      EventType: 'Determination',
      EventEndDate: '2026-01-12',
      ReplacedByPACaseId: 'EOC-T2',
      MemberId: `AG${memberId}`,
      IsProtectService: false,
    });
    expect(body.data[0]).toMatchObject({
      CoverageStartDate: '2026-03-05',
      CoverageEndDate: '2027-03-04',
      EventId: null,
    });
  });

  it('names the dependent by the member ID and their own name and birth date, in any case', async () => {
    const response = await list('agent', {
      ...idsOf(CHILD),
      firstName: 'NINA',
      lastName: 'authcase',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { PACaseId: string }[] }>().data.map((c) => c.PACaseId)).toEqual([
      'EOC-T3',
    ]);
  });

  it('answers an empty list for a member without cases', async () => {
    const built = await given(t)
      .in(group)
      .employee({ firstName: 'Noah', lastName: 'Nocase' })
      .build();
    const detail = built.employee.detail;
    const response = await list('agent', {
      alternateId: detail.alternateId ?? detail.generatedId,
      firstName: 'Noah',
      lastName: 'Nocase',
      dateOfBirth: '04/12/1985',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], totalCount: 0 });
  });

  it.each([
    ['alternateId', 'Alternate ID is required'],
    ['firstName', 'First Name is required'],
    ['lastName', 'Last Name is required'],
    ['dateOfBirth', 'Date of Birth is required'],
  ])('refuses a lookup without %s: 400 naming it', async (field, message) => {
    const response = await list('agent', { ...idsOf(MEMBER), [field]: undefined });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ params: Record<string, string> }>().params).toEqual({
      [field]: message,
    });
  });

  it('refuses a birth date that is not a real MM/DD/YYYY date', async () => {
    for (const dateOfBirth of ['1979-06-15', '02/30/1979', 'yesterday']) {
      const response = await list('agent', { ...idsOf(MEMBER), dateOfBirth });
      expect(response.statusCode, dateOfBirth).toBe(400);
      expect(response.json<{ params: Record<string, string> }>().params).toEqual({
        dateOfBirth: 'Date of Birth must be a valid date (MM/DD/YYYY)',
      });
    }
  });

  it('answers 404 for a member outside the caller scope, or identifiers that match no one', async () => {
    expect((await list(otherAgent, idsOf(MEMBER))).statusCode).toBe(404);
    const wrongBirthdate = await list('agent', { ...idsOf(MEMBER), dateOfBirth: '06/16/1979' });
    expect(wrongBirthdate.statusCode).toBe(404);
    expect(wrongBirthdate.json<{ detail: string }>().detail).toMatch(/Member/);
  });

  it('refuses a caller without the agent permission: 403', async () => {
    expect((await list('accountManager', idsOf(MEMBER))).statusCode).toBe(403);
    expect((await list('client', idsOf(MEMBER))).statusCode).toBe(403);
  });
});

describe('GET /portal/v1/priorauth/agadia/cases/:paCaseId', () => {
  const url = (id: string, ids: Record<string, string | undefined>) =>
    `/portal/v1/priorauth/agadia/cases/${id}?${query(ids)}`;

  it('answers the case, the old and new Agadia data and its log oldest first, and audits the read', async () => {
    const response = await get('agent', url('EOC-T1', idsOf(MEMBER)));
    expect(response.statusCode).toBe(200);
    const detail = response.json<PaCaseDetail>();
    expect(detail.case.PACaseId).toBe('EOC-T1');
    expect(detail.agadiaDataOld).toEqual({ Drug: 'Humira', Determination: 'Pending' });
    expect(detail.agadiaDataNew).toEqual({ Drug: 'Humira', Quantity: 2 });
    expect(detail.data).toHaveLength(8);
    expect(detail.data.map((e) => e.contactdescription)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Contact ${n}`),
    );
    expect(detail.data[0]).toMatchObject({
      contacttype: 'Fax',
      protectcaseassignedto: 'J. Moreno, PharmD',
      contactdate: '2026-01-11T10:00:00.000Z',
      protectcasestatusdescription: 'In Review',
    });

    const audit = await get('superAdmin', `${employee.url}/read-audit?limit=50`);
    expect(audit.statusCode).toBe(200);
    const rows = audit.json<MemberReadAuditPage>().data;
    expect(rows.find((r) => r.what === 'prior-auth-case')).toMatchObject({
      reference: 'EOC-T1',
      dependentNo: null,
      userNo: await t.userNo('agent'),
    });
    const stored = await t.ctx.db
      .selectFrom('audit_log')
      .where('action', '=', MEMBER_READ_ACTION)
      .select('detail')
      .execute();
    // No health data in the audit: the case is named by its ID only.
    expect(JSON.stringify(stored)).not.toMatch(/Humira|Denied/);
  });

  it("audits a dependent's case under the member, naming the dependent", async () => {
    const response = await get('agent', url('EOC-T3', idsOf(CHILD)));
    expect(response.statusCode).toBe(200);
    const audit = await get('superAdmin', `${employee.url}/read-audit?limit=50`);
    expect(
      audit.json<MemberReadAuditPage>().data.find((r) => r.reference === 'EOC-T3'),
    ).toMatchObject({ what: 'prior-auth-case', dependentNo: dependent.dependentNo });
  });

  it('answers 404 for a case of another member, and for a member outside scope', async () => {
    expect((await get('agent', url('EOC-T3', idsOf(MEMBER)))).statusCode).toBe(404);
    expect((await get('agent', url('EOC-NONE', idsOf(MEMBER)))).statusCode).toBe(404);
    expect((await get(otherAgent, url('EOC-T1', idsOf(MEMBER)))).statusCode).toBe(404);
  });

  it('refuses missing identifiers (400), a bad case id (400) and a caller without permission (403)', async () => {
    const missing = await get('agent', url('EOC-T1', { ...idsOf(MEMBER), lastName: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ params: Record<string, string> }>().params).toEqual({
      lastName: 'Last Name is required',
    });
    expect((await get('agent', url('EOC%24T1', idsOf(MEMBER)))).statusCode).toBe(400);
    expect((await get('accountManager', url('EOC-T1', idsOf(MEMBER)))).statusCode).toBe(403);
  });
});

describe('GET /portal/v1/priorauth/agadia/plan-history', () => {
  it("answers the member's reviewer history, the current reviewer first", async () => {
    const response = await get(
      'agent',
      `/portal/v1/priorauth/agadia/plan-history?${query(idsOf(MEMBER))}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { reviewer: 'PBM Utilization Management', effDate: '2025-07-01', expDate: null },
        { reviewer: 'Agadia Clinical Review', effDate: '2024-01-01', expDate: '2025-06-30' },
      ],
    });
    const child = await get(
      'agent',
      `/portal/v1/priorauth/agadia/plan-history?${query(idsOf(CHILD))}`,
    );
    expect(child.json()).toEqual({ data: [] });
    expect(
      (await get(otherAgent, `/portal/v1/priorauth/agadia/plan-history?${query(idsOf(MEMBER))}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('the communication manager: interventionLogs and getInterventionSummary', () => {
  it("lists every interaction on the member's cases, newest first", async () => {
    const response = await get('agent', `/comm-manager/interventionLogs?${query(idsOf(MEMBER))}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { contactdescription: string }[]; totalCount: number }>();
    expect(body.totalCount).toBe(9);
    expect(body.data[0]!.contactdescription).toBe('Approval letter mailed');
    expect(body.data[8]!.contactdescription).toBe('Contact 1');
  });

  it("answers one case's log, and 404 for a case that is not the member's", async () => {
    const ok = await get(
      'agent',
      `/comm-manager/getInterventionSummary?${query({ ...idsOf(MEMBER), paCaseId: 'EOC-T2' })}`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ totalCount: number }>().totalCount).toBe(1);
    const other = await get(
      'agent',
      `/comm-manager/getInterventionSummary?${query({ ...idsOf(MEMBER), paCaseId: 'EOC-T3' })}`,
    );
    expect(other.statusCode).toBe(404);
  });

  it('refuses missing identifiers (400), outside scope (404) and no permission (403)', async () => {
    const noCase = await get(
      'agent',
      `/comm-manager/getInterventionSummary?${query(idsOf(MEMBER))}`,
    );
    expect(noCase.statusCode).toBe(400);
    expect(noCase.json<{ params: Record<string, string> }>().params).toEqual({
      paCaseId: 'PA Case ID is required',
    });
    const noName = await get(
      'agent',
      `/comm-manager/interventionLogs?${query({ ...idsOf(MEMBER), firstName: undefined })}`,
    );
    expect(noName.statusCode).toBe(400);
    expect(
      (await get(otherAgent, `/comm-manager/interventionLogs?${query(idsOf(MEMBER))}`)).statusCode,
    ).toBe(404);
    expect(
      (await get('client', `/comm-manager/interventionLogs?${query(idsOf(MEMBER))}`)).statusCode,
    ).toBe(403);
  });
});

describe('the demo seed', () => {
  it('has cases in every one of the 11 statuses, a replaced case, a long log and reviewer histories', async () => {
    const statuses = await t.ctx.db.selectFrom('pa_case').select('status').distinct().execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(PA_STATUSES));
    const replaced = await t.ctx.db
      .selectFrom('pa_case')
      .where('replaced_by_pa_case_id', 'is not', null)
      .where('pa_case_id', 'not like', 'EOC-T%')
      .select('pa_case_id')
      .execute();
    expect(replaced.length).toBeGreaterThanOrEqual(1);
    const logs = await t.ctx.db
      .selectFrom('pa_interaction_log')
      .where('pa_case_id', 'not like', 'EOC-T%')
      .groupBy('pa_case_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    expect(Math.max(...logs.map((l) => Number(l.n)))).toBeGreaterThan(6);
  });

  it("answers a seeded member's cases to the agent persona", async () => {
    const row = await t.ctx.db
      .selectFrom('pa_case')
      .where('pa_case_id', 'not like', 'EOC-T%')
      .orderBy('pa_case_id')
      .select(['alternate_id', 'first_name', 'last_name', 'birthdate'])
      .executeTakeFirstOrThrow();
    const [y, m, d] = row.birthdate.split('-');
    const response = await list('agent', {
      alternateId: row.alternate_id,
      firstName: row.first_name,
      lastName: row.last_name,
      dateOfBirth: `${m}/${d}/${y}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ totalCount: number }>().totalCount).toBeGreaterThanOrEqual(3);
  });
});
