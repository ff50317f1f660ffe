import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_MEMBER_ID_MESSAGE,
  AGENT_SEARCH_EMPTY_MESSAGE,
  AGENT_SEARCH_NEEDS_CONFIRM_MESSAGE,
  type AgentOrganizationPage,
  type AgentSearchRow,
  type OrganizationDetail,
  type Page,
} from '@pillar/domain';
import type { PersonaKey } from '../../seed/personas.ts';
import {
  given,
  type DependentHandle,
  type EmployeeHandle,
  type OrganizationHandle,
  type UserHandle,
} from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
type Problem = { status: number; title: string; detail: string; params?: Record<string, string> };

/** Two organizations with members of one rare family name; a broker agent granted the first. */
let north: OrganizationHandle;
let south: OrganizationHandle;
let member: EmployeeHandle;
let child: DependentHandle;
let southMember: EmployeeHandle;
let brokerAgent: UserHandle;

beforeAll(async () => {
  t = await createTestApp();
  const first = await given(t)
    .organization({ name: 'Qorvath Northern Cooperative' })
    .group()
    .employee({
      firstName: 'Ysolde',
      lastName: 'Qorvath',
      birthdate: '1971-03-04',
      body: {
        clientId: 'QV-1001',
        address1: '12 Birch Rd',
        city: 'Akron',
        state: 'OH',
        zip: '44301',
      },
    })
    .dependent({ firstName: 'Tamsin', lastName: 'Qorvath', birthdate: '2012-07-08' })
    .user({ type: 'broker', roles: ['agent'] })
    .build();
  north = first.organization;
  member = first.employee;
  child = first.dependent;
  brokerAgent = first.user;
  const second = await given(t)
    .organization({ name: 'Qorvath Southern Mutual' })
    .group()
    .employee({ firstName: 'Ysolde', lastName: 'Qorvathson', birthdate: '1980-11-12' })
    .build();
  south = second.organization;
  southMember = second.employee;
});
afterAll(async () => {
  await t?.close();
});

async function search(as: PersonaKey | UserHandle, query: string) {
  return t.injectAs(as, { method: 'GET', url: `/msr-search/v1/records?${query}` });
}

async function found(as: PersonaKey | UserHandle, query: string) {
  const response = await search(as, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<AgentSearchRow>>();
}

/** Rows as "employeeNo/dependentNo" so a test reads which members came back. */
function keys(page: Page<AgentSearchRow>): string[] {
  return page.data.map((r) => `${r.employeeNo}/${r.dependentNo ?? '-'}`);
}

const memberKey = () => `${member.employeeNo}/-`;
const childKey = () => `${member.employeeNo}/${child.dependentNo}`;
const southKey = () => `${southMember.employeeNo}/-`;

describe('GET /msr-search/v1/records', () => {
  it('finds employees and dependents together, by name and birth date, in name order', async () => {
    const page = await found('agent', 'lastname=qorvath&birthdate=1971-03-04');
    expect(keys(page)).toEqual([memberKey()]);

    const family = await found('agent', 'lastname=QORVATH&firstname=t');
    expect(keys(family)).toEqual([childKey()]);

    // A last-name prefix confirmed alone: both families, ordered by last name then first name.
    const all = await found('agent', 'lastname=qorv&confirmOneField=true');
    expect(keys(all)).toEqual([childKey(), memberKey(), southKey()]);
    expect(all.totalCount).toBe(3);
  });

  it("answers the spec's row fields, the family's IDs on a dependent's row", async () => {
    const page = await found('agent', `memberId=${member.detail.generatedId}`);
    expect(keys(page)).toEqual([childKey(), memberKey()]);
    const [dependentRow, memberRow] = page.data;
    expect(memberRow).toEqual({
      firstName: 'Ysolde',
      lastName: 'Qorvath',
      birthdate: '1971-03-04',
      zipCode: '44301',
      memberId: member.detail.generatedId,
      generatedId: member.detail.generatedId,
      clientId: 'QV-1001',
      alternateId: null,
      organizationName: 'Qorvath Northern Cooperative',
      processStatus: 1,
      status: 'active',
      expirationDate: null,
      employeeNo: member.employeeNo,
      dependentNo: null,
      organizationNo: north.organizationNo,
    });
    expect(dependentRow).toMatchObject({
      firstName: 'Tamsin',
      birthdate: '2012-07-08',
      // The child lives at the member's address.
      zipCode: '44301',
      memberId: member.detail.generatedId,
      clientId: 'QV-1001',
      dependentNo: child.dependentNo,
      employeeNo: member.employeeNo,
    });
  });

  it('finds by client ID and by a lower-case generated ID', async () => {
    expect(keys(await found('agent', 'memberId=QV-1001'))).toEqual([childKey(), memberKey()]);
    const lower = member.detail.generatedId.toLowerCase();
    expect(keys(await found('agent', `memberId=${lower}`))).toEqual([childKey(), memberKey()]);
  });

  it('pages a client ID that members of several organizations share, in name order', async () => {
    // Three organizations give their members the same client ID: the client ID's search
    // (decision 0110) pages and counts them as one list, whichever page is asked for.
    const shared = [];
    for (const [organization, lastName] of [
      ['Yarrowmere Alpha Works', 'Yarrowc'],
      ['Yarrowmere Beta Works', 'Yarrowa'],
      ['Yarrowmere Gamma Works', 'Yarrowb'],
    ] as const) {
      const built = await given(t)
        .organization({ name: organization })
        .group()
        .employee({
          firstName: 'Idris',
          lastName,
          birthdate: '1969-01-02',
          body: { clientId: 'QX-3003' },
        })
        .build();
      shared.push(built.employee);
    }
    const [c, a, b] = shared.map((e) => `${e.employeeNo}/-`);
    const upper = await found('agent', 'memberId=QX-3003&limit=2&offset=0');
    expect(keys(upper)).toEqual([a, b]);
    expect(upper.totalCount).toBe(3);
    const second = await found('agent', 'memberId=QX-3003&limit=2&offset=2');
    expect(keys(second)).toEqual([c]);
    expect(second.totalCount).toBe(3);
    const descending = await found('agent', 'memberId=QX-3003&limit=2&offset=0&sort=name:desc');
    expect(keys(descending)).toEqual([c, b]);
  });

  it('filters by organization, alone or with a name', async () => {
    expect(keys(await found('agent', `organizationNo=${south.organizationNo}`))).toEqual([
      southKey(),
    ]);
    expect(
      keys(await found('agent', `organizationNo=${north.organizationNo}&firstname=ysolde`)),
    ).toEqual([memberKey()]);
  });

  it("keeps to the agent's scope: a broker agent sees only its organizations", async () => {
    const page = await found(brokerAgent, 'lastname=qorv&confirmOneField=true');
    expect(keys(page)).toEqual([childKey(), memberKey()]);
    // Another organization's members are not found, whatever the filter names.
    expect((await found(brokerAgent, `organizationNo=${south.organizationNo}`)).data).toEqual([]);
    expect((await found(brokerAgent, `memberId=${southMember.detail.generatedId}`)).data).toEqual(
      [],
    );
  });

  it("answers 400 'Enter more information to search' with nothing, and for one field unconfirmed", async () => {
    for (const query of ['', 'limit=20', 'firstname=&lastname=%20']) {
      const none = await search('agent', query);
      expect(none.statusCode, query).toBe(400);
      expect(none.json<Problem>().params).toEqual({ search: AGENT_SEARCH_EMPTY_MESSAGE });
    }
    for (const query of ['lastname=qorvath', 'firstname=ysolde', 'birthdate=1971-03-04']) {
      const one = await search('agent', query);
      expect(one.statusCode, query).toBe(400);
      expect(one.json<Problem>().params).toEqual({ search: AGENT_SEARCH_NEEDS_CONFIRM_MESSAGE });
      expect((await search('agent', `${query}&confirmOneField=true`)).statusCode, query).toBe(200);
    }
  });

  it.each([
    ['memberId=AB_12', 'memberId'],
    ['memberId=123456789012345678901', 'memberId'],
    ['birthdate=1971-02-30&lastname=qorvath', 'birthdate'],
    ['birthdate=03/04/1971&lastname=qorvath', 'birthdate'],
    ['organizationNo=abc', 'organizationNo'],
    ['organizationNo=99999999999', 'organizationNo'],
    ['lastname=qorvath1&firstname=y', 'lastname'],
    [`firstname=${'y'.repeat(30)}&lastname=q`, 'firstname'],
    ['lastname=q&firstname=y&limit=101', 'limit'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await search('agent', query);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<Problem>().params ?? {})).toContain(field);
    if (field === 'memberId') {
      expect(response.json<Problem>().params?.memberId).toBe(AGENT_MEMBER_ID_MESSAGE);
    }
  });

  it('refuses a user without an agent permission', async () => {
    for (const who of ['accountManager', 'client', 'broker'] as const) {
      const response = await search(who, `memberId=${member.detail.generatedId}`);
      expect(response.statusCode, who).toBe(403);
    }
  });

  it('pages and caps the count like the member search', async () => {
    const first = await found('agent', 'lastname=qorv&confirmOneField=true&limit=1');
    expect(keys(first)).toEqual([childKey()]);
    expect(first.totalCount).toBe(3);
    const second = await found('agent', 'lastname=qorv&confirmOneField=true&limit=1&offset=1');
    expect(keys(second)).toEqual([memberKey()]);
    expect(second.totalCount).toBe(3);
    const last = await found('agent', 'lastname=qorv&confirmOneField=true&limit=2&offset=2');
    expect(keys(last)).toEqual([southKey()]);
    expect(last.totalCount).toBe(3);
    const backwards = await found('agent', 'lastname=qorv&confirmOneField=true&sort=name:desc');
    expect(keys(backwards)).toEqual([southKey(), memberKey(), childKey()]);
  });
});

describe('GET /msr-search/v1/organizations', () => {
  it("lists the organizations in the agent's scope by name, a hundred a page", async () => {
    const all = await t.injectAs('agent', {
      method: 'GET',
      url: '/msr-search/v1/organizations?name=qorvath&limit=100&offset=0',
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<AgentOrganizationPage>()).toEqual({
      data: [
        { organizationNo: north.organizationNo, name: 'Qorvath Northern Cooperative' },
        { organizationNo: south.organizationNo, name: 'Qorvath Southern Mutual' },
      ],
      totalCount: 2,
    });
    const scoped = await t.injectAs(brokerAgent, {
      method: 'GET',
      url: '/msr-search/v1/organizations?name=qorvath',
    });
    expect(scoped.json<AgentOrganizationPage>().data.map((o) => o.organizationNo)).toEqual([
      north.organizationNo,
    ]);
    const forbidden = await t.injectAs('client', {
      method: 'GET',
      url: '/msr-search/v1/organizations',
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('GET /msr-search/v1/organizations/:orgId', () => {
  it("answers the organization's panel, 404 outside the scope, 400 for a bad id", async () => {
    const read = (as: PersonaKey | UserHandle, orgId: string | number) =>
      t.injectAs(as, { method: 'GET', url: `/msr-search/v1/organizations/${orgId}` });
    const ok = await read('agent', north.organizationNo);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<OrganizationDetail>()).toMatchObject({
      organizationNo: north.organizationNo,
      name: 'Qorvath Northern Cooperative',
    });
    expect((await read(brokerAgent, north.organizationNo)).statusCode).toBe(200);
    expect((await read(brokerAgent, south.organizationNo)).statusCode).toBe(404);
    expect((await read('agent', 2147483000)).statusCode).toBe(404);
    const bad = await read('agent', 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Problem>().params).toHaveProperty('orgId');
    expect((await read('client', north.organizationNo)).statusCode).toBe(403);
  });
});
