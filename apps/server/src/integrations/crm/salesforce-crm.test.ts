import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CrmUnavailableError } from './crm-adapter.ts';
import { OPPORTUNITY_FIELDS, createSalesforceCrm, soqlLikeText } from './salesforce-crm.ts';

/*
 * The jsforce adapter against a local fake of Salesforce's REST API: the OAuth 2 token endpoint
 * (username-password flow) and the SOQL query endpoint, answering Opportunity records the way
 * Salesforce shapes them (relationship fields as nested objects, custom fields by API name).
 */

const API_VERSION = '62.0';

interface Seen {
  method: string;
  path: string;
  soql: string | null;
  authorization: string | undefined;
  body: string;
}

const seen: Seen[] = [];
let failQueries = false;

const RECORD = {
  attributes: {
    type: 'Opportunity',
    url: '/services/data/v62.0/sobjects/Opportunity/006Fake00000001AAA',
  },
  Id: '006Fake00000001AAA',
  Name: 'Harbor Point Logistics - PBM RFP 2027',
  StageName: '4 - FA Accuracy Check',
  LastModifiedDate: '2026-11-20T15:04:05.000+0000',
  Account: { attributes: { type: 'Account' }, Name: 'Harbor Point Logistics' },
  Owner: { attributes: { type: 'User' }, Name: 'Grace Holloway', Email: 'grace@example.com' },
  Broker_Account__r: { attributes: { type: 'Account' }, Name: 'Lockton Companies' },
  Financial_Analyst__r: null,
  SPA__c: 'Dev Patel',
  Total_Employees__c: 2300.0,
  Total_Members__c: 5100.0,
  Incumbent_PBM__c: 'CVS Caremark',
  TPA__c: null,
  Medical_Vendor__c: 'Aetna',
  Target_Effective_Date__c: '2027-07-01',
  ERISA__c: true,
  Strategic_Group__c: 'Mid-Market',
  In_House_Pharmacy_Name__c: null,
  NPI_Number__c: null,
  NABP_Number__c: '1234567',
  Analysis_Due_From_FA__c: '2026-12-01',
  Analysis_Due_Date__c: '2026-12-10',
};

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://fake');
    seen.push({
      method: req.method ?? '',
      path: url.pathname,
      soql: url.searchParams.get('q'),
      authorization: req.headers.authorization,
      body,
    });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/services/oauth2/token') {
      const form = new URLSearchParams(body);
      if (form.get('password') !== 'secret+token') {
        return json(400, { error: 'invalid_grant', error_description: 'authentication failure' });
      }
      return json(200, {
        access_token: 'token-from-login',
        instance_url: baseUrl(),
        id: `${baseUrl()}/id/00D/005`,
        token_type: 'Bearer',
        issued_at: '1700000000000',
      });
    }
    if (url.pathname === `/services/data/v${API_VERSION}/query`) {
      if (failQueries) {
        // What an org without our custom fields answers (jsforce retries 5xx answers itself).
        return json(400, [
          {
            errorCode: 'INVALID_FIELD',
            message: "No such column 'SPA__c' on entity 'Opportunity'",
          },
        ]);
      }
      const soql = url.searchParams.get('q') ?? '';
      const records =
        soql.includes("Id = '006Fake00000001AAA'") || soql.includes('LIKE') ? [RECORD] : [];
      return json(200, { totalSize: records.length, done: true, records });
    }
    json(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  });
});

function baseUrl(): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  failQueries = false;
});

const withToken = () =>
  createSalesforceCrm({
    loginUrl: baseUrl(),
    apiVersion: API_VERSION,
    instanceUrl: baseUrl(),
    accessToken: 'configured-token',
  });

describe('Salesforce CRM adapter (jsforce) against a fake REST endpoint', () => {
  it('searches by employer with one SOQL query of the mapped fields, bearer token, LIMIT', async () => {
    const found = await withToken().searchOpportunities("Harbor's 100%_", 25);
    expect(found).toEqual([
      {
        sfId: '006Fake00000001AAA',
        name: 'Harbor Point Logistics - PBM RFP 2027',
        employer: 'Harbor Point Logistics',
        broker: 'Lockton Companies',
        owner: { name: 'Grace Holloway', email: 'grace@example.com' },
        fa: null,
        spa: 'Dev Patel',
        stage: 4,
        stageName: '4 - FA Accuracy Check',
        employees: 2300,
        members: 5100,
        incumbentPbm: 'CVS Caremark',
        tpa: null,
        medVendor: 'Aetna',
        targetEffectiveDate: '2027-07-01',
        erisa: true,
        strategicGroup: 'Mid-Market',
        inHousePharmacyName: null,
        npiNumber: null,
        nabpNumber: '1234567',
        analysisDueFromFA: '2026-12-01',
        analysisDueDate: '2026-12-10',
        lastModifiedAt: '2026-11-20T15:04:05.000Z',
      },
    ]);
    const query = seen.find((s) => s.soql !== null)!;
    expect(query.authorization).toBe('Bearer configured-token');
    expect(query.soql).toContain(`SELECT ${OPPORTUNITY_FIELDS.join(', ')} FROM Opportunity`);
    // The name is escaped: a quote cannot end the literal, % and _ match themselves.
    expect(query.soql).toContain("Account.Name LIKE '%Harbor\\'s 100\\%\\_%'");
    expect(query.soql).toMatch(/LIMIT 25$/u);
  });

  it('reads one opportunity by ID, and answers null for an unknown one', async () => {
    const crm = withToken();
    expect((await crm.getOpportunity('006Fake00000001AAA'))?.employer).toBe(
      'Harbor Point Logistics',
    );
    expect(await crm.getOpportunity('006Fake00000002AAA')).toBeNull();
    // Not an ID: never sent.
    const before = seen.length;
    expect(await crm.getOpportunity("006'; DELETE--xx")).toBeNull();
    expect(seen.length).toBe(before);
  });

  it('signs in once with username and password (OAuth 2) and queries with the token it got', async () => {
    const crm = createSalesforceCrm({
      loginUrl: baseUrl(),
      apiVersion: API_VERSION,
      username: 'fa@example.com',
      password: 'secret+token',
      clientId: 'client-id',
      clientSecret: 'client-secret',
    });
    await crm.searchOpportunities('Harbor', 25);
    await crm.getOpportunity('006Fake00000001AAA');
    expect(seen.filter((s) => s.path === '/services/oauth2/token')).toHaveLength(1);
    const login = new URLSearchParams(seen.find((s) => s.path === '/services/oauth2/token')!.body);
    expect(login.get('grant_type')).toBe('password');
    expect(login.get('username')).toBe('fa@example.com');
    const queries = seen.filter((s) => s.soql !== null);
    expect(queries).toHaveLength(2);
    for (const q of queries) expect(q.authorization).toBe('Bearer token-from-login');
  });

  it('turns a failed sign-in or an error answer into CrmUnavailableError', async () => {
    const badLogin = createSalesforceCrm({
      loginUrl: baseUrl(),
      apiVersion: API_VERSION,
      username: 'fa@example.com',
      password: 'wrong',
      clientId: 'client-id',
    });
    await expect(badLogin.searchOpportunities('Harbor', 25)).rejects.toBeInstanceOf(
      CrmUnavailableError,
    );
    failQueries = true;
    await expect(withToken().getOpportunity('006Fake00000001AAA')).rejects.toBeInstanceOf(
      CrmUnavailableError,
    );
  });

  it('answers CrmUnavailableError when nothing listens', async () => {
    const gone = createSalesforceCrm({
      loginUrl: 'http://127.0.0.1:9',
      apiVersion: API_VERSION,
      instanceUrl: 'http://127.0.0.1:9',
      accessToken: 'x',
    });
    await expect(gone.searchOpportunities('a', 25)).rejects.toBeInstanceOf(CrmUnavailableError);
  });
});

describe('soqlLikeText', () => {
  it.each([
    ['plain', 'plain'],
    ["O'Brien", "O\\'Brien"],
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
  ])('%s -> %s', (input, expected) => {
    expect(soqlLikeText(input)).toBe(expected);
  });
});
