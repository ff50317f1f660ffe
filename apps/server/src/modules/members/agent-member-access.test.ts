import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEMP_CARD_LINK_SENT,
  type CoverageList,
  type DependentDetail,
  type EmployeeDetail,
  type MemberReadAuditPage,
} from '@pillar/domain';
import type { PersonaKey } from '../../seed/personas.ts';
import {
  given,
  type CoverageHandle,
  type DependentHandle,
  type EmployeeHandle,
  type UserHandle,
} from '../../test/given.ts';
import { watchMemberReads } from '../../test/member-reads.ts';
import { createTestApp, type TestApp, type Caller } from '../../test/test-app.ts';

/*
 * Decision 0097: agents read a member's record, coverages and history and send their cards, but
 * never write the record; the read-access audit records each detail read, and super admins list
 * those rows.
 */

let t: TestApp;
let employee: EmployeeHandle;
let dependent: DependentHandle;
let coverage: CoverageHandle;
/** An agent granted only the scenario's organization, and a member of another one. */
let scopedAgent: UserHandle;
let outside: EmployeeHandle;

beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
  const built = await given(t)
    .organization()
    .group()
    .employee({ firstName: 'Agnes', lastName: 'Caller' })
    .coverage({ supportsTempCard: true, supportsNewCardRequest: true, expirationDate: null })
    .dependent({ firstName: 'Theo', relationship: 3, birthdate: '2011-03-02' })
    .user({ type: 'internal', roles: ['agent'], grant: true })
    .build();
  employee = built.employee;
  dependent = built.dependent;
  coverage = built.coverage;
  scopedAgent = built.user;
  outside = (await given(t).organization().group().employee().build()).employee;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (who: Caller, url: string) => t.injectAs(who, { method: 'GET', url });

describe('agents read the member detail (decision 0097)', () => {
  it('reads the member, the dependent, the coverages and the histories', async () => {
    const member = await get('agent', employee.url);
    expect(member.statusCode).toBe(200);
    const detail = member.json<EmployeeDetail>();
    expect(detail.lastName).toBe('Caller');
    // The record says what the reader may do: nothing, for an agent.
    expect(detail.actions.edit).toBe(false);

    const dep = await get('agent', `${employee.url}/dependents/${dependent.dependentNo}`);
    expect(dep.statusCode).toBe(200);
    expect(dep.json<DependentDetail>().firstName).toBe('Theo');

    const coverages = await get('agent', `${employee.url}/coverages`);
    expect(coverages.statusCode).toBe(200);
    expect(coverages.json<CoverageList>().data.map((c) => c.coverageNo)).toContain(
      coverage.coverageNo,
    );

    for (const path of ['division-history', 'benefit-package-history', 'group-assignments']) {
      expect((await get('agent', `${employee.url}/${path}`)).statusCode, path).toBe(200);
    }
    const history = await get(
      'agent',
      `/portal/v1/datanet/memberchangehistory?employeeId=${employee.employeeNo}&limit=10`,
    );
    expect(history.statusCode).toBe(200);
  });

  it('reads, downloads and e-mails the temp card, and requests a new card', async () => {
    expect(
      (await get('agent', `${employee.url}/tempIDCard?coverageNo=${coverage.coverageNo}`))
        .statusCode,
    ).toBe(200);
    const pdf = await t.injectAs('agent', {
      method: 'POST',
      url: `${employee.url}/emailTempCard`,
      payload: { withVerification: false, coverageNo: coverage.coverageNo },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const link = await t.injectAs('agent', {
      method: 'POST',
      url: `${employee.url}/emailTempCard`,
      payload: {
        withVerification: true,
        recipientEmail: 'agnes.caller@example.com',
        coverageNo: coverage.coverageNo,
      },
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json<{ message: string }>().message).toBe(TEMP_CARD_LINK_SENT);
    const card = await t.injectAs('agent', {
      method: 'POST',
      url: `${employee.url}/coverages/${coverage.coverageNo}/new-card`,
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json<{ newCard: boolean }>().newCard).toBe(true);
  });

  it('never writes the record, nor reveals an SSN', async () => {
    const writes: { method: 'PUT' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] =
      [
        { method: 'PUT', url: employee.url, payload: { phone: '5551234567' } },
        { method: 'PUT', url: `${employee.url}/termination`, payload: { date: '2030-01-31' } },
        { method: 'PATCH', url: `${employee.url}/group`, payload: {} },
        { method: 'POST', url: `${employee.url}/dependents`, payload: {} },
        {
          method: 'PUT',
          url: `${employee.url}/dependents/${dependent.dependentNo}`,
          payload: { firstName: 'X' },
        },
      ];
    for (const w of writes) {
      const response = await t.injectAs('agent', {
        method: w.method,
        url: w.url,
        ...(w.payload ? { payload: w.payload } : {}),
      });
      expect(response.statusCode, `${w.method} ${w.url}`).toBe(403);
    }
    expect((await get('agent', `${employee.url}/ssn`)).statusCode).toBe(403);
  });

  it('answers 404 outside the agent’s organizations, 403 without an agent or member permission', async () => {
    expect((await get(scopedAgent, employee.url)).statusCode).toBe(200);
    expect((await get(scopedAgent, outside.url)).statusCode).toBe(404);
    expect((await get(scopedAgent, `${outside.url}/coverages`)).statusCode).toBe(404);
    expect(
      (
        await t.injectAs(scopedAgent, {
          method: 'POST',
          url: `${outside.url}/emailTempCard`,
          payload: { withVerification: false },
        })
      ).statusCode,
    ).toBe(404);
    for (const who of ['clinician', 'dataMapper'] as PersonaKey[]) {
      expect((await get(who, employee.url)).statusCode, who).toBe(403);
      expect((await get(who, `${employee.url}/coverages`)).statusCode, who).toBe(403);
    }
  });

  it('keeps card sending from member viewers who may not edit, before the scope check', async () => {
    // clientNoSsn views members but may not edit them: 403 as when the route asked for the edit
    // permission itself, whether or not the member is in their scope.
    const refused = await t.injectAs('clientNoSsn', {
      method: 'POST',
      url: `${employee.url}/coverages/${coverage.coverageNo}/new-card`,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('read-access audit', () => {
  it('writes a row for each member and dependent detail read: who, which member, what, when', async () => {
    const reads = await watchMemberReads(t, employee.employeeNo);
    expect((await get('agent', employee.url)).statusCode).toBe(200);
    expect(
      (await get('agent', `${employee.url}/dependents/${dependent.dependentNo}`)).statusCode,
    ).toBe(200);
    const agentNo = await t.userNo('agent');
    expect(await reads.added()).toEqual([
      [agentNo, { what: 'member-detail', dependentNo: null, reference: null }],
      [agentNo, { what: 'member-detail', dependentNo: dependent.dependentNo, reference: null }],
    ]);
  });

  it('writes nothing for a refused or out-of-scope read', async () => {
    const reads = await watchMemberReads(t, outside.employeeNo);
    expect((await get(scopedAgent, outside.url)).statusCode).toBe(404);
    expect((await get('clinician', outside.url)).statusCode).toBe(403);
    expect(await reads.added()).toEqual([]);
  });

  it('lists the rows to a super admin, newest first and paged', async () => {
    await get('agent', employee.url);
    const url = `${employee.url}/read-audit`;
    const response = await get('superAdmin', `${url}?limit=2`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<MemberReadAuditPage>();
    expect(page.data).toHaveLength(2);
    expect(page.totalCount).toBeGreaterThanOrEqual(3);
    const newest = page.data[0]!;
    expect(newest).toMatchObject({
      employeeNo: employee.employeeNo,
      dependentNo: null,
      what: 'member-detail',
      userNo: await t.userNo('agent'),
      userName: 'Priya Raman',
      username: 'agent@pillar.example',
    });
    expect(newest.at >= page.data[1]!.at).toBe(true);
    const next = (await get('superAdmin', `${url}?limit=2&offset=2`)).json<MemberReadAuditPage>();
    expect(next.data[0]!.auditId).toBeLessThan(page.data[1]!.auditId);
  });

  it('is for super admins only; 404 for an unknown member; 400 for bad paging', async () => {
    const url = `${employee.url}/read-audit`;
    for (const who of ['agent', 'accountManager', 'financialAnalyst', 'client'] as PersonaKey[]) {
      expect((await get(who, url)).statusCode, who).toBe(403);
    }
    expect(
      (
        await get(
          'superAdmin',
          `/portal/v1/organizations/${employee.organizationNo}/employees/2147483647/read-audit`,
        )
      ).statusCode,
    ).toBe(404);
    const bad = await get('superAdmin', `${url}?limit=1000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('limit');
  });
});
