import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '../../shared/api/api-client.ts';
import { getRoles } from './api/get-roles.ts';
import { getUserHistory } from './api/get-user-history.ts';
import { getUserOrganizations } from './api/get-user-organizations.ts';
import { unlockMemberPortalAccount } from './api/unlock-member-portal-account.ts';
import { userKeys } from './query-keys.ts';

describe('the user calls', () => {
  const services = {
    authorization: 'https://api.example/authorization/v1',
  } as Parameters<typeof configureApiClient>[0]['services'];

  function fakeFetch(answer: unknown, status = 200) {
    const seen: { url: string; method: string }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, method: String(init.method) });
      return status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(answer), {
            status,
            headers: { 'content-type': 'application/json' },
          });
    });
    configureApiClient({
      services,
      getAccessToken: async () => 'token',
      onUnauthorized: async () => false,
    });
    return seen;
  }

  afterEach(() => vi.unstubAllGlobals());

  it('send the URLs the server reads: repeated include and type, the flag as text, the defaults', async () => {
    const seen = fakeFetch({ data: [], totalCount: 0, allOrganizations: false });
    await getUserOrganizations(7, { name: 'Cedar', activeOnly: true, include: [3, 12] });
    await getUserOrganizations(7, {});
    expect(seen.map((s) => s.url)).toEqual([
      'https://api.example/authorization/v1/users/7/organizations?name=Cedar&activeOnly=true&include=3&include=12&limit=100',
      'https://api.example/authorization/v1/users/7/organizations?limit=100',
    ]);

    const roles = fakeFetch({ data: [] });
    await getRoles(['client', 'broker']);
    expect(roles[0]?.url).toBe(
      'https://api.example/authorization/v1/roles?type=client&type=broker',
    );

    const history = fakeFetch({ data: [], totalCount: 0 });
    await getUserHistory(9);
    expect(history[0]?.url).toBe('https://api.example/authorization/v1/users/9/history?limit=50');
  });

  it("encodes the unlock's address, so a '+' in it survives", async () => {
    const seen = fakeFetch(null, 204);
    await unlockMemberPortalAccount('a+b@example.com');
    expect(seen).toEqual([
      {
        url: 'https://api.example/authorization/v1/auth0-management/user-blocks?email=a%2Bb%40example.com',
        method: 'DELETE',
      },
    ]);
  });
});

describe('userKeys', () => {
  it('accounts() covers the user records a create, import or edit makes stale, and nothing else', async () => {
    const client = new QueryClient();
    const records = [
      userKeys.search({ limit: 20, offset: 0 }),
      userKeys.detail(4),
      userKeys.history(4),
      userKeys.organizations(4, { activeOnly: true }),
      userKeys.benefitGroups(4, 12),
    ];
    const others = [
      userKeys.roleOptions(['client']),
      userKeys.baseRoles(),
      userKeys.profile(),
      userKeys.sessionSettings(),
    ];
    for (const key of [...records, ...others]) client.setQueryData(key, {});
    await client.invalidateQueries({ queryKey: userKeys.accounts() });
    expect(records.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual(
      records.map(() => true),
    );
    expect(others.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual(
      others.map(() => false),
    );
  });
});
