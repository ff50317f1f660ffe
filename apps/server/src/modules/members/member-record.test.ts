import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  MEMBER_RECORD_MESSAGES,
  STATE_UNKNOWN_MESSAGE,
  formatDate,
  latestCoverageDate,
  todayIso,
  type EmployeeDetail,
  type MemberChangeHistoryRow,
  type Page,
} from '@pillar/domain';
import type { PersonaKey } from '../../seed/personas.ts';
import { given, type GroupHandle, type OrganizationHandle } from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
/** The organization these tests work in: outside every scoped persona's grants. */
let organization: OrganizationHandle;
let orgNo: number;
let groups: { benefit_group_no: number; benefit_group_id: string }[];
/** An organization that supports divisions, with two groups and an active benefit package. */
let divisions: {
  organization: OrganizationHandle;
  groups: GroupHandle[];
  benefitPackageNo: number;
};
/** A client's organization, the group granted to the client and one it may not see. */
let clientOrgNo: number;
let clientGroupNo: number;
let clientHiddenGroupNo: number;
/** A member of each of the client's groups. */
let clientMemberNo: number;
let clientHiddenMemberNo: number;

type Problem = { status: number; detail: string; params?: Record<string, string> };
const bodies: string[] = [];

async function call(
  as: PersonaKey,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const response = await t.injectAs(as, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  bodies.push(response.body);
  return response;
}

const anAddress = { address1: '1 Elm St', city: 'Dayton', state: 'OH', zip: '45402' };
const base = () => `/portal/v1/organizations/${orgNo}/employees`;

function newMember(over: Record<string, unknown> = {}) {
  return {
    firstName: 'Rita',
    lastName: 'Moreno',
    birthdate: '1985-04-12',
    gender: 'F',
    ssn: '219094321',
    effectiveDate: '2024-01-01',
    benefitGroupId: groups[0]!.benefit_group_no,
    ...over,
  };
}

const groupsOf = (handles: GroupHandle[]) =>
  handles.map((g) => ({ benefit_group_no: g.benefitGroupNo, benefit_group_id: g.benefitGroupId }));

async function create(over: Record<string, unknown> = {}, url = base()): Promise<EmployeeDetail> {
  const response = await call('accountManager', 'POST', url, newMember(over));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<EmployeeDetail>();
}

beforeAll(async () => {
  t = await createTestApp();
  const main = await given(t)
    .organization({ supportsClientDefinedData: true })
    .group()
    .group()
    .build();
  organization = main.organization;
  orgNo = organization.organizationNo;
  groups = groupsOf(main.groups);
  const withDivisions = await given(t)
    .organization({ supportsDivisions: true, supportsClientDefinedData: true })
    .group()
    .group()
    .benefitPackage()
    .build();
  divisions = {
    organization: withDivisions.organization,
    groups: withDivisions.groups,
    benefitPackageNo: withDivisions.benefitPackage.benefitPackageNo,
  };
  const client = await given(t)
    .organization()
    .group()
    .employee()
    .group()
    .employee()
    .grant('client', { groups: [0] })
    .build();
  clientOrgNo = client.organization.organizationNo;
  clientGroupNo = client.groups[0]!.benefitGroupNo;
  clientHiddenGroupNo = client.groups[1]!.benefitGroupNo;
  clientMemberNo = client.employees[0]!.employeeNo;
  clientHiddenMemberNo = client.employees[1]!.employeeNo;
});

afterAll(async () => {
  await t?.close();
});

describe('create', () => {
  it('creates a member with a generated ID, a masked SSN, its group assignment and a history row', async () => {
    const member = await create({ middleInitial: 'q', clientDefinedData: 'note' });
    expect(member.generatedId).toMatch(/^PL\d{9}$/);
    expect(member.ssn).toBe('XXX-XX-XXXX');
    expect(member.middleInitial).toBe('Q');
    expect(member.status).toBe('active');
    expect(member.groupNo).toBe(groups[0]!.benefit_group_no);
    expect(member.actions.terminate).toBe(true);
    expect(member.actions.reinstate).toBe(false);
    const assignments = await call(
      'accountManager',
      'GET',
      `${base()}/${member.employeeNo}/group-assignments`,
    );
    expect(assignments.json()).toMatchObject({ totalCount: 1 });
    const history = await t.ctx.db
      .selectFrom('member_change_history')
      .selectAll()
      .where('employee_no', '=', member.employeeNo)
      .execute();
    expect(history.map((h) => h.event)).toEqual(['create']);
  });

  it('names every missing or broken field', async () => {
    const response = await call('accountManager', 'POST', base(), {});
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().params).toMatchObject({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      benefitGroupId: 'Group is required',
    });
    const dashed = await call('accountManager', 'POST', base(), newMember({ ssn: '219-09-4321' }));
    expect(dashed.statusCode).toBe(400);
    expect(dashed.json<Problem>().params).toEqual({ ssn: 'SSN must be 9 digits with no dashes' });
    const noSsn = await call('accountManager', 'POST', base(), newMember({ ssn: undefined }));
    expect(noSsn.json<Problem>().params).toEqual({ ssn: 'SSN is required' });
    const group = await call(
      'accountManager',
      'POST',
      base(),
      newMember({ benefitGroupId: 999999 }),
    );
    expect(group.json<Problem>().params).toEqual({ benefitGroupId: 'Group not found' });
  });

  it('applies the organization settings: generated SSN, address, client ID padding and limits', async () => {
    const { organization: strict, group } = await given(t)
      .organization({
        supportsClientDefinedData: true,
        generateEmployeeSsn: true,
        requireAddress: true,
        clientId: { minimumLength: 6, maximumLength: 10, padWithLeadingZeros: true },
      })
      .group()
      .build();
    const url = strict.employeesUrl;
    const inGroup = { benefitGroupId: group.benefitGroupNo };
    const missing = await call(
      'accountManager',
      'POST',
      url,
      newMember({ ssn: undefined, ...inGroup }),
    );
    expect(missing.json<Problem>().params).toMatchObject({
      address1: 'Address 1 is required',
      city: 'City is required',
      state: 'State is required',
      zip: 'Zip is required',
    });
    const address = { address1: '1 Elm St', city: 'Dayton', state: 'OH', zip: '45402' };
    const short = await call(
      'accountManager',
      'POST',
      url,
      newMember({ ssn: undefined, ...inGroup, ...address, clientId: '123' }),
    );
    expect(short.json<Problem>().params).toEqual({
      clientId: 'Client ID must be 6 to 10 characters.',
    });
    const member = await create(
      { ssn: undefined, ...inGroup, ...address, clientId: '123456' },
      url,
    );
    expect(member.ssn).toBe('XXX-XX-XXXX');
    expect(member.clientId).toBe('123456');
    // Editing: padding skips the minimum, and the server pads.
    const edited = await call('accountManager', 'PUT', `${url}/${member.employeeNo}`, {
      firstName: 'Rita',
      lastName: 'Moreno',
      birthdate: '1985-04-12',
      gender: 'F',
      ...address,
      clientId: '77',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<EmployeeDetail>().clientId).toBe('000077');
    const ids = await call('accountManager', 'GET', `${url}/${member.employeeNo}/idHistory`);
    expect(ids.json()).toMatchObject({ totalCount: 1, data: [{ historicalId: '123456' }] });
  });

  it('refuses without the edit permission (403) and outside the scope (404)', async () => {
    expect((await call('clientNoSsn', 'POST', base(), newMember())).statusCode).toBe(403);
    expect((await call('broker', 'POST', base(), newMember())).statusCode).toBe(404);
    const hidden = await call(
      'client',
      'POST',
      `/portal/v1/organizations/${clientOrgNo}/employees`,
      newMember({ benefitGroupId: clientHiddenGroupNo, ...anAddress }),
    );
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json<Problem>().params).toEqual({ benefitGroupId: 'Group not found' });
    const allowed = await call(
      'client',
      'POST',
      `/portal/v1/organizations/${clientOrgNo}/employees`,
      newMember({ benefitGroupId: clientGroupNo, ssn: '219094399', ...anAddress }),
    );
    expect(allowed.statusCode, allowed.body).toBe(201);
  });
});

describe('dates and addresses within range (decision 0073)', () => {
  const latest = latestCoverageDate(todayIso());
  const rangeMessage = (label: string) =>
    `${label} must be between 01/01/1900 and ${formatDate(latest)}.`;

  it('refuses a birth date in the future or before 1900, naming the field', async () => {
    for (const birthdate of ['9999-12-31', '1899-12-31']) {
      const response = await call('accountManager', 'POST', base(), newMember({ birthdate }));
      expect(response.statusCode, birthdate).toBe(400);
      expect(response.json<Problem>().params).toEqual({
        birthdate:
          birthdate === '9999-12-31'
            ? 'Birth Date cannot be in the future.'
            : 'Birth Date cannot be earlier than 01/01/1900.',
      });
    }
  });

  it('refuses effective and termination dates outside the range, naming the field', async () => {
    const effective = await call(
      'accountManager',
      'POST',
      base(),
      newMember({ effectiveDate: '9999-12-31' }),
    );
    expect(effective.statusCode).toBe(400);
    expect(effective.json<Problem>().params).toEqual({
      effectiveDate: rangeMessage('Effective Date'),
    });
    const member = await create({ ssn: '219094351' });
    const url = `${base()}/${member.employeeNo}/termination`;
    const termination = await call('accountManager', 'PUT', url, {
      terminationDate: '9999-12-31',
    });
    expect(termination.statusCode).toBe(400);
    expect(termination.json<Problem>().params).toEqual({
      terminationDate: rangeMessage('Termination Date'),
    });
    const lastDay = await call('accountManager', 'PUT', url, { terminationDate: latest });
    expect(lastDay.statusCode, lastDay.body).toBe(200);
    const edit = await call('accountManager', 'PUT', `${base()}/${member.employeeNo}`, {
      firstName: 'Rita',
      lastName: 'Moreno',
      birthdate: '9999-12-31',
      gender: 'F',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json<Problem>().params).toEqual({
      birthdate: 'Birth Date cannot be in the future.',
    });
  });

  it('takes only US states, territories and military post codes as the state', async () => {
    const zz = await call(
      'accountManager',
      'POST',
      base(),
      newMember({ ...anAddress, state: 'ZZ' }),
    );
    expect(zz.statusCode).toBe(400);
    expect(zz.json<Problem>().params).toEqual({ state: STATE_UNKNOWN_MESSAGE });
    for (const [state, ssn] of [
      ['PR', '219094352'],
      ['AE', '219094353'],
      ['DC', '219094354'],
    ] as const) {
      const member = await create({ ...anAddress, state, ssn });
      expect(member.state).toBe(state);
    }
    const member = await create({ ssn: '219094355' });
    const edit = await call('accountManager', 'PUT', `${base()}/${member.employeeNo}`, {
      firstName: 'Rita',
      lastName: 'Moreno',
      birthdate: '1985-04-12',
      gender: 'F',
      state: 'ZZ',
      zip: '1234',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json<Problem>().params).toEqual({
      state: STATE_UNKNOWN_MESSAGE,
      zip: 'Zip must include 5 digits (#####) or 5 digits-4 digits (#####-####)',
    });
  });
});

describe('read and edit', () => {
  it('answers 404 for unknown members and members outside the scope', async () => {
    const member = await create({ ssn: '219094322' });
    expect((await call('accountManager', 'GET', `${base()}/999999`)).statusCode).toBe(404);
    expect((await call('broker', 'GET', `${base()}/${member.employeeNo}`)).statusCode).toBe(404);
    const url = `/portal/v1/organizations/${clientOrgNo}/employees/${clientHiddenMemberNo}`;
    expect((await call('client', 'GET', url)).statusCode).toBe(404);
    expect((await call('accountManager', 'GET', url)).statusCode).toBe(200);
  });

  it('writes a history row per changed field, an SSN change as "changed"', async () => {
    const member = await create({ ssn: '219094323' });
    const response = await call('accountManager', 'PUT', `${base()}/${member.employeeNo}`, {
      firstName: 'Rita',
      lastName: 'Moreno-Diaz',
      birthdate: '1985-04-12',
      gender: 'F',
      city: 'Akron',
      ssn: '219-09-4324',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<EmployeeDetail>().lastName).toBe('Moreno-Diaz');
    const rows = await t.ctx.db
      .selectFrom('member_change_history')
      .selectAll()
      .where('employee_no', '=', member.employeeNo)
      .where('event', '=', 'update')
      .orderBy('field')
      .execute();
    expect(rows.map((r) => [r.field, r.old_value, r.new_value])).toEqual([
      ['city', null, 'Akron'],
      ['lastName', 'Moreno', 'Moreno-Diaz'],
      ['ssn', null, 'changed'],
    ]);
    const ssn = await call('accountManager', 'GET', `${base()}/${member.employeeNo}/ssn`);
    expect(ssn.json()).toEqual({ ssn: '219-09-4324' });
    const page = await call(
      'accountManager',
      'GET',
      `/portal/v1/datanet/memberchangehistory?employeeId=${member.employeeNo}&limit=2`,
    );
    const history = page.json<Page<MemberChangeHistoryRow>>();
    expect(history.totalCount).toBe(4);
    expect(history.data).toHaveLength(2);
    expect(history.data[0]!.changedByName).toBe('Marcus Okafor');
  });

  it('refuses an SSN change from an editor who may not see SSNs, and keeps the SSN for the mask', async () => {
    const member = await create({ ssn: '219094325' });
    const url = `${base()}/${member.employeeNo}`;
    const edit = { firstName: 'Rita', lastName: 'Moreno', birthdate: '1985-04-12', gender: 'F' };
    // The account manager's role, for this test only, without the SSN permission.
    const role = await t.ctx.db
      .selectFrom('role')
      .select('role_id')
      .where('key', '=', 'accountManager')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .deleteFrom('role_permission')
      .where('role_id', '=', role.role_id)
      .where('permission', '=', PERMISSIONS.viewSsn)
      .execute();
    try {
      const blind = await call('accountManager', 'PUT', url, { ...edit, ssn: '219-09-4326' });
      expect(blind.statusCode).toBe(403);
      const masked = await call('accountManager', 'PUT', url, { ...edit, ssn: 'XXX-XX-XXXX' });
      expect(masked.statusCode, masked.body).toBe(200);
    } finally {
      await t.ctx.db
        .insertInto('role_permission')
        .values({ role_id: role.role_id, permission: PERMISSIONS.viewSsn })
        .execute();
    }
    const ssn = await call('accountManager', 'GET', `${url}/ssn`);
    expect(ssn.json()).toEqual({ ssn: '219-09-4325' });
  });

  it('refuses a person code change unless the record allows it', async () => {
    const member = await create({ ssn: '219094325', personCode: '1' });
    const body = { firstName: 'Rita', lastName: 'Moreno', birthdate: '1985-04-12', gender: 'F' };
    const refused = await call('accountManager', 'PUT', `${base()}/${member.employeeNo}`, {
      ...body,
      personCode: '2',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Problem>().params).toEqual({
      personCode: MEMBER_RECORD_MESSAGES.personCodeNotEditable,
    });
    const tooBig = await call('accountManager', 'PUT', `${base()}/${member.employeeNo}`, {
      ...body,
      personCode: '2147483647',
    });
    expect(tooBig.json<Problem>().params).toEqual({
      personCode: 'Person Code must be less than 2147483647',
    });
    await t.ctx.db
      .updateTable('employee')
      .set({ allow_person_code_edit: true })
      .where('employee_no', '=', member.employeeNo)
      .execute();
    const allowed = await call('accountManager', 'PUT', `${base()}/${member.employeeNo}`, {
      ...body,
      personCode: '2',
    });
    expect(allowed.json<EmployeeDetail>().personCode).toBe(2);
  });

  it('keeps incentive programs the group supports, refusing others', async () => {
    const { group } = await given(t)
      .in(organization)
      .group({
        incentivePrograms: [
          { program: 'asthma', mandatory: false },
          { program: 'copd', mandatory: true },
        ],
      })
      .build();
    const member = await create({
      ssn: '219094340',
      benefitGroupId: group.benefitGroupNo,
      incentivePrograms: [{ key: 'asthma', enrolled: true, effectiveDate: '2024-02-01' }],
    });
    expect(member.incentivePrograms).toEqual([
      {
        key: 'asthma',
        label: 'Asthma',
        enrolled: true,
        effectiveDate: '2024-02-01',
        terminationDate: null,
        mandatory: false,
      },
      {
        key: 'copd',
        label: 'COPD',
        enrolled: false,
        effectiveDate: null,
        terminationDate: null,
        mandatory: true,
      },
    ]);
    const body = { firstName: 'Rita', lastName: 'Moreno', birthdate: '1985-04-12', gender: 'F' };
    const unsupported = await call('accountManager', 'PUT', `${base()}/${member.employeeNo}`, {
      ...body,
      incentivePrograms: [{ key: 'diabetic', enrolled: true }],
    });
    expect(unsupported.json<Problem>().params).toEqual({
      'incentivePrograms.0.key': MEMBER_RECORD_MESSAGES.incentiveProgramNotSupported,
    });
    const backwards = await call('accountManager', 'PUT', `${base()}/${member.employeeNo}`, {
      ...body,
      incentivePrograms: [{ key: 'asthma', enrolled: true, terminationDate: '2024-01-15' }],
    });
    expect(backwards.json<Problem>().params).toEqual({
      'incentivePrograms.0.terminationDate': MEMBER_RECORD_MESSAGES.incentiveProgramDates,
    });
    const ended = await call('accountManager', 'PUT', `${base()}/${member.employeeNo}`, {
      ...body,
      incentivePrograms: [{ key: 'asthma', enrolled: false, terminationDate: '2024-06-30' }],
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<EmployeeDetail>().incentivePrograms[0]).toMatchObject({
      enrolled: false,
      effectiveDate: '2024-02-01',
      terminationDate: '2024-06-30',
    });
    const rows = await t.ctx.db
      .selectFrom('member_change_history')
      .select(['field', 'old_value', 'new_value'])
      .where('employee_no', '=', member.employeeNo)
      .where('event', '=', 'update')
      .orderBy('field')
      .execute();
    expect(rows).toEqual([
      { field: 'incentivePrograms.asthma.enrolled', old_value: 'true', new_value: 'false' },
      {
        field: 'incentivePrograms.asthma.terminationDate',
        old_value: null,
        new_value: '2024-06-30',
      },
    ]);
  });

  it('reveals the SSN only with the permission, and audits each reveal', async () => {
    const member = await create({ ssn: '219094326' });
    const url = `${base()}/${member.employeeNo}/ssn`;
    const clientUrl = `/portal/v1/organizations/${clientOrgNo}/employees/${clientMemberNo}/ssn`;
    expect((await call('clientNoSsn', 'GET', clientUrl)).statusCode).toBe(403);
    const before = await t.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', '=', 'member.ssn-reveal')
      .executeTakeFirstOrThrow();
    const response = await call('accountManager', 'GET', url);
    expect(response.json()).toEqual({ ssn: '219-09-4326' });
    const after = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.ssn-reveal')
      .orderBy('audit_id', 'desc')
      .execute();
    expect(after.length).toBe(Number(before.n) + 1);
    expect(after[0]!.entity_id).toBe(String(member.employeeNo));
    expect(JSON.stringify(after[0])).not.toContain('219094326');
    // Lists and the detail never carry the digits.
    const list = await call('accountManager', 'GET', `${base()}?name=moreno`);
    expect(list.body).not.toContain('219094326');
    expect(list.body).not.toContain('219-09-4326');
    const detail = await call('accountManager', 'GET', `${base()}/${member.employeeNo}`);
    expect(detail.body).not.toContain('4326');
  });
});

describe('lifecycle', () => {
  it('terminates, changes the date, refuses a group change, removes the termination', async () => {
    const member = await create({ ssn: '219094327' });
    const url = `${base()}/${member.employeeNo}`;
    const early = await call('accountManager', 'PUT', `${url}/termination`, {
      terminationDate: '2023-12-31',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json<Problem>().params).toEqual({
      terminationDate: MEMBER_RECORD_MESSAGES.terminationBeforeEffective,
    });
    expect(
      (await call('clientNoSsn', 'PUT', `${url}/termination`, { terminationDate: '2024-06-30' }))
        .statusCode,
    ).toBe(403);
    const done = await call('accountManager', 'PUT', `${url}/termination`, {
      terminationDate: '2024-06-30',
    });
    expect(done.statusCode, done.body).toBe(200);
    const terminated = done.json<EmployeeDetail>();
    expect(terminated.processStatus).toBe(9);
    expect(terminated.actions).toMatchObject({
      terminate: false,
      changeTerminationDate: true,
      removeTermination: true,
      reinstate: true,
      changeGroup: false,
    });
    // A state conflict is a 409 whose detail the notice shows (decision 0073).
    const again = await call('accountManager', 'PUT', `${url}/termination`, {
      terminationDate: '2024-07-31',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<Problem>().detail).toBe(MEMBER_RECORD_MESSAGES.alreadyTerminated);
    const group = await call('accountManager', 'PATCH', `${url}/group`, {
      benefitGroupId: groups[1]!.benefit_group_no,
      changeDate: '2024-05-01',
    });
    expect(group.statusCode).toBe(409);
    expect(group.json<Problem>().detail).toBe(MEMBER_RECORD_MESSAGES.groupChangeTerminated);
    const changed = await call('accountManager', 'PATCH', `${url}/termination`, {
      terminationDate: '2024-07-31',
    });
    expect(changed.json<EmployeeDetail>().expirationDate).toBe('2024-07-31');
    const removed = await call('accountManager', 'DELETE', `${url}/termination`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<EmployeeDetail>()).toMatchObject({
      processStatus: 1,
      expirationDate: null,
    });
    const events = await t.ctx.db
      .selectFrom('member_change_history')
      .select('event')
      .distinct()
      .where('employee_no', '=', member.employeeNo)
      .execute();
    expect(events.map((e) => e.event).sort()).toEqual(
      ['change-termination', 'create', 'remove-termination', 'terminate'].sort(),
    );
  });

  it('answers every state conflict of an active member with a 409 and its detail', async () => {
    const member = await create({ ssn: '219094341' });
    const url = `${base()}/${member.employeeNo}`;
    for (const [method, path, body] of [
      [
        'PATCH',
        'reinstatement',
        { benefitGroupId: groups[0]!.benefit_group_no, reinstateDate: '2024-02-01' },
      ],
      ['PATCH', 'termination', { terminationDate: '2024-02-01' }],
      ['DELETE', 'termination', undefined],
    ] as const) {
      const response = await call('accountManager', method, `${url}/${path}`, body);
      expect(response.statusCode, `${method} ${path}`).toBe(409);
      expect(response.json<Problem>()).toMatchObject({
        status: 409,
        detail: MEMBER_RECORD_MESSAGES.notTerminated,
      });
    }
  });

  it('terminates the dependents with the member', async () => {
    const { employee: member } = await given(t)
      .in(organization)
      .group()
      .employee({ firstName: 'Rita', lastName: 'Moreno', ssn: '219094335' })
      .dependent({
        relationship: 2,
        firstName: 'Ana',
        lastName: 'Moreno',
        birthdate: '1986-01-01',
        gender: 'F',
        effectiveDate: '2024-01-01',
      })
      .build();
    await call('accountManager', 'PUT', `${base()}/${member.employeeNo}/termination`, {
      terminationDate: '2024-03-31',
    });
    const dependent = await t.ctx.db
      .selectFrom('dependent')
      .select(['process_status', 'expiration_date'])
      .where('employee_no', '=', member.employeeNo)
      .executeTakeFirstOrThrow();
    expect(dependent).toEqual({ process_status: 9, expiration_date: '2024-03-31' });
  });

  it('refuses to remove a termination when the group ends first', async () => {
    // The member is terminated, then the group ends on the same day.
    const { group: ending, employee: member } = await given(t)
      .in(organization)
      .group({ status: 9, expirationDate: '2024-06-30' })
      .employee({ ssn: '219094328', terminationDate: '2024-06-30' })
      .build();
    const url = `${base()}/${member.employeeNo}`;
    const detail = await call('accountManager', 'GET', url);
    expect(detail.json<EmployeeDetail>().actions.removeTermination).toBe(false);
    const removed = await call('accountManager', 'DELETE', `${url}/termination`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json<Problem>().detail).toBe(MEMBER_RECORD_MESSAGES.removeTerminationGroupCheck);
    // Reinstating into the terminated group is refused too; into another group it works.
    const intoTerminated = await call('accountManager', 'PATCH', `${url}/reinstatement`, {
      benefitGroupId: ending.benefitGroupNo,
      reinstateDate: '2024-08-01',
    });
    expect(intoTerminated.json<Problem>().params).toEqual({
      benefitGroupId: MEMBER_RECORD_MESSAGES.reinstateGroupTerminated,
    });
    const early = await call('accountManager', 'PATCH', `${url}/reinstatement`, {
      benefitGroupId: groups[0]!.benefit_group_no,
      reinstateDate: '2023-08-01',
    });
    expect(early.json<Problem>().params).toEqual({
      reinstateDate: MEMBER_RECORD_MESSAGES.reinstateBeforeEffective,
    });
    const reinstated = await call('accountManager', 'PATCH', `${url}/reinstatement`, {
      benefitGroupId: groups[0]!.benefit_group_no,
      reinstateDate: '2024-08-01',
    });
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(reinstated.json<EmployeeDetail>()).toMatchObject({
      processStatus: 1,
      expirationDate: null,
      effectiveDate: '2024-08-01',
      reinstatementDate: '2024-08-01',
      groupNo: groups[0]!.benefit_group_no,
    });
    const assignments = await call('accountManager', 'GET', `${url}/group-assignments`);
    expect(assignments.json()).toMatchObject({
      totalCount: 2,
      data: [
        { benefitGroupNo: groups[0]!.benefit_group_no, expirationDate: null },
        { benefitGroupNo: ending.benefitGroupNo, expirationDate: '2024-07-31' },
      ],
    });
  });

  it('changes the group, warns when nothing changes', async () => {
    const member = await create({ ssn: '219094329' });
    const url = `${base()}/${member.employeeNo}`;
    const same = await call('accountManager', 'PATCH', `${url}/group`, {
      benefitGroupId: groups[0]!.benefit_group_no,
      changeDate: '2024-05-01',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json<Problem>().detail).toBe(
      'Change Group Assignment: You need to change the group or division to update group assignment.',
    );
    const noDate = await call('accountManager', 'PATCH', `${url}/group`, {
      benefitGroupId: groups[1]!.benefit_group_no,
    });
    expect(noDate.json<Problem>().params).toEqual({ changeDate: 'Change Date is required' });
    const moved = await call('accountManager', 'PATCH', `${url}/group`, {
      benefitGroupId: groups[1]!.benefit_group_no,
      changeDate: '2024-05-01',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<EmployeeDetail>()).toMatchObject({
      groupNo: groups[1]!.benefit_group_no,
      groupEffectiveDate: '2024-05-01',
      groupAssignmentDate: todayIso(),
    });
  });

  it('never leaves a member of an organization with divisions without one on a group change', async () => {
    const orgUrl = divisions.organization.employeesUrl;
    const divisionGroups = groupsOf(divisions.groups);
    const member = await create(
      { ssn: '219094361', benefitGroupId: divisionGroups[0]!.benefit_group_no },
      orgUrl,
    );
    const url = `${orgUrl}/${member.employeeNo}/group`;
    const none = await call('accountManager', 'PATCH', url, {
      benefitGroupId: divisionGroups[1]!.benefit_group_no,
      changeDate: '2024-05-01',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<Problem>().params).toEqual({
      divisionNo: MEMBER_RECORD_MESSAGES.divisionRequired,
    });
    const withNew = await call('accountManager', 'PATCH', url, {
      benefitGroupId: divisionGroups[1]!.benefit_group_no,
      changeDate: '2024-05-01',
      newDivision: { divisionId: 'GC-1', divisionName: 'Group change division' },
    });
    expect(withNew.statusCode, withNew.body).toBe(200);
    const moved = withNew.json<EmployeeDetail>();
    expect(moved).toMatchObject({
      groupNo: divisionGroups[1]!.benefit_group_no,
      divisionId: 'GC-1',
      divisionName: 'Group change division',
      divisionEffectiveDate: '2024-05-01',
    });
    // Back to the first group with an existing division of it: allowed; clearing it is not.
    const back = await call('accountManager', 'PATCH', url, {
      benefitGroupId: divisionGroups[0]!.benefit_group_no,
      changeDate: '2024-06-01',
      newDivision: { divisionId: 'GC-0', divisionName: 'First group division' },
    });
    expect(back.statusCode, back.body).toBe(200);
    const cleared = await call('accountManager', 'PATCH', url, {
      benefitGroupId: divisionGroups[0]!.benefit_group_no,
      changeDate: '2024-07-01',
      divisionNo: null,
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json<Problem>().params).toEqual({
      divisionNo: MEMBER_RECORD_MESSAGES.divisionRequired,
    });
    const detail = (
      await call('accountManager', 'GET', `${orgUrl}/${member.employeeNo}`)
    ).json<EmployeeDetail>();
    expect(detail).toMatchObject({
      groupNo: divisionGroups[0]!.benefit_group_no,
      divisionId: 'GC-0',
    });
  });

  it('never leaves a member of an organization with divisions without one on a reinstatement into another group', async () => {
    const built = await given(t)
      .organization({ supportsDivisions: true })
      .group()
      .division({ divisionId: 'RI-OLD', divisionName: 'Old group division' })
      .employee({ terminationDate: '2024-06-30' })
      .employee({ terminationDate: '2024-06-30' })
      .employee({ terminationDate: '2024-06-30' })
      .group()
      .division({ divisionId: 'RI-NEW', divisionName: 'New group division' })
      .build();
    const [oldGroup, newGroup] = built.groups;
    const [oldDivision, newDivision] = built.divisions;
    const [first, second, third] = built.employees;
    const reinstate = (employee: typeof first, body: Record<string, unknown>) =>
      call('accountManager', 'PATCH', `${employee!.url}/reinstatement`, {
        reinstateDate: '2024-08-01',
        ...body,
      });
    const refusal = async (body: Record<string, unknown>) => {
      const response = await reinstate(first, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<Problem>().params;
    };
    // Into another group: a division of that group is required, one way only, of that group.
    expect(await refusal({ benefitGroupId: newGroup!.benefitGroupNo })).toEqual({
      divisionNo: MEMBER_RECORD_MESSAGES.divisionRequired,
    });
    expect(
      await refusal({
        benefitGroupId: newGroup!.benefitGroupNo,
        divisionNo: oldDivision!.divisionNo,
      }),
    ).toEqual({ divisionNo: MEMBER_RECORD_MESSAGES.divisionNotInGroup });
    expect(
      await refusal({
        benefitGroupId: newGroup!.benefitGroupNo,
        divisionNo: newDivision!.divisionNo,
        newDivision: { divisionId: 'RI-2', divisionName: 'Both' },
      }),
    ).toEqual({ divisionNo: MEMBER_RECORD_MESSAGES.divisionChoiceTwice });
    expect(
      await refusal({
        benefitGroupId: newGroup!.benefitGroupNo,
        newDivision: { divisionId: 'RI-2' },
      }),
    ).toEqual({ 'newDivision.divisionName': 'Division Name is required' });
    // Into the same group the current division stays; choosing another one there is refused.
    expect(
      await refusal({
        benefitGroupId: oldGroup!.benefitGroupNo,
        divisionNo: oldDivision!.divisionNo,
      }),
    ).toEqual({ divisionNo: MEMBER_RECORD_MESSAGES.reinstateDivisionSameGroup });
    const refused = (await call('accountManager', 'GET', first!.url)).json<EmployeeDetail>();
    expect(refused).toMatchObject({ processStatus: 9, groupNo: oldGroup!.benefitGroupNo });

    const existing = await reinstate(first, {
      benefitGroupId: newGroup!.benefitGroupNo,
      divisionNo: newDivision!.divisionNo,
    });
    expect(existing.statusCode, existing.body).toBe(200);
    expect(existing.json<EmployeeDetail>()).toMatchObject({
      processStatus: 1,
      groupNo: newGroup!.benefitGroupNo,
      divisionId: 'RI-NEW',
      divisionEffectiveDate: '2024-08-01',
    });
    const divisionHistory = await call('accountManager', 'GET', `${first!.url}/division-history`);
    expect(JSON.stringify(divisionHistory.json())).toContain('"divisionId":"RI-NEW"');
    const rows = await t.ctx.db
      .selectFrom('member_change_history')
      .select(['field', 'old_value', 'new_value'])
      .where('employee_no', '=', first!.employeeNo)
      .where('event', '=', 'reinstate')
      .where('field', 'in', ['group', 'division'])
      .orderBy('field')
      .execute();
    expect(rows).toEqual([
      { field: 'division', old_value: 'RI-OLD', new_value: 'RI-NEW' },
      {
        field: 'group',
        old_value: oldGroup!.benefitGroupId,
        new_value: newGroup!.benefitGroupId,
      },
    ]);

    const created = await reinstate(second, {
      benefitGroupId: newGroup!.benefitGroupNo,
      newDivision: { divisionId: 'RI-CREATED', divisionName: 'Created on reinstatement' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<EmployeeDetail>()).toMatchObject({
      groupNo: newGroup!.benefitGroupNo,
      divisionId: 'RI-CREATED',
      divisionName: 'Created on reinstatement',
      divisionEffectiveDate: '2024-08-01',
    });
    const createdDivision = await t.ctx.db
      .selectFrom('division')
      .select(['benefit_group_no', 'division_name'])
      .where('division_id', '=', 'RI-CREATED')
      .execute();
    expect(createdDivision).toEqual([
      { benefit_group_no: newGroup!.benefitGroupNo, division_name: 'Created on reinstatement' },
    ]);

    const same = await reinstate(third, { benefitGroupId: oldGroup!.benefitGroupNo });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<EmployeeDetail>()).toMatchObject({
      processStatus: 1,
      groupNo: oldGroup!.benefitGroupNo,
      divisionId: 'RI-OLD',
    });
  });

  it('adds divisions and changes benefit packages only where the organization supports divisions', async () => {
    const member = await create({ ssn: '219094330' });
    const division = {
      divisionEffectiveDate: '2024-02-01',
      divisionId: 'T-1',
      divisionName: 'Test',
    };
    const refused = await call(
      'accountManager',
      'POST',
      `${base()}/${member.employeeNo}/divisions`,
      division,
    );
    expect(refused.json<Problem>().detail).toBe(MEMBER_RECORD_MESSAGES.divisionsNotSupported);
    // A member of an organization that supports divisions.
    const supported = await create(
      { ssn: '219094362', benefitGroupId: divisions.groups[0]!.benefitGroupNo },
      divisions.organization.employeesUrl,
    );
    const url = `${divisions.organization.employeesUrl}/${supported.employeeNo}`;
    const noName = await call('accountManager', 'POST', `${url}/divisions`, {
      ...division,
      divisionName: undefined,
    });
    expect(noName.json<Problem>().params).toEqual({ divisionName: 'Division Name is required' });
    const added = await call('accountManager', 'POST', `${url}/divisions`, division);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<EmployeeDetail>()).toMatchObject({
      divisionId: 'T-1',
      divisionName: 'Test',
      divisionEffectiveDate: '2024-02-01',
    });
    const again = await call('accountManager', 'POST', `${url}/divisions`, division);
    expect(again.json<Problem>().detail).toBe(
      MEMBER_RECORD_MESSAGES.groupChangeRequiredNewDivision,
    );
    const history = await call('accountManager', 'GET', `${url}/division-history`);
    expect(history.json()).toMatchObject({
      totalCount: 1,
      data: [{ divisionHistory: [{ divisionId: 'T-1', divisionEffectiveDate: '2024-02-01' }] }],
    });
    const changed = await call('accountManager', 'PATCH', `${url}/benefit-package`, {
      benefitPackageId: divisions.benefitPackageNo,
      changeDate: '2024-03-01',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<EmployeeDetail>()).toMatchObject({
      benefitPackageNo: divisions.benefitPackageNo,
      benefitPackageEffectiveDate: '2024-03-01',
    });
    const same = await call('accountManager', 'PATCH', `${url}/benefit-package`, {
      benefitPackageId: divisions.benefitPackageNo,
      changeDate: '2024-03-01',
    });
    expect(same.statusCode).toBe(400);
    const packages = await call('accountManager', 'GET', `${url}/benefit-package-history`);
    expect(packages.json()).toMatchObject({ totalCount: 1 });
  });

  it('answers the change history only inside the scope', async () => {
    const member = await create({ ssn: '219094331' });
    const url = `/portal/v1/datanet/memberchangehistory?employeeId=${member.employeeNo}`;
    expect((await call('accountManager', 'GET', url)).statusCode).toBe(200);
    expect((await call('broker', 'GET', url)).statusCode).toBe(404);
    expect((await call('accountManager', 'GET', `${url}&dependentId=999999`)).statusCode).toBe(404);
  });

  it('never answers SSN digits in any body', () => {
    for (const body of bodies) {
      for (const digits of ['219094321', '219094322', '219094327', '219094330']) {
        expect(body).not.toContain(digits);
      }
    }
  });
});
