import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { getTempCardLink, requestNewCard, coverageKeys } from '../coverage/index.ts';
import {
  getGroup,
  listGroupFees,
  listInvoices,
  listOrganizationUsers,
  listPlans,
  memberGroupOptionsQueryOptions,
  organizationKeys,
} from './index.ts';

afterEach(() => vi.unstubAllGlobals());

describe('organization and coverage calls', () => {
  it('send the paths and queries the hand-written calls sent', async () => {
    const calls = fakeApi({ data: [], totalCount: 0 });
    await getGroup(12, 3);
    await listGroupFees(12, 3);
    await listInvoices(12, { invoiceConfigNo: 4, invoiceNo: '10', limit: 10, offset: 0 });
    await listPlans(12, { planStatus: 1, limit: 10, offset: 20, sort: 'name:asc' });
    await listOrganizationUsers(12, { roleId: [5, 6], active: false, limit: 25, offset: 0 });
    await listOrganizationUsers(12, { limit: 25, offset: 0 });
    await memberGroupOptionsQueryOptions(12, 'termed').queryFn!({
      signal: new AbortController().signal,
    } as never);
    await requestNewCard({ orgId: 12, employeeId: 7, coverageNo: 9 });
    await getTempCardLink('a/b c');
    expect(calls.lines()).toEqual([
      'GET https://api.example/portal/v1/organizations/12/groups/3',
      'GET https://api.example/portal/v1/organizations/12/fees?groupId=3',
      'GET https://api.example/portal/v1/organizations/12/invoices?invoiceConfigNo=4&invoiceNo=10&limit=10&offset=0',
      'GET https://api.example/portal/v1/organizations/12/plans/coverages?planStatus=1&limit=10&offset=20&sort=name%3Aasc',
      'GET https://api.example/authorization/v1/organizations/12/users?roleId=5&roleId=6&limit=25&offset=0&active=false',
      'GET https://api.example/authorization/v1/organizations/12/users?limit=25&offset=0',
      'GET https://api.example/portal/v1/organizations/12/groups?limit=100&offset=0&sort=name%3Aasc&processStatus=9',
      'POST https://api.example/portal/v1/organizations/12/employees/7/coverages/9/new-card',
      'GET https://api.example/portal/v1/temp-id-cards/a%2Fb%20c',
    ]);
  });
});

describe('organization query keys', () => {
  it("start at the organization's key, so one prefix refreshes all it shows", () => {
    const client = new QueryClient();
    const mine = [
      organizationKeys.detail(12),
      organizationKeys.groupPage(12, { limit: 10, offset: 0 }),
      organizationKeys.memberGroupOptions(12, 'all'),
      organizationKeys.group(12, 3),
      organizationKeys.groupFees(12, 3),
      organizationKeys.divisions(12, 3),
      organizationKeys.incentivePrograms(12, 3),
      organizationKeys.benefitPackageOptions(12),
      organizationKeys.plans(12, { limit: 10, offset: 0 }),
      organizationKeys.invoiceConfigs(12),
      organizationKeys.invoices(12, { invoiceConfigNo: 1, limit: 10, offset: 0 }),
      organizationKeys.locations(12),
      organizationKeys.meddSubsidies(12),
      organizationKeys.users(12, { limit: 10, offset: 0 }),
    ];
    const others = [
      organizationKeys.detail(13),
      organizationKeys.search({ limit: 10, offset: 0 }),
      coverageKeys.list(12, 7),
    ];
    for (const key of [...mine, ...others]) client.setQueryData(key, { cached: true });
    void client.invalidateQueries({ queryKey: organizationKeys.organization(12) });
    expect(mine.filter((key) => !client.getQueryState(key)?.isInvalidated)).toEqual([]);
    expect(others.filter((key) => client.getQueryState(key)?.isInvalidated)).toEqual([]);
  });
});
