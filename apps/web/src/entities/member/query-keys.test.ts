import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DependentDetail } from '@pillar/domain';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { ApiError } from '../../shared/api/api-error.ts';
import { coverageKeys } from '../coverage/index.ts';
import { afterDependentFailure, afterDependentWrite } from './api/dependent-writes.ts';
import { invalidateEmployee } from './api/invalidate-employee.ts';
import { searchDependents, searchEmployees, type MemberQuery } from './api/member-search.ts';
import { memberKeys } from './query-keys.ts';

const QUERY: MemberQuery = { name: 'Smith', limit: 25, offset: 0 };
const PAGE = { limit: 25, offset: 0 };

/** A client holding one cached answer under each key a member page or search reads. */
function clientWithReads() {
  const client = new QueryClient();
  const keys = {
    detail: memberKeys.employeeDetail(1, 7),
    history: memberKeys.history(1, 7, PAGE),
    dependent: memberKeys.dependentDetail(1, 7, 3),
    options: memberKeys.alternateGroupOptions(1, 7, 3),
    dependentsPanel: memberKeys.dependentsOfEmployee(1, 7),
    orgSearch: memberKeys.employeeSearch(1, QUERY),
    orgDependents: memberKeys.dependentSearch(1, QUERY),
    allSearch: memberKeys.employeeSearch('all', QUERY),
    coverages: coverageKeys.list(1, 7),
    tempCard: coverageKeys.tempCard(1, 7, 2),
    otherEmployee: memberKeys.employeeDetail(1, 8),
    count: memberKeys.count(),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, invalidated };
}

describe('member query keys', () => {
  it('after a write to an employee, refreshes its reads, its coverages and every member list', async () => {
    const { client, invalidated } = clientWithReads();
    await invalidateEmployee(client, 1, 7);
    expect(invalidated()).toEqual(
      [
        'detail',
        'history',
        'dependent',
        'options',
        'dependentsPanel',
        'orgSearch',
        'orgDependents',
        'allSearch',
        'coverages',
        'tempCard',
      ].sort(),
    );
  });

  it("after a dependent's write, keeps its answer and refreshes the lists and its group options", async () => {
    const { client, invalidated } = clientWithReads();
    const detail = { employeeNo: 7, dependentNo: 3, firstName: 'Ann' } as DependentDetail;
    await afterDependentWrite(client, 1, detail);
    expect(client.getQueryData(memberKeys.dependentDetail(1, 7, 3))).toEqual(detail);
    expect(invalidated()).toEqual(
      ['options', 'dependentsPanel', 'orgSearch', 'orgDependents', 'allSearch'].sort(),
    );
  });

  it('after a 409 or 404 on a dependent, reads its member again; after a 400, nothing', async () => {
    const refused = clientWithReads();
    await afterDependentFailure(refused.client, 1, 7, new ApiError({ status: 400, title: 'No' }));
    expect(refused.invalidated()).toEqual([]);

    const stale = clientWithReads();
    await afterDependentFailure(
      stale.client,
      1,
      7,
      new ApiError({ status: 409, title: 'Changed' }),
    );
    expect(stale.invalidated()).toEqual(
      ['detail', 'history', 'dependent', 'options', 'coverages', 'tempCard'].sort(),
    );
  });
});

describe('member searches', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('search across the organizations in scope, or within one named by the path', async () => {
    const urls = fakeApi({ data: [], total: 0, limit: 25, offset: 0 });
    await searchEmployees(undefined, { ...QUERY, organizationNo: 5 });
    await searchEmployees(12, { ...QUERY, organizationNo: 5 });
    await searchDependents(undefined, QUERY);
    await searchDependents(12, QUERY);
    expect(urls.urls()).toEqual([
      'https://api.example/portal/v1/employees?name=Smith&limit=25&offset=0&organizationNo=5',
      'https://api.example/portal/v1/organizations/12/employees?name=Smith&limit=25&offset=0',
      'https://api.example/portal/v1/dependents?name=Smith&limit=25&offset=0',
      'https://api.example/portal/v1/organizations/12/dependents?name=Smith&limit=25&offset=0',
    ]);
  });
});
