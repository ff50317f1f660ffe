import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { getRoles } from './api/get-roles.ts';
import { getUserHistory } from './api/get-user-history.ts';
import { getUserOrganizations } from './api/get-user-organizations.ts';
import { unlockMemberPortalAccount } from './api/unlock-member-portal-account.ts';
import { userKeys } from './query-keys.ts';

describe('the user calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('send the URLs the server reads: repeated include and type, the flag as text, the defaults', async () => {
    const seen = fakeApi({ data: [], totalCount: 0, allOrganizations: false });
    await getUserOrganizations(7, { name: 'Cedar', activeOnly: true, include: [3, 12] });
    await getUserOrganizations(7, {});
    expect(seen.map((s) => s.url)).toEqual([
      'https://api.example/authorization/v1/users/7/organizations?name=Cedar&activeOnly=true&include=3&include=12&limit=100',
      'https://api.example/authorization/v1/users/7/organizations?limit=100',
    ]);

    const roles = fakeApi({ data: [] });
    await getRoles(['client', 'broker']);
    expect(roles[0]?.url).toBe(
      'https://api.example/authorization/v1/roles?type=client&type=broker',
    );

    const history = fakeApi({ data: [], totalCount: 0 });
    await getUserHistory(9);
    expect(history[0]?.url).toBe('https://api.example/authorization/v1/users/9/history?limit=50');
  });

  it("encodes the unlock's address, so a '+' in it survives", async () => {
    const seen = fakeApi(null, { status: 204 });
    await unlockMemberPortalAccount('a+b@example.com');
    expect(seen.map(({ url, method }) => ({ url, method }))).toEqual([
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
