import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVALUATE_MESSAGES } from '@pillar/domain';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { ApiError } from '../../shared/api/api-error.ts';
import {
  createOpportunity,
  isCrmFailure,
  refreshFromCrm,
  searchCrm,
} from './api/crm-opportunities.ts';
import {
  listOpportunities,
  opportunityScopeParam,
  readOpportunityScope,
  readStageFilter,
} from './api/list-opportunities.ts';
import { parseOpportunityId } from './api/get-opportunity.ts';
import { listVersions } from './api/history.ts';

describe('the opportunity calls (spec 3 §7 "Evaluate service", "CRM service")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists with the filters, every stage repeated, the scope and the paging', async () => {
    const seen = fakeApi({ data: [], totalCount: 0 });
    await listOpportunities({
      employer: 'Acme',
      status: [3, 8],
      scope: 'all',
      limit: 20,
      offset: 40,
      sort: 'employer:asc',
    });
    expect(seen.lines()).toEqual([
      'GET https://api.example/evaluate/v1/opps?employer=Acme&status=3&status=8&scope=all&limit=20&offset=40&sort=employer%3Aasc',
    ]);
  });

  it('searches the CRM by name, or reads one ID (an unknown ID is no row)', async () => {
    let seen = fakeApi([]);
    await searchCrm({ by: 'name', term: 'Bay view' });
    expect(seen.lines()).toEqual([
      'GET https://api.example/salesforce/v1/opportunities?employerName=Bay+view',
    ]);
    seen = fakeApi(
      { status: 404, title: 'Not Found' },
      { status: 404, contentType: 'application/problem+json' },
    );
    await expect(searchCrm({ by: 'id', term: '006PIL000000000001' })).resolves.toEqual([]);
    expect(seen.lines()).toEqual([
      'GET https://api.example/salesforce/v1/opportunities/006PIL000000000001',
    ]);
  });

  it('creates from a CRM ID and refreshes by the prospect opportunity id', async () => {
    const seen = fakeApi({});
    await createOpportunity('006PIL000000000001');
    await refreshFromCrm(42);
    expect(seen.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', 'https://api.example/evaluate/v1/opps', { sfOppId: '006PIL000000000001' }],
      ['POST', 'https://api.example/evaluate/v1/opps/sf-update', { prospectOppId: 42 }],
    ]);
  });

  it('reads the history newest first, of one part when asked', async () => {
    const seen = fakeApi({ data: [], totalCount: 0 });
    await listVersions(7, { part: 'contract', limit: 20, offset: 0 });
    expect(seen.lines()).toEqual([
      'GET https://api.example/evaluate/v1/opps/7/history?part=contract&limit=20&offset=0&sort=savedAt%3Adesc',
    ]);
  });

  it('tells a CRM failure (502) from other refusals', () => {
    expect(isCrmFailure(new ApiError({ status: 502, title: EVALUATE_MESSAGES.crmProblem }))).toBe(
      true,
    );
    expect(isCrmFailure(new ApiError({ status: 400, title: 'Bad Request' }))).toBe(false);
  });
});

describe('the list state in the URL', () => {
  it.each([
    [null, 'mine', 'my'],
    ['my', 'mine', 'my'],
    ['mine', 'mine', 'my'],
    ['all', 'all', 'all'],
    ['everyone', 'mine', 'my'],
  ] as const)('scope %s reads as %s and is written %s', (value, scope, param) => {
    expect(readOpportunityScope(value)).toBe(scope);
    expect(opportunityScopeParam(readOpportunityScope(value))).toBe(param);
  });

  it.each([
    [undefined, undefined],
    ['3', [3]],
    [
      ['0', '9', '9'],
      [0, 9],
    ],
    [['10', '-1', 'x', '2.5'], undefined],
    [['4', '12'], [4]],
  ])('stages %j read as %j', (value, stages) => {
    expect(readStageFilter(value)).toEqual(stages);
  });

  it.each([
    ['12', 12],
    ['0', null],
    ['2147483648', null],
    ['12abc', null],
    [undefined, null],
  ])('opportunity id %s reads as %s', (value, id) => {
    expect(parseOpportunityId(value)).toBe(id);
  });
});
