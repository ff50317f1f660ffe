import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { invalidateEmployee } from './api/invalidate-employee.ts';
import { listMemberChangeHistory } from './api/list-member-change-history.ts';
import {
  listBenefitPackageHistory,
  listDivisionHistory,
  listGroupAssignments,
} from './api/record-histories.ts';
import { memberKeys } from './query-keys.ts';

/* The agent's member detail drawers: the record's histories through their contracts. */

describe('the member record history calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks each history at the employee path and answers its rows', async () => {
    const seen = fakeApi({ data: [], totalCount: 0 });
    expect(await listGroupAssignments(4, 17)).toEqual([]);
    await listDivisionHistory(4, 17);
    await listBenefitPackageHistory(4, 17);
    expect(seen.urls()).toEqual([
      'https://api.example/portal/v1/organizations/4/employees/17/group-assignments',
      'https://api.example/portal/v1/organizations/4/employees/17/division-history',
      'https://api.example/portal/v1/organizations/4/employees/17/benefit-package-history',
    ]);
  });

  it("asks a dependent's change history by dependentId, 10 a page", async () => {
    const seen = fakeApi({ data: [], totalCount: 0 });
    await listMemberChangeHistory(17, { limit: 10, offset: 10, dependentId: 3 });
    const url = new URL(seen.urls()[0]!);
    expect(url.pathname).toBe('/portal/v1/datanet/memberchangehistory');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      employeeId: '17',
      dependentId: '3',
      limit: '10',
      offset: '10',
    });
  });

  it("keeps the histories under the employee's key, so a write to the member refreshes them", async () => {
    const client = new QueryClient();
    const kinds = ['group-assignments', 'division-history', 'benefit-package-history'] as const;
    for (const kind of kinds) client.setQueryData(memberKeys.recordHistory(4, 17, kind), []);
    client.setQueryData(memberKeys.recordHistory(4, 18, 'group-assignments'), []);
    await invalidateEmployee(client, 4, 17);
    for (const kind of kinds) {
      expect(client.getQueryState(memberKeys.recordHistory(4, 17, kind))?.isInvalidated).toBe(true);
    }
    expect(
      client.getQueryState(memberKeys.recordHistory(4, 18, 'group-assignments'))?.isInvalidated,
    ).toBe(false);
  });
});
