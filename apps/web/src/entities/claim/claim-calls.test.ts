import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { getClaimsHistory, getPbmLinks } from './api/claims-history.ts';
import { claimKeys } from './query-keys.ts';

describe('the claim calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for a page of the member's claims with the paging, sort and dependent in the query", async () => {
    const seen = fakeApi({ data: [], totalCount: 0 });
    await getClaimsHistory(12, 345, {
      limit: 20,
      offset: 40,
      sort: 'planPaid:desc',
      dependentNo: 7,
    });
    await getClaimsHistory(12, 345, { limit: 50, offset: 0 });
    expect(seen.urls()).toEqual([
      'https://api.example/portal/v1/organizations/12/employees/345/claims?limit=20&offset=40&sort=planPaid%3Adesc&dependentNo=7',
      'https://api.example/portal/v1/organizations/12/employees/345/claims?limit=50&offset=0',
    ]);
  });

  it("asks for the member's PBM links", async () => {
    const seen = fakeApi({ links: [] });
    await getPbmLinks(12, 345);
    expect(seen.urls()).toEqual([
      'https://api.example/portal/v1/organizations/12/employees/345/pbm-links',
    ]);
  });

  it('invalidates every page and the links of one member by claimKeys.member, and nothing else', async () => {
    const client = new QueryClient();
    const mine = [
      claimKeys.history(12, 345, { limit: 20, offset: 0 }),
      claimKeys.history(12, 345, { limit: 20, offset: 20, dependentNo: 7 }),
      claimKeys.pbmLinks(12, 345),
    ];
    const others = [
      claimKeys.history(12, 346, { limit: 20, offset: 0 }),
      claimKeys.pbmLinks(13, 345),
    ];
    for (const key of [...mine, ...others]) client.setQueryData(key, {});
    await client.invalidateQueries({ queryKey: claimKeys.member(12, 345) });
    for (const key of mine)
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of others)
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
  });
});
