import { SignJWT, decodeJwt, importJWK } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type UserClaims } from '@pillar/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SESSION_TIMEOUT_MS: '0', INTERNAL_SESSION_TIMEOUT_MS: '3600000' },
  });
});
afterAll(async () => {
  await t?.close();
});

async function claims(key: Parameters<TestApp['injectAs']>[0]): Promise<UserClaims> {
  const response = await t.injectAs(key, { method: 'GET', url: '/authorization/v1/claims' });
  expect(response.statusCode).toBe(200);
  return response.json<UserClaims>();
}

describe('GET /authorization/v1/claims', () => {
  it('tells the super admin they are internal, rxbAdmin, with every organization', async () => {
    const c = await claims('superAdmin');
    expect(c).toMatchObject({
      userType: 'i',
      rxbAdmin: true,
      scope: 'all',
      username: 'admin@pillar.example',
      firstName: 'Ada',
    });
    expect(c.userId).toBe(await t.userNo('superAdmin'));
    expect(c.userNo).toBe(c.userId);
    expect(c.permissions).toContain(PERMISSIONS.viewOrganizations);
    expect(c.permissions).toContain(PERMISSIONS.editProtectedRoles);
    expect(c.sessionTimeoutMs).toBe(3_600_000);
  });

  it('gives a broker their two organizations and the default (falsy → 300000 ms) timeout', async () => {
    const c = await claims('broker');
    expect(c.userType).toBe('b');
    expect(c.rxbAdmin).toBe(false);
    expect(c.scope).toHaveLength(2);
    expect(c.sessionTimeoutMs).toBe(300_000);
    expect(c.permissions).toContain(PERMISSIONS.viewMember);
    expect(c.permissions).not.toContain(PERMISSIONS.editProtectedRoles);
  });

  it('leaves the client viewer without the SSN permission', async () => {
    const c = await claims('clientNoSsn');
    expect(c.permissions).toContain(PERMISSIONS.viewMember);
    expect(c.permissions).not.toContain(PERMISSIONS.viewSsn);
    expect(c.permissions).not.toContain(PERMISSIONS.editMember);
  });

  it('gives the agent only agent-desktop permissions', async () => {
    const c = await claims('agent');
    expect(c.permissions).toContain(PERMISSIONS.appAgent);
    expect(c.permissions).not.toContain(PERMISSIONS.viewOrganizations);
    expect(c.permissions).not.toContain(PERMISSIONS.viewMember);
  });

  it('reflects a role change on the very next call', async () => {
    const userNo = await t.userNo('clientNoSsn');
    await t.ctx.db
      .insertInto('user_role')
      .values({ user_no: userNo, role_id: 21, created_by: null })
      .execute();
    try {
      expect((await claims('clientNoSsn')).permissions).toContain(PERMISSIONS.viewSsn);
    } finally {
      await t.ctx.db
        .deleteFrom('user_role')
        .where('user_no', '=', userNo)
        .where('role_id', '=', 21)
        .execute();
    }
    expect((await claims('clientNoSsn')).permissions).not.toContain(PERMISSIONS.viewSsn);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/authorization/v1/claims' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /authorization/v1/session/activity', () => {
  it('keeps a session the browser reports active from the server-side idle timeout', async () => {
    const token = await t.tokenFor('broker');
    const sid = String(decodeJwt(token).sid);
    await claims('broker');
    const setLastSeen = (secondsAgo: number) =>
      t.ctx.db
        .updateTable('auth_session')
        .set({ last_seen_at: sql<Date>`now() - make_interval(secs => ${secondsAgo})` })
        .where('session_id', '=', sid)
        .execute();
    // Four minutes of typing in a form without a call: the browser says so.
    await setLastSeen(240);
    const activity = await t.injectAs('broker', {
      method: 'POST',
      url: '/authorization/v1/session/activity',
    });
    expect(activity.statusCode).toBe(204);
    const row = await t.ctx.db
      .selectFrom('auth_session')
      .select(sql<number>`extract(epoch from now() - last_seen_at)`.as('idle'))
      .where('session_id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(Number(row.idle)).toBeLessThan(5);
    // So the save that follows three more minutes later still goes through.
    await setLastSeen(180);
    expect(
      (await t.injectAs('broker', { method: 'GET', url: '/authorization/v1/claims' })).statusCode,
    ).toBe(200);
    // Without it, the session would have ended: 420 s without a sign of the user.
    await setLastSeen(420);
    expect(
      (await t.injectAs('broker', { method: 'GET', url: '/authorization/v1/claims' })).statusCode,
    ).toBe(401);
  });
});

describe('tokens the API refuses (issue 10)', () => {
  async function signed(claims: { exp?: number; iat?: number; nbf?: number }): Promise<string> {
    const jwk = t.ctx.secrets.signingKeys[0]!;
    return new SignJWT({ scope: t.config.oidc.scope, sid: 'hand-signed', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.audience)
      .setSubject(String(await t.userNo('broker')))
      .sign(await importJWK(jwk, 'RS256'));
  }

  it('answers 401 to a token without an expiry or issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    const call = async (token: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/authorization/v1/claims',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    expect(await call(await signed({ iat: now, exp: now + 600 }))).toBe(200);
    expect(await call(await signed({ iat: now }))).toBe(401);
    expect(await call(await signed({ iat: now + 600, exp: now + 1200 }))).toBe(401);
    expect(await call(await signed({ iat: now, nbf: now + 600, exp: now + 1200 }))).toBe(401);
  });
});
