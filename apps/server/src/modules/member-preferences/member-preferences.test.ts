import { describe, expect, it } from 'vitest';
import {
  COMMUNICATION_PREFERENCE_MESSAGES as M,
  NO_OPT_INS,
  type CommunicationDetails,
  type CommsPref,
  type ConfidentialityDetails,
  type IsConfidential,
  type MemberReadAuditPage,
} from '@pillar/domain';
import { createBuiltInMembersHub } from '../../integrations/members-hub/builtin-members-hub.ts';
import { watchMemberReads } from '../../test/member-reads.ts';
import { given, type DependentHandle, type EmployeeHandle } from '../../test/given.ts';
import type { TestApp, Caller } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const HUB = '/members-hub/v1/member';
const PHONE_OPTS: CommsPref = { ...NO_OPT_INS, callOpted: true, voiceMailOpted: true };
const ALL_OPTS: CommsPref = { ...PHONE_OPTS, emailOpted: true };

/** A fresh member with one dependent aged 15, both in a new organization. */
async function member(): Promise<{ employee: EmployeeHandle; dependent: DependentHandle }> {
  const { employee, dependent } = await given(t)
    .organization()
    .group()
    .employee({ birthdate: '1980-04-02' })
    .dependent({ birthdate: '2011-06-15' })
    .build();
  return { employee, dependent };
}

const ids = (e: EmployeeHandle, d?: DependentHandle | null) => ({
  organizationNo: e.organizationNo,
  employeeNo: e.employeeNo,
  ...(d ? { dependentNo: d.dependentNo } : {}),
});

function update(
  as: Caller,
  target: ReturnType<typeof ids>,
  fields: {
    phoneNumber?: string | null;
    emailAddress?: string | null;
    commsPref?: CommsPref;
    isConfidential?: IsConfidential | null;
    [extra: string]: unknown;
  },
) {
  return t.injectAs(as, {
    method: 'POST',
    url: `${HUB}/UpdateCommsPref`,
    payload: { eventName: 'UpdateCommsPref', ...target, commsPref: NO_OPT_INS, ...fields },
  });
}

/** An agent whose only organization is a new one: every other member is outside its scope. */
async function outsideAgent(): Promise<Caller> {
  const { user } = await given(t)
    .organization()
    .group()
    .user({ type: 'internal', roles: ['agent'], grant: true })
    .build();
  return { userNo: user.userNo };
}

const read = (as: Caller, target: ReturnType<typeof ids>) =>
  t.injectAs(as, { method: 'POST', url: `${HUB}/GetCommunicationPref`, payload: target });

async function rowsOf(employeeNo: number) {
  const communication = await t.ctx.db
    .selectFrom('member_communication_preference')
    .selectAll()
    .where('employee_no', '=', employeeNo)
    .execute();
  const confidentiality = await t.ctx.db
    .selectFrom('member_confidentiality')
    .selectAll()
    .where('employee_no', '=', employeeNo)
    .execute();
  return { communication, confidentiality };
}

describe('UpdateCommsPref and GetCommunicationPref', () => {
  it('stores a member phone without dashes, the agent as updater with source Agent', async () => {
    const { employee } = await member();
    expect((await read('agent', ids(employee))).json()).toBeNull();

    const response = await update('agent', ids(employee), {
      phoneNumber: '555-201-3344',
      emailAddress: ' pat@example.com ',
      commsPref: ALL_OPTS,
      // Never trusted from the body: the schema does not even carry them.
      updatedBy: 'Somebody Else',
      source: 'Member',
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<CommunicationDetails>();
    expect(saved).toMatchObject({
      organizationNo: employee.organizationNo,
      employeeNo: employee.employeeNo,
      dependentNo: null,
      memberId: employee.detail.generatedId,
      phoneNumber: '5552013344',
      emailAddress: 'pat@example.com',
      source: 'Agent',
      commsPref: ALL_OPTS,
    });
    const agent = await t.ctx.db
      .selectFrom('app_user')
      .select(['user_no', 'first_name', 'last_name'])
      .where('user_no', '=', await t.userNo('agent'))
      .executeTakeFirstOrThrow();
    expect(saved.lastUpdatedBy).toBe(`${agent.first_name} ${agent.last_name}`);
    const { communication } = await rowsOf(employee.employeeNo);
    expect(communication).toHaveLength(1);
    expect(communication[0]).toMatchObject({
      last_updated_by_user_no: agent.user_no,
      source: 'Agent',
    });
    expect((await read('agent', ids(employee))).json()).toEqual(saved);
  });

  it('keeps the SMS opt-in the member chose, whatever the agent sends', async () => {
    const { employee } = await member();
    await t.ctx.db
      .insertInto('member_communication_preference')
      .values({
        organization_no: employee.organizationNo,
        employee_no: employee.employeeNo,
        dependent_no: null,
        phone_number: '5550001111',
        sms_opted: true,
        source: 'Member',
        last_updated_by: 'Member Portal',
      })
      .execute();
    // No call or voicemail: the stored SMS opt-in satisfies 'Please select checkboxes'.
    const response = await update('agent', ids(employee), {
      phoneNumber: '5550002222',
      commsPref: { ...NO_OPT_INS, smsOpted: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CommunicationDetails>().commsPref).toEqual({
      ...NO_OPT_INS,
      smsOpted: true,
    });
  });

  it('saves a dependent phone and confidentiality together', async () => {
    const { employee, dependent } = await member();
    const response = await update('agent', ids(employee, dependent), {
      phoneNumber: '5559990000',
      commsPref: PHONE_OPTS,
      isConfidential: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CommunicationDetails>()).toMatchObject({
      dependentNo: dependent.dependentNo,
      names: `${dependent.detail.firstName} ${dependent.detail.lastName}`,
    });
    const { communication, confidentiality } = await rowsOf(employee.employeeNo);
    expect(communication.map((r) => r.dependent_no)).toEqual([dependent.dependentNo]);
    expect(confidentiality).toMatchObject([{ is_confidential: 1, source: 'Agent' }]);
  });

  it('audits each update with the fields changed, never their values', async () => {
    const { employee } = await member();
    await update('agent', ids(employee), { emailAddress: 'lee@example.com', commsPref: ALL_OPTS });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_user_no', 'entity', 'entity_id', 'detail'])
      .where('action', '=', 'member_preferences.update')
      .where('entity_id', '=', String(employee.employeeNo))
      .execute();
    expect(audit).toEqual([
      {
        actor_user_no: await t.userNo('agent'),
        entity: 'employee',
        entity_id: String(employee.employeeNo),
        detail: {
          employeeNo: employee.employeeNo,
          dependentNo: null,
          source: 'Agent',
          changed: ['emailAddress', 'emailOpted'],
        },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain('lee@example.com');
  });
});

describe('UpdateCommsPref: each rule of spec 2 §5 is a 400 with its message, nothing saved', () => {
  const STORED = { phoneNumber: '5551112222', emailAddress: 'kim@example.com' };

  async function withStored() {
    const m = await member();
    const first = await update('agent', ids(m.employee), { ...STORED, commsPref: ALL_OPTS });
    expect(first.statusCode, first.body).toBe(200);
    return m;
  }

  const cases: [
    string,
    boolean,
    Parameters<typeof update>[2],
    'member' | 'dependent',
    Record<string, string>,
  ][] = [
    [
      'a 9-digit phone',
      false,
      { phoneNumber: '555-111-222', commsPref: PHONE_OPTS },
      'member',
      { phoneNumber: M.invalidPhone },
    ],
    [
      'a bad e-mail',
      false,
      { emailAddress: 'kim@', commsPref: { ...NO_OPT_INS, emailOpted: true } },
      'member',
      { emailAddress: M.invalidEmail },
    ],
    [
      'the stored phone removed',
      true,
      { phoneNumber: '', emailAddress: STORED.emailAddress, commsPref: ALL_OPTS },
      'member',
      { phoneNumber: M.phoneRemoved },
    ],
    [
      'the stored phone replaced by blanks',
      true,
      { phoneNumber: '  ', emailAddress: STORED.emailAddress, commsPref: ALL_OPTS },
      'member',
      { phoneNumber: M.phoneReplaced },
    ],
    [
      'the stored e-mail removed',
      true,
      { phoneNumber: STORED.phoneNumber, emailAddress: null, commsPref: ALL_OPTS },
      'member',
      { emailAddress: M.emailRemoved },
    ],
    [
      'the stored e-mail replaced by blanks',
      true,
      { phoneNumber: STORED.phoneNumber, emailAddress: ' ', commsPref: ALL_OPTS },
      'member',
      { emailAddress: M.emailReplaced },
    ],
    [
      'a phone without an opt-in',
      false,
      { phoneNumber: '5551112222', commsPref: NO_OPT_INS },
      'member',
      { phoneOptIns: M.phoneOptIns },
    ],
    [
      'an e-mail without its opt-in',
      false,
      { emailAddress: 'kim@example.com', commsPref: NO_OPT_INS },
      'member',
      { emailOptIn: M.emailOptIn },
    ],
    [
      'no communication method',
      false,
      { phoneNumber: '', emailAddress: '', commsPref: ALL_OPTS },
      'member',
      { communicationMethod: M.noMethod },
    ],
    [
      'a dependent without confidentiality',
      false,
      { phoneNumber: '5551112222', commsPref: PHONE_OPTS },
      'dependent',
      { isConfidential: M.confidentialityRequired },
    ],
  ];

  it.each(cases)('%s', async (_name, stored, fields, who, params) => {
    const m = stored ? await withStored() : await member();
    const before = await rowsOf(m.employee.employeeNo);
    const target = who === 'dependent' ? ids(m.employee, m.dependent) : ids(m.employee);
    const response = await update('agent', target, fields);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      detail: Object.values(params).join(' '),
      params,
    });
    expect(await rowsOf(m.employee.employeeNo)).toEqual(before);
  });

  it('saves nothing of a dependent update whose second write fails (one transaction)', async () => {
    const { employee, dependent } = await member();
    const hub = createBuiltInMembersHub(t.ctx.db);
    await expect(
      hub.save(
        { ...ids(employee), dependentNo: dependent.dependentNo },
        {
          communication: { phoneNumber: '5553334444', emailAddress: null, commsPref: PHONE_OPTS },
          // Refused by the table's check, after the communication row was written.
          isConfidential: 7 as IsConfidential,
        },
        { source: 'Agent', name: 'Test Agent', userNo: null },
      ),
    ).rejects.toThrow();
    expect(await rowsOf(employee.employeeNo)).toEqual({ communication: [], confidentiality: [] });
  });

  it('names a missing identifier or event name in a 400', async () => {
    const { employee } = await member();
    const noEmployee = await t.injectAs('agent', {
      method: 'POST',
      url: `${HUB}/UpdateCommsPref`,
      payload: {
        eventName: 'UpdateCommsPref',
        organizationNo: employee.organizationNo,
        commsPref: NO_OPT_INS,
      },
    });
    expect(noEmployee.statusCode).toBe(400);
    expect(noEmployee.body).toContain('employeeNo is required');
    const wrongEvent = await update('agent', ids(employee), {
      eventName: 'Other',
      emailAddress: 'a@b.example',
    });
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.body).toContain('eventName');
    const noOrganization = await read('agent', { employeeNo: employee.employeeNo } as never);
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.body).toContain('organizationNo is required');
  });
});

describe('confidentiality', () => {
  const lookup = (as: Caller, query: Record<string, string | number>) =>
    t.injectAs(as, {
      method: 'GET',
      url: `${HUB}/confidentiality?${new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()}`,
    });

  it('reads a dependent with no choice yet, sets it, and reads it back', async () => {
    const { employee, dependent } = await member();
    const query = { ...ids(employee, dependent), birthDate: '2011-06-15' };
    const empty = await lookup('agent', query);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<ConfidentialityDetails>()).toMatchObject({
      dependentNo: dependent.dependentNo,
      birthDate: '2011-06-15',
      isConfidential: null,
      updatesAllowed: true,
    });

    const set = await t.injectAs('agent', {
      method: 'POST',
      url: `${HUB}/confidentiality`,
      payload: { ...query, isConfidential: 1, source: 'Member', updatedBy: 'Somebody Else' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ConfidentialityDetails>()).toMatchObject({
      isConfidential: 1,
      source: 'Agent',
    });
    expect((await lookup('agent', query)).json()).toEqual(set.json());

    const flipped = await t.injectAs('agent', {
      method: 'POST',
      url: `${HUB}/confidentiality`,
      payload: { ...query, isConfidential: 0 },
    });
    expect(flipped.json<ConfidentialityDetails>().isConfidential).toBe(0);
    expect((await rowsOf(employee.employeeNo)).confidentiality).toHaveLength(1);
  });

  it.each([['organizationNo'], ['employeeNo'], ['dependentNo'], ['birthDate']])(
    'is not looked up without %s: 400 naming it',
    async (missing) => {
      const { employee, dependent } = await member();
      const query: Record<string, string | number> = {
        ...ids(employee, dependent),
        birthDate: '2011-06-15',
      };
      delete query[missing];
      const response = await lookup('agent', query);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(`${missing} is required`);
    },
  );

  it('refuses a birth date that is not a date (400) and one not on file (404)', async () => {
    const { employee, dependent } = await member();
    const notADate = await lookup('agent', {
      ...ids(employee, dependent),
      birthDate: '2011-02-30',
    });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.body).toContain('birthDate');
    const wrong = await lookup('agent', { ...ids(employee, dependent), birthDate: '2011-06-16' });
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses a choice other than Confidential (1) or NonConfidential (0)', async () => {
    const { employee, dependent } = await member();
    const response = await t.injectAs('agent', {
      method: 'POST',
      url: `${HUB}/confidentiality`,
      payload: { ...ids(employee, dependent), birthDate: '2011-06-15', isConfidential: 2 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(M.confidentialityRequired);
  });
});

describe('access', () => {
  it('refuses callers without the agent permissions (403)', async () => {
    const { employee, dependent } = await member();
    expect((await read('accountManager', ids(employee))).statusCode).toBe(403);
    expect(
      (await update('accountManager', ids(employee), { emailAddress: 'a@b.example' })).statusCode,
    ).toBe(403);
    const confidentiality = await t.injectAs('accountManager', {
      method: 'GET',
      url: `${HUB}/confidentiality?organizationNo=${employee.organizationNo}&employeeNo=${employee.employeeNo}&dependentNo=${dependent.dependentNo}&birthDate=2011-06-15`,
    });
    expect(confidentiality.statusCode).toBe(403);
  });

  it('answers 404 for a member outside the agent scope, and saves nothing', async () => {
    const { employee, dependent } = await member();
    const outside = await outsideAgent();
    expect((await read(outside, ids(employee))).statusCode).toBe(404);
    const response = await update(outside, ids(employee, dependent), {
      emailAddress: 'a@b.example',
      commsPref: { ...NO_OPT_INS, emailOpted: true },
      isConfidential: 0,
    });
    expect(response.statusCode).toBe(404);
    expect(await rowsOf(employee.employeeNo)).toEqual({ communication: [], confidentiality: [] });
    // A dependent of another member is not found either.
    const other = await member();
    expect((await read('agent', ids(employee, other.dependent))).statusCode).toBe(404);
  });
});

describe('read-access audit (decision 0097)', () => {
  const confidentialityUrl = (e: EmployeeHandle, d: DependentHandle, birthDate: string) =>
    `${HUB}/confidentiality?organizationNo=${e.organizationNo}&employeeNo=${e.employeeNo}&dependentNo=${d.dependentNo}&birthDate=${birthDate}`;

  it('writes one row per preference read: who, the member or dependent, what, when', async () => {
    const { employee, dependent } = await member();
    // (the builder reads the member back: its 'member-detail' row comes first)
    const reads = await watchMemberReads(t, employee.employeeNo);
    expect((await read('agent', ids(employee))).statusCode).toBe(200);
    expect((await read('agent', ids(employee, dependent))).statusCode).toBe(200);
    const confidentiality = await t.injectAs('agent', {
      method: 'GET',
      url: confidentialityUrl(employee, dependent, '2011-06-15'),
    });
    expect(confidentiality.statusCode, confidentiality.body).toBe(200);
    const agentNo = await t.userNo('agent');
    expect(await reads.added()).toEqual([
      [agentNo, { what: 'communication-preferences', dependentNo: null, reference: null }],
      [
        agentNo,
        { what: 'communication-preferences', dependentNo: dependent.dependentNo, reference: null },
      ],
      [agentNo, { what: 'confidentiality', dependentNo: dependent.dependentNo, reference: null }],
    ]);
    // The super admin's list names the new kinds.
    const audit = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${employee.url}/read-audit?limit=3`,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json<MemberReadAuditPage>().data.map((r) => [r.what, r.dependentNo])).toEqual([
      ['confidentiality', dependent.dependentNo],
      ['communication-preferences', dependent.dependentNo],
      ['communication-preferences', null],
    ]);
    // An update is not a read: it writes its own audit row, no read row.
    const updated = await update('agent', ids(employee), {
      emailAddress: 'a@b.example',
      commsPref: { ...NO_OPT_INS, emailOpted: true },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await reads.added()).toHaveLength(3);
  });

  it('writes nothing for a refused read (403, 404 outside scope, 404 wrong birth date)', async () => {
    const { employee, dependent } = await member();
    const outside = await outsideAgent();
    const other = await member();
    const reads = await watchMemberReads(t, employee.employeeNo);
    expect((await read(outside, ids(employee))).statusCode).toBe(404);
    expect((await read('accountManager', ids(employee))).statusCode).toBe(403);
    expect((await read('agent', ids(employee, other.dependent))).statusCode).toBe(404);
    for (const [who, birthDate, status] of [
      [outside, '2011-06-15', 404],
      ['agent', '2011-06-16', 404],
      ['accountManager', '2011-06-15', 403],
    ] as const) {
      const response = await t.injectAs(who, {
        method: 'GET',
        url: confidentialityUrl(employee, dependent, birthDate),
      });
      expect(response.statusCode).toBe(status);
    }
    expect(await reads.added()).toEqual([]);
  });
});

describe('demo seed', () => {
  it('holds one Confidential 15-year-old in the first organization, its other 12 to 17-year-olds NonConfidential, and a Confidential 18-year-old', async () => {
    const rows = await t.ctx.db
      .selectFrom('member_confidentiality as c')
      .innerJoin('dependent as d', 'd.dependent_no', 'c.dependent_no')
      .select([
        'd.dependent_no',
        'd.employee_no',
        'd.organization_no',
        'd.first_name',
        'd.last_name',
        'd.birthdate',
        'c.is_confidential',
      ])
      .orderBy('d.dependent_no')
      .execute();
    const first = (
      await t.ctx.db
        .selectFrom('organization')
        .select('organization_no')
        .orderBy('organization_no')
        .executeTakeFirstOrThrow()
    ).organization_no;
    const ageOn = (birthdate: string, today: string) => {
      const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
      const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
      return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
    };
    const inFirst = rows.filter((r) => r.organization_no === first);
    const ofAge = (age: number) => inFirst.filter((r) => ageOn(r.birthdate, '2026-11-01') === age);
    // Anthony Stevens (born 2011-07-25, dependent 1) with the demo seed of 2026.
    const [first15, ...later15] = ofAge(15);
    expect(first15?.is_confidential).toBe(1);
    expect(later15.length).toBeGreaterThan(0);
    for (const age of [12, 13, 14, 15, 16, 17]) {
      const others = ofAge(age).filter((r) => r.dependent_no !== first15!.dependent_no);
      expect(others.filter((r) => r.is_confidential !== 0)).toEqual([]);
    }
    expect(ofAge(18)[0]?.is_confidential).toBe(1);
    // The agent reads the first one as Confidential through the API.
    const child = ofAge(15)[0]!;
    const response = await t.injectAs('agent', {
      method: 'GET',
      url: `${HUB}/confidentiality?organizationNo=${child.organization_no}&employeeNo=${child.employee_no}&dependentNo=${child.dependent_no}&birthDate=${child.birthdate}`,
    });
    expect(response.json<ConfidentialityDetails>().isConfidential).toBe(1);
    // Most demo members have preferences, some have none.
    const members = await t.ctx.db
      .selectFrom('member_communication_preference')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.count<number>('phone_number').as('phones'),
        eb.fn.count<number>('email_address').as('emails'),
      ])
      .where('dependent_no', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(members.phones)).toBeGreaterThan(0);
    expect(Number(members.emails)).toBeGreaterThan(0);
  });
});
