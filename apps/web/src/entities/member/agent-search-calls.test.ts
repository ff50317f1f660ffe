import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../shared/api/fake-api.ts';
import {
  agentOrganizationPagesQueryOptions,
  getAgentOrganization,
  organizationKeys,
} from '../organization/index.ts';
import { agentSearchQueryOptions, memberKeys, searchMemberRecords } from './index.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the agent search calls', () => {
  it("send Find Member's fields under the spec's names, blanks left out", async () => {
    const calls = fakeApi({ data: [], totalCount: 0 });
    await searchMemberRecords({ lastname: 'Smith', birthdate: '1980-02-03', limit: 20, offset: 0 });
    await searchMemberRecords({
      firstname: 'Ann',
      lastname: undefined,
      confirmOneField: 'true',
      limit: 20,
      offset: 40,
    });
    await searchMemberRecords({ memberId: 'AB-12', organizationNo: 7, limit: 50, offset: 0 });
    expect(calls.lines()).toEqual([
      'GET https://api.example/msr-search/v1/records?lastname=Smith&birthdate=1980-02-03&limit=20&offset=0',
      'GET https://api.example/msr-search/v1/records?firstname=Ann&confirmOneField=true&limit=20&offset=40',
      'GET https://api.example/msr-search/v1/records?memberId=AB-12&organizationNo=7&limit=50&offset=0',
    ]);
  });

  it('ask the organization pages 100 at a time and the next page until totalCount', async () => {
    const calls = fakeApi({
      data: Array.from({ length: 100 }, (_, i) => ({ organizationNo: i + 1, name: `O${i}` })),
      totalCount: 150,
    });
    const client = new QueryClient();
    const options = agentOrganizationPagesQueryOptions('ced');
    const first = await client.fetchInfiniteQuery(options);
    expect(options.getNextPageParam(first.pages[0]!, first.pages, 0, [0])).toBe(100);
    const done = { ...first, pages: [...first.pages, { data: [], totalCount: 150 }] };
    expect(options.getNextPageParam(done.pages[1]!, done.pages, 100, [0, 100])).toBeUndefined();
    await getAgentOrganization(12);
    expect(calls.lines()).toEqual([
      'GET https://api.example/msr-search/v1/organizations?name=ced&limit=100&offset=0&sort=name%3Aasc',
      'GET https://api.example/msr-search/v1/organizations/12',
    ]);
  });

  it('keep their keys under the member and organization roots', () => {
    const search = { lastname: 'smith', limit: 20, offset: 0 };
    expect(agentSearchQueryOptions(search).queryKey.slice(0, 2)).toEqual(memberKeys.searches());
    expect(agentOrganizationPagesQueryOptions('x').queryKey.slice(0, 2)).toEqual(
      organizationKeys.searches(),
    );
  });
});
