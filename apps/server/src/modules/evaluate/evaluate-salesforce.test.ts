import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EVALUATE_MESSAGES,
  type CrmOpportunity,
  type OpportunityDetail,
  type OpportunityPage,
} from '@pillar/domain';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/*
 * The evaluate routes with CRM_PROVIDER=salesforce: the app's configuration picks the jsforce
 * adapter, which talks to a local fake of Salesforce's query endpoint. Proves the wiring from
 * environment to adapter, that Salesforce's people become "mine" by e-mail, that an odd CRM
 * field does not fail an import, and that a Salesforce error is the 502 of spec 3 §2.
 */

let failing = false;
const record = (id: string, extra: Record<string, unknown> = {}) => ({
  attributes: { type: 'Opportunity' },
  Id: id,
  Name: 'Fake Salesforce Employer - RFP',
  StageName: 'Prospecting',
  LastModifiedDate: '2026-11-20T15:04:05.000+0000',
  Account: { Name: 'Fake Salesforce Employer' },
  Owner: { Name: 'Mei Chen', Email: 'Financial.Analyst@pillar.example' },
  Financial_Analyst__r: null,
  Total_Employees__c: 410,
  Total_Members__c: 880,
  Incumbent_PBM__c: 'Express Scripts',
  ...extra,
});
const RECORDS = [
  record('006SFX000000001AAA'),
  // An org's free-text fields can hold what our columns do not: a 12-digit "NPI", a long text.
  record('006SFX000000002AAA', {
    Account: { Name: 'Fake Salesforce Oddities' },
    NPI_Number__c: '123456789012',
    NABP_Number__c: '7654',
    Incumbent_PBM__c: 'P'.repeat(400),
    Target_Effective_Date__c: 'soon',
    Total_Members__c: -3,
  }),
];

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const soql = url.searchParams.get('q') ?? '';
  res.setHeader('content-type', 'application/json');
  if (failing) {
    res.writeHead(400);
    res.end(JSON.stringify([{ errorCode: 'INVALID_SESSION_ID', message: 'Session expired' }]));
    return;
  }
  const byId = /Id = '([A-Za-z0-9]+)'/u.exec(soql)?.[1];
  const records = byId
    ? RECORDS.filter((r) => r.Id.startsWith(byId.slice(0, 15)))
    : soql.includes('Fake Salesforce')
      ? RECORDS
      : [];
  res.end(JSON.stringify({ totalSize: records.length, done: true, records }));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const fakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let t: TestApp;
useTestApp((app) => (t = app), {
  env: {
    CRM_PROVIDER: 'salesforce',
    SALESFORCE_INSTANCE_URL: fakeUrl,
    SALESFORCE_ACCESS_TOKEN: 'test-token',
  },
});

const get = (url: string) => t.injectAs('financialAnalyst', { method: 'GET', url });
const post = (url: string, payload: object) =>
  t.injectAs('financialAnalyst', { method: 'POST', url, payload });

describe('evaluate with the Salesforce adapter', () => {
  it('searches Salesforce and creates the opportunity, owned by the analyst matched by e-mail', async () => {
    const search = await get('/salesforce/v1/opportunities?employerName=Fake%20Salesforce');
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json<CrmOpportunity[]>().map((o) => o.sfId)).toEqual([
      '006SFX000000001AAA',
      '006SFX000000002AAA',
    ]);
    const created = await post('/evaluate/v1/opps', { sfOppId: '006SFX000000001' });
    expect(created.statusCode, created.body).toBe(200);
    const opp = created.json<OpportunityDetail>();
    expect(opp).toMatchObject({
      sfOppId: '006SFX000000001AAA',
      employer: 'Fake Salesforce Employer',
      owner: 'Mei Chen',
      sfStage: 1,
      basicInfo: { employees: 410, members: 880, incumbentPbm: 'Express Scripts' },
    });
    const mine = await get('/evaluate/v1/opps?sfId=006SFX000000001');
    expect(mine.json<OpportunityPage>().data.map((o) => o.id)).toEqual([opp.id]);
  });

  it('imports a record with fields our columns cannot hold, keeping what fits', async () => {
    const created = await post('/evaluate/v1/opps', { sfOppId: '006SFX000000002AAA' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<OpportunityDetail>().basicInfo).toMatchObject({
      npiNumber: null,
      nabpNumber: '7654',
      pharmacyId: '0007654',
      incumbentPbm: 'P'.repeat(255),
      targetEffectiveDate: null,
      members: null,
    });
  });

  it("answers 502 'Problem getting data from Salesforce' when Salesforce fails", async () => {
    failing = true;
    try {
      for (const response of [
        await get('/salesforce/v1/opportunities?employerName=Fake'),
        await get('/salesforce/v1/opportunities/006SFX000000001AAA'),
        await post('/evaluate/v1/opps', { sfOppId: '006SFX000000009AAA' }),
      ]) {
        expect(response.statusCode, response.body).toBe(502);
        expect(response.json()).toMatchObject({
          status: 502,
          title: EVALUATE_MESSAGES.crmProblem,
          detail: EVALUATE_MESSAGES.crmProblem,
        });
      }
      const existing = (
        await get('/evaluate/v1/opps?sfId=006SFX000000001')
      ).json<OpportunityPage>();
      const refresh = await post('/evaluate/v1/opps/sf-update', {
        prospectOppId: existing.data[0]!.id,
      });
      expect(refresh.statusCode).toBe(502);
    } finally {
      failing = false;
    }
  });
});
