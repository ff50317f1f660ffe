import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  claimsContracts,
  permissionsOfRoles,
  satisfiesRule,
  type ClaimsHistoryPage,
  type PbmLinksAnswer,
} from '@pillar/domain';
import { PERSONAS } from '../../seed/personas.ts';
import {
  given,
  type DependentHandle,
  type EmployeeHandle,
  type OrganizationHandle,
} from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let organization: OrganizationHandle;
let employee: EmployeeHandle;
let dependent: DependentHandle;
let otherOrganization: OrganizationHandle;

/** Catalogue NDCs the claims below bill (rows of seed/data/demo-drugs.csv). */
const CYMBALTA_30 = '00002324030';
const EVISTA_60 = '00002416530';
const AMOXICILLIN = '00093415580';
const NPI = '1234567893';
/** The rule decision 0098 sets for both calls. */
const READ_RULE = { anyOf: [PERMISSIONS.viewMember, PERMISSIONS.agentViewMember] };

interface ClaimSpec {
  fillDate: string;
  ndc: string;
  drugName: string;
  planPaid: string;
  dependentNo?: number;
  status?: 'paid' | 'reversed' | 'rejected';
  channel?: 'retail' | 'mail' | 'specialty';
}

/*
 * Claims have no write route (they come from the PBM), so a test inserts the rows it reads, for
 * members the given() builder made through the API.
 */
async function insertClaims(member: EmployeeHandle, claims: ClaimSpec[]): Promise<void> {
  await t.ctx.db
    .insertInto('pharmacy_claim')
    .values(
      claims.map((c, i) => ({
        organization_no: member.organizationNo,
        employee_no: member.employeeNo,
        dependent_no: c.dependentNo ?? null,
        fill_date: c.fillDate,
        rx_number: String(7000000 + i),
        ndc: c.ndc,
        drug_name: c.drugName,
        quantity: c.channel === 'mail' ? 90 : 30,
        days_supply: c.channel === 'mail' ? 90 : 30,
        pharmacy_name: c.channel === 'mail' ? 'Pillar Home Delivery Pharmacy' : 'Main Street Drug',
        pharmacy_npi: NPI,
        channel: c.channel ?? 'retail',
        brand_generic: c.ndc === AMOXICILLIN ? 'generic' : 'brand',
        status: c.status ?? 'paid',
        member_paid: '10.00',
        plan_paid: c.planPaid,
        pbm_claim_reference: `PBMTEST${i}`,
        created_by: null,
        updated_by: null,
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  const built = await given(t).organization().group().employee().dependent().build();
  organization = built.organization;
  employee = built.employee;
  dependent = built.dependent;
  otherOrganization = (await given(t).organization().group().build()).organization;
  await insertClaims(employee, [
    { fillDate: '2026-01-05', ndc: CYMBALTA_30, drugName: 'Cymbalta 30 mg', planPaid: '410.00' },
    { fillDate: '2026-02-04', ndc: CYMBALTA_30, drugName: 'Cymbalta 30 mg', planPaid: '405.50' },
    {
      fillDate: '2026-03-06',
      ndc: EVISTA_60,
      drugName: 'Evista 60 mg',
      planPaid: '1210.00',
      channel: 'mail',
    },
    {
      fillDate: '2026-03-06',
      ndc: CYMBALTA_30,
      drugName: 'Cymbalta 30 mg',
      planPaid: '0.00',
      status: 'rejected',
    },
    {
      fillDate: '2026-04-01',
      ndc: CYMBALTA_30,
      drugName: 'Cymbalta 30 mg',
      planPaid: '399.00',
      status: 'reversed',
    },
    {
      fillDate: '2026-05-20',
      ndc: AMOXICILLIN,
      drugName: 'Amoxicillin 250 mg/5 mL',
      planPaid: '6.10',
      dependentNo: dependent.dependentNo,
    },
  ]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const claimsUrl = (orgNo: number, employeeNo: number, query = '') =>
  `/portal/v1/organizations/${orgNo}/employees/${employeeNo}/claims${query}`;

async function history(query = '', caller: Parameters<TestApp['injectAs']>[0] = 'agent') {
  const response = await t.injectAs(caller, {
    method: 'GET',
    url: claimsUrl(employee.organizationNo, employee.employeeNo, query),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClaimsHistoryPage>();
}

describe('GET …/employees/:employeeId/claims', () => {
  it("lists the employee's own claims, newest fill first, with every column the tab shows", async () => {
    const page = await history();
    expect(page.totalCount).toBe(5);
    expect(page.data.map((c) => c.fillDate)).toEqual([
      '2026-04-01',
      '2026-03-06',
      '2026-03-06',
      '2026-02-04',
      '2026-01-05',
    ]);
    const evista = page.data.find((c) => c.ndc === EVISTA_60)!;
    expect(evista).toMatchObject({
      drugName: 'Evista 60 mg',
      quantity: 90,
      daysSupply: 90,
      pharmacyName: 'Pillar Home Delivery Pharmacy',
      pharmacyNpi: NPI,
      channel: 'mail',
      brandGeneric: 'brand',
      status: 'paid',
      memberPaid: '10.00',
      planPaid: '1210.00',
    });
    expect(evista.rxNumber).toMatch(/^\d{7}$/);
    expect(evista.pbmClaimReference).toMatch(/^PBMTEST\d$/);
    expect(page.data.map((c) => c.status)).toContain('reversed');
    expect(page.data.map((c) => c.status)).toContain('rejected');
  });

  it("reads a dependent's claims with dependentNo, and only theirs", async () => {
    const page = await history(`?dependentNo=${dependent.dependentNo}`);
    expect(page.totalCount).toBe(1);
    expect(page.data[0]).toMatchObject({ ndc: AMOXICILLIN, brandGeneric: 'generic' });
    const unknown = await t.injectAs('agent', {
      method: 'GET',
      url: claimsUrl(
        employee.organizationNo,
        employee.employeeNo,
        `?dependentNo=${dependent.dependentNo + 100000}`,
      ),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('pages with limit and offset and counts every claim', async () => {
    const first = await history('?limit=2&offset=0');
    const second = await history('?limit=2&offset=2');
    const third = await history('?limit=2&offset=4');
    expect([first.totalCount, second.totalCount, third.totalCount]).toEqual([5, 5, 5]);
    expect([first.data.length, second.data.length, third.data.length]).toEqual([2, 2, 1]);
    const all = [...first.data, ...second.data, ...third.data].map((c) => c.claimNo);
    expect(new Set(all).size).toBe(5);
  });

  it('sorts by the column asked, either way, the amounts as numbers', async () => {
    const byPlanPaid = await history('?sort=planPaid:asc');
    expect(byPlanPaid.data.map((c) => c.planPaid)).toEqual([
      '0.00',
      '399.00',
      '405.50',
      '410.00',
      '1210.00',
    ]);
    const byDrug = await history('?sort=drugName:desc');
    expect(byDrug.data[0]!.drugName).toBe('Evista 60 mg');
    const oldest = await history('?sort=fillDate:asc&limit=1');
    expect(oldest.data[0]!.fillDate).toBe('2026-01-05');
  });

  it.each([
    ['?sort=pharmacyNpi:asc', 'sort'],
    ['?sort=fillDate', 'sort'],
    ['?limit=101', 'limit'],
    ['?limit=0', 'limit'],
    ['?offset=-1', 'offset'],
    ['?dependentNo=abc', 'dependentNo'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await t.injectAs('agent', {
      method: 'GET',
      url: claimsUrl(employee.organizationNo, employee.employeeNo, query),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(field);
  });

  it('answers 400 for an employee id that is not a number', async () => {
    const response = await t.injectAs('agent', {
      method: 'GET',
      url: `/portal/v1/organizations/${organization.organizationNo}/employees/x/claims`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('employeeId');
  });

  it('answers 404 for a member of another organization or outside the caller’s scope', async () => {
    // The member under the wrong organization in the path.
    const wrongOrg = await t.injectAs('agent', {
      method: 'GET',
      url: claimsUrl(otherOrganization.organizationNo, employee.employeeNo),
    });
    expect(wrongOrg.statusCode).toBe(404);
    // A member viewer of another organization only.
    const { user } = await given(t)
      .in(otherOrganization)
      .user({ type: 'client', roles: ['clientViewEligibility'] })
      .build();
    const outside = await t.injectAs(user, {
      method: 'GET',
      url: claimsUrl(employee.organizationNo, employee.employeeNo),
    });
    expect(outside.statusCode).toBe(404);
  });

  it('lets a member viewer of the organization read the claims too (viewMember)', async () => {
    const { user } = await given(t)
      .in(organization)
      .user({ type: 'client', roles: ['clientViewEligibility'] })
      .build();
    const page = await history('', user);
    expect(page.totalCount).toBe(5);
  });

  it('answers 403 to a user with neither viewMember nor agentViewMember', async () => {
    const refused = PERSONAS.find((p) => !satisfiesRule(permissionsOfRoles(p.roles), READ_RULE))!;
    expect(refused).toBeDefined();
    const response = await t.injectAs(refused.key, {
      method: 'GET',
      url: claimsUrl(employee.organizationNo, employee.employeeNo),
    });
    expect(response.statusCode).toBe(403);
  });

  it('is open to the agent persona through agentViewMember alone', () => {
    const agent = PERSONAS.find((p) => p.key === 'agent')!;
    const held = permissionsOfRoles(agent.roles);
    expect(held).toContain(PERMISSIONS.agentViewMember);
    expect(claimsContracts.history.access).toEqual(READ_RULE);
    expect(claimsContracts.pbmLinks.access).toEqual(READ_RULE);
    expect(satisfiesRule(held, READ_RULE)).toBe(true);
  });
});

describe('the read-access audit', () => {
  it("records each claims history read: who, which member or dependent, 'claims-history'", async () => {
    const agentNo = await t.userNo('agent');
    const before = await auditRows();
    await history();
    await history(`?dependentNo=${dependent.dependentNo}`);
    const added = (await auditRows()).slice(before.length);
    expect(added).toEqual([
      { actor_user_no: agentNo, what: 'claims-history', dependentNo: null },
      { actor_user_no: agentNo, what: 'claims-history', dependentNo: dependent.dependentNo },
    ]);
  });

  it('records nothing for a refused read', async () => {
    const before = await auditRows();
    const response = await t.injectAs('agent', {
      method: 'GET',
      url: claimsUrl(otherOrganization.organizationNo, employee.employeeNo),
    });
    expect(response.statusCode).toBe(404);
    expect(await auditRows()).toHaveLength(before.length);
  });

  async function auditRows() {
    const rows = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_user_no', 'detail', 'audit_id'])
      .where('action', '=', 'member.read')
      .where('entity', '=', 'employee')
      .where('entity_id', '=', String(employee.employeeNo))
      .orderBy('audit_id')
      .execute();
    return rows
      .map((r) => ({
        actor_user_no: r.actor_user_no,
        detail: r.detail ?? {},
      }))
      .filter((r) => r.detail.what === 'claims-history')
      .map((r) => ({
        actor_user_no: r.actor_user_no,
        what: r.detail.what,
        dependentNo: r.detail.dependentNo,
      }));
  }
});

describe('GET …/employees/:employeeId/pbm-links', () => {
  const linksUrl = (orgNo: number, employeeNo: number) =>
    `/portal/v1/organizations/${orgNo}/employees/${employeeNo}/pbm-links`;

  it("answers the organization's PBM links in the preferred order with the browser each needs", async () => {
    await t.ctx.db
      .insertInto('organization_pbm')
      .values(
        [
          ['Agadia', 'Rx Plus'],
          ['Caremark', null],
          ['Express Scripts', null],
        ].map(([pbm, product]) => ({
          organization_no: organization.organizationNo,
          pbm: pbm!,
          product: product ?? null,
          claims_url: `https://${pbm!.toLowerCase().replace(/ /g, '-')}.claims.example/`,
          created_by: null,
          updated_by: null,
        })),
      )
      .execute();
    const response = await t.injectAs('agent', {
      method: 'GET',
      url: linksUrl(employee.organizationNo, employee.employeeNo),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { links } = response.json<PbmLinksAnswer>();
    expect(links.map((l) => [l.name, l.browser])).toEqual([
      ['Express Scripts', 'Microsoft Edge'],
      ['Caremark', 'Chrome'],
      ['Rx Plus - Agadia', 'Chrome'],
    ]);
    expect(links[0]!.url).toBe('https://express-scripts.claims.example/');
  });

  it('answers no links for an organization without a PBM', async () => {
    const built = await given(t).organization().group().employee().build();
    const response = await t.injectAs('agent', {
      method: 'GET',
      url: linksUrl(built.employee.organizationNo, built.employee.employeeNo),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ links: [] });
  });

  it('answers 404 outside the scope and 403 without the permissions', async () => {
    const wrongOrg = await t.injectAs('agent', {
      method: 'GET',
      url: linksUrl(otherOrganization.organizationNo, employee.employeeNo),
    });
    expect(wrongOrg.statusCode).toBe(404);
    const refused = PERSONAS.find((p) => !satisfiesRule(permissionsOfRoles(p.roles), READ_RULE))!;
    const response = await t.injectAs(refused.key, {
      method: 'GET',
      url: linksUrl(employee.organizationNo, employee.employeeNo),
    });
    expect(response.statusCode).toBe(403);
  });
});
