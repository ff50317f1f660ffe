import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPENDENT_COVERAGE_MESSAGES,
  DEPENDENT_MESSAGES,
  MEMBER_RECORD_MESSAGES,
  todayIso,
  type AlternateGroupOptions,
  type DependentDetail,
} from '@pillar/domain';
import { createSsnProtector, formatSsn } from '../../platform/crypto/ssn.ts';
import type { PersonaKey } from '../../seed/personas.ts';
import { given, type GroupHandle, type OrganizationOptions } from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

type Problem = { status: number; title: string; detail?: string; params?: Record<string, string> };

/** The client persona's organization (built here), a group it may see and one it may not. */
let orgNo: number;
let visibleGroup: GroupHandle;
let visibleGroupNo: number;
let hiddenGroupNo: number;
/** An active employee in a group every persona of the organization sees. */
let employeeNo: number;
/** An employee of the organization in a group outside the client's groups. */
let hiddenEmployeeNo: number;
/** Another organization, outside the client's scope. */
let otherOrgNo: number;
let otherEmployeeNo: number;

const base = (org = orgNo, emp = employeeNo) =>
  `/portal/v1/organizations/${org}/employees/${emp}/dependents`;

async function call(
  as: PersonaKey,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.injectAs(as, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const minimal = {
  firstName: 'Dana',
  lastName: 'Testdep',
  birthdate: '2010-05-06',
  gender: 'F',
  relationship: 3,
  effectiveDate: '2022-01-01',
};

async function create(
  payload: Record<string, unknown> = minimal,
  as: PersonaKey = 'accountManager',
  emp = employeeNo,
  org = orgNo,
): Promise<DependentDetail> {
  const response = await call(as, 'POST', base(org, emp), payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DependentDetail>();
}

/** A member (with an SSN) of an organization of its own with these settings. */
async function memberWith(settings: OrganizationOptions) {
  const { employee } = await given(t)
    .organization(settings)
    .group()
    .employee({ effectiveDate: '2020-01-01' })
    .build();
  return {
    employeeNo: employee.employeeNo,
    dependents: base(employee.organizationNo, employee.employeeNo),
    create: (payload: Record<string, unknown>) =>
      create(payload, 'accountManager', employee.employeeNo, employee.organizationNo),
  };
}

async function history(dependentNo: number) {
  return t.ctx.db
    .selectFrom('member_change_history')
    .selectAll()
    .where('dependent_no', '=', dependentNo)
    .orderBy('history_no')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  const client = await given(t)
    .organization()
    .group()
    .employee({ effectiveDate: '2020-01-01' })
    .group()
    .employee({ effectiveDate: '2020-01-01' })
    .grant('client', { groups: [0] })
    .grant('clientNoSsn')
    .build();
  orgNo = client.organization.organizationNo;
  visibleGroup = client.groups[0]!;
  visibleGroupNo = visibleGroup.benefitGroupNo;
  hiddenGroupNo = client.groups[1]!.benefitGroupNo;
  employeeNo = client.employees[0]!.employeeNo;
  hiddenEmployeeNo = client.employees[1]!.employeeNo;
  // Outside the broker's and the client's organizations.
  const other = await given(t).organization().group().employee().build();
  otherOrgNo = other.organization.organizationNo;
  otherEmployeeNo = other.employee.employeeNo;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('POST .../dependents', () => {
  it('creates a dependent with a creation history row and answers its detail', async () => {
    const created = await create();
    expect(created).toMatchObject({
      employeeNo,
      organizationNo: orgNo,
      firstName: 'Dana',
      lastName: 'Testdep',
      fullName: 'Testdep, Dana',
      relationship: 3,
      relationshipLabel: 'Child',
      effectiveDate: '2022-01-01',
      originalEffectiveDate: '2022-01-01',
      processStatus: 1,
      ssn: null,
      groupVisible: true,
      groupNo: visibleGroupNo,
      alternateDependentGroup: null,
    });
    expect(created.actions).toMatchObject({ edit: true, terminate: true, reinstate: false });
    const rows = await history(created.dependentNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event: 'create',
      employee_no: employeeNo,
      changed_by: await t.userNo('accountManager'),
    });
  });

  it('names each missing or malformed field', async () => {
    const response = await call('accountManager', 'POST', base(), {
      firstName: 'Dana',
      lastName: 'Test',
      birthdate: '2010-05-06',
      gender: 'F',
      ssn: '123-45-6789',
    });
    expect(response.statusCode).toBe(400);
    const problem = response.json<Problem>();
    expect(problem.params).toMatchObject({
      relationship: 'Relationship is required',
      effectiveDate: 'Effective Date is required',
      ssn: 'SSN must be 9 digits with no dashes',
    });
    const bad = await call('accountManager', 'POST', base(), { ...minimal, relationship: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Problem>().params?.relationship).toMatch(/2-7/);
    const garbage = await t.injectAs('accountManager', {
      method: 'POST',
      url: base(),
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('strips empty values: blank optional fields are stored as nothing', async () => {
    const created = await create({ ...minimal, middleInitial: '', ssn: '', personCode: '' });
    expect(created.middleInitial).toBeNull();
    expect(created.ssn).toBeNull();
    expect(created.personCode).toBeNull();
  });

  it('requires the SSN where the organization requires it, and defaults it to the member’s', async () => {
    const requiring = await memberWith({ requireDependentSsn: true });
    const missing = await call('accountManager', 'POST', requiring.dependents, minimal);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Problem>().params?.ssn).toBe('SSN is required');
    const given = await requiring.create({ ...minimal, ssn: '123456789' });
    expect(given.ssn).toBe('XXX-XX-XXXX');

    const defaulting = await memberWith({ requireDependentSsn: true, defaultDependentSsn: true });
    const defaulted = await defaulting.create(minimal);
    expect(defaulted.ssn).toBe('XXX-XX-XXXX');
    const revealed = await call(
      'accountManager',
      'GET',
      `${defaulting.dependents}/${defaulted.dependentNo}/ssn`,
    );
    const member = await t.ctx.db
      .selectFrom('employee')
      .select('ssn_encrypted')
      .where('employee_no', '=', defaulting.employeeNo)
      .executeTakeFirstOrThrow();
    const memberSsn = formatSsn(
      createSsnProtector(t.ctx.secrets.ssnKey).decrypt(member.ssn_encrypted!),
    );
    expect(revealed.json<{ ssn: string }>().ssn).toBe(memberSsn);
  });

  it('takes an address only where the organization supports a dependent’s own', async () => {
    const refused = await call('accountManager', 'POST', base(), {
      ...minimal,
      address1: '1 Main St',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Problem>().params?.address1).toBe(DEPENDENT_MESSAGES.fieldNotSupported);

    const own = await memberWith({ supportsDifferentDependentAddress: true, requireAddress: true });
    const incomplete = await call('accountManager', 'POST', own.dependents, {
      ...minimal,
      address1: '1 Main St',
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json<Problem>().params).toMatchObject({
      city: 'City is required',
      state: 'State is required',
      zip: 'Zip is required',
    });
    const created = await own.create({
      ...minimal,
      address1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    expect(created).toMatchObject({ address1: '1 Main St', city: 'Springfield', zip: '62701' });
  });

  it('takes COB and client defined data only where the organization uses them', async () => {
    const refused = await call('accountManager', 'POST', base(), {
      ...minimal,
      isCOBSecondary: true,
      cobSecondaryDate: '2022-02-01',
      clientDefinedData: 'abc',
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<Problem>().params ?? {})).toEqual(
      expect.arrayContaining(['isCOBSecondary', 'cobSecondaryDate', 'clientDefinedData']),
    );
    const cob = await memberWith({ useCob: true, supportsClientDefinedData: true });
    const noDate = await call('accountManager', 'POST', cob.dependents, {
      ...minimal,
      isCOBSecondary: true,
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json<Problem>().params?.cobSecondaryDate).toBe('COB Effective Date is required');
    const created = await cob.create({
      ...minimal,
      isCOBSecondary: true,
      cobSecondaryDate: '2022-02-01',
      clientDefinedData: 'x'.repeat(250),
    });
    expect(created).toMatchObject({ isCOBSecondary: true, cobSecondaryDate: '2022-02-01' });
    const tooLong = await call('accountManager', 'POST', cob.dependents, {
      ...minimal,
      clientDefinedData: 'x'.repeat(251),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('is refused without edit permission, outside scope, and for a terminated member', async () => {
    expect((await call('clientNoSsn', 'POST', base(), minimal)).statusCode).toBe(403);
    expect((await call('agent', 'POST', base(), minimal)).statusCode).toBe(403);
    expect((await call('client', 'POST', base(orgNo, hiddenEmployeeNo), minimal)).statusCode).toBe(
      404,
    );
    expect(
      (await call('broker', 'POST', base(otherOrgNo, otherEmployeeNo), minimal)).statusCode,
    ).toBe(404);
    // The employee belongs to another organization than the path's.
    expect(
      (await call('accountManager', 'POST', base(orgNo, otherEmployeeNo), minimal)).statusCode,
    ).toBe(404);
  });
});

describe('GET and PUT .../dependents/{id}', () => {
  let dep: DependentDetail;
  beforeAll(async () => {
    dep = await create({ ...minimal, firstName: 'Edit' });
  });

  it('answers the dependent to readers in scope, and 404 otherwise', async () => {
    const url = `${base()}/${dep.dependentNo}`;
    for (const who of ['accountManager', 'client', 'clientNoSsn', 'superAdmin'] as const) {
      const response = await call(who, 'GET', url);
      expect(response.statusCode, who).toBe(200);
    }
    const readOnly = (await call('clientNoSsn', 'GET', url)).json<DependentDetail>();
    expect(readOnly.actions.edit).toBe(false);
    expect((await call('clinician', 'GET', url)).statusCode).toBe(403);
    // Not this employee's dependent.
    expect(
      (await call('accountManager', 'GET', `${base(orgNo, hiddenEmployeeNo)}/${dep.dependentNo}`))
        .statusCode,
    ).toBe(404);
    expect((await call('accountManager', 'GET', `${base()}/999999999`)).statusCode).toBe(404);
    expect((await call('accountManager', 'GET', `${base()}/abc`)).statusCode).toBe(400);
  });

  it('hides a dependent whose member lies outside the user’s groups', async () => {
    const hiddenDep = await create(minimal, 'accountManager', hiddenEmployeeNo);
    const url = `${base(orgNo, hiddenEmployeeNo)}/${hiddenDep.dependentNo}`;
    expect((await call('client', 'GET', url)).statusCode).toBe(404);
    expect((await call('accountManager', 'GET', url)).statusCode).toBe(200);
  });

  it('edits fields with one history row per changed field', async () => {
    const url = `${base()}/${dep.dependentNo}`;
    const response = await call('client', 'PUT', url, {
      firstName: 'Edited',
      lastName: dep.lastName,
      birthdate: dep.birthdate,
      gender: 'M',
      middleInitial: 'q',
      relationship: 4,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DependentDetail>()).toMatchObject({
      firstName: 'Edited',
      gender: 'M',
      middleInitial: 'Q',
      relationship: 4,
      relationshipLabel: 'Student',
    });
    const rows = (await history(dep.dependentNo)).filter((r) => r.event === 'update');
    expect(rows.map((r) => r.field).sort()).toEqual(
      ['firstName', 'gender', 'middleInitial', 'relationship'].sort(),
    );
    expect(rows.find((r) => r.field === 'firstName')).toMatchObject({
      old_value: 'Edit',
      new_value: 'Edited',
    });
  });

  it('refuses bad values, a locked person code and readers without edit permission', async () => {
    const url = `${base()}/${dep.dependentNo}`;
    const body = { firstName: 'X', lastName: 'Y', birthdate: '2010-01-01', gender: 'F' };
    const bad = await call('accountManager', 'PUT', url, {
      ...body,
      firstName: 'B4d!',
      birthdate: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Problem>().params ?? {})).toEqual(
      expect.arrayContaining(['firstName', 'birthdate']),
    );
    const locked = await call('accountManager', 'PUT', url, { ...body, personCode: 7 });
    expect(locked.statusCode).toBe(400);
    expect(locked.json<Problem>().params?.personCode).toBe(
      MEMBER_RECORD_MESSAGES.personCodeNotEditable,
    );
    await t.ctx.db
      .updateTable('dependent')
      .set({ allow_person_code_edit: true })
      .where('dependent_no', '=', dep.dependentNo)
      .execute();
    const allowed = await call('accountManager', 'PUT', url, { ...body, personCode: '7' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<DependentDetail>().personCode).toBe(7);
    expect((await call('clientNoSsn', 'PUT', url, body)).statusCode).toBe(403);
  });
});

describe('SSN', () => {
  let dep: DependentDetail;
  beforeAll(async () => {
    dep = await create({ ...minimal, ssn: '234567890' });
  });

  it('reveals the SSN with the permission, and writes the reveal to the audit log', async () => {
    const url = `${base()}/${dep.dependentNo}/ssn`;
    expect((await call('clientNoSsn', 'GET', url)).statusCode).toBe(403);
    const response = await call('client', 'GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ssn: '234-56-7890' });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'dependent.ssn-reveal')
      .where('entity_id', '=', String(dep.dependentNo))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_no).toBe(await t.userNo('client'));
    expect(JSON.stringify(audit[0])).not.toContain('234567890');
    // The detail never carries the digits.
    const detail = await call('client', 'GET', `${base()}/${dep.dependentNo}`);
    expect(detail.body).not.toContain('7890');
  });

  it('changes the SSN (999-99-9999) with a history row that holds no digits', async () => {
    const url = `${base()}/${dep.dependentNo}/ssn`;
    const bad = await call('accountManager', 'PUT', url, { ssn: '123456789' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Problem>().params?.ssn).toBe('SSN must be 9 digits with dashes');
    const ok = await call('accountManager', 'PUT', url, { ssn: '345-67-8901' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('accountManager', 'GET', url)).json()).toEqual({ ssn: '345-67-8901' });
    const rows = (await history(dep.dependentNo)).filter((r) => r.field === 'ssn');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ old_value: null, new_value: 'changed' });
    expect((await call('clientNoSsn', 'PUT', url, { ssn: '345-67-8901' })).statusCode).toBe(403);
  });
});

describe('termination and reinstatement', () => {
  let dep: DependentDetail;
  beforeAll(async () => {
    dep = await create({ ...minimal, firstName: 'Life', effectiveDate: '2022-03-01' });
  });

  it('terminates on or after the effective date only', async () => {
    const url = `${base()}/${dep.dependentNo}/termination`;
    const early = await call('accountManager', 'PUT', url, { terminationDate: '2022-02-28' });
    expect(early.statusCode).toBe(400);
    expect(early.json<Problem>().params?.terminationDate).toBe(
      MEMBER_RECORD_MESSAGES.terminationBeforeEffective,
    );
    const missing = await call('accountManager', 'PUT', url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Problem>().params?.terminationDate).toBe('Termination Date is required');
    expect(
      (await call('clientNoSsn', 'PUT', url, { terminationDate: '2023-01-01' })).statusCode,
    ).toBe(403);
    const ok = await call('accountManager', 'PUT', url, { terminationDate: '2023-01-31' });
    expect(ok.statusCode, ok.body).toBe(200);
    const detail = ok.json<DependentDetail>();
    expect(detail).toMatchObject({ processStatus: 9, expirationDate: '2023-01-31' });
    expect(detail.actions).toMatchObject({
      terminate: false,
      reinstate: true,
      removeTermination: true,
    });
    expect(detail.effectiveDateLabel).toBe('From 03/01/2022 to 01/31/2023');
    const again = await call('accountManager', 'PUT', url, { terminationDate: '2023-01-31' });
    expect(again.statusCode).toBe(409);
  });

  it('removes the termination while the member is active', async () => {
    const url = `${base()}/${dep.dependentNo}/termination`;
    const ok = await call('accountManager', 'DELETE', url);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<DependentDetail>()).toMatchObject({ processStatus: 1, expirationDate: null });
    expect((await call('accountManager', 'DELETE', url)).statusCode).toBe(409);
  });

  it('reinstates on or after the effective date, which becomes the new effective date', async () => {
    await call('accountManager', 'PUT', `${base()}/${dep.dependentNo}/termination`, {
      terminationDate: '2023-01-31',
    });
    const url = `${base()}/${dep.dependentNo}/reinstatement`;
    const early = await call('accountManager', 'PATCH', url, { reinstateDate: '2021-12-31' });
    expect(early.statusCode).toBe(400);
    expect(early.json<Problem>().params?.reinstateDate).toBe(
      MEMBER_RECORD_MESSAGES.reinstateBeforeEffective,
    );
    const ok = await call('accountManager', 'PATCH', url, { reinstateDate: '2023-06-01' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<DependentDetail>()).toMatchObject({
      processStatus: 1,
      expirationDate: null,
      effectiveDate: '2023-06-01',
      originalEffectiveDate: '2022-03-01',
    });
    expect(
      (await call('accountManager', 'PATCH', url, { reinstateDate: '2023-06-01' })).statusCode,
    ).toBe(409);
    const events = (await history(dep.dependentNo)).map((r) => r.event);
    expect(events).toEqual(
      expect.arrayContaining(['create', 'terminate', 'remove-termination', 'reinstate']),
    );
  });

  it('freezes the dependent of a terminated member', async () => {
    // A member of its own whose dependent ended, then the member ended on the same day.
    const { employee, dependent: termed } = await given(t)
      .in(visibleGroup)
      .employee({ effectiveDate: '2020-01-01' })
      .dependent({ ...minimal, firstName: 'Frozen', terminationDate: '2022-06-30' })
      .build();
    const url = termed.url;
    const terminated = await call('accountManager', 'PUT', `${employee.url}/termination`, {
      terminationDate: '2022-06-30',
    });
    expect(terminated.statusCode, terminated.body).toBe(200);
    const detail = (await call('accountManager', 'GET', url)).json<DependentDetail>();
    expect(detail.memberTerminated).toBe(true);
    expect(detail.actions).toMatchObject({
      edit: false,
      reinstate: false,
      removeTermination: false,
      reinstateBlockedMessage: 'Dependent cannot be reinstated because the member is terminated.',
    });
    const reinstate = await call('accountManager', 'PATCH', `${url}/reinstatement`, {
      reinstateDate: '2022-07-01',
    });
    // A state conflict is a 409 carrying the detail the notice shows (decision 0073).
    expect(reinstate.statusCode).toBe(409);
    expect(reinstate.json<Problem>().detail).toBe(
      'Dependent cannot be reinstated because the member is terminated.',
    );
    const remove = await call('accountManager', 'DELETE', `${url}/termination`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json<Problem>().detail).toBe(
      MEMBER_RECORD_MESSAGES.dependentRemoveTerminationMemberTerminated,
    );
    const edit = await call('accountManager', 'PUT', url, {
      firstName: 'X',
      lastName: 'Y',
      birthdate: '2010-01-01',
      gender: 'F',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<Problem>().detail).toBe(DEPENDENT_MESSAGES.memberTerminatedEdit);
    const add = await call('accountManager', 'POST', `${employee.url}/dependents`, minimal);
    expect(add.statusCode).toBe(409);
    expect(add.json<Problem>().detail).toBe(DEPENDENT_MESSAGES.addMemberTerminated);
  });
});

describe('alternate group', () => {
  let dep: DependentDetail;
  beforeAll(async () => {
    dep = await create({ ...minimal, firstName: 'Alt' });
  });

  it('is refused where the organization does not support it', async () => {
    const options = await call(
      'accountManager',
      'GET',
      `${base()}/${dep.dependentNo}/alternate-group-options`,
    );
    expect(options.statusCode).toBe(400);
    const change = await call(
      'accountManager',
      'PATCH',
      `${base()}/${dep.dependentNo}/alternate-group`,
      {
        benefitGroupID: hiddenGroupNo,
        changeDate: '2023-01-01',
      },
    );
    expect(change.statusCode).toBe(400);
  });

  it('lists the groups in scope with the current one flagged, and changes the group', async () => {
    // The client's view of an organization that supports alternate groups.
    const alt = await given(t)
      .organization({ supportsDependentAlternateGroup: true })
      .group()
      .employee({ effectiveDate: '2020-01-01' })
      .dependent({ ...minimal, firstName: 'Alt' })
      .group()
      .grant('client', { groups: [0] })
      .grant('clientNoSsn')
      .build();
    const visibleGroupNo = alt.groups[0]!.benefitGroupNo;
    const hiddenGroupNo = alt.groups[1]!.benefitGroupNo;
    const url = alt.dependent.url;
    const options = (
      await call('client', 'GET', `${url}/alternate-group-options`)
    ).json<AlternateGroupOptions>();
    expect(options.data.find((g) => g.current)?.benefitGroupNo).toBe(visibleGroupNo);
    expect(options.data.some((g) => g.benefitGroupNo === hiddenGroupNo)).toBe(false);
    const all = (
      await call('accountManager', 'GET', `${url}/alternate-group-options`)
    ).json<AlternateGroupOptions>();
    expect(all.data.some((g) => g.benefitGroupNo === hiddenGroupNo)).toBe(true);

    const same = await call('accountManager', 'PATCH', `${url}/alternate-group`, {
      benefitGroupID: visibleGroupNo,
      changeDate: '2023-01-01',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json<Problem>().params?.benefitGroupID).toBe(DEPENDENT_MESSAGES.sameGroup);
    const early = await call('accountManager', 'PATCH', `${url}/alternate-group`, {
      benefitGroupID: hiddenGroupNo,
      changeDate: '2021-01-01',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json<Problem>().params?.changeDate).toBeDefined();
    const outOfScope = await call('client', 'PATCH', `${url}/alternate-group`, {
      benefitGroupID: hiddenGroupNo,
      changeDate: '2023-01-01',
    });
    expect(outOfScope.statusCode).toBe(400);
    expect(outOfScope.json<Problem>().params?.benefitGroupID).toBe(
      DEPENDENT_MESSAGES.groupNotFound,
    );
    expect(
      (
        await call('clientNoSsn', 'PATCH', `${url}/alternate-group`, {
          benefitGroupID: hiddenGroupNo,
          changeDate: '2023-01-01',
        })
      ).statusCode,
    ).toBe(403);

    const ok = await call('accountManager', 'PATCH', `${url}/alternate-group`, {
      benefitGroupID: hiddenGroupNo,
      changeDate: '2023-01-01',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<DependentDetail>()).toMatchObject({
      groupVisible: true,
      groupNo: hiddenGroupNo,
      alternateDependentGroup: hiddenGroupNo,
      alternateDependentGroupDateEff: '2023-01-01',
    });
    const rows = (await history(alt.dependent.dependentNo)).filter(
      (r) => r.event === 'alternate-group-change',
    );
    expect(rows.length).toBeGreaterThan(0);

    // The client may see the dependent (its member is in the client's groups) but not its group.
    const asClient = (await call('client', 'GET', url)).json<DependentDetail>();
    expect(asClient).toMatchObject({
      groupVisible: false,
      groupNo: null,
      groupId: null,
      groupName: null,
      alternateDependentGroup: null,
    });

    // Back to the member's group: the alternate group ends.
    const back = await call('accountManager', 'PATCH', `${url}/alternate-group`, {
      benefitGroupID: visibleGroupNo,
      changeDate: '2023-02-01',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<DependentDetail>()).toMatchObject({
      groupNo: visibleGroupNo,
      alternateDependentGroup: null,
    });
  });
});

describe("a dependent's coverage never outlasts the member's (decision 0073)", () => {
  const year = Number(todayIso().slice(0, 4));
  /** A member termination still ahead: the member is active until then. */
  const ahead = `${year + 1}-12-31`;
  const pastAhead = `${year + 2}-06-30`;
  let ssnSerial = 0;

  interface Setup {
    /** The dependent's own termination before the member's termination is set. */
    dependentEnds?: string;
    /** The member's termination, set after the dependent exists. */
    memberEnds?: string;
    /** Reopen the dependent in the table afterwards, as data written before the rule may be. */
    reopenDependent?: boolean;
  }
  interface Row {
    scenario: string;
    setup: Setup;
    /** The call under test, against the member's and the dependent's URLs. */
    act: (urls: { member: string; dependent: string }) => Promise<{
      statusCode: number;
      json: <T>() => T;
    }>;
    status: number;
    /** The detail, or the message params name, of a refusal. */
    refusal?: { detail?: string; params?: Record<string, string> };
    /** The dependent afterwards (the one created by the call, when it creates one). */
    dependent: { processStatus: number; expirationDate: string | null; effectiveDate?: string };
    /** History rows the call wrote for the dependent: event → fields. */
    history?: { event: string; fields: string[] };
  }

  const rows: Row[] = [
    {
      scenario: 'terminating the member ends an open dependent on the same date',
      setup: {},
      act: ({ member }) =>
        call('accountManager', 'PUT', `${member}/termination`, { terminationDate: '2024-06-30' }),
      status: 200,
      dependent: { processStatus: 9, expirationDate: '2024-06-30' },
      history: { event: 'terminate', fields: ['expirationDate', 'processStatus'] },
    },
    {
      scenario: 'terminating the member ends a dependent whose own termination is later',
      setup: { dependentEnds: '2024-09-30' },
      act: ({ member }) =>
        call('accountManager', 'PUT', `${member}/termination`, { terminationDate: '2024-06-30' }),
      status: 200,
      dependent: { processStatus: 9, expirationDate: '2024-06-30' },
      history: { event: 'terminate', fields: ['expirationDate'] },
    },
    {
      scenario: 'terminating the member leaves a dependent that already ends earlier',
      setup: { dependentEnds: '2024-03-31' },
      act: ({ member }) =>
        call('accountManager', 'PUT', `${member}/termination`, { terminationDate: '2024-06-30' }),
      status: 200,
      dependent: { processStatus: 9, expirationDate: '2024-03-31' },
    },
    {
      scenario: "moving the member's termination earlier moves the dependent's with it",
      setup: { memberEnds: '2024-06-30' },
      act: ({ member }) =>
        call('accountManager', 'PATCH', `${member}/termination`, {
          terminationDate: '2024-03-31',
        }),
      status: 200,
      dependent: { processStatus: 9, expirationDate: '2024-03-31' },
      history: { event: 'change-termination', fields: ['expirationDate'] },
    },
    {
      scenario: "moving the member's termination later leaves the dependent's",
      setup: { memberEnds: '2024-06-30' },
      act: ({ member }) =>
        call('accountManager', 'PATCH', `${member}/termination`, {
          terminationDate: '2024-12-31',
        }),
      status: 200,
      dependent: { processStatus: 9, expirationDate: '2024-06-30' },
    },
    {
      scenario: "removing the member's termination leaves the dependent terminated",
      setup: { memberEnds: '2024-06-30' },
      act: ({ member }) => call('accountManager', 'DELETE', `${member}/termination`),
      status: 200,
      dependent: { processStatus: 9, expirationDate: '2024-06-30' },
    },
    {
      scenario: 'reinstating the member leaves the dependent terminated',
      setup: { memberEnds: '2024-06-30' },
      act: ({ member }) =>
        call('accountManager', 'PATCH', `${member}/reinstatement`, {
          benefitGroupId: visibleGroupNo,
          reinstateDate: '2024-08-01',
        }),
      status: 200,
      dependent: { processStatus: 9, expirationDate: '2024-06-30' },
    },
    {
      scenario:
        "terminating an open dependent (older data) after the member's termination is refused",
      setup: { memberEnds: ahead, reopenDependent: true },
      act: ({ dependent }) =>
        call('accountManager', 'PUT', `${dependent}/termination`, { terminationDate: pastAhead }),
      status: 400,
      refusal: {
        params: { terminationDate: DEPENDENT_COVERAGE_MESSAGES.terminationAfterMemberEnd },
      },
      dependent: { processStatus: 1, expirationDate: null },
    },
    {
      scenario:
        "terminating an open dependent (older data) on the member's termination date is accepted",
      setup: { memberEnds: ahead, reopenDependent: true },
      act: ({ dependent }) =>
        call('accountManager', 'PUT', `${dependent}/termination`, { terminationDate: ahead }),
      status: 200,
      dependent: { processStatus: 9, expirationDate: ahead },
    },
    {
      scenario: 'terminating an already terminated dependent is a 409 with its detail',
      setup: { memberEnds: ahead },
      act: ({ dependent }) =>
        call('accountManager', 'PUT', `${dependent}/termination`, { terminationDate: ahead }),
      status: 409,
      refusal: { detail: MEMBER_RECORD_MESSAGES.alreadyTerminatedDependent },
      dependent: { processStatus: 9, expirationDate: ahead },
    },
    {
      scenario: "removing the dependent's termination under a member with a termination is a 409",
      setup: { dependentEnds: '2024-06-30', memberEnds: ahead },
      act: ({ dependent }) => call('accountManager', 'DELETE', `${dependent}/termination`),
      status: 409,
      refusal: { detail: DEPENDENT_COVERAGE_MESSAGES.removeTerminationMemberEnds },
      dependent: { processStatus: 9, expirationDate: '2024-06-30' },
    },
    {
      scenario:
        "removing the dependent's termination under a member terminated in the past is a 409",
      setup: { dependentEnds: '2024-03-31', memberEnds: '2024-06-30' },
      act: ({ dependent }) => call('accountManager', 'DELETE', `${dependent}/termination`),
      status: 409,
      refusal: { detail: MEMBER_RECORD_MESSAGES.dependentRemoveTerminationMemberTerminated },
      dependent: { processStatus: 9, expirationDate: '2024-03-31' },
    },
    {
      scenario:
        'reinstating the dependent under a member with a termination ends it with the member',
      setup: { dependentEnds: '2024-06-30', memberEnds: ahead },
      act: ({ dependent }) =>
        call('accountManager', 'PATCH', `${dependent}/reinstatement`, {
          reinstateDate: '2024-08-01',
        }),
      status: 200,
      dependent: { processStatus: 9, expirationDate: ahead, effectiveDate: '2024-08-01' },
      history: { event: 'reinstate', fields: ['effectiveDate', 'expirationDate'] },
    },
    {
      scenario: "reinstating the dependent after the member's termination is refused",
      setup: { dependentEnds: '2024-06-30', memberEnds: ahead },
      act: ({ dependent }) =>
        call('accountManager', 'PATCH', `${dependent}/reinstatement`, {
          reinstateDate: pastAhead,
        }),
      status: 400,
      refusal: { params: { reinstateDate: DEPENDENT_COVERAGE_MESSAGES.reinstateAfterMemberEnd } },
      dependent: { processStatus: 9, expirationDate: '2024-06-30' },
    },
    {
      scenario: 'adding a dependent to a member with a termination ends it with the member',
      setup: { memberEnds: ahead },
      act: ({ member }) =>
        call('accountManager', 'POST', `${member}/dependents`, {
          ...minimal,
          effectiveDate: '2024-05-01',
        }),
      status: 201,
      dependent: { processStatus: 9, expirationDate: ahead, effectiveDate: '2024-05-01' },
    },
    {
      scenario: "adding a dependent effective before the member's effective date is refused",
      setup: {},
      act: ({ member }) =>
        call('accountManager', 'POST', `${member}/dependents`, {
          ...minimal,
          effectiveDate: '2023-12-31',
        }),
      status: 400,
      refusal: { params: { effectiveDate: DEPENDENT_COVERAGE_MESSAGES.effectiveBeforeMember } },
      dependent: { processStatus: 1, expirationDate: null, effectiveDate: '2024-01-01' },
    },
    {
      scenario: "adding a dependent effective after the member's termination is refused",
      setup: { memberEnds: ahead },
      act: ({ member }) =>
        call('accountManager', 'POST', `${member}/dependents`, {
          ...minimal,
          effectiveDate: pastAhead,
        }),
      status: 400,
      refusal: { params: { effectiveDate: DEPENDENT_COVERAGE_MESSAGES.effectiveAfterMemberEnd } },
      dependent: { processStatus: 9, expirationDate: ahead, effectiveDate: '2024-01-01' },
    },
  ];

  async function scenario(setup: Setup) {
    const created = await call(
      'accountManager',
      'POST',
      `/portal/v1/organizations/${orgNo}/employees`,
      {
        firstName: 'Cover',
        lastName: 'Rules',
        birthdate: '1980-02-03',
        gender: 'F',
        ssn: `3210${String(++ssnSerial).padStart(5, '0')}`,
        effectiveDate: '2024-01-01',
        benefitGroupId: visibleGroupNo,
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const emp = created.json<{ employeeNo: number }>().employeeNo;
    const member = `/portal/v1/organizations/${orgNo}/employees/${emp}`;
    const dep = await create({ ...minimal, effectiveDate: '2024-01-01' }, 'accountManager', emp);
    const dependent = `${member}/dependents/${dep.dependentNo}`;
    if (setup.dependentEnds) {
      const ended = await call('accountManager', 'PUT', `${dependent}/termination`, {
        terminationDate: setup.dependentEnds,
      });
      expect(ended.statusCode, ended.body).toBe(200);
    }
    if (setup.memberEnds) {
      const ended = await call('accountManager', 'PUT', `${member}/termination`, {
        terminationDate: setup.memberEnds,
      });
      expect(ended.statusCode, ended.body).toBe(200);
    }
    if (setup.reopenDependent) {
      await t.ctx.db
        .updateTable('dependent')
        .set({ process_status: 1, expiration_date: null })
        .where('dependent_no', '=', dep.dependentNo)
        .execute();
    }
    const historyBefore = (await history(dep.dependentNo)).length;
    return { member, dependent, dependentNo: dep.dependentNo, historyBefore };
  }

  it.each(rows)('$scenario', async (row) => {
    const s = await scenario(row.setup);
    const response = await row.act(s);
    expect(response.statusCode).toBe(row.status);
    if (row.refusal) {
      expect(response.json<Problem>()).toMatchObject({ status: row.status, ...row.refusal });
    }
    const created = row.status === 201 ? response.json<DependentDetail>() : null;
    const url = created ? `${s.member}/dependents/${created.dependentNo}` : s.dependent;
    const after = (await call('accountManager', 'GET', url)).json<DependentDetail>();
    expect({
      processStatus: after.processStatus,
      expirationDate: after.expirationDate,
      ...(row.dependent.effectiveDate ? { effectiveDate: after.effectiveDate } : {}),
    }).toEqual(row.dependent);
    if (row.history) {
      const written = (await history(s.dependentNo)).slice(s.historyBefore);
      expect(written.every((r) => r.event === row.history!.event)).toBe(true);
      expect(written.map((r) => r.field).sort()).toEqual(row.history.fields);
    }
  });
});
