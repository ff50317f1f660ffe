import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DataNetPreviewUser, UserDetail } from '@pillar/domain';
import { createAuth0MemberPortalAccounts } from '../../integrations/member-portal/auth0-member-portal-accounts.ts';
import { loadPrincipal } from '../../platform/auth/principal.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { unlockMemberPortalAccount } from './member-portal.service.ts';
import {
  DATANET_ALREADY_IMPORTED,
  DATANET_IMPORTABLE,
  MEMBER_PORTAL_DEMO,
} from '../../seed/users-demo.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const preview = (username: string, as: Parameters<TestApp['injectAs']>[0] = 'accountManager') =>
  t.injectAs(as, {
    method: 'GET',
    url: `/authorization/v1/users/preview-dn-import?username=${encodeURIComponent(username)}`,
  });

const importUser = (
  username: string,
  type: string,
  as: Parameters<TestApp['injectAs']>[0] = 'accountManager',
) =>
  t.injectAs(as, {
    method: 'POST',
    url: `/authorization/v1/users/import-user?username=${encodeURIComponent(username)}&type=${type}`,
  });

describe('DataNet import', () => {
  it('previews a legacy user from the DataNet directory, the email trimmed', async () => {
    const [harriet] = DATANET_IMPORTABLE;
    const response = await preview(`  ${harriet.username.toUpperCase()}  `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DataNetPreviewUser>()).toMatchObject({
      username: harriet.username,
      firstName: 'Harriet',
      lastName: 'Quinn',
      type: 1,
    });
  });

  it('answers 409 naming the Pillar user who already has the address', async () => {
    const existing = await t.ctx.db
      .selectFrom('app_user')
      .select('user_no')
      .where('username', '=', DATANET_ALREADY_IMPORTED.username)
      .executeTakeFirstOrThrow();
    const response = await preview(DATANET_ALREADY_IMPORTED.username);
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      status: 409,
      detail: 'Email in use',
      user: { id: existing.user_no, username: DATANET_ALREADY_IMPORTED.username },
    });
    // A Pillar user who never was in DataNet is in use too.
    expect((await preview('broker@pillar.example')).statusCode).toBe(409);
  });

  it('answers 404 for an address DataNet does not know, 400 for none', async () => {
    expect((await preview('nobody@legacy-benefits.example')).statusCode).toBe(404);
    const blank = await preview('   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ params: { username: 'Email is required' } });
  });

  it('imports the user as an inactive user of the chosen type, once', async () => {
    const [, oscar] = DATANET_IMPORTABLE;
    const response = await importUser(oscar.username, 'broker');
    expect(response.statusCode, response.body).toBe(201);
    const { id, username } = response.json<{ user: { id: number; username: string } }>().user;
    expect(username).toBe(oscar.username);
    const user = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `/authorization/v1/users/${id}`,
    });
    expect(user.json<UserDetail>()).toMatchObject({
      firstName: 'Oscar',
      lastName: 'Bellamy',
      type: 'broker',
      active: false,
      roles: [],
      organizations: [],
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_no'])
      .where('entity', '=', 'app_user')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit).toEqual([
      { action: 'user.import', actor_user_no: await t.userNo('accountManager') },
    ]);
    const history = await t.ctx.db
      .selectFrom('user_history')
      .select('field')
      .where('user_no', '=', id)
      .execute();
    expect(history.map((h) => h.field)).toEqual(
      expect.arrayContaining(['username', 'type', 'active']),
    );

    const again = await importUser(oscar.username, 'broker');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ user: { id } });
  });

  it('needs the import permission and a known type', async () => {
    const [, , wren] = DATANET_IMPORTABLE;
    expect((await preview(wren.username, 'client')).statusCode).toBe(403);
    expect((await importUser(wren.username, 'client', 'broker')).statusCode).toBe(403);
    const badType = await importUser(wren.username, 'vendor');
    expect(badType.statusCode).toBe(400);
    expect((await importUser('nobody@legacy-benefits.example', 'client')).statusCode).toBe(404);
  });
});

const unlock = (email: string, as: Parameters<TestApp['injectAs']>[0] = 'superAdmin') =>
  t.injectAs(as, {
    method: 'DELETE',
    url: `/authorization/v1/auth0-management/user-blocks?email=${encodeURIComponent(email)}`,
  });

describe('DELETE /authorization/v1/auth0-management/user-blocks', () => {
  it('unblocks a blocked member-portal account silently, and audits it', async () => {
    const response = await unlock(MEMBER_PORTAL_DEMO.blocked);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const account = await t.ctx.db
      .selectFrom('member_portal_account')
      .select(['blocked', 'failed_login_count'])
      .where('email', '=', MEMBER_PORTAL_DEMO.blocked)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ blocked: false, failed_login_count: 0 });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_no', 'detail'])
      .where('entity', '=', 'member_portal_account')
      .where('entity_id', '=', MEMBER_PORTAL_DEMO.blocked)
      .execute();
    expect(audit).toEqual([
      {
        action: 'member_portal.unlock',
        actor_user_no: await t.userNo('superAdmin'),
        detail: { provider: 'builtin', wasBlocked: true },
      },
    ]);
    expect((await unlock(MEMBER_PORTAL_DEMO.open)).statusCode).toBe(204);
  });

  it('keeps the plus sign of an encoded address', async () => {
    await t.ctx.db
      .insertInto('member_portal_account')
      .values({
        email: 'rosa+portal@members.example',
        first_name: 'Rosa',
        last_name: 'Plus',
        blocked: true,
        blocked_at: sql<Date>`now()`,
        last_login_at: null,
        created_by: null,
        updated_by: null,
      })
      .execute();
    expect((await unlock('rosa+portal@members.example')).statusCode).toBe(204);
    // Unencoded, the plus becomes a space and the address is no address.
    const raw = await t.injectAs('superAdmin', {
      method: 'DELETE',
      url: '/authorization/v1/auth0-management/user-blocks?email=rosa+portal@members.example',
    });
    expect(raw.statusCode).toBe(400);
  });

  it('says an unknown address is not associated with a Member Portal account', async () => {
    const response = await unlock('stranger@members.example');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      detail: 'stranger@members.example not associated with a Member Portal account',
    });
  });

  it('needs a valid address and the unlock permission', async () => {
    expect((await unlock('not-an-address')).statusCode).toBe(400);
    expect((await unlock(MEMBER_PORTAL_DEMO.blocked, 'agent')).statusCode).toBe(403);
    expect((await unlock(MEMBER_PORTAL_DEMO.blocked, 'accountManager')).statusCode).toBe(403);
  });
});

describe('Auth0 member-portal adapter', () => {
  function fakeAuth0(users: Record<string, { blocked: boolean }>) {
    const calls: { method: string; url: string; auth?: string }[] = [];
    let tokens = 0;
    let expireNext = false;
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      const method = init?.method ?? 'GET';
      const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
      calls.push({ method, url: url.pathname + url.search, ...(auth ? { auth } : {}) });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname === '/oauth/token') {
        tokens += 1;
        const body = JSON.parse(init?.body as string) as Record<string, string>;
        expect(body).toMatchObject({
          grant_type: 'client_credentials',
          client_id: 'cid',
          client_secret: 'secret',
          audience: 'https://tenant.example/api/v2/',
        });
        return json({ access_token: `token-${tokens}`, expires_in: 86400 });
      }
      if (expireNext) {
        expireNext = false;
        return json({ message: 'expired' }, 401);
      }
      if (url.pathname === '/api/v2/users-by-email') {
        const email = url.searchParams.get('email')!;
        return json(users[email] ? [{ user_id: `auth0|${email}`, email }] : []);
      }
      if (url.pathname === '/api/v2/user-blocks' && method === 'GET') {
        const id = url.searchParams.get('identifier')!;
        return json({
          blocked_for: users[id]?.blocked ? [{ identifier: id, ip: '10.0.0.1' }] : [],
        });
      }
      if (url.pathname === '/api/v2/user-blocks' && method === 'DELETE') {
        const id = url.searchParams.get('identifier')!;
        if (users[id]) users[id].blocked = false;
        return new Response(null, { status: 204 });
      }
      return json({ message: 'unexpected' }, 500);
    }) as typeof fetch;
    return {
      fetchImpl,
      calls,
      expire: () => {
        expireNext = true;
      },
      tokens: () => tokens,
    };
  }

  it('looks the address up, lifts its blocks and reuses its management token', async () => {
    const fake = fakeAuth0({ 'a+b@members.example': { blocked: true } });
    const accounts = createAuth0MemberPortalAccounts(
      { domain: 'tenant.example', clientId: 'cid', clientSecret: 'secret' },
      fake.fetchImpl,
    );
    expect(await accounts.unblock('a+b@members.example')).toEqual({
      outcome: 'unblocked',
      wasBlocked: true,
    });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /oauth/token',
      'GET /api/v2/users-by-email?email=a%2Bb%40members.example',
      'GET /api/v2/user-blocks?identifier=a%2Bb%40members.example',
      'DELETE /api/v2/user-blocks?identifier=a%2Bb%40members.example',
    ]);
    expect(fake.calls.slice(1).every((c) => c.auth === 'Bearer token-1')).toBe(true);
    expect(await accounts.unblock('nobody@members.example')).toEqual({ outcome: 'notFound' });
    expect(fake.tokens()).toBe(1);
  });

  it('fetches a new token once when Auth0 answers 401', async () => {
    const fake = fakeAuth0({ 'x@members.example': { blocked: false } });
    const accounts = createAuth0MemberPortalAccounts(
      { domain: 'https://tenant.example/', clientId: 'cid', clientSecret: 'secret' },
      fake.fetchImpl,
    );
    await accounts.unblock('x@members.example');
    fake.expire();
    expect(await accounts.unblock('x@members.example')).toEqual({
      outcome: 'unblocked',
      wasBlocked: false,
    });
    expect(fake.tokens()).toBe(2);
  });

  it('reports an Auth0 failure as an error, which the API answers 502', async () => {
    const failing = (async () => new Response('no', { status: 503 })) as typeof fetch;
    const accounts = createAuth0MemberPortalAccounts(
      { domain: 'tenant.example', clientId: 'cid', clientSecret: 'secret' },
      failing,
    );
    await expect(accounts.unblock('x@members.example')).rejects.toThrow(/503/);
    const caller = (await loadPrincipal(t.ctx.db, { userNo: await t.userNo('superAdmin') }))!;
    await expect(
      unlockMemberPortalAccount(
        { db: t.ctx.db, config: t.config, mail: t.ctx.mail },
        accounts,
        caller,
        'x@members.example',
      ),
    ).rejects.toMatchObject({ status: 502 });
  });
});
