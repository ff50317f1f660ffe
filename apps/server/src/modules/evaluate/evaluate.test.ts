import { describe, expect, it } from 'vitest';
import {
  CONTRACT_TERMS,
  CRM_SEARCH_LIMIT,
  EVALUATE_MESSAGES,
  type ContractInfo,
  type ContractInfoAnswer,
  type CrmOpportunity,
  type EvaluateVersionDetail,
  type EvaluateVersionPage,
  type OpportunityDetail,
  type OpportunityPage,
} from '@pillar/domain';
import { createBuiltInCrm } from '../../integrations/crm/builtin-crm.ts';
import { CrmUnavailableError } from '../../integrations/crm/crm-adapter.ts';
import { insertCrmOpportunities, setCrmStage } from '../../integrations/crm/crm.repo.ts';
import { HttpProblem } from '../../platform/http/problem.ts';
import { EVALUATE_SEED } from '../../seed/evaluate.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { searchCrm } from './evaluate.service.ts';

let t: TestApp;
useTestApp((app) => (t = app));

type Method = 'GET' | 'POST';

async function call(
  method: Method,
  url: string,
  payload?: unknown,
  caller: Caller = 'financialAnalyst',
) {
  return t.injectAs(caller, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T>(method: Method, url: string, payload?: unknown, caller?: Caller): Promise<T> {
  const response = await call(method, url, payload, caller);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

function expectProblem(
  response: Awaited<ReturnType<typeof call>>,
  status: number,
  field?: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const problem = response.json<{ title: string; params?: Record<string, string> }>();
  if (field) expect(Object.keys(problem.params ?? {})).toContain(field);
  if (field && message) expect(problem.params?.[field]).toBe(message);
  return problem;
}

/** The seed's first CRM record, imported with two contract versions. */
const FIRST_SEEDED = '006PIL000000001AAA';

let counter = 0;
/** A CRM opportunity of the test's own, in the built-in CRM (not imported). */
async function crmRecord(
  overrides: { employer?: string; npi?: string | null; nabp?: string | null } = {},
) {
  counter += 1;
  const n = 700_000 + counter;
  const employer = overrides.employer ?? `Zq Testing Employer ${counter}`;
  const sfId = `006TST${String(n).padStart(9, '0')}AAA`;
  await insertCrmOpportunities(t.ctx.db, [
    {
      sfId,
      name: `${employer} - RFP`,
      employer: { sfId: `001TST${String(n).padStart(9, '0')}AAA`, name: employer },
      broker: { sfId: '001TST000000000001', name: 'Zq Broker' },
      owner: {
        sfId: '005TST000000000001',
        name: 'Mei Chen',
        email: 'financial.analyst@pillar.example',
      },
      fa: {
        sfId: '005TST000000000002',
        name: 'Oliver Grant',
        email: 'oliver.grant@pillar.example',
      },
      spa: 'Dev Patel',
      stage: 2,
      employees: 1200,
      members: 2500,
      incumbentPbm: 'OptumRx',
      tpa: 'UMR',
      medVendor: 'Cigna',
      targetEffectiveDate: '2027-01-01',
      erisa: true,
      strategicGroup: 'Mid-Market',
      inHousePharmacyName: 'On-site Pharmacy',
      npiNumber: overrides.npi === undefined ? '12345' : overrides.npi,
      nabpNumber: overrides.nabp === undefined ? null : overrides.nabp,
      analysisDueFromFA: '2026-12-01',
      analysisDueDate: '2026-12-15',
    },
  ]);
  return { sfId, employer };
}

async function newOpportunity(overrides?: Parameters<typeof crmRecord>[0]) {
  const { sfId } = await crmRecord(overrides);
  return ok<OpportunityDetail>('POST', '/evaluate/v1/opps', { sfOppId: sfId });
}

const contract = (overrides: Record<string, unknown> = {}) => ({
  contractTermLength: 3,
  contractEffDate: '2025-01-01',
  ssgOrDsg: 'SSG',
  discounts: [
    { code: 'retailBrand', value: 18.5 },
    { code: 'retailGeneric', value: 82 },
    { code: 'retailFee', value: 0.75 },
    { code: 'rebateMail', value: 650.25 },
  ],
  ...overrides,
});

describe('evaluate access (spec 3 §6: internal, rxbAdmin, eval-view-opp)', () => {
  const urls: [Method, string, unknown?][] = [
    ['GET', '/evaluate/v1/opps?scope=all'],
    ['GET', '/evaluate/v1/opps/1'],
    ['POST', '/evaluate/v1/opps', { sfOppId: '006PIL000000031AAA' }],
    ['POST', '/evaluate/v1/opps/sf-update', { prospectOppId: 1 }],
    ['GET', '/evaluate/v1/opps/1/contract-info'],
    ['POST', '/evaluate/v1/opps/1/contract-info', contract()],
    ['GET', '/evaluate/v1/opps/1/history'],
    ['GET', '/evaluate/v1/opps/1/history/contract/1'],
    ['GET', '/salesforce/v1/opportunities?employerName=a'],
    ['GET', '/salesforce/v1/opportunities/006PIL000000001AAA'],
  ];
  it.each(urls)(
    '%s %s: 403 for an internal user without rxbAdmin, a broker and a client',
    async (method, url, body) => {
      for (const caller of ['accountManager', 'broker', 'client', 'clinician'] as const) {
        expectProblem(await call(method, url, body, caller), 403);
      }
    },
  );

  it('lets the super admin in as well as the financial analyst', async () => {
    await ok<OpportunityPage>('GET', '/evaluate/v1/opps?scope=all', undefined, 'superAdmin');
  });
});

describe('opportunity list', () => {
  it('shows all 30 seeded opportunities with scope all, and only the ones I own or analyse with mine', async () => {
    const all = await ok<OpportunityPage>('GET', '/evaluate/v1/opps?scope=all&limit=100&employer=');
    expect(all.totalCount).toBeGreaterThanOrEqual(EVALUATE_SEED.imported);
    const seeded = all.data.filter((o) => o.sfOppId.startsWith('006PIL'));
    expect(seeded).toHaveLength(EVALUATE_SEED.imported);
    expect(new Set(seeded.map((o) => o.sfStage))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));

    const mine = await ok<OpportunityPage>('GET', '/evaluate/v1/opps?limit=100');
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.length).toBeLessThan(all.data.length);
    for (const o of mine.data) expect([o.owner, o.fa]).toContain('Mei Chen');
    // The super admin (Ada Lovelace) owns or analyses others.
    const adas = await ok<OpportunityPage>(
      'GET',
      '/evaluate/v1/opps?limit=100',
      undefined,
      'superAdmin',
    );
    for (const o of adas.data) expect([o.owner, o.fa]).toContain('Ada Lovelace');
    expect(adas.data.map((o) => o.id)).not.toEqual(mine.data.map((o) => o.id));
  });

  it('filters by several stages (repeated or comma-separated) and by text, case-insensitive', async () => {
    const repeated = await ok<OpportunityPage>(
      'GET',
      '/evaluate/v1/opps?scope=all&status=0&status=8&limit=100',
    );
    const commas = await ok<OpportunityPage>(
      'GET',
      '/evaluate/v1/opps?scope=all&status=0,8&limit=100',
    );
    expect(repeated).toEqual(commas);
    expect(repeated.data.length).toBeGreaterThan(0);
    expect(new Set(repeated.data.map((o) => o.sfStage))).toEqual(new Set([0, 8]));

    const bySfId = await ok<OpportunityPage>(
      'GET',
      `/evaluate/v1/opps?scope=all&sfId=${FIRST_SEEDED}`,
    );
    expect(bySfId).toMatchObject({ totalCount: 1, data: [{ sfOppId: FIRST_SEEDED }] });
    const employer = bySfId.data[0]!.employer;
    const byEmployer = await ok<OpportunityPage>(
      'GET',
      `/evaluate/v1/opps?scope=all&employer=${encodeURIComponent(employer.toUpperCase())}`,
    );
    expect(byEmployer.data.map((o) => o.sfOppId)).toContain(FIRST_SEEDED);
    const byFa = await ok<OpportunityPage>(
      'GET',
      '/evaluate/v1/opps?scope=all&fa=oliver&limit=100',
    );
    expect(byFa.data.length).toBeGreaterThan(0);
    for (const o of byFa.data) expect(o.fa).toBe('Oliver Grant');
  });

  it('sorts and pages', async () => {
    const page1 = await ok<OpportunityPage>(
      'GET',
      '/evaluate/v1/opps?scope=all&limit=5&sort=employer:desc',
    );
    const page2 = await ok<OpportunityPage>(
      'GET',
      '/evaluate/v1/opps?scope=all&limit=5&offset=5&sort=employer:desc',
    );
    expect(page1.data).toHaveLength(5);
    const names = [...page1.data, ...page2.data].map((o) => o.employer.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect(page2.totalCount).toBe(page1.totalCount);
  });

  it('refuses bad filters with the field named', async () => {
    expectProblem(await call('GET', '/evaluate/v1/opps?status=10'), 400, 'status.0');
    expectProblem(await call('GET', '/evaluate/v1/opps?status=x'), 400, 'status.0');
    expectProblem(await call('GET', '/evaluate/v1/opps?scope=everyone'), 400, 'scope');
    expectProblem(
      await call('GET', `/evaluate/v1/opps?employer=${'a'.repeat(256)}`),
      400,
      'employer',
    );
    expectProblem(await call('GET', '/evaluate/v1/opps?sort=secret:asc'), 400, 'sort');
    expectProblem(await call('GET', '/evaluate/v1/opps?employer=a%00b'), 400, 'employer');
  });
});

describe('CRM service (/salesforce/v1, built-in store)', () => {
  it('finds opportunities by employer name, at most 25', async () => {
    const { employer, sfId } = await crmRecord({ employer: 'Zq Unique Lumber Mill' });
    const found = await ok<CrmOpportunity[]>(
      'GET',
      '/salesforce/v1/opportunities?employerName=unique%20lumber',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      sfId,
      employer,
      broker: 'Zq Broker',
      owner: { name: 'Mei Chen' },
      fa: { name: 'Oliver Grant' },
      stage: 2,
      stageName: '2 - Qualifying',
      employees: 1200,
      members: 2500,
      incumbentPbm: 'OptumRx',
      erisa: true,
      targetEffectiveDate: '2027-01-01',
    });
    // 50 seeded CRM records: a broad search stops at the first 25.
    const broad = await ok<CrmOpportunity[]>(
      'GET',
      '/salesforce/v1/opportunities?employerName=rfp',
    );
    expect(broad).toHaveLength(CRM_SEARCH_LIMIT);
  });

  it('reads one by its 18- or 15-character ID, and refuses 14', async () => {
    const { sfId } = await crmRecord();
    const full = await ok<CrmOpportunity>('GET', `/salesforce/v1/opportunities/${sfId}`);
    expect(full.sfId).toBe(sfId);
    expect(await ok('GET', `/salesforce/v1/opportunities/${sfId.slice(0, 15)}`)).toEqual(full);
    expectProblem(
      await call('GET', `/salesforce/v1/opportunities/${sfId.slice(0, 14)}`),
      400,
      'id',
      EVALUATE_MESSAGES.invalidIdLength,
    );
    expectProblem(await call('GET', '/salesforce/v1/opportunities/006ZZZ999999999999'), 404);
    expectProblem(
      await call('GET', '/salesforce/v1/opportunities?employerName='),
      400,
      'employerName',
    );
  });

  it('answers 502 Problem getting data from Salesforce when the CRM is down', async () => {
    const down = createBuiltInCrm(t.ctx.db, { simulateOutage: true });
    await expect(down.searchOpportunities('a', 5)).rejects.toBeInstanceOf(CrmUnavailableError);
    const problem = await searchCrm(down, 'a').catch((e: unknown) => e);
    expect(problem).toBeInstanceOf(HttpProblem);
    expect((problem as HttpProblem).toProblem()).toEqual({
      status: 502,
      title: EVALUATE_MESSAGES.crmProblem,
      detail: EVALUATE_MESSAGES.crmProblem,
    });
  });
});

describe('creating and refreshing an opportunity from the CRM', () => {
  it('creates it with the basic information, once per Salesforce ID', async () => {
    const { sfId, employer } = await crmRecord({ npi: '12345' });
    const created = await ok<OpportunityDetail>('POST', '/evaluate/v1/opps', { sfOppId: sfId });
    expect(created).toMatchObject({
      employer,
      sfOppId: sfId,
      broker: 'Zq Broker',
      owner: 'Mei Chen',
      fa: 'Oliver Grant',
      spa: 'Dev Patel',
      sfStage: 2,
      updatedBy: 'Mei Chen',
      basicInfo: {
        incumbentPbm: 'OptumRx',
        employees: 1200,
        members: 2500,
        npiNumber: '12345',
        pharmacyId: '0000012345',
        tpa: 'UMR',
        medVendor: 'Cigna',
        targetEffectiveDate: '2027-01-01',
        analysisDueFromFA: '2026-12-01',
        erisa: true,
        strategicGroup: 'Mid-Market',
      },
    });
    expect(await ok('GET', `/evaluate/v1/opps/${created.id}`)).toEqual(created);
    // The same record again (by its 15-character form too) is the same opportunity.
    const again = await ok<OpportunityDetail>('POST', '/evaluate/v1/opps', {
      sfOppId: sfId.slice(0, 15),
    });
    expect(again.id).toBe(created.id);
    // Owned by the analyst persona: in her "mine" list.
    const mine = await ok<OpportunityPage>('GET', `/evaluate/v1/opps?sfId=${sfId}`);
    expect(mine.data.map((o) => o.id)).toEqual([created.id]);
    const history = await ok<EvaluateVersionPage>(
      'GET',
      `/evaluate/v1/opps/${created.id}/history?part=opportunity`,
    );
    expect(history).toMatchObject({
      totalCount: 1,
      data: [{ part: 'opportunity', versionNo: 1, savedBy: 'Mei Chen' }],
    });
  });

  it('makes one opportunity with one first version when two users choose the same record at once', async () => {
    const { sfId } = await crmRecord();
    const [a, b] = await Promise.all([
      ok<OpportunityDetail>('POST', '/evaluate/v1/opps', { sfOppId: sfId }),
      ok<OpportunityDetail>('POST', '/evaluate/v1/opps', { sfOppId: sfId }, 'superAdmin'),
    ]);
    expect(a.id).toBe(b.id);
    const history = await ok<EvaluateVersionPage>(
      'GET',
      `/evaluate/v1/opps/${a.id}/history?part=opportunity`,
    );
    expect(history.totalCount).toBe(1);
  });

  it('shows a NABP padded to 7, and a dash with neither', async () => {
    const nabp = await newOpportunity({ npi: null, nabp: '4321' });
    expect(nabp.basicInfo.pharmacyId).toBe('0004321');
    const neither = await newOpportunity({ npi: null, nabp: null });
    expect(neither.basicInfo.pharmacyId).toBe('-');
  });

  it('refuses a short ID and an ID the CRM does not hold, creating nothing', async () => {
    expectProblem(
      await call('POST', '/evaluate/v1/opps', { sfOppId: '006TST00000000' }),
      400,
      'sfOppId',
      EVALUATE_MESSAGES.invalidIdLength,
    );
    expectProblem(await call('POST', '/evaluate/v1/opps', { sfOppId: '006ZZZ999999999998' }), 404);
    const none = await ok<OpportunityPage>(
      'GET',
      '/evaluate/v1/opps?scope=all&sfId=006ZZZ999999999998',
    );
    expect(none.totalCount).toBe(0);
  });

  it('refreshes from the CRM on sf-update and stamps the load time', async () => {
    const created = await newOpportunity();
    await setCrmStage(t.ctx.db, created.sfOppId, 8);
    const refreshed = await ok<OpportunityDetail>('POST', '/evaluate/v1/opps/sf-update', {
      prospectOppId: created.id,
    });
    expect(refreshed.sfStage).toBe(8);
    expect(Date.parse(refreshed.basicInfo.sfUpdatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.basicInfo.sfUpdatedAt),
    );
    const history = await ok<EvaluateVersionPage>(
      'GET',
      `/evaluate/v1/opps/${created.id}/history?part=opportunity`,
    );
    expect(history.data.map((v) => v.versionNo)).toEqual([2, 1]);
    expectProblem(
      await call('POST', '/evaluate/v1/opps/sf-update', { prospectOppId: 2_000_000_000 }),
      404,
    );
    expectProblem(
      await call('POST', '/evaluate/v1/opps/sf-update', { prospectOppId: 'x' }),
      400,
      'prospectOppId',
    );
  });

  it('answers 404 for an unknown opportunity and 400 for a bad id', async () => {
    expectProblem(await call('GET', '/evaluate/v1/opps/2000000000'), 404);
    expectProblem(await call('GET', '/evaluate/v1/opps/2147483648'), 400, 'id');
    expectProblem(await call('GET', '/evaluate/v1/opps/abc'), 400, 'id');
  });
});

describe('incumbent contract', () => {
  it('is null before the first save, then saved whole with every term listed', async () => {
    const opp = await newOpportunity();
    const url = `/evaluate/v1/opps/${opp.id}/contract-info`;
    expect(await ok<ContractInfoAnswer>('GET', url)).toEqual({ contract: null });
    const saved = await ok<ContractInfo>('POST', url, contract());
    expect(saved).toMatchObject({
      contractTermLength: 3,
      contractEffDate: '2025-01-01',
      ssgOrDsg: 'SSG',
      updatedBy: 'Mei Chen',
    });
    expect(saved.discounts.map((d) => d.code)).toEqual(CONTRACT_TERMS.map((c) => c.code));
    expect(saved.discounts.find((d) => d.code === 'retailBrand')?.value).toBe(18.5);
    expect(saved.discounts.find((d) => d.code === 'rebateMail')?.value).toBe(650.25);
    expect(saved.discounts.find((d) => d.code === 'mailBrand')?.value).toBeNull();
    expect(await ok<ContractInfoAnswer>('GET', url)).toEqual({ contract: saved });
  });

  it.each([
    ['term 0', { contractTermLength: 0 }, 'contractTermLength', EVALUATE_MESSAGES.termRange],
    ['term 6', { contractTermLength: 6 }, 'contractTermLength', EVALUATE_MESSAGES.termRange],
    ['term 2.5', { contractTermLength: 2.5 }, 'contractTermLength', EVALUATE_MESSAGES.termRange],
    [
      'no term',
      { contractTermLength: undefined },
      'contractTermLength',
      EVALUATE_MESSAGES.termRequired,
    ],
    [
      'no effective date',
      { contractEffDate: '' },
      'contractEffDate',
      EVALUATE_MESSAGES.effectiveDateRequired,
    ],
    ['a bad date', { contractEffDate: '2025-02-30' }, 'contractEffDate', undefined],
    ['no SSG/DSG', { ssgOrDsg: undefined }, 'ssgOrDsg', EVALUATE_MESSAGES.ssgOrDsgRequired],
    [
      'three decimals',
      { discounts: [{ code: 'retailBrand', value: 18.555 }] },
      'discounts.0.value',
      EVALUATE_MESSAGES.twoDecimals,
    ],
    [
      'a negative amount',
      { discounts: [{ code: 'retailFee', value: -1 }] },
      'discounts.0.value',
      EVALUATE_MESSAGES.notNegative,
    ],
    [
      'a percent over 100',
      { discounts: [{ code: 'mailGeneric', value: 100.01 }] },
      'discounts.0.value',
      EVALUATE_MESSAGES.percentMax,
    ],
    [
      'an unknown term',
      { discounts: [{ code: 'bogus', value: 1 }] },
      'discounts.0.code',
      EVALUATE_MESSAGES.unknownCode,
    ],
    [
      'a term twice',
      {
        discounts: [
          { code: 'mailFee', value: 1 },
          { code: 'mailFee', value: 2 },
        ],
      },
      'discounts.1.code',
      EVALUATE_MESSAGES.codeTwice,
    ],
  ])(
    'refuses %s with the field named, saving nothing',
    async (_label, overrides, field, message) => {
      const opp = await newOpportunity();
      const url = `/evaluate/v1/opps/${opp.id}/contract-info`;
      expectProblem(await call('POST', url, contract(overrides)), 400, field, message);
      expect(await ok<ContractInfoAnswer>('GET', url)).toEqual({ contract: null });
      const history = await ok<EvaluateVersionPage>(
        'GET',
        `/evaluate/v1/opps/${opp.id}/history?part=contract`,
      );
      expect(history.totalCount).toBe(0);
    },
  );

  it('answers 404 for an unknown opportunity', async () => {
    expectProblem(await call('GET', '/evaluate/v1/opps/2000000000/contract-info'), 404);
    expectProblem(
      await call('POST', '/evaluate/v1/opps/2000000000/contract-info', contract()),
      404,
    );
  });
});

describe('contract history', () => {
  it('keeps a version per save with who and when, each with its whole state', async () => {
    const opp = await newOpportunity();
    const url = `/evaluate/v1/opps/${opp.id}`;
    await ok('POST', `${url}/contract-info`, contract());
    await ok(
      'POST',
      `${url}/contract-info`,
      contract({ contractTermLength: 5, discounts: [{ code: 'retailBrand', value: 20 }] }),
      'superAdmin',
    );
    const versions = await ok<EvaluateVersionPage>('GET', `${url}/history?part=contract`);
    expect(versions.data.map((v) => [v.versionNo, v.savedBy])).toEqual([
      [2, 'Ada Lovelace'],
      [1, 'Mei Chen'],
    ]);
    const v1 = await ok<EvaluateVersionDetail>('GET', `${url}/history/contract/1`);
    const v2 = await ok<EvaluateVersionDetail>('GET', `${url}/history/contract/2`);
    expect(v1.state).toMatchObject({ contractTermLength: 3 });
    expect(v2.state).toMatchObject({ contractTermLength: 5 });
    const brand = (s: unknown) =>
      (s as { discounts: { code: string; value: number | null }[] }).discounts.find(
        (d) => d.code === 'retailBrand',
      )?.value;
    expect([brand(v1.state), brand(v2.state)]).toEqual([18.5, 20]);
    // All parts together, newest first; the opportunity's own import is there too.
    const all = await ok<EvaluateVersionPage>('GET', `${url}/history`);
    expect(all.data.map((v) => v.part)).toEqual(['contract', 'contract', 'opportunity']);
    // Saving marks the opportunity updated by the saver.
    expect((await ok<OpportunityDetail>('GET', url)).updatedBy).toBe('Ada Lovelace');
  });

  it('answers 404 for a version or opportunity that does not exist, 400 for a bad part', async () => {
    const opp = await newOpportunity();
    expectProblem(await call('GET', `/evaluate/v1/opps/${opp.id}/history/contract/1`), 404);
    expectProblem(await call('GET', '/evaluate/v1/opps/2000000000/history'), 404);
    expectProblem(await call('GET', `/evaluate/v1/opps/${opp.id}/history/secrets/1`), 400, 'part');
    expectProblem(
      await call('GET', `/evaluate/v1/opps/${opp.id}/history?part=secrets`),
      400,
      'part',
    );
    expectProblem(
      await call('GET', `/evaluate/v1/opps/${opp.id}/history/contract/0`),
      400,
      'versionNo',
    );
  });

  it('the seed keeps two contract versions for the first opportunities', async () => {
    const page = await ok<OpportunityPage>(
      'GET',
      `/evaluate/v1/opps?scope=all&sfId=${FIRST_SEEDED}`,
    );
    const id = page.data[0]!.id;
    const versions = await ok<EvaluateVersionPage>(
      'GET',
      `/evaluate/v1/opps/${id}/history?part=contract`,
    );
    expect(versions.totalCount).toBe(2);
  });
});
